"""Hints: best moves with win chances, from the person's own information only."""

from __future__ import annotations

import pytest

from gravity_games import InvalidParameterError, load
from gravity_games.agents.hints import hints
from gravity_games.core.agent import SeatView


def test_hints_rank_the_forced_win_first_with_a_high_chance() -> None:
    game = load("toy-nim", players=2)
    result = hints(SeatView(game.new_initial_state(), 0), seconds=0.3, top=3, seed=1)
    assert result[0][0] == 2
    assert len(result) == 3
    assert result[0][1] > 0.8
    assert all(0.0 <= p <= 1.0 for _, p in result)


def test_hints_respect_top_and_legal_moves() -> None:
    game = load("toy-cards", players=2)
    state = game.new_initial_state()
    state.apply_action(9)
    state.apply_action(2)
    result = hints(SeatView(state, 0), seconds=0.05, top=1, seed=0)
    assert result == [(1, 1.0)]  # stay with the 9: certain win


@pytest.mark.parametrize(("kwargs", "needle"), [({"seconds": 0}, "seconds"), ({"top": 0}, "top")])
def test_hints_reject_bad_budgets(kwargs: dict[str, float], needle: str) -> None:
    game = load("toy-nim", players=2)
    with pytest.raises(InvalidParameterError, match=needle):
        hints(SeatView(game.new_initial_state(), 0), **kwargs)
