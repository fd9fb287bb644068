"""comparison-gravity: 30 seeded random games replay exactly as before the speed work.

See tests/speed_regression.py.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from tests import speed_regression as sr

GAME_ID = "comparison-gravity"
FIXTURE = Path(__file__).parent / "data" / "speed_regression.json"
ENTRIES = sr.load_entries(GAME_ID, FIXTURE)


@pytest.mark.parametrize("entry", ENTRIES, ids=sr.entry_id)
def test_same_seed_plays_the_same_game(entry: dict[str, Any]) -> None:
    sr.check_same_game(GAME_ID, entry)


@pytest.mark.parametrize("entry", ENTRIES, ids=sr.entry_id)
def test_recorded_game_replays_to_the_same_final_state(entry: dict[str, Any]) -> None:
    sr.check_replay(entry)


if __name__ == "__main__":
    sr.write_fixture(GAME_ID, FIXTURE)
