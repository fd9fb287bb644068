"""Gravity Falls answers legal_actions and apply_action from the pending step, not through
State's generic wrappers (for speed). These tests hold the two paths to the same results."""

from __future__ import annotations

import json
import random

import pytest

from gravity_games import load
from gravity_games.core.api import CHANCE, IllegalActionError, State, sample_chance


def _doc(state: State) -> str:
    return json.dumps(state.to_json(), sort_keys=True)


@pytest.mark.parametrize("players", [1, 3])
def test_fast_path_equals_the_generic_path_at_every_step(players: int) -> None:
    game = load("gravity-falls", players=players)
    for seed in range(4):
        rng = random.Random(seed)
        state = game.new_initial_state()
        twin = game.new_initial_state()
        steps = 0
        while not state.is_terminal():
            assert state.legal_actions() == State.legal_actions(twin)
            action = (
                sample_chance(state, rng) if state.current_player() == CHANCE else rng.choice(state.legal_actions())
            )
            state.apply_action(action)
            State.apply_action(twin, action)  # the generic path: memo, checks, _apply, history
            assert _doc(state) == _doc(twin)
            steps += 1
        assert twin.is_terminal() and steps > 50
        assert state.log() == twin.log() and state.history() == twin.history()


def test_refused_actions_name_the_problem_and_change_nothing() -> None:
    game = load("gravity-falls", players=2)
    rng = random.Random(7)
    state = game.new_initial_state()
    seen = {"chance": 0, "seat": 0}
    while not state.is_terminal():
        before = _doc(state)
        legal = state.legal_actions()
        kind = "chance" if state.current_player() == CHANCE else "seat"
        if seen[kind] < 25:
            seen[kind] += 1
            bad_id = next(a for a in range(game.spec.num_distinct_actions + 70) if a not in legal)
            for bad in (bad_id, -1, 1.0 * legal[0], True, str(legal[0]), None):
                with pytest.raises(IllegalActionError) as err:
                    state.apply_action(bad)  # type: ignore[arg-type]
                text = str(err.value)
                assert (
                    ("integer id" in text)
                    if not isinstance(bad, int) or isinstance(bad, bool)
                    else (f"action {bad} is illegal" in text and "legal:" in text)
                )
                assert _doc(state) == before
        state.apply_action(sample_chance(state, rng) if kind == "chance" else rng.choice(legal))
    assert seen == {"chance": 25, "seat": 25}
    final = _doc(state)
    with pytest.raises(IllegalActionError, match="the game is over"):
        state.apply_action(0)
    assert _doc(state) == final and state.legal_actions() == []


def test_a_clone_keeps_its_own_log_and_history_through_the_fast_path() -> None:
    game = load("gravity-falls", players=2)
    rng = random.Random(3)
    state = game.new_initial_state()
    for _ in range(40):
        state.apply_action(
            sample_chance(state, rng) if state.current_player() == CHANCE else rng.choice(state.legal_actions())
        )
    copy = state.clone()
    before = (_doc(copy), copy.log())
    for _ in range(30):
        state.apply_action(
            sample_chance(state, rng) if state.current_player() == CHANCE else rng.choice(state.legal_actions())
        )
    assert (_doc(copy), copy.log()) == before
