"""The canonical position document of Gravwell: ``dump(position)`` and ``load(position, body)``.

The document is a public contract (records and saved games hold it): its field names are the older,
shorter ones (``pos``, ``es_used``, ``mods``...), which ``FIELDS`` lists and docs/games/gravwell.md
("State JSON") describes; the position's own attributes have full names. Cards are written by symbol,
stages and beam types by name.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from gravity_games.core.api import JSON, InvalidStateError
from gravity_games.games.gravwell.state import (
    INNER_GATE,
    NO_CARD,
    NO_SEAT,
    OUTER_GATE,
    STAGE_NAMES,
    STAGE_TRIM,
    GravwellPosition,
    Result,
    fill_deck,
    set_modifiers,
)
from gravity_games.games.gravwell.tables import TYPE_NAMES

FIELDS = (
    "stage", "actor", "round", "phase", "pos", "start", "ship", "junk", "hands", "known", "chosen",
    "revealed", "deck", "stacks", "taken", "form", "mine_order", "mine_idx", "charged", "es_used",
    "order", "res_idx", "delayed", "queue", "cloaked", "resolving", "eff_type", "eff_value", "mods",
    "shielded", "coasted", "latchers", "drag", "echo", "last_cards", "winners", "reason", "dealt",
    "discards",
)  # fmt: skip
"""The fields of the document's ``state`` body, every one required."""


def dump(position: GravwellPosition) -> dict[str, JSON]:
    """The whole position, hidden cards included, as the canonical JSON body."""
    symbols = position.tables.symbols

    def sym(card: int) -> str | None:
        return symbols[card] if card != NO_CARD else None

    # While Precision's choice is open the document holds its amount as the last entry of ``queue``.
    queue = list(position.window_queue)
    if position.stage == STAGE_TRIM and position.precision_amount:
        queue.append(position.precision_amount)
    return {
        "stage": STAGE_NAMES[position.stage],
        "actor": position.actor,
        "round": position.round,
        "phase": position.phase,
        "pos": list(position.ship_spaces),
        "start": ["inner" if g == INNER_GATE else "outer" for g in position.start_gate],
        "ship": [position.tables.ship_names[k] if k != NO_SEAT else None for k in position.ships],
        "junk": list(position.junk_spaces),
        "hands": [[sym(c) for c in h] for h in position.hands],
        "known": [[sym(c) for c in h] for h in position.known_cards],
        "chosen": [sym(c) for c in position.chosen],
        "revealed": position.revealed,
        "deck": [sym(c) for c in position.deck],
        "stacks": [[sym(c) for c in st] for st in position.stacks],
        "taken": list(position.stack_taken_by),
        "form": position.stack_cards_laid,
        "dealt": position.cards_dealt,
        "mine_order": list(position.mining_order),
        "mine_idx": position.mining_index,
        "charged": [list(c) for c in position.charged],
        "es_used": list(position.emergency_stop_used),
        "order": list(position.resolution_order),
        "res_idx": position.resolution_index,
        "delayed": list(position.delayed_seats),
        "queue": queue,
        "cloaked": list(position.cloaked),
        "resolving": position.resolving_seat,
        "eff_type": TYPE_NAMES[position.card_type],
        "eff_value": position.card_value,
        "mods": list(position.modifiers),
        "shielded": list(position.shielded_seats),
        "coasted": list(position.coasting_seats),
        "latchers": list(position.latching_seats),
        "drag": [list(g) for g in position.drag_groups],
        "echo": position.echoes,
        "last_cards": [sym(c) for c in position.last_cards],
        "discards": [sym(c) for c in position.discards],
        "winners": list(position.winners),
        "reason": position.result.value,
    }


def _bad(what: str) -> InvalidStateError:
    return InvalidStateError(f"gravwell state: {what}")


