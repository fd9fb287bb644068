"""Agent tests: the toy games (``toygames.py``) are registered while each test module runs."""

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

import toygames


@pytest.fixture(autouse=True, scope="module")
def _toy_games_registered() -> Iterator[None]:
    """The toy games exist only while this folder's tests run (never at collection time,
    where they would leak into other folders' parametrization over list_games())."""
    toygames.register_all()
    yield
    toygames.unregister_all()
