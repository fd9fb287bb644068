"""The canonical position format of Doubt × Gravity: ``to_json()["state"]`` both ways.

Documented in docs/games/doubt-gravity.md ("State JSON"). Every token is listed by its public id
with its number (0 = not yet drawn), where it is, who knows it and who placed it on the stack.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from gravity_games.core.api import JSON, InvalidStateError
from gravity_games.games.gravity_three import RollOff

from .data import COLOUR_NAMES
from .ids import COLOURS, LOC_NAMES, LOC_STACK, PER_COLOUR, PHASE_NAMES, SAID_WORDS, TOKENS

if TYPE_CHECKING:
    from .rules import DoubtState


def state_to_body(self: DoubtState) -> dict[str, JSON]:
    """The full state as JSON (the ``state`` part of ``to_json``)."""
    return {
        "phase": PHASE_NAMES[self.phase],
        "tokens": [
            {
                "id": p,
                "number": self.number[p],
                "where": f"seat {self.loc[p]}" if self.loc[p] >= 0 else LOC_NAMES[self.loc[p]],
                "known_by": [s for s in range(self.game.players) if self.known[p] >> s & 1],
                "revealed": self.public[p],
                "placed_by": None if self.owner[p] < 0 else self.owner[p],
            }
            for p in range(TOKENS)
        ],
        "stack": list(self.stack),
        "colours": list(self.colour),
        "extra_colours": list(self.extra),
        "chooser": self.chooser,
        "deal": [[s, c] for s, c in self.deal],
        "rolloff": self.rolloff.to_json() if self.rolloff is not None else None,
        "rolloff_passes": self.rolloff_passes,
        "round": self.round,
        "first_player": self.first,
        "die": self.die,
        "designated": self.designated,
        "turn_index": self.turn_index,
        "placed_this_turn": self.placed,
        "assess_index": self.assess_index,
        "assessor": self.assessor,
        "said": [[s, SAID_WORDS[w]] for s, w in self.said],
        "readings": [[s, r, level, list(stack)] for s, r, level, stack in self.readings],
        "rounds": [dict(r) for r in self.rounds],
        "token_steps": list(self.token_steps),
        "doubt_card": self.doubt_card,
        "winners": list(self.winners),
        "reason": self.reason,
    }


def fill_state_from_body(state: DoubtState, body: Mapping[str, Any]) -> None:
    """Fill a blank state from a ``state`` document, naming the first thing wrong with it."""
    n = state.game.players
    phase = body["phase"]
    if phase not in PHASE_NAMES:
        raise InvalidStateError(f"doubt-gravity: phase {phase!r} is unknown; allowed: {', '.join(PHASE_NAMES)}")
    state.phase = PHASE_NAMES.index(phase)
    tokens = body["tokens"]
    if not isinstance(tokens, list) or len(tokens) != TOKENS:
        raise InvalidStateError(f"doubt-gravity: 'tokens' must list all {TOKENS} tokens")
    state.number, state.loc, state.known, state.public, state.owner = [], [], [], [], []
    state.hand_n = [0] * n
    state.hands = [[] for _ in range(n)]
    names = {v: k for k, v in LOC_NAMES.items()}
    for p, tok in enumerate(tokens):
        if tok["id"] != p:
            raise InvalidStateError(f"doubt-gravity: token {p} is listed with id {tok['id']!r}")
        number = int(tok["number"])
        if not 0 <= number <= PER_COLOUR:
            raise InvalidStateError(f"doubt-gravity: token {p} has number {number}; allowed 0 (undrawn) to 5")
        where = str(tok["where"])
        if where.startswith("seat "):
            loc = int(where[5:])
            if not 0 <= loc < n:
                raise InvalidStateError(f"doubt-gravity: token {p} is with {where!r}; seats are 0-{n - 1}")
            state.hand_n[loc] += 1
            state.hands[loc].append(p)
        elif where in names:
            loc = names[where]
        else:
            raise InvalidStateError(f"doubt-gravity: token {p} is at {where!r}; allowed: 'seat N', {', '.join(names)}")
        state.number.append(number)
        state.loc.append(loc)
        state.known.append(sum(1 << int(s) for s in tok["known_by"]))
        state.public.append(bool(tok["revealed"]))
        owner = tok["placed_by"]
        state.owner.append(-1 if owner is None else int(owner))
    for c in range(COLOURS):
        numbers = [k for k in state.number[c * PER_COLOUR : c * PER_COLOUR + PER_COLOUR] if k]
        if len(set(numbers)) != len(numbers):
            raise InvalidStateError(f"doubt-gravity: two {COLOUR_NAMES[c]} tokens have the same number")
    state.next_slot = [
        sum(1 for k in state.number[c * PER_COLOUR : c * PER_COLOUR + PER_COLOUR] if k) for c in range(COLOURS)
    ]
    state.stack = [int(p) for p in body["stack"]]
    if any(state.loc[p] != LOC_STACK for p in state.stack):
        raise InvalidStateError("doubt-gravity: every token in 'stack' must be at 'stack'")
    state.colour = [int(c) for c in body["colours"]]
    state.extra = [int(c) for c in body["extra_colours"]]
    state.chooser = int(body["chooser"])
    state.deal = [(int(s), int(c)) for s, c in body["deal"]]
    rolloff = body["rolloff"]
    state.rolloff = RollOff.from_json(rolloff) if rolloff is not None else None
    state.rolloff_passes = int(body["rolloff_passes"])
    state.round = int(body["round"])
    state.first = int(body["first_player"])
    state.die = int(body["die"])
    state.designated = int(body["designated"])
    state.turn_index = int(body["turn_index"])
    state.placed = int(body["placed_this_turn"])
    state.assess_index = int(body["assess_index"])
    state.assessor = int(body["assessor"])
    state.said = [(int(s), SAID_WORDS.index(w)) for s, w in body["said"]]
    state.readings = [
        (int(s), int(r), int(level), tuple(int(p) for p in stack)) for s, r, level, stack in body["readings"]
    ]
    state.rounds = [dict(r) for r in body["rounds"]]
    state.token_steps = [int(i) for i in body["token_steps"]]
    state.doubt_card = int(body["doubt_card"])
    state.winners = tuple(int(s) for s in body["winners"])
    state.reason = str(body["reason"])
    if len(state.colour) != n or len(state.extra) != n:
        raise InvalidStateError(f"doubt-gravity: 'colours' and 'extra_colours' need {n} entries")
