"""The roll-off shared by the three Gravity Three games, with the engine's tie limit."""

from __future__ import annotations

from gravity_games import load
from gravity_games.core.api import State
from gravity_games.games.gravity_three.rolloff import (
    FIRST_PLAYER_WORDS,
    G_FACE,
    LOTS_LINE,
    TIE_LIMIT,
    RollOff,
    RollOffStep,
    roll_for_first_player,
    roll_off_with_tie_limit,
)


def _fields(step: RollOffStep) -> tuple[int | None, int, bool, bool]:
    return step.first, step.passes, step.tie, step.lots


def _position() -> State:
    """A position to write the roll-off's log lines into (its own log is left empty)."""
    state = load("comparison-gravity").new_initial_state()
    assert state.log() == []
    return state


def test_highest_roll_goes_first_and_g_counts_zero() -> None:
    rolloff = RollOff([0, 1, 2])
    assert _fields(roll_off_with_tie_limit(rolloff, G_FACE, 0)) == (None, 0, False, False)
    assert _fields(roll_off_with_tie_limit(rolloff, 0, 0)) == (None, 0, False, False)  # a 1 beats G
    assert _fields(roll_off_with_tie_limit(rolloff, G_FACE, 0)) == (1, 0, False, False)


def test_only_the_tied_highest_roll_again_and_the_pass_is_counted() -> None:
    rolloff = RollOff([0, 1, 2])
    for face in (3, 1, 3):  # seats 0 and 2 roll 4, seat 1 rolls 2
        step = roll_off_with_tie_limit(rolloff, face, 5)
    assert _fields(step) == (None, 6, True, False)
    assert rolloff.contenders == [0, 2]
    assert rolloff.rolls == []


def test_the_tie_limit_sends_the_tied_players_to_lots() -> None:
    rolloff = RollOff([0, 1])
    roll_off_with_tie_limit(rolloff, 4, TIE_LIMIT - 1)
    step = roll_off_with_tie_limit(rolloff, 4, TIE_LIMIT - 1)
    assert _fields(step) == (None, TIE_LIMIT, True, True)


def test_a_smaller_limit_is_honoured() -> None:
    rolloff = RollOff([0, 1])
    roll_off_with_tie_limit(rolloff, 2, 0)
    assert roll_off_with_tie_limit(rolloff, 2, 0, limit=1).lots


def test_a_roll_for_first_player_says_who_rolled_and_what_came_of_it() -> None:
    rolloff, position = RollOff([0, 1]), _position()
    first = roll_for_first_player(position, rolloff, 3, 0, FIRST_PLAYER_WORDS)
    assert position.log() == ["Seat 0 rolls 4."] and first.first is None
    second = roll_for_first_player(position, rolloff, G_FACE, 0, FIRST_PLAYER_WORDS)
    assert second.first == 0
    assert position.log()[1:] == ["Seat 1 rolls G.", "Seat 0 rolled highest and goes first."]


def test_a_tied_pass_is_rolled_again_until_the_limit_then_lots() -> None:
    rolloff, position = RollOff([0, 1, 2]), _position()
    for face in (4, 4, 4):
        tie = roll_for_first_player(position, rolloff, face, 0, FIRST_PLAYER_WORDS)
    assert tie.tie and not tie.lots and rolloff.contenders == [0, 1, 2]
    assert position.log()[-1] == "Seats 0, 1, 2 tie for highest and roll again."
    for face in (4, 4):
        roll_for_first_player(position, rolloff, face, 0, FIRST_PLAYER_WORDS)
    tied = roll_for_first_player(position, rolloff, 1, TIE_LIMIT - 1, FIRST_PLAYER_WORDS)  # seats 0, 1 tie on 5
    assert tied.tie and tied.lots and rolloff.contenders == [0, 1]
    assert position.log()[-2:] == ["Seat 2 rolls 2.", f"Seats 0, 1 tied {TIE_LIMIT} times; they draw lots."]
    assert LOTS_LINE % 1 == "Lots drawn: seat 1 goes first."
