"""The canonical position format of Memory × Gravity: ``to_json()["state"]`` both ways.

Documented in docs/games/memory-gravity.md. Tokens are written by their public ids (``K1``-``R5``),
``numbers`` by token id (0 = not dealt yet), every lift as ``[seat, token, level]`` (level -1
while its reading is pending).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from gravity_games.core.api import JSON, InvalidStateError
from gravity_games.games.gravity_three.state_json import phase_from_name, roll_off_document, roll_off_from_document
from gravity_games.games.gravity_three.tokens import COLOUR_NAMES, parse_token_label

from .data import TOKENS_PER_COLOUR, token_name
from .state import (
    KEEP,
    LIFT,
    LIFTS_PER_TURN,
    NUM_TOKENS,
    PENDING,
    PHASE_NAMES,
    READ,
    TURNS_PER_PLAYER,
    Lift,
    MemoryGravityPosition,
)


def dump(position: MemoryGravityPosition) -> dict[str, JSON]:
    """The full position as JSON (the ``state`` part of ``to_json``)."""
    return {
        "phase": PHASE_NAMES[position.phase],
        "numbers": list(position.token_numbers),
        "roll_off": roll_off_document(position.roll_off),
        "roll_off_passes": position.roll_off_passes,
        "lots": list(position.lot_seats),
        "first_player": position.first_player,
        "turn": position.turn_number,
        "this_turn": [token_name(t) for t in position.lifted_this_turn],
        "lifts": [[lift.seat, token_name(lift.token), lift.level] for lift in position.lifts],
        "kept": [[token_name(t) for t in tokens] for tokens in position.kept_tokens],
    }


def load(state: MemoryGravityPosition, body: Mapping[str, Any]) -> None:
    """Fill a fresh position from a ``state`` document, naming the first thing wrong with it."""
    n = state.players
    state.phase = phase_from_name("memory-gravity", PHASE_NAMES, body["phase"])
    numbers = [int(x) for x in body["numbers"]]
    if len(numbers) != NUM_TOKENS or any(not 0 <= x <= 5 for x in numbers):
        raise InvalidStateError("memory-gravity: 'numbers' needs 15 numbers from 0 (not dealt) to 5")
    for colour in range(3):
        part = numbers[colour * 5 : colour * 5 + 5]
        if any(part) and sorted(part) != [1, 2, 3, 4, 5]:
            raise InvalidStateError(f"memory-gravity: the {COLOUR_NAMES[colour]} numbers must be 1-5 once each")
    state.token_numbers = numbers
    state.roll_off = roll_off_from_document(body["roll_off"])
    state.roll_off_passes = int(body["roll_off_passes"])
    state.lot_seats = [int(s) for s in body["lots"]]
    state.first_player = int(body["first_player"])
    state.turn_number = int(body["turn"])
    state.lifted_this_turn = [_token_id(x) for x in body["this_turn"]]
    state.lifts = [Lift(int(s), _token_id(t), int(level)) for s, t, level in body["lifts"]]
    kept = [[_token_id(x) for x in tokens] for tokens in body["kept"]]
    if len(kept) != n:
        raise InvalidStateError(f"memory-gravity: 'kept' needs one list per seat ({n})")
    state.kept_tokens = kept
    for seat, tokens in enumerate(kept):
        for t in tokens:
            state.kept_by[t] = seat
            state.tokens_on_table &= ~(1 << t)
    if not -1 <= state.first_player < n or any(not 0 <= lift.seat < n for lift in state.lifts):
        raise InvalidStateError(f"memory-gravity: seats must lie in 0-{n - 1}")
    if not 0 <= state.turn_number <= n * TURNS_PER_PLAYER:
        raise InvalidStateError(f"memory-gravity: 'turn' must lie in 0-{n * TURNS_PER_PLAYER}")
    lifted = len(state.lifted_this_turn)
    if len(set(state.lifted_this_turn)) != lifted or lifted > LIFTS_PER_TURN:
        raise InvalidStateError("memory-gravity: 'this_turn' holds up to three different tokens")
    if (state.phase == KEEP) != (lifted == LIFTS_PER_TURN) and state.phase in (LIFT, KEEP):
        raise InvalidStateError("memory-gravity: phase 'keep' comes exactly after three lifts")
    if state.phase == READ and (not state.lifts or state.lifts[-1].level != PENDING):
        raise InvalidStateError("memory-gravity: phase 'reading' needs a last lift with level -1")
    if any(state.kept_by[t] != -1 for t in state.lifted_this_turn):
        raise InvalidStateError("memory-gravity: a kept token cannot be lifted this turn")


def _token_id(name: Any) -> int:
    """A token id written as its public name (``K1``-``R5``)."""
    label = parse_token_label(str(name))
    if label is not None:
        return label[0] * TOKENS_PER_COLOUR + label[1] - 1
    raise InvalidStateError(f"memory-gravity: {name!r} is not a token id; ids are K1-K5, G1-G5, R1-R5")
