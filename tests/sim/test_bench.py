"""The benchmark document and its OpenSpiel anchors."""

from __future__ import annotations

import random

import pytest

from gravity_games import GravityError, InvalidParameterError, load
from gravity_games.sim.bench import ANCHORS, playout, run_bench


def test_playout_plays_to_the_end_and_counts_every_step() -> None:
    game = load("toy-race", players=2)
    states = []

    def new_state():  # keep the state to inspect it after the playout
        states.append(game.new_initial_state())
        return states[-1]

    steps = playout(new_state, random.Random(1))
    assert states[0].is_terminal()
    assert steps == len(states[0].history())


def test_bench_document_has_games_anchors_and_ratios() -> None:
    doc = run_bench(["toy-nim", "toy-race"], seconds=0.06, rounds=2)
    assert set(doc["anchors"]) == {f"open_spiel/{name}" for name in ANCHORS}
    maedn = doc["anchors"]["open_spiel/maedn"]["steps_per_s"]
    for row in doc["games"].values():
        assert row["steps_per_s"] > 0 and row["games_per_s"] > 0
        assert row["ratio"] == pytest.approx(row["steps_per_s"] / maedn)
    assert doc["slowest_ratio"] == min(r["ratio"] for r in doc["games"].values())
    assert doc["floor_met"] == (doc["slowest_ratio"] >= doc["floor"])


@pytest.mark.parametrize("seconds", [0, -1.0])
def test_bench_rejects_a_bad_budget(seconds: float) -> None:
    with pytest.raises(InvalidParameterError, match="--seconds"):
        run_bench(["toy-nim"], seconds=seconds)


def test_bench_names_an_unknown_game() -> None:
    with pytest.raises(GravityError, match="unknown game"):
        run_bench(["no-such-game"], seconds=0.01)
