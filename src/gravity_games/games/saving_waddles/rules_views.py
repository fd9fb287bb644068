"""What each seat may see (the observation) and a redraw of what it cannot (determinization).

Public: every token, Waddles, face-up cards, the die, hand sizes, the mischief cards in front
of each player (their kinds, or "face down" for cards nobody saw), deck sizes and discard
piles. Private: a seat's own help cards.
"""

from __future__ import annotations

import random
from typing import TypeVar

from gravity_games.core.api import JSON

from .data import HELP_KINDS, HEROES, MISCHIEF_KINDS, SLOTS
from .state import HIDDEN, PHASES, ROLL_FOR, SavingWaddlesPosition

PositionT = TypeVar("PositionT", bound=SavingWaddlesPosition)


def mischief_in_front_view(position: SavingWaddlesPosition, seat: int) -> list[str]:
    """The mischief cards in front of ``seat`` as everyone sees them: their kinds, or "face down"."""
    return ["face down" if code >= HIDDEN else MISCHIEF_KINDS[code] for code in position.mischief_in_front[seat]]


def observation(position: SavingWaddlesPosition, seat: int | None) -> dict[str, JSON]:
    """What ``seat`` may see now (``None``: the spectator's view, no hand)."""
    settings = position.settings
    track = settings.track
    obs: dict[str, JSON] = {
        "variant": settings.variant,
        "seat": seat,
        "phase": PHASES[position.phase],
        "current_player": position.current_player(),
        "turn": position.turn,
        "turns_taken": position.turns_taken,
        "turn_limit": settings.turn_limit,
        "heroes": [HEROES[h] if h >= 0 else None for h in position.heroes],
        "positions": list(position.positions),
        "lying": list(position.lying),
        "waddles": position.waddles_position if position.waddles_position >= 0 else None,
        "carried_by": position.waddles_carrier if position.waddles_carrier >= 0 else None,
        "path_cards": [
            track.card_names[card] if up else None
            for card, up in zip(position.path_cards, position.path_card_face_up, strict=True)
        ],
        "hut_card": track.hut_names[position.hut_card] if position.hut_card_face_up else None,
        "die": position.die or None,
        "roll_for": ROLL_FOR[position.roll_purpose] if position.roll_purpose else None,
        "mabel_used": position.mabel_used,
        "help_plus": position.help_space_bonus,
        "pending_mischief": position.pending_mischief,
        "pending_help": position.pending_help,
        "extra_turns": position.extra_turns,
        "carried_steps": position.carried_steps,
        "draw_face_down": position.draw_face_down,
        "hand_sizes": [sum(hand) for hand in position.hands],
        "mischief_in_front": [mischief_in_front_view(position, s) for s in range(settings.players)],
        "help_deck": sum(position.help_deck),
        "help_discard": dict(zip(HELP_KINDS, position.help_discard, strict=True)),
        "mischief_deck": sum(position.mischief_deck),
        "mischief_discard": dict(zip(MISCHIEF_KINDS, position.mischief_discard, strict=True)),
        "winner": position.winner if position.winner >= 0 else None,
        "reason": position.reason or None,
    }
    if seat is not None:
        obs["hand"] = hand_value(position, seat)
    return obs


def hand_value(position: SavingWaddlesPosition, seat: int) -> dict[str, JSON]:
    """The seat's own help cards by kind (private)."""
    # The seat number is part of the value so that two equal hands never look like a leak.
    return {"seat": seat, "cards": dict(zip(HELP_KINDS, position.hands[seat], strict=True))}


def resample_from_infostate(position: PositionT, seat: int, rng: random.Random) -> PositionT:
    """Redraw what ``seat`` cannot see: face-down path cards, the hidden Hut card, other
    hands, unseen face-down mischief cards and the order (here: contents) of the decks."""
    new = position.clone()
    hidden_slots = [i for i in range(SLOTS) if new.path_cards[i] >= 0 and not new.path_card_face_up[i]]
    shown = {new.path_cards[i] for i in range(SLOTS) if new.path_card_face_up[i]}
    pool = [c for c in range(SLOTS) if c not in shown]
    rng.shuffle(pool)
    for i, c in zip(hidden_slots, pool, strict=False):
        new.path_cards[i] = c
    if new.hut_card >= 0 and not new.hut_card_face_up:
        new.hut_card = rng.randrange(3)
    # help cards: the deck and the other hands are one unseen pool
    others = [o for o in range(new.settings.players) if o != seat]
    help_pool = [k for k, c in enumerate(new.help_deck) for _ in range(c)]
    for o in others:
        help_pool += [k for k, c in enumerate(new.hands[o]) for _ in range(c)]
    # Pools are shuffled from a canonical order: built in place order, they would carry
    # who really holds what into the draw (a search knowing its RNG could undo the shuffle).
    help_pool.sort()
    rng.shuffle(help_pool)
    for o in others:
        size = sum(new.hands[o])
        hand = [0] * len(HELP_KINDS)
        for k in help_pool[:size]:
            hand[k] += 1
        del help_pool[:size]
        new.hands[o] = hand
    new.help_deck = [help_pool.count(k) for k in range(len(HELP_KINDS))]
    # mischief: the deck and every card lying face down unseen are one unseen pool
    mischief_pool = [k for k, c in enumerate(new.mischief_deck) for _ in range(c)]
    mischief_pool += [c - HIDDEN for front in new.mischief_in_front for c in front if c >= HIDDEN]
    mischief_pool.sort()
    rng.shuffle(mischief_pool)
    for front in new.mischief_in_front:
        for i, c in enumerate(front):
            if c >= HIDDEN:
                front[i] = mischief_pool.pop() + HIDDEN
    new.mischief_deck = [mischief_pool.count(k) for k in range(len(MISCHIEF_KINDS))]
    return new
