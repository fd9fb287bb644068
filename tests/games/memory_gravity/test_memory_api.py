"""The conformance checks with the perception levels the shared suite does not vary."""

from __future__ import annotations

import importlib
import sys
from pathlib import Path

import pytest

# tests/games has no __init__.py, so the repository root is not on sys.path when this folder runs alone.
ROOT = str(Path(__file__).resolve().parents[3])
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)
checks = importlib.import_module("tests.conformance.checks")


@pytest.mark.parametrize("perception", ["exact", "easy", "hard"])
@pytest.mark.parametrize("players", [2, 3])
def test_every_api_promise_holds_at_every_perception(players: int, perception: str) -> None:
    config = checks.Config("memory-gravity", players, (("perception", perception),))
    for seed in range(3):
        state = checks.play_checked(config, seed=seed, full=True)
        assert state.is_terminal()
        assert state.game.params["perception"] == perception
