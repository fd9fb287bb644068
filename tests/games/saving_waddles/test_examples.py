"""The rulebook's worked examples ("Examples of Movement with Waddles"), each an explicit JSON
state, the choices made (chance outcomes included, in notation) and the state expected."""

from __future__ import annotations

import pytest

from gravity_games import load

from .helpers import load_example


@pytest.mark.parametrize("name", ["stan_take_another_turn.json", "dipper_picks_up_waddles.json"])
def test_worked_example(name: str) -> None:
    example = load_example(name)
    doc = example["state"]
    game = load(doc["game"], players=doc["players"], **doc["params"])
    state = game.state_from_json(doc)
    for i, choice in enumerate(example["choices"], start=1):
        state.apply_action(state.string_to_action(choice))
        expected = example["checkpoints"].get(str(i))
        if expected:
            body = state.to_json()["state"]
            got = {key: body[key] for key in expected}
            assert got == expected, f"{name}: after choice {i} ({choice})"
