"""Every game's observation tensor layout covers the tensor exactly and matches what it holds.

The layout is written by hand next to each encoder; these tests catch a part that is too long,
too short or out of place: a misplaced one-hot part soon shows a slot that is neither 0 nor 1,
or two 1s, somewhere along a seeded random game.
"""

from __future__ import annotations

import random

import pytest

from gravity_games.core.api import CHANCE, TENSOR_ENCODINGS, Game, sample_chance
from gravity_games.core.registry import entry, list_games, load

CONFIGS = [
    (game_id, players, variant)
    for game_id in list_games()
    for players in sorted({entry(game_id).game_class.MIN_PLAYERS, entry(game_id).game_class.MAX_PLAYERS})
    for variant in entry(game_id).game_class.variants()
]

STEPS = 120  # enough to pass setup and several turns in every game; keeps the test to seconds


def _load(game_id: str, players: int, variant: str) -> Game:
    params = {"variant": variant} if variant != "standard" or "variant" in entry(game_id).game_class().params else {}
    return load(game_id, players=players, **params)


@pytest.mark.parametrize(("game_id", "players", "variant"), CONFIGS)
def test_layout_covers_the_tensor(game_id: str, players: int, variant: str) -> None:
    game = _load(game_id, players, variant)
    layout = game.observation_tensor_layout()
    assert layout, f"{game_id} has no tensor layout"
    offset = 0
    for part in layout:
        assert part.offset == offset, f"{part.name} starts at {part.offset}, expected {offset}"
        assert part.size > 0 and part.encoding in TENSOR_ENCODINGS
        offset += part.size
    assert offset == game.spec.observation_shape[0]
    names = [part.name for part in layout]
    assert len(set(names)) == len(names), "part names repeat"


@pytest.mark.parametrize(("game_id", "players", "variant"), CONFIGS)
def test_layout_encodings_hold_along_a_game(game_id: str, players: int, variant: str) -> None:
    game = _load(game_id, players, variant)
    layout = game.observation_tensor_layout()
    checked = [p for p in layout if p.encoding != "scaled"]
    rng = random.Random(3)
    state = game.new_initial_state()
    hot_seen = 0
    for _ in range(STEPS):
        if state.is_terminal():
            break
        for seat in [None, *range(players)]:
            tensor = state.observation_tensor(seat)
            for part in checked:
                values = tensor[part.offset : part.offset + part.size]
                assert all(v in (0.0, 1.0) for v in values), f"{part.name} (seat {seat}) holds {values}"
                if part.encoding == "one-hot":
                    assert sum(values) <= 1.0, f"{part.name} (seat {seat}) has several 1s: {values}"
                    hot_seen += int(sum(values))
        player = state.current_player()
        state.apply_action(sample_chance(state, rng) if player == CHANCE else rng.choice(state.legal_actions()))
    assert hot_seen > 0, "no one-hot part was ever set: the layout cannot be checked"


def test_layout_names_the_seat_parts_of_doubt_gravity() -> None:
    """The 'viewer' part of doubt-gravity is the observing seat's one-hot: read by name."""
    game = load("doubt-gravity", players=2)
    part = next(p for p in game.observation_tensor_layout() if p.name == "viewer")
    state = game.new_initial_state()
    for seat, index in ((0, 0), (1, 1), (None, 3)):
        values = state.observation_tensor(seat)[part.offset : part.offset + part.size]
        assert values.index(1.0) == index


def test_the_tensor_page_is_current() -> None:
    """docs/tensors.md is generated from the layouts; regenerate it with scripts/tensor_docs.py."""
    from pathlib import Path

    from gravity_games.cli.cmd_info import tensor_docs

    page = Path(__file__).resolve().parents[2] / "docs" / "tensors.md"
    assert page.read_text(encoding="utf-8") == tensor_docs(), "run: .venv/bin/python scripts/tensor_docs.py"
