"""The canonical position format of Doubt × Gravity: ``to_json()["state"]`` both ways.

Documented in docs/games/doubt-gravity.md ("State JSON"). Every token is listed by its public id
with its number (0 = not yet drawn), where it is, who knows it and who placed it on the stack.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from gravity_games.core.api import JSON, InvalidStateError
from gravity_games.games.gravity_three.state_json import phase_from_name, roll_off_document, roll_off_from_document
from gravity_games.games.gravity_three.tokens import COLOUR_NAMES

from .state import (
    COLOURS,
    IN_STACK,
    PHASE_NAMES,
    PLACE_NAMES,
    SAID_WORDS,
    TOKEN_COUNT,
    TOKENS_PER_COLOUR,
    DealSlot,
    Declaration,
    DoubtGravityPosition,
    Hand,
    RoundSummary,
    StackReading,
)


def dump(position: DoubtGravityPosition) -> dict[str, JSON]:
    """The full position as JSON (the ``state`` part of ``to_json``)."""
    return {
        "phase": PHASE_NAMES[position.phase],
        "tokens": [
            {
                "id": p,
                "number": position.token_numbers[p],
                "where": f"seat {position.token_places[p]}"
                if position.token_places[p] >= 0
                else PLACE_NAMES[position.token_places[p]],
                "known_by": [s for s in range(position.players) if position.known_by[p] >> s & 1],
                "revealed": position.revealed[p],
                "placed_by": None if position.placed_by[p] < 0 else position.placed_by[p],
            }
            for p in range(TOKEN_COUNT)
        ],
        "stack": list(position.stack),
        "colours": list(position.colours),
        "extra_colours": list(position.extra_colours),
        "chooser": position.chooser,
        "deal": [[slot.seat, slot.colour] for slot in position.deal_queue],
        "rolloff": roll_off_document(position.roll_off) if position.roll_off is not None else None,
        "rolloff_passes": position.roll_off_passes,
        "round": position.round_number,
        "first_player": position.first_player,
        "die": position.die_face,
        "designated": position.designated_number,
        "turn_index": position.turn_index,
        "placed_this_turn": position.placed_this_turn,
        "assess_index": position.assess_index,
        "assessor": position.assessor,
        "said": [[d.seat, SAID_WORDS[d.said]] for d in position.declarations],
        "readings": [[r.seat, r.round_number, r.level, list(r.stack)] for r in position.readings],
        "rounds": [r.document() for r in position.rounds],
        "token_steps": list(position.token_steps),
        "doubt_card": position.doubt_card_holder,
        "winners": list(position.winners),
        "reason": position.reason,
    }


def load(state: DoubtGravityPosition, body: Mapping[str, Any]) -> None:
    """Fill a fresh position from a ``state`` document, naming the first thing wrong with it."""
    n = state.players
    state.phase = phase_from_name("doubt-gravity", PHASE_NAMES, body["phase"], wording="is unknown")
    tokens = body["tokens"]
    if not isinstance(tokens, list) or len(tokens) != TOKEN_COUNT:
        raise InvalidStateError(f"doubt-gravity: 'tokens' must list all {TOKEN_COUNT} tokens")
    state.token_numbers, state.token_places, state.known_by, state.revealed, state.placed_by = [], [], [], [], []
    state.hands = [Hand(0, 0, 0) for _ in range(n)]  # their placements: refresh_derived_fields below
    names = {v: k for k, v in PLACE_NAMES.items()}
    for p, tok in enumerate(tokens):
        if tok["id"] != p:
            raise InvalidStateError(f"doubt-gravity: token {p} is listed with id {tok['id']!r}")
        number = int(tok["number"])
        if not 0 <= number <= TOKENS_PER_COLOUR:
            raise InvalidStateError(f"doubt-gravity: token {p} has number {number}; allowed 0 (undrawn) to 5")
        where = str(tok["where"])
        if where.startswith("seat "):
            loc = int(where[5:])
            if not 0 <= loc < n:
                raise InvalidStateError(f"doubt-gravity: token {p} is with {where!r}; seats are 0-{n - 1}")
            hand = state.hands[loc]
            hand.held |= 1 << p
            hand.count += 1
        elif where in names:
            loc = names[where]
        else:
            raise InvalidStateError(f"doubt-gravity: token {p} is at {where!r}; allowed: 'seat N', {', '.join(names)}")
        state.token_numbers.append(number)
        state.token_places.append(loc)
        state.known_by.append(sum(1 << int(s) for s in tok["known_by"]))
        state.revealed.append(bool(tok["revealed"]))
        owner = tok["placed_by"]
        state.placed_by.append(-1 if owner is None else int(owner))
    for c in range(COLOURS):
        numbers = [
            k for k in state.token_numbers[c * TOKENS_PER_COLOUR : c * TOKENS_PER_COLOUR + TOKENS_PER_COLOUR] if k
        ]
        if len(set(numbers)) != len(numbers):
            raise InvalidStateError(f"doubt-gravity: two {COLOUR_NAMES[c]} tokens have the same number")
    state.ids_handed_out = [
        sum(1 for k in state.token_numbers[c * TOKENS_PER_COLOUR : c * TOKENS_PER_COLOUR + TOKENS_PER_COLOUR] if k)
        for c in range(COLOURS)
    ]
    state.stack = [int(p) for p in body["stack"]]
    if any(state.token_places[p] != IN_STACK for p in state.stack):
        raise InvalidStateError("doubt-gravity: every token in 'stack' must be at 'stack'")
    state.colours = [int(c) for c in body["colours"]]
    state.extra_colours = [int(c) for c in body["extra_colours"]]
    state.chooser = int(body["chooser"])
    state.deal_slots = [DealSlot(int(s), int(c)) for s, c in body["deal"]]
    state.deals_made = 0
    rolloff = body["rolloff"]
    state.roll_off = roll_off_from_document(rolloff) if rolloff is not None else None
    state.roll_off_passes = int(body["rolloff_passes"])
    state.round_number = int(body["round"])
    state.first_player = int(body["first_player"])
    state.die_face = int(body["die"])
    state.designated_number = int(body["designated"])
    state.turn_index = int(body["turn_index"])
    state.placed_this_turn = int(body["placed_this_turn"])
    state.assess_index = int(body["assess_index"])
    state.assessor = int(body["assessor"])
    state.declarations = [Declaration(int(s), SAID_WORDS.index(w)) for s, w in body["said"]]
    state.readings = [
        StackReading(int(s), int(r), int(level), tuple(int(p) for p in stack))
        for s, r, level, stack in body["readings"]
    ]
    state.rounds = [RoundSummary.from_document(r) for r in body["rounds"]]
    state.token_steps = [int(i) for i in body["token_steps"]]
    state.doubt_card_holder = int(body["doubt_card"])
    state.winners = tuple(int(s) for s in body["winners"])
    state.reason = str(body["reason"])
    state.refresh_derived_fields()  # the stack's mass and the numbers drawn are not in the document
    if len(state.colours) != n or len(state.extra_colours) != n:
        raise InvalidStateError(f"doubt-gravity: 'colours' and 'extra_colours' need {n} entries")
