"""The training example, run at a small size: it must learn, and beat random play."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path
from types import ModuleType

import pytest

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "train_policy.py"


def load_example() -> ModuleType:
    spec = importlib.util.spec_from_file_location("train_policy", EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


def test_the_example_trains_a_policy_that_beats_random(capsys: pytest.CaptureFixture[str]) -> None:
    example = load_example()
    result = example.main(["--game", "doubt-gravity", "--episodes", "300", "--eval", "200", "--seed", "0"])
    printed = json.loads(capsys.readouterr().out)
    assert printed == result
    assert result["weight_change"] > 0, "training never changed the policy"
    trained, untrained = result["trained_vs_random"], result["random_vs_random"]
    assert 0.0 <= untrained["low"] <= untrained["rate"] <= untrained["high"] <= 1.0
    # The claim of the example: the trained policy's interval lies above random play's.
    assert result["beats_random"] and trained["low"] > untrained["high"]


def test_the_wilson_interval_brackets_the_rate() -> None:
    example = load_example()
    interval = example.wilson(30, 100)
    assert interval["low"] < 0.3 < interval["high"]
    assert example.wilson(0, 0) == {"rate": 0.0, "low": 0.0, "high": 1.0}


def test_the_policy_never_picks_a_masked_action() -> None:
    import numpy as np

    example = load_example()
    policy = example.MLPPolicy(6, 4, 3, np.random.default_rng(0))
    mask = np.array([0, 1, 0, 1], dtype=np.int8)
    picks = {policy.sample(np.ones(6), mask) for _ in range(200)}
    assert picks == {1, 3}
