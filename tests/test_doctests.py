"""The examples in docstrings are tests too."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = [
    "gravity_games",
    "gravity_games.core.api",
    "gravity_games.core.record",
    "gravity_games.core.play",
    "gravity_games.core.seeding",
    "gravity_games.sim.stats",
    "gravity_games.games.gravity_three.perception",
]


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.attempted > 0, f"{name} has no doctest"
    assert result.failed == 0
