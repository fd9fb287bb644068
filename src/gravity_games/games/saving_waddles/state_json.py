"""The canonical position document of Saving Waddles: ``to_json()["state"]`` both ways.

The document's field names are a public contract and predate the position's full-word
attribute names: :data:`FIELDS` maps each to its attribute. Phases and roll purposes are
written by name; a mischief card in front of a player is its kind id, plus 8 when it lies
face down unseen.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from gravity_games.core.api import JSON, InvalidStateError

from .data import HELP_KINDS, MISCHIEF_KINDS, SLOTS
from .state import HIDDEN, P_SETUP_HUT, P_SETUP_PATH, PHASES, ROLL_FOR, SavingWaddlesPosition, seat_names

FIELDS: Final = (
    "slots", "slot_up", "hut", "hut_up", "heroes", "pos", "lying", "waddles", "carrier", "hands",
    "help_deck", "help_discard", "mischief_deck", "mischief_discard", "front", "turn", "turns_taken",
    "steps", "phase", "die", "roll_for", "mabel_used", "help_plus", "pending_mischief", "pending_help",
    "extra_turns", "carried_steps", "draw_hidden", "discard_for", "stage", "winner", "reason",
)  # fmt: skip
"""The document's fields, in the order they are written."""


def dump(position: SavingWaddlesPosition) -> dict[str, JSON]:
    """The full position as JSON (the ``state`` part of ``to_json``), hidden information included."""
    return {
        "slots": list(position.path_cards),
        "slot_up": list(position.path_card_face_up),
        "hut": position.hut_card,
        "hut_up": position.hut_card_face_up,
        "heroes": list(position.heroes),
        "pos": list(position.positions),
        "lying": list(position.lying),
        "waddles": position.waddles_position,
        "carrier": position.waddles_carrier,
        "hands": [list(hand) for hand in position.hands],
        "help_deck": list(position.help_deck),
        "help_discard": list(position.help_discard),
        "mischief_deck": list(position.mischief_deck),
        "mischief_discard": list(position.mischief_discard),
        "front": [list(front) for front in position.mischief_in_front],
        "turn": position.turn,
        "turns_taken": position.turns_taken,
        "steps": position.steps,
        "phase": PHASES[position.phase],
        "die": position.die,
        "roll_for": ROLL_FOR[position.roll_purpose],
        "mabel_used": position.mabel_used,
        "help_plus": position.help_space_bonus,
        "pending_mischief": position.pending_mischief,
        "pending_help": position.pending_help,
        "extra_turns": position.extra_turns,
        "carried_steps": position.carried_steps,
        "draw_hidden": position.draw_face_down,
        "discard_for": position.discard_reason,
        "stage": position.turn_stage,
        "winner": position.winner,
        "reason": position.reason,
    }


def load(position: SavingWaddlesPosition, body: Mapping[str, Any]) -> None:
    """Fill a fresh position of the document's game from ``body``; a bad document raises InvalidStateError."""
    missing = [f for f in FIELDS if f not in body]
    if missing:
        raise InvalidStateError(f"saving-waddles state is missing field(s): {', '.join(missing)}")
    if body["phase"] not in PHASES:
        raise InvalidStateError(f"unknown phase {body['phase']!r}; allowed: {', '.join(PHASES)}")
    if body["roll_for"] not in ROLL_FOR:
        raise InvalidStateError(f"unknown roll_for {body['roll_for']!r}; allowed: {', '.join(ROLL_FOR)}")
    position.path_cards = [int(x) for x in body["slots"]]
    position.path_card_face_up = [bool(x) for x in body["slot_up"]]
    position.hut_card = body["hut"]
    position.hut_card_face_up = body["hut_up"]
    position.heroes = [int(x) for x in body["heroes"]]
    position.seat_names = seat_names(position.heroes)
    position.positions = [int(x) for x in body["pos"]]
    position.lying = [bool(x) for x in body["lying"]]
    position.waddles_position = body["waddles"]
    position.waddles_carrier = body["carrier"]
    position.hands = [[int(c) for c in hand] for hand in body["hands"]]
    position.help_deck = [int(x) for x in body["help_deck"]]
    position.help_discard = [int(x) for x in body["help_discard"]]
    position.mischief_deck = [int(x) for x in body["mischief_deck"]]
    position.mischief_discard = [int(x) for x in body["mischief_discard"]]
    position.mischief_in_front = [[int(c) for c in front] for front in body["front"]]
    position.turn = body["turn"]
    position.turns_taken = body["turns_taken"]
    position.steps = body["steps"]
    position.phase = PHASES.index(body["phase"])
    position.die = body["die"]
    position.roll_purpose = ROLL_FOR.index(body["roll_for"])
    position.mabel_used = body["mabel_used"]
    position.help_space_bonus = body["help_plus"]
    position.pending_mischief = body["pending_mischief"]
    position.pending_help = body["pending_help"]
    position.extra_turns = body["extra_turns"]
    position.carried_steps = body["carried_steps"]
    position.draw_face_down = body["draw_hidden"]
    position.discard_reason = body["discard_for"]
    position.turn_stage = body["stage"]
    position.winner = body["winner"]
    position.reason = body["reason"]
    _check_shape(position)


