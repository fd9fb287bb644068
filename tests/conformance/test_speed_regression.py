"""Speed work must not change play: every game's seeded fixture replays byte for byte.

See tests/speed_regression.py for how the fixtures were written (before each engine's speed
work) and how to regenerate one after a deliberate rule change.
"""

from __future__ import annotations

from typing import Any

import pytest

from gravity_games.core.registry import list_games
from tests import speed_regression as sr

ENTRIES = [(game_id, entry) for game_id in list_games() for entry in sr.load_entries(game_id, sr.fixture_path(game_id))]
IDS = [f"{game_id}-{sr.entry_id(entry)}" for game_id, entry in ENTRIES]


def test_every_game_has_a_fixture() -> None:
    assert {game_id for game_id, _ in ENTRIES} == set(list_games())


@pytest.mark.parametrize(("game_id", "entry"), ENTRIES, ids=IDS)
def test_same_seed_plays_the_same_game(game_id: str, entry: dict[str, Any]) -> None:
    sr.check_same_game(game_id, entry)


@pytest.mark.parametrize(("game_id", "entry"), ENTRIES, ids=IDS)
def test_recorded_game_replays_to_the_same_final_state(game_id: str, entry: dict[str, Any]) -> None:
    sr.check_replay(entry)
