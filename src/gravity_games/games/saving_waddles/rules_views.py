"""Views, copies, JSON and determinization of a Saving Waddles state.

The state's methods (``observation``, ``clone``, ``to_json`` ...) call these functions, which
keeps ``rules.py`` to the rules themselves.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from gravity_games.core.api import JSON, InvalidStateError

from .data import HELP_KINDS, HEROES, MISCHIEF_KINDS, SLOTS
from .model import _FIELDS, HIDDEN, P_SETUP_HUT, P_SETUP_PATH, PHASES, ROLL_FOR

if TYPE_CHECKING:
    from .rules import SavingWaddlesGame, SavingWaddlesState

# -- views ------------------------------------------------------------------------------


def _front_view(state: SavingWaddlesState, seat: int) -> list[str]:
    return ["face down" if c >= HIDDEN else MISCHIEF_KINDS[c] for c in state.front[seat]]


def observation(state: SavingWaddlesState, seat: int | None) -> dict[str, JSON]:
    g = state.g
    obs: dict[str, JSON] = {
        "variant": g.params["variant"],
        "seat": seat,
        "phase": PHASES[state.phase],
        "current_player": state.current_player(),
        "turn": state.turn,
        "turns_taken": state.turns_taken,
        "turn_limit": g.turn_limit,
        "heroes": [HEROES[h] if h >= 0 else None for h in state.heroes],
        "positions": list(state.pos),
        "lying": list(state.lying),
        "waddles": state.waddles if state.waddles >= 0 else None,
        "carried_by": state.carrier if state.carrier >= 0 else None,
        "path_cards": [g.track.card_names[c] if up else None for c, up in zip(state.slots, state.slot_up, strict=True)],
        "hut_card": g.track.hut_names[state.hut] if state.hut_up else None,
        "die": state.die or None,
        "roll_for": ROLL_FOR[state.roll_for] if state.roll_for else None,
        "mabel_used": state.mabel_used,
        "help_plus": state.help_plus,
        "pending_mischief": state.pending_mischief,
        "pending_help": state.pending_help,
        "extra_turns": state.extra_turns,
        "carried_steps": state.carried_steps,
        "draw_face_down": state.draw_hidden,
        "hand_sizes": [sum(h) for h in state.hands],
        "mischief_in_front": [_front_view(state, s) for s in range(g.players)],
        "help_deck": sum(state.help_deck),
        "help_discard": dict(zip(HELP_KINDS, state.help_discard, strict=True)),
        "mischief_deck": sum(state.mischief_deck),
        "mischief_discard": dict(zip(MISCHIEF_KINDS, state.mischief_discard, strict=True)),
        "winner": state.winner if state.winner >= 0 else None,
        "reason": state.reason or None,
    }
    if seat is not None:
        obs["hand"] = _hand_value(state, seat)
    return obs


def _hand_value(state: SavingWaddlesState, seat: int) -> dict[str, JSON]:
    # The seat number is part of the value so that two equal hands never look like a leak.
    return {"seat": seat, "cards": dict(zip(HELP_KINDS, state.hands[seat], strict=True))}


def private_values(state: SavingWaddlesState, seat: int) -> dict[str, JSON]:
    return {"hand": _hand_value(state, seat)}


def observation_tensor(state: SavingWaddlesState, seat: int | None) -> list[float]:
    from .tensor import encode

    return encode(state.observation(seat), state.g)


# -- copies and JSON --------------------------------------------------------------------


def clone(state: SavingWaddlesState) -> SavingWaddlesState:
    new = type(state).__new__(type(state))
    new.game = state.game
    state._copy_base_into(new)
    for f in _FIELDS:
        setattr(new, f, getattr(state, f))
    new.slots = list(state.slots)
    new.slot_up = list(state.slot_up)
    new.heroes = list(state.heroes)
    new.names = state.names
    new.pos = list(state.pos)
    new.lying = list(state.lying)
    new.hands = [list(h) for h in state.hands]
    new.help_deck = list(state.help_deck)
    new.help_discard = list(state.help_discard)
    new.mischief_deck = list(state.mischief_deck)
    new.mischief_discard = list(state.mischief_discard)
    new.front = [list(f) for f in state.front]
    return new


def to_json_body(state: SavingWaddlesState) -> dict[str, JSON]:
    body: dict[str, JSON] = {}
    for f in _FIELDS:
        v = getattr(state, f)
        body[f] = [list(x) for x in v] if f in ("hands", "front") else (list(v) if isinstance(v, list) else v)
    body["phase"] = PHASES[state.phase]
    body["roll_for"] = ROLL_FOR[state.roll_for]
    return body


def state_from_body(game: SavingWaddlesGame, body: Mapping[str, Any]) -> SavingWaddlesState:
    from .rules import SavingWaddlesState, seat_names  # here: rules imports this module

    missing = [f for f in _FIELDS if f not in body]
    if missing:
        raise InvalidStateError(f"saving-waddles state is missing field(s): {', '.join(missing)}")
    s = SavingWaddlesState(game)
    n = game.players
    for f in _FIELDS:
        setattr(s, f, body[f])
    if body["phase"] not in PHASES:
        raise InvalidStateError(f"unknown phase {body['phase']!r}; allowed: {', '.join(PHASES)}")
    if body["roll_for"] not in ROLL_FOR:
        raise InvalidStateError(f"unknown roll_for {body['roll_for']!r}; allowed: {', '.join(ROLL_FOR)}")
    s.phase = PHASES.index(body["phase"])
    s.roll_for = ROLL_FOR.index(body["roll_for"])
    s.slots = [int(x) for x in body["slots"]]
    s.slot_up = [bool(x) for x in body["slot_up"]]
    s.heroes = [int(x) for x in body["heroes"]]
    s.names = seat_names(s.heroes)
    s.pos = [int(x) for x in body["pos"]]
    s.lying = [bool(x) for x in body["lying"]]
    s.hands = [[int(c) for c in h] for h in body["hands"]]
    s.front = [[int(c) for c in f] for f in body["front"]]
    for f in ("help_deck", "help_discard", "mischief_deck", "mischief_discard"):
        setattr(s, f, [int(x) for x in body[f]])
    _check_shape(s, n)
    return s


def _check_shape(state: SavingWaddlesState, n: int) -> None:
    def need(ok: bool, what: str) -> None:
        if not ok:
            raise InvalidStateError(f"saving-waddles state: {what}")

    need(len(state.slots) == SLOTS and len(state.slot_up) == SLOTS, f"slots and slot_up need {SLOTS} entries")
    need(all(-1 <= c < SLOTS for c in state.slots), f"slots hold path card ids 0-{SLOTS - 1} or -1")
    need(-1 <= state.hut < 3, "hut is a Hut of Wonders card id 0-2 or -1")
    if state.phase not in (P_SETUP_PATH, P_SETUP_HUT):
        need(-1 not in state.slots, "every path card is dealt once setup is over")
        need(state.g.simple or state.hut >= 0, "the Hut of Wonders card is dealt once setup is over")
        need(sorted(state.slots) == list(range(SLOTS)), "each path card lies in exactly one place")
    for f in ("heroes", "pos", "lying", "hands", "front"):
        need(len(getattr(state, f)) == n, f"{f} needs one entry per seat ({n})")
    need(all(0 <= p <= state.g.last for p in state.pos), f"positions lie on the track, 0-{state.g.last}")
    need(all(len(h) == len(HELP_KINDS) for h in state.hands), f"each hand counts the {len(HELP_KINDS)} help kinds")
    need(-1 <= state.waddles <= state.g.last and -1 <= state.carrier < n, "waddles/carrier out of range")
    need(0 <= state.turn < n, f"turn is a seat 0-{n - 1}")
    total_help = [a + b + sum(h[k] for h in state.hands) for k, (a, b) in
                  enumerate(zip(state.help_deck, state.help_discard, strict=True))]  # fmt: skip
    need(state.g.simple or total_help == state.g.help_mix, f"help cards must add up to the mix {state.g.help_mix}")
    total_mis = [a + b for a, b in zip(state.mischief_deck, state.mischief_discard, strict=True)]
    for pile in state.front:
        for code in pile:
            ok = 0 <= code % HIDDEN < len(MISCHIEF_KINDS) and code < HIDDEN + len(MISCHIEF_KINDS)
            need(ok, f"front holds mischief codes 0-5 (seen) or 8-13 (face down unseen), got {code}")
            total_mis[code % HIDDEN] += 1
    need(state.g.simple or total_mis == state.g.mischief_mix,
         f"mischief cards must add up to the mix {state.g.mischief_mix}")  # fmt: skip


# -- determinization -------------------------------------------------------------------


def resample_from_infostate(state: SavingWaddlesState, seat: int, rng: random.Random) -> SavingWaddlesState:
    """Redraw what ``seat`` cannot see: face-down path cards, the hidden Hut card, other
    hands, unseen face-down mischief cards and the order (here: contents) of the decks."""
    s = state.clone()
    hidden_slots = [i for i in range(SLOTS) if s.slots[i] >= 0 and not s.slot_up[i]]
    shown = {s.slots[i] for i in range(SLOTS) if s.slot_up[i]}
    pool = [c for c in range(SLOTS) if c not in shown]
    rng.shuffle(pool)
    for i, c in zip(hidden_slots, pool, strict=False):
        s.slots[i] = c
    if s.hut >= 0 and not s.hut_up:
        s.hut = rng.randrange(3)
    # help cards: the deck and the other hands are one unseen pool
    others = [o for o in range(state.g.players) if o != seat]
    help_pool = [k for k, c in enumerate(s.help_deck) for _ in range(c)]
    for o in others:
        help_pool += [k for k, c in enumerate(s.hands[o]) for _ in range(c)]
    # Pools are shuffled from a canonical order: built in place order, they would carry
    # who really holds what into the draw (a search knowing its RNG could undo the shuffle).
    help_pool.sort()
    rng.shuffle(help_pool)
    for o in others:
        size = sum(s.hands[o])
        hand = [0] * len(HELP_KINDS)
        for k in help_pool[:size]:
            hand[k] += 1
        del help_pool[:size]
        s.hands[o] = hand
    s.help_deck = [help_pool.count(k) for k in range(len(HELP_KINDS))]
    # mischief: the deck and every card lying face down unseen are one unseen pool
    mis_pool = [k for k, c in enumerate(s.mischief_deck) for _ in range(c)]
    mis_pool += [c - HIDDEN for f in s.front for c in f if c >= HIDDEN]
    mis_pool.sort()
    rng.shuffle(mis_pool)
    for f in s.front:
        for i, c in enumerate(f):
            if c >= HIDDEN:
                f[i] = mis_pool.pop() + HIDDEN
    s.mischief_deck = [mis_pool.count(k) for k in range(len(MISCHIEF_KINDS))]
    return s
