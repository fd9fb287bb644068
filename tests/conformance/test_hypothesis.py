"""The conformance checks again, with Hypothesis choosing the moves (and shrinking failures)."""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from .checks import Config, configs, play_checked

CONFIGS = configs()
EXAMPLES = int(os.environ.get("GRAVITY_HYPOTHESIS_EXAMPLES", "8"))


@pytest.mark.parametrize("config", CONFIGS, ids=[c.id for c in CONFIGS])
@settings(
    max_examples=EXAMPLES,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(data=st.data(), seed=st.integers(0, 2**32 - 1))
def test_hypothesis_play(config: Config, data: st.DataObject, seed: int) -> None:
    def choose(_state: object, legal: list[int]) -> int:
        return legal[data.draw(st.integers(0, len(legal) - 1), label="move")]

    play_checked(config, seed=seed, full=True, choose=choose)
