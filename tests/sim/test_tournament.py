"""Tournaments: seatings with rotation, pooled win rates with intervals, Elo."""

from __future__ import annotations

import pytest

from gravity_games import InvalidParameterError
from gravity_games.sim.tournament import elo_intervals, elo_ratings, head_to_head, run_tournament, seatings


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


def test_head_to_head_scores_of_a_pair_add_up_to_their_results() -> None:
    results = [(0, 1, 1.0), (0, 1, 0.5), (1, 0, 1.0), (0, 2, 1.0)]
    rows = {(r["agent"], r["opponent"]): r for r in head_to_head(["a", "b", "c"], results)}
    assert (rows[("a", "b")]["results"], rows[("a", "b")]["score"]) == (3, 1.5)
    assert rows[("b", "a")]["score"] == 1.5 and rows[("c", "a")]["score"] == 0.0
    assert ("b", "c") not in rows  # never met
    assert rows[("a", "c")]["low"] < 1.0 == rows[("a", "c")]["high"]


def test_bootstrap_intervals_hold_the_rating_and_separate_a_clear_winner() -> None:
    games = [[(0, 1, 1.0)]] * 30 + [[(0, 1, 0.0)]] * 5
    ratings = elo_ratings(2, [r for g in games for r in g])
    bounds = elo_intervals(2, games, samples=200, seed=3)
    assert bounds == elo_intervals(2, games, samples=200, seed=3)
    assert bounds[0][0] <= ratings[0] <= bounds[0][1] and bounds[1][0] <= ratings[1] <= bounds[1][1]
    assert bounds[0][0] > 1500 > bounds[1][1]


def test_tournament_document_has_elo_intervals_and_head_to_head() -> None:
    doc = run_tournament("toy-nim", ["random", "ismcts:iterations=20"], games=6, seed=2, bootstrap=50)
    for row in doc["standings"]:
        assert row["elo_low"] <= row["elo"] <= row["elo_high"]
    pairs = {(r["agent"], r["opponent"]): r for r in doc["head_to_head"]}
    forward, back = pairs[("random", "ismcts:iterations=20")], pairs[("ismcts:iterations=20", "random")]
    assert forward["results"] == back["results"] == doc["pairwise_results"]
    assert forward["score"] + back["score"] == forward["results"]
    none = run_tournament("toy-nim", ["random", "ismcts:iterations=20"], games=6, seed=2, bootstrap=0)
    assert none["standings"][0]["elo_low"] is None and none["bootstrap_samples"] == 0


def test_tournament_printout_names_what_a_level_stands_for(capsys: pytest.CaptureFixture[str]) -> None:
    from gravity_games.agents.levels import level_spec
    from gravity_games.cli.main import main

    main(["tournament", "comparison-gravity", "--agents", "random,easy", "--games", "2", "--bootstrap", "0"])
    assert f"easy = {level_spec('comparison-gravity', 'easy', 2)}" in capsys.readouterr().out
