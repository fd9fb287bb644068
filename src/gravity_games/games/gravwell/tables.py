"""Action ids, beam types and the tables computed once per game (card order, ability lookups).

Nothing here reads a position: the tables follow from the data, the player count and the variant.
"""

from __future__ import annotations

from enum import IntEnum
from typing import Final, NamedTuple, get_args

from gravity_games.games.gravwell.data import (
    OWN_EFFECTS,
    RESPONSE_EFFECTS,
    REVEAL_EFFECTS,
    Condition,
    GravwellData,
)

CONDITIONS: Final[tuple[str, ...]] = get_args(Condition)
CONDITION_BIT: Final[dict[str, int]] = {condition: 1 << index for index, condition in enumerate(CONDITIONS)}
"""Each charging condition as one bit, so a seat's awaited conditions are one int to test."""

# Action ids (num_distinct_actions = 90):
#   0..39 a Fuel Card (play it; or the replacement card of Preact)
#   40..51 mine stack k; 52/53 mining direction left/right; 54..59 choose ship k;
#   60/61 start on the Inner/Outer Warp Gate; 62 pass (no ability / go on);
#   63..80 a unique ability (ship * 3 + slot): use it, or charge it at the end of a round;
#   81 Emergency Stop; 82/83 Precision: one space fewer / more; 84..89 drag the ship of seat k next.
MINE0: Final = 40
DIR_LEFT: Final = 52
DIR_RIGHT: Final = 53
SHIP0: Final = 54
GATE_ACTION0: Final = 60
PASS: Final = 62
ABILITY0: Final = 63
STOP: Final = 81
TRIM_LESS: Final = 82
TRIM_MORE: Final = 83
DRAG0: Final = 84
NUM_ACTIONS: Final = 90


class BeamType(IntEnum):
    """The four Fuel Card types. Bit 1 is "Multipoint", bit 0 "Repulsor": Flail and Multiplex
    Dynamo add or take away ``MULTIPOINT``, Inverter flips ``REPULSOR``."""

    TRACTOR = 0
    REPULSOR = 1
    MULTIPOINT_TRACTOR = 2
    MULTIPOINT_REPULSOR = 3


TRACTOR_BEAM: Final = 0
REPULSOR_BEAM: Final = 1
MULTIPOINT_TRACTOR_BEAM: Final = 2
MULTIPOINT_REPULSOR_BEAM: Final = 3
"""The beam types as module constants for the rule functions (cheaper to read than enum members)."""

MULTIPOINT: Final = 2
"""Added to a Standard Beam's type makes it the Multipoint Beam of the same kind (and back)."""
REPULSOR: Final = 1
"""The bit of a beam type that makes it a Repulsor."""

TYPE_NAMES = ("tractor", "repulsor", "multi_tractor", "multi_repulsor")
"""The data's and the JSON's names of the beam types, in ``BeamType`` order."""
TYPE_INDEX = {name: i for i, name in enumerate(TYPE_NAMES)}

EMERGENCY_STOP_SLOT: Final = 0
UNIQUE_SLOTS: Final = (1, 2, 3)
"""Slot 0 of a ship's four Ship Ability Cards is the Emergency Stop; 1..3 are its unique abilities."""


class OwnAbility(NamedTuple):
    """An own-card ability of a ship: its slot, effect, scope and action id."""

    slot: int
    effect: str
    scope: str
    action: int


class OwnOption(NamedTuple):
    """An own-card ability that can apply to a kind of card; ``positional`` is its effect when the
    position must be looked at too (a Swap Paint or Waypoint target in reach, not cloaked yet)."""

    slot: int
    action: int
    positional: str | None


class WindowAbility(NamedTuple):
    """A response or reveal-time ability of a ship: its slot, effect and action id."""

    slot: int
    effect: str
    action: int


class ValueCondition(NamedTuple):
    """A charging condition on a resolved card's printed value (at most / at least ``value``)."""

    slot: int
    at_most: bool
    value: int


class SeatLookups(NamedTuple):
    """What follows from the ships the seats hold (see :func:`seat_lookups`)."""

    names: tuple[str, ...]
    watchers: dict[str, tuple[int, ...]]
    awaited: tuple[frozenset[str], ...]
    reveal_seats: tuple[int, ...]
    awaited_bits: tuple[int, ...]


POSITIONAL_OWN_EFFECTS = frozenset({"swap", "waypoint", "cloak"})
"""Own-card abilities whose use depends on the position as well as on the kind of card."""


def own_fits_kind(effect: str, scope: str, multi: bool) -> bool:
    """Can an own-card ability apply to a Multipoint (``multi``) or a Standard Beam card?

    Boost works on any card when its scope says so, else on Standard Beams only; Reverse, Precision,
    Flail, Swap Paint and Waypoint change Standard Beams only, Dynamo a Multipoint Beam only; Cloak,
    Echo Drive and Inverter work on either.
    """
    if effect == "boost":
        return scope == "any" or not multi
    if effect in ("reverse", "trim", "flail", "swap", "waypoint"):
        return not multi
    if effect == "dynamo":
        return multi
    return effect in ("cloak", "echo", "invert")