def load(position: GravwellPosition, body: Mapping[str, Any]) -> None:
    """Fill a fresh ``position`` from a ``dump`` body, naming the first field that is wrong."""
    t = position.tables
    n = len(position.ship_spaces)
    length = position.track_length
    missing = [f for f in FIELDS if f not in body]
    if missing:
        raise _bad(f"missing field(s) {', '.join(missing)}")

    def card(x: Any, field: str) -> int:
        if x is None:
            return NO_CARD
        if x not in t.symbol_index:
            raise _bad(f"{field}: unknown card {x!r}; cards are {', '.join(t.symbols)}")
        return t.symbol_index[x]

    def cards(xs: Any, field: str) -> list[int]:
        if not isinstance(xs, list):
            raise _bad(f"{field} must be a list of card symbols")
        return [card(x, field) for x in xs]

    def per_seat(field: str) -> list[Any]:
        v = body[field]
        if not isinstance(v, list) or len(v) != n:
            raise _bad(f"{field} must be a list with one entry per seat ({n})")
        return list(v)

    def integer(field: str, lo: int, hi: int) -> int:
        v = body[field]
        if not isinstance(v, int) or isinstance(v, bool) or not lo <= v <= hi:
            raise _bad(f"{field} must be a whole number from {lo} to {hi}, got {v!r}")
        return v

    if body["stage"] not in STAGE_NAMES:
        raise _bad(f"stage {body['stage']!r} unknown; stages: {', '.join(STAGE_NAMES)}")
    position.stage = STAGE_NAMES.index(body["stage"])
    position.actor = integer("actor", 0, n - 1)
    position.round = integer("round", 0, 7)
    position.phase = integer("phase", 0, 6)
    spaces = per_seat("pos")
    if any(not isinstance(p, int) or not 0 <= p <= length for p in spaces):
        raise _bad(f"pos entries must be spaces 0..{length}")
    starts = per_seat("start")
    if any(g not in ("inner", "outer") for g in starts):
        raise _bad("start entries must be 'inner' or 'outer'")
    for s, g in enumerate(starts):
        inner = g == "inner"
        position.start_gate[s] = INNER_GATE if inner else OUTER_GATE
        position.goal_space[s] = length if inner else 0
        position.forward_direction[s] = 1 if inner else -1
    position.ship_spaces = [int(p) for p in spaces]
    ships = per_seat("ship")
    position.ships = []
    for x in ships:
        if x is not None and x not in t.ship_names:
            raise _bad(f"ship {x!r} unknown; ships are {', '.join(t.ship_names)}")
        position.ships.append(t.ship_names.index(x) if x is not None else NO_SEAT)
    position.ships_assigned()
    junk = body["junk"]
    # 0 and L (a Warp Gate, as in pos) came with junk entering gates; documents of before hold 1..L-1 only
    if (
        not isinstance(junk, list)
        or len(junk) != 2
        or any(isinstance(j, bool) or not isinstance(j, int) or not 0 <= j <= length for j in junk)
    ):
        raise _bad(
            f"junk must list the two Space Junk places, each a space 1..{length - 1} "
            f"or a Warp Gate (0 Inner, {length} Outer)"
        )
    position.junk_spaces = list(junk)
    position.hands = [cards(h, "hands") for h in per_seat("hands")]
    position.known_cards = [cards(h, "known") for h in per_seat("known")]
    position.chosen = [card(c, "chosen") for c in per_seat("chosen")]
    position.revealed = bool(body["revealed"])
    fill_deck(position, cards(body["deck"], "deck"))
    stacks = body["stacks"]
    if not isinstance(stacks, list) or any(not isinstance(st, list) or len(st) != 3 for st in stacks):
        raise _bad("stacks must be a list of [face down, face up, face up] card triples")
    position.stacks = [cards(st, "stacks") for st in stacks]
    position.stack_taken_by = [int(x) for x in body["taken"]]
    if len(position.stack_taken_by) != len(position.stacks):
        raise _bad("taken needs one entry per stack (-1 for a stack still on the table)")
    position.stack_cards_laid = integer("form", 0, 36)
    position.cards_dealt = integer("dealt", 0, 36)
    position.mining_order = [int(x) for x in body["mine_order"]]
    position.mining_index = integer("mine_idx", 0, 12)
    charged = per_seat("charged")
    if any(not isinstance(c, list) or len(c) != 4 for c in charged):
        raise _bad("charged needs four booleans per seat (Emergency Stop and the three ship cards)")
    position.charged = [[bool(x) for x in c] for c in charged]
    position.emergency_stop_used = [bool(x) for x in per_seat("es_used")]
    position.resolution_order = [int(x) for x in body["order"]]
    position.resolution_index = integer("res_idx", 0, 6)
    position.delayed_seats = [int(x) for x in body["delayed"]]
    position.window_queue = [int(x) for x in body["queue"]]
    position.precision_amount = 0
    if position.stage == STAGE_TRIM and position.window_queue:
        position.precision_amount = position.window_queue.pop()
    position.cloaked = [bool(x) for x in per_seat("cloaked")]
    position.resolving_seat = integer("resolving", -1, n - 1)
    if body["eff_type"] not in TYPE_NAMES:
        raise _bad(f"eff_type must be one of {', '.join(TYPE_NAMES)}")
    position.card_type = TYPE_NAMES.index(body["eff_type"])
    position.card_value = integer("eff_value", 0, 99)
    set_modifiers(position, [str(m) for m in body["mods"]])
    position.shielded_seats = [int(x) for x in body["shielded"]]
    position.coasting_seats = [int(x) for x in body["coasted"]]
    position.latching_seats = [int(x) for x in body["latchers"]]
    position.drag_groups = [[int(x) for x in g] for g in body["drag"]]
    position.echoes = integer("echo", 0, 1)
    position.last_cards = [card(c, "last_cards") for c in per_seat("last_cards")]
    position.discards = cards(body["discards"], "discards")
    position.winners = [int(x) for x in body["winners"]]
    reason = str(body["reason"])
    if reason not in {r.value for r in Result}:
        raise _bad(f"reason must be one of {', '.join(repr(r.value) for r in Result)}, got {reason!r}")
    position.result = Result(reason)
    _check_cards(position)


def _check_cards(position: GravwellPosition) -> None:
    """Every card is in one place at most; known cards are in their seat's hand."""
    t = position.tables
    seen: dict[int, str] = {}
    places = [("hands", c) for h in position.hands for c in h]
    places += [("chosen", c) for c in position.chosen if c != NO_CARD]
    places += [("deck", c) for c in position.deck] + [("discards", c) for c in position.discards]
    places += [
        ("stacks", c)
        for k, st in enumerate(position.stacks)
        if position.stack_taken_by[k] == NO_SEAT
        for c in st
        if c != NO_CARD
    ]
    for where, c in places:
        if c in seen:
            raise _bad(f"card {t.symbols[c]} is in two places ({seen[c]} and {where})")
        seen[c] = where
    for s in range(len(position.ship_spaces)):
        if any(c not in position.hands[s] and c != position.chosen[s] for c in position.known_cards[s]):
            raise _bad(f"known cards of seat {s} must be in that seat's hand (or its face-down card)")
