"""Tournaments: seatings with rotation, pooled win rates with intervals, Elo."""

from __future__ import annotations

import pytest

from gravity_games import InvalidParameterError
from gravity_games.sim.tournament import elo_ratings, run_tournament, seatings


def test_three_agents_at_two_seats_play_every_pair_both_ways() -> None:
    groups = seatings(3, 2)
    assert groups == [[(0, 1), (1, 0)], [(0, 2), (2, 0)], [(1, 2), (2, 1)]]


def test_two_agents_at_three_seats_fill_seats_and_rotate() -> None:
    groups = seatings(2, 3)
    lineups = [lu for g in groups for lu in g]
    assert (0, 0, 1) in lineups and (0, 1, 0) in lineups and (1, 0, 0) in lineups
    assert (0, 0, 0) not in lineups  # a line-up with one agent only says nothing about strength
    for group in groups:
        for seat in range(3):  # every agent of the line-up sits in every seat
            assert {lu[seat] for lu in group} == set(group[0])


def test_elo_ranks_the_stronger_agent_higher_and_centres_on_1500() -> None:
    ratings = elo_ratings(3, [(0, 1, 1.0)] * 30 + [(1, 2, 1.0)] * 30 + [(0, 2, 1.0)] * 30)
    assert ratings[0] > ratings[1] > ratings[2]
    assert sum(ratings) / 3 == pytest.approx(1500.0)


def test_elo_of_even_results_is_even() -> None:
    ratings = elo_ratings(2, [(0, 1, 1.0), (0, 1, 0.0), (1, 0, 0.5)])
    assert ratings[0] == pytest.approx(ratings[1])


def test_tournament_finds_the_search_stronger_than_random() -> None:
    doc = run_tournament("toy-nim", ["random", "ismcts:iterations=60"], games=15, players=2, seed=4)
    top, bottom = doc["standings"]
    assert top["agent"] == "ismcts:iterations=60"
    assert top["elo"] > bottom["elo"]
    assert top["win_rate"]["low"] <= top["win_rate"]["rate"] <= top["win_rate"]["high"]
    assert len(doc["seatings"]) == 2 and doc["seatings"][0]["seed"] == doc["seatings"][1]["seed"]
    assert top["games"] == 30


def test_cooperative_tournament_reports_team_rates_without_elo() -> None:
    doc = run_tournament("toy-push", ["random", "ismcts:iterations=20"], games=10, players=2, seed=1)
    assert all(row["elo"] is None for row in doc["standings"])
    assert doc["cooperative"] is True


def test_tournament_rejects_repeated_agents() -> None:
    with pytest.raises(InvalidParameterError, match="must differ"):
        run_tournament("toy-nim", ["random", "random"], games=2, players=2)