def _check_shape(position: SavingWaddlesPosition) -> None:
    """The document's lists have the right lengths and its cards add up to the game's mix."""

    def need(ok: bool, what: str) -> None:
        if not ok:
            raise InvalidStateError(f"saving-waddles state: {what}")

    settings = position.settings
    n = settings.players
    need(
        len(position.path_cards) == SLOTS and len(position.path_card_face_up) == SLOTS,
        f"slots and slot_up need {SLOTS} entries",
    )
    need(all(-1 <= c < SLOTS for c in position.path_cards), f"slots hold path card ids 0-{SLOTS - 1} or -1")
    need(-1 <= position.hut_card < 3, "hut is a Hut of Wonders card id 0-2 or -1")
    if position.phase not in (P_SETUP_PATH, P_SETUP_HUT):
        need(-1 not in position.path_cards, "every path card is dealt once setup is over")
        need(settings.simple or position.hut_card >= 0, "the Hut of Wonders card is dealt once setup is over")
        need(sorted(position.path_cards) == list(range(SLOTS)), "each path card lies in exactly one place")
    per_seat: dict[str, list[Any]] = {
        "heroes": position.heroes,
        "pos": position.positions,
        "lying": position.lying,
        "hands": position.hands,
        "front": position.mischief_in_front,
    }
    for name, values in per_seat.items():
        need(len(values) == n, f"{name} needs one entry per seat ({n})")
    last = settings.last
    need(all(0 <= p <= last for p in position.positions), f"positions lie on the track, 0-{last}")
    need(
        all(len(hand) == len(HELP_KINDS) for hand in position.hands),
        f"each hand counts the {len(HELP_KINDS)} help kinds",
    )
    need(
        -1 <= position.waddles_position <= last and -1 <= position.waddles_carrier < n,
        "waddles/carrier out of range",
    )
    need(0 <= position.turn < n, f"turn is a seat 0-{n - 1}")
    total_help = [
        deck + discard + sum(hand[k] for hand in position.hands)
        for k, (deck, discard) in enumerate(zip(position.help_deck, position.help_discard, strict=True))
    ]
    need(settings.simple or total_help == settings.help_mix, f"help cards must add up to the mix {settings.help_mix}")
    total_mischief = [
        deck + discard for deck, discard in zip(position.mischief_deck, position.mischief_discard, strict=True)
    ]
    for front in position.mischief_in_front:
        for code in front:
            ok = 0 <= code % HIDDEN < len(MISCHIEF_KINDS) and code < HIDDEN + len(MISCHIEF_KINDS)
            need(ok, f"front holds mischief codes 0-5 (seen) or 8-13 (face down unseen), got {code}")
            total_mischief[code % HIDDEN] += 1
    need(
        settings.simple or total_mischief == settings.mischief_mix,
        f"mischief cards must add up to the mix {settings.mischief_mix}",
    )