class Tables:
    """Everything derived from the data and parameters that the rules read at every step."""

    def __init__(self, data: GravwellData, players: int, variant: str) -> None:
        self.data = data
        self.players = players
        self.variant = variant
        self.standard = variant == "standard"
        """Only the standard variant charges abilities by events."""
        board = data.board
        self.length = board.length
        self.debris = tuple(board.debris_fields)
        self.merton = board.merton_cloud
        self.waypoints = tuple(sorted({*board.debris_fields, board.merton_cloud}))
        self.symbols = tuple(c.symbol for c in data.cards)
        self.symbol_index = {s: i for i, s in enumerate(self.symbols)}
        self.card_value = tuple(c.value for c in data.cards)
        self.card_type = tuple(TYPE_INDEX[c.type] for c in data.cards)
        self.resolution_rank = data.resolution_rank()
        self.delayed_rank = len(self.symbols)
        """Added to the rank of a card Foresight delays: after every card's rank."""
        self.deck: list[int] = list(data.deck_for(players))
        """The cards of the deck for this player count, in id order (a deck laid out is a copy)."""
        self.deck_presence: list[bool] = [card in self.deck for card in range(len(self.symbols))]
        """The full deck as a presence vector (``GravwellPosition.in_deck``): per card id, in it or not."""
        self.ship_names = tuple(s.name for s in data.ships)
        self.ship_colours = tuple(s.colour for s in data.ships)
        # Per ship, per slot 0..3 (slot 0 is Emergency Stop): effect, condition, numbers, name.
        self.effect = [["stop"] + [a.effect for a in s.abilities] for s in data.ships]
        self.condition = [[""] + [a.condition for a in s.abilities] for s in data.ships]
        self.condition_value = [[0] + [a.condition_value for a in s.abilities] for s in data.ships]
        self.amount = [[0] + [a.amount for a in s.abilities] for s in data.ships]
        self.scope = [["any"] + [a.scope for a in s.abilities] for s in data.ships]
        self.ability_names = [["Emergency Stop"] + [a.name for a in s.abilities] for s in data.ships]
        own_slots = [[k for k in UNIQUE_SLOTS if e[k] in OWN_EFFECTS] for e in self.effect]
        response_slots = [[k for k in UNIQUE_SLOTS if e[k] in RESPONSE_EFFECTS] for e in self.effect]
        reveal_slots = [[k for k in UNIQUE_SLOTS if e[k] in REVEAL_EFFECTS] for e in self.effect]
        # The seats answering a card of seat o, in order: starting left of o, around the table. Lists
        # (never changed) so that the response queue of each card is a slice copy, not a conversion.
        self.seats_after: tuple[list[int], ...] = tuple(
            [(o + i) % players for i in range(1, players)] for o in range(players)
        )
        # Per ship, for the windows opened at every card: its own-card abilities, its responses and
        # its reveal-time abilities.
        ships = range(len(data.ships))
        self.own_abilities = [
            tuple(OwnAbility(k, self.effect[sh][k], self.scope[sh][k], ability_action(sh, k)) for k in own_slots[sh])
            for sh in ships
        ]
        # The own-card abilities that can apply to a Standard (index 0) or a Multipoint Beam (1).
        self.own_by_kind = [
            tuple(
                tuple(
                    OwnOption(a.slot, a.action, a.effect if a.effect in POSITIONAL_OWN_EFFECTS else None)
                    for a in self.own_abilities[sh]
                    if own_fits_kind(a.effect, a.scope, multi)
                )
                for multi in (False, True)
            )
            for sh in ships
        ]
        self.response_abilities = [
            tuple(WindowAbility(k, self.effect[sh][k], ability_action(sh, k)) for k in response_slots[sh])
            for sh in ships
        ]
        self.reveal_abilities = [
            tuple(WindowAbility(k, self.effect[sh][k], ability_action(sh, k)) for k in reveal_slots[sh]) for sh in ships
        ]
        # Charging: the conditions each ship's cards wait for, and the slots waiting for each one;
        # most events concern no card of the ship, and a set lookup says so at once.
        self.conditions = [frozenset(self.condition[sh][1:]) for sh in ships]
        self.condition_slots = [
            {c: tuple(k for k in UNIQUE_SLOTS if self.condition[sh][k] == c) for c in self.condition[sh][1:]}
            for sh in ships
        ]
        self.value_conditions = [
            tuple(
                ValueCondition(k, self.condition[sh][k] == "value_at_most", self.condition_value[sh][k])
                for k in UNIQUE_SLOTS
                if self.condition[sh][k] in ("value_at_most", "value_at_least")
            )
            for sh in ships
        ]
        # The slots a resolved card charges, per ship: by the card alone (its value, then its type:
        # played_repulsor before played_multipoint) and by its place in the order; each list in the
        # order the rule charges them, which is the order of the log lines.
        self.value_slots = [
            tuple(
                tuple(c.slot for c in self.value_conditions[sh] if (v <= c.value if c.at_most else v >= c.value))
                for v in self.card_value
            )
            for sh in ships
        ]
        self.first_slots = [self.condition_slots[sh].get("resolved_first", ()) for sh in ships]
        self.last_slots = [self.condition_slots[sh].get("resolved_last", ()) for sh in ships]
        self.type_slots = [
            tuple(
                (self.condition_slots[sh].get("played_repulsor", ()) if kind & REPULSOR else ())
                + (self.condition_slots[sh].get("played_multipoint", ()) if kind & MULTIPOINT else ())
                for kind in self.card_type
            )
            for sh in ships
        ]
        # Chance outcomes: for each deck size, the (card, probability) pair of every card, built once,
        # so a chance node lists the pairs of the cards left instead of allocating new ones.
        # Typed as plain objects on purpose: compiled code holds a ``tuple[int, float]`` unboxed, so
        # reading one out of a typed table would build a new tuple (and float) for every outcome.
        card_count = len(self.symbols)
        self.chance_pairs: list[list[object]] = [[]] + [
            [(c, 1.0 / size) for c in range(card_count)] for size in range(1, card_count + 1)
        ]
        # Format of the reveal log line: "Round r, phase p: <ship> <card>, <ship> <card>, ...".
        self.reveal_format = "Round %s, phase %s: " + ", ".join(["%s %s"] * players)
        # Log wording of every space, looked up instead of formatted at each move.
        self.space_names = tuple(
            "the Inner Warp Gate" if x == 0 else "the Outer Warp Gate" if x == self.length else f"space {x}"
            for x in range(self.length + 1)
        )
        self.lookups_by_ships: dict[tuple[int, ...], SeatLookups] = {}
        """The cache of :func:`seat_lookups` by the ships the seats hold: every game of this table
        goes through the same few ship choices, and working the lookups out again built dicts,
        frozensets and tuples per choice (never changed once made, so one copy serves every game)."""

    def initial_charge(self) -> list[bool]:
        """Emergency Stop starts charged; "Make It Count" charges every card at the start."""
        if self.variant == "make-it-count":
            return [True, True, True, True]
        return [True, False, False, False]


