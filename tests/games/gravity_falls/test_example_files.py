"""The worked examples as JSON files (``examples/*.json``): the full position, the choices made (notation, or a
chance outcome id), and the parts of the state the rulebook says come out."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from gravity_games import load

EXAMPLES = sorted((Path(__file__).parent / "examples").glob("*.json"))


def contains(actual: Any, expected: Any, where: str = "state") -> None:
    """Every key and list item of ``expected`` is in ``actual`` with the same value."""
    if isinstance(expected, dict):
        for key, value in expected.items():
            assert key in actual, f"{where}: no {key!r}"
            contains(actual[key], value, f"{where}.{key}")
    elif isinstance(expected, list) and expected and isinstance(expected[0], dict):
        for i, value in enumerate(expected):
            contains(actual[i], value, f"{where}[{i}]")
    else:
        assert actual == expected, f"{where}: {actual!r} != {expected!r}"


def test_every_worked_example_has_a_file():
    # the monster movement and disorder examples are one continuing scene, so they share a file
    names = {p.stem for p in EXAMPLES}
    assert names == {"movement", "rumors", "persuasion", "fight", "monster_movement_and_disorder", "event"}


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_example_file(path: Path):
    doc = json.loads(path.read_text())
    assert doc["rulebook"]
    game = load("gravity-falls", players=doc["state"]["players"])
    state = game.state_from_json(doc["state"])
    for choice in doc["choices"]:
        state.apply_action(choice if isinstance(choice, int) else state.string_to_action(choice))
    contains(state.to_json()["state"], doc["expected"])
