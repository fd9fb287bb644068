"""A hint's work is a count (playouts or iterations, ``hint_budget.toml``), with seconds as a cap."""

from __future__ import annotations

import time

import pytest

from gravity_games import DataError, InvalidParameterError, load
from gravity_games.agents.hint_budget import budget_for, hint_budgets, parse_hint_budgets
from gravity_games.agents.hints import ESTIMATE_MOVES, ESTIMATE_SHARE, advice, hint_unit
from gravity_games.core.agent import SeatView
from gravity_games.core.registry import entry


def _choice_position(game_id: str) -> SeatView:
    """The first position of a seeded random game with more than two legal moves."""
    import random

    from gravity_games.core.api import CHANCE, sample_chance

    state = load(game_id).new_initial_state()
    rng = random.Random(2)
    while True:
        if state.current_player() == CHANCE:
            state.apply_action(sample_chance(state, rng))
            continue
        legal = state.legal_actions()
        if len(legal) > 2:
            return SeatView(state, state.current_player())
        state.apply_action(legal[rng.randrange(len(legal))])


@pytest.mark.parametrize(("game_id", "budget"), [("doubt-gravity", 90), ("comparison-gravity", 60)])
def test_a_budgeted_hint_is_the_same_for_the_same_seed_and_does_its_whole_budget(game_id: str, budget: int) -> None:
    view = _choice_position(game_id)
    first = advice(view, seconds=60.0, top=2, seed=5, budget=budget)
    again = advice(view, seconds=60.0, top=2, seed=5, budget=budget)
    assert first == again
    assert first.budget == budget and first.unit == hint_unit(game_id, 2)
    assert first.done >= budget and "stopped" not in first.reason
    if first.unit == "playouts":
        # The best move's figure rests on the estimate's own worlds: its share over ESTIMATE_MOVES moves.
        assert first.samples == round(budget * ESTIMATE_SHARE / ESTIMATE_MOVES)
    else:
        assert first.done < budget + len(view.legal_actions())  # a paired sweep may round up
    other = advice(view, seconds=60.0, top=2, seed=6, budget=budget)
    assert other.raw != first.raw  # another seed, other worlds


def test_the_time_cap_stops_a_budget_too_big_for_it_and_the_hint_says_so() -> None:
    view = _choice_position("doubt-gravity")
    started = time.perf_counter()
    capped = advice(view, seconds=0.2, top=2, seed=5, budget=10**7)
    elapsed = time.perf_counter() - started
    # The cap plus one world's playouts past each stage's deadline (generous: the machine is shared).
    assert elapsed < 0.2 + 3.0
    assert capped.unsure and capped.done < capped.budget == 10**7
    assert capped.reason == f"stopped at the 0.2 s limit after {capped.done} of 10000000 playouts"
    assert [a for a, _ in capped.moves] and all(a in view.legal_actions() for a, _ in capped.moves)


def test_every_game_has_a_measured_budget_in_the_unit_its_hard_level_needs() -> None:
    budgets = hint_budgets()
    for game_id in (
        "gravity-falls",
        "saving-waddles",
        "memory-gravity",
        "comparison-gravity",
        "doubt-gravity",
        "gravwell",
    ):
        spec = load(game_id).spec
        for players in range(spec.min_players, spec.max_players + 1):
            unit = hint_unit(game_id, players)
            assert budgets.games.get((game_id, players), (None, 0))[0] == unit, (game_id, players, unit)
            assert budget_for(game_id, players, unit) == budgets.games[(game_id, players)][1]
    assert "heuristic" in entry("doubt-gravity").agents  # the playout kind exists to be budgeted


def test_a_game_without_an_entry_gets_the_default_and_a_bad_file_is_named() -> None:
    text = '[default]\nplayouts = 10\niterations = 20\n[[budget]]\ngame = "x"\nplayers = 2\nplayouts = 5\n'
    budgets = parse_hint_budgets(text + 'measured = "a run"\n')
    assert budget_for("x", 2, "playouts", budgets) == 5
    assert budget_for("x", 3, "playouts", budgets) == 10
    assert budget_for("x", 2, "iterations", budgets) == 20  # a count of playouts says nothing of iterations
    with pytest.raises(DataError, match=r"\[default\] needs exactly playouts and iterations"):
        parse_hint_budgets("[default]\nplayouts = 10\n")
    with pytest.raises(DataError, match="budget 1 needs game, players, measured and one of playouts or iterations"):
        parse_hint_budgets(
            '[default]\nplayouts = 1\niterations = 1\n[[budget]]\ngame = "x"\nplayers = 2\nplayouts = 3\n'
        )
    with pytest.raises(DataError, match="whole number >= 1, got 0"):
        parse_hint_budgets("[default]\nplayouts = 0\niterations = 1\n")
    with pytest.raises(InvalidParameterError, match="hint budget must be a whole number >= 1"):
        advice(_choice_position("doubt-gravity"), budget=0)
