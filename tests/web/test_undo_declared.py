"""Undo decided by the game's own word (``State.reveals_information``) before any redrawn world.

The determinization check (``step_reveals_information``) is the fallback for steps a game says
nothing about. Where a game declares a step harmless the server trusts it, so the conformance
check of declarations (``check_reveals_information``) must catch a wrong one.
"""

from __future__ import annotations

import random

import pytest

from gravity_games import CHANCE, load
from gravity_games.core.api import sample_chance
from gravity_games.games.doubt_gravity.state import DOUBT
from gravity_games.web import live_game
from gravity_games.web.live_game import may_undo_later
from tests.conformance.checks import check_reveals_information

from .toy_game import MARK, PEEK, ToyGame, ToyState


class DeclaringToyState(ToyState):
    """The toy game, saying that a mark shows nothing and (wrongly, on purpose) that a peek neither."""

    __slots__ = ()

    def reveals_information(self, action: int) -> bool | None:
        return False if action in (MARK, PEEK) else None


class DeclaringToyGame(ToyGame):
    def new_initial_state(self) -> DeclaringToyState:
        return DeclaringToyState(self)


def dealt(game: ToyGame, seed: int = 3) -> ToyState:
    state = game.new_initial_state()
    rng = random.Random(seed)
    while state.current_player() == CHANCE:
        state.apply_action(sample_chance(state, rng))
    assert isinstance(state, ToyState)
    return state


def test_the_default_says_nothing_so_the_server_checks_in_redrawn_worlds() -> None:
    state = dealt(ToyGame(players=2))
    assert state.reveals_information(MARK) is None and state.reveals_information(PEEK) is None
    after = state.child(PEEK)
    assert may_undo_later(state, after, 0, PEEK, seed=1) is False  # found by the redrawn worlds
    after = state.child(MARK)
    assert may_undo_later(state, after, 0, MARK, seed=1) is True


def test_a_declared_step_skips_the_redrawn_worlds(monkeypatch: pytest.MonkeyPatch) -> None:
    state = dealt(DeclaringToyGame(players=2))

    def must_not_run(*args: object) -> bool:
        raise AssertionError("the redrawn-world check ran for a step the game declared")

    monkeypatch.setattr(live_game, "step_reveals_information", must_not_run)
    assert may_undo_later(state, state.child(MARK), 0, MARK, seed=1) is True


def test_the_conformance_check_accepts_a_true_declaration_and_catches_a_false_one() -> None:
    state = dealt(DeclaringToyGame(players=2))
    check_reveals_information(state, 0, MARK, random.Random(5))  # a mark shows nobody anything hidden
    with pytest.raises(AssertionError, match="declared to reveal nothing"):
        check_reveals_information(state, 0, PEEK, random.Random(5))  # a peek shows seat 0 a card


def test_doubt_gravity_placements_that_keep_the_turn_are_always_undoable() -> None:
    """Before the declaration, a redrawn world where the placer held other numbers could not replay
    ``place K3`` (the id names the number), so such a placement was refused undo at random."""
    game = load("doubt-gravity", players=2)
    rng = random.Random(11)
    checked = 0
    for _ in range(4):
        state = game.new_initial_state()
        while not state.is_terminal():
            player = state.current_player()
            if player == CHANCE:
                state.apply_action(sample_chance(state, rng))
                continue
            legal = state.legal_actions()
            action = legal[rng.randrange(len(legal))]
            after = state.child(action)
            if state.reveals_information(action) is False:
                assert after.current_player() == player, state.action_to_string(action)
                assert may_undo_later(state, after, player, action, seed=2) is True
                checked += 1
            elif action == DOUBT:  # "doubt" turns tokens over: never declared harmless
                assert state.reveals_information(action) is None
            state = after
    assert checked > 20