def ability_action(ship: int, slot: int) -> int:
    """The action id that uses (or charges) a ship's Ship Ability Card in ``slot``."""
    return STOP if slot == EMERGENCY_STOP_SLOT else ABILITY0 + ship * 3 + slot - 1


def action_ability(action: int) -> tuple[int, int]:
    """(ship, slot) of an ability action (ship -1 for the Emergency Stop every ship has)."""
    if action == STOP:
        return -1, EMERGENCY_STOP_SLOT
    k = action - ABILITY0
    return k // 3, k % 3 + 1


def seat_lookups(tables: Tables, ships: list[int]) -> SeatLookups:
    """:func:`work_out_seat_lookups` for ``ships``, made once per table and ship choice."""
    key = tuple(ships)
    lookups = tables.lookups_by_ships.get(key)
    if lookups is None:
        lookups = work_out_seat_lookups(tables, ships)
        tables.lookups_by_ships[key] = lookups
    return lookups


def work_out_seat_lookups(tables: Tables, ships: list[int]) -> SeatLookups:
    """What follows from the ships the seats hold, so an event nobody waits for costs one lookup.

    Each seat's name in the log; per charging condition, the seats with a card waiting for it and,
    per seat, the conditions its cards wait for (both empty outside the standard variant); the
    seats whose ship has a reveal-time ability.
    """
    names = tuple(tables.ship_names[k] if k >= 0 else f"Seat {s}" for s, k in enumerate(ships))
    watchers: dict[str, tuple[int, ...]] = {condition: () for condition in CONDITIONS}
    if tables.standard:
        for s, k in enumerate(ships):  # seat by seat, so every tuple is in seat order
            if k >= 0:
                for c in tables.conditions[k]:
                    watchers[c] = (*watchers[c], s)
    empty: frozenset[str] = frozenset()
    awaited = tuple(tables.conditions[k] if tables.standard and k >= 0 else empty for k in ships)
    reveal_seats = tuple(s for s, k in enumerate(ships) if k >= 0 and tables.reveal_abilities[k])
    awaited_bits = tuple(sum(CONDITION_BIT[c] for c in conditions) for conditions in awaited)
    return SeatLookups(names, watchers, awaited, reveal_seats, awaited_bits)
