"""The examples in the designer modules' docstrings are tests too."""

from __future__ import annotations

import doctest
import importlib

import pytest


@pytest.mark.parametrize("name", ["gravity_games.sim.records", "gravity_games.sim.roles", "gravity_games.sim.sweep"])
def test_doctests(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name))
    assert result.attempted > 0 and result.failed == 0
