"""gravity-falls: 30 seeded random games replay exactly as before the speed work (see tests/speed_regression.py)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from tests import speed_regression as sr

GAME_ID = "gravity-falls"
FIXTURE = Path(__file__).parent / "data" / "speed_regression.json"
ENTRIES = sr.load_entries(GAME_ID, FIXTURE)


@pytest.mark.parametrize("entry", ENTRIES, ids=sr.entry_id)
def test_same_seed_plays_the_same_game(entry: dict[str, Any]) -> None:
    sr.check_same_game(GAME_ID, entry)


@pytest.mark.parametrize("entry", ENTRIES, ids=sr.entry_id)
def test_recorded_game_replays_to_the_same_final_state(entry: dict[str, Any]) -> None:
    sr.check_replay(entry)


def test_task_constants_name_the_task_codes() -> None:
    # The engine builds tasks from the K_* constants; each must be its name's index in TASK_NAMES.
    from gravity_games.games.gravity_falls import tasks

    constants = {name: value for name, value in vars(tasks).items() if name.startswith("K_")}
    assert constants == {f"K_{name.upper()}": code for code, name in enumerate(tasks.TASK_NAMES)}


if __name__ == "__main__":
    sr.write_fixture(GAME_ID, FIXTURE)
