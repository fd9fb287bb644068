"""The heuristic's fitted=1 setting (the hard level): opponents drawn from what heuristic bots end with."""

from __future__ import annotations

import random

import pytest

from gravity_games import load
from gravity_games.agents import make_agent
from gravity_games.core.agent import SeatView
from gravity_games.core.api import CHANCE, TERMINAL, InvalidParameterError, sample_chance
from gravity_games.games.memory_gravity.bots import BEAT_RANDOM, beat_table, heuristic_combinations


def test_the_beat_table_ranks_by_the_rulebook_and_counts_an_equal_combination_as_tie() -> None:
    table = beat_table({"543": 1, "211": 1}, tie=0.5)
    assert table[(5, 4, 3)] == pytest.approx(0.75)  # beats 211, equals 543
    assert table[(3, 4, 5)] == table[(5, 4, 3)]  # colours do not matter, only the numbers
    assert table[(1, 1, 2)] == pytest.approx(0.25)
    assert table[(1, 1, 1)] == pytest.approx(1.0)  # "555 is beaten by 111", and so is everything
    assert table[(5, 5, 4)] == pytest.approx(0.5)  # above 211, below 543
    assert beat_table({"543": 1, "211": 1}, tie=1.0)[(5, 4, 3)] == pytest.approx(1.0)


def test_the_counted_combinations_are_far_stronger_than_random_numbers() -> None:
    for players in (2, 3):
        counts = heuristic_combinations(players)
        assert sum(counts.values()) >= 300 * players
        fitted = beat_table(counts, 0.5)
        # 554 beats most random combinations but not most of what a heuristic bot ends with
        assert BEAT_RANDOM[(5, 5, 4)] > 0.75 > fitted[(5, 5, 4)]


def test_fitted_changes_some_decisions_and_bad_settings_are_named() -> None:
    # at three seats, where two opponents make the table matter most (a few decisions a game differ)
    game = load("memory-gravity", players=3)
    rng = random.Random(5)
    differ = 0
    for g in range(3):
        state = game.new_initial_state()
        agents = [make_agent("heuristic", game, s, g) for s in range(3)]
        while state.current_player() != TERMINAL:
            player = state.current_player()
            if player == CHANCE:
                state.apply_action(sample_chance(state, rng))
                continue
            view = SeatView(state, player)
            plain = make_agent("heuristic:explore=0", game, player, 1).act(view)
            differ += plain != make_agent("hard", game, player, 1).act(view)
            state.apply_action(agents[player].act(view))
    assert differ > 0
    with pytest.raises(InvalidParameterError, match="no setting shuffle"):
        make_agent("heuristic:shuffle=1", game, 0, 1)
