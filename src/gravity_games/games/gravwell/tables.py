"""Action ids, stages and the tables computed once per game (card order, ability lookups)."""

from __future__ import annotations

from enum import IntEnum
from typing import get_args

from gravity_games.games.gravwell.data import (
    OWN_EFFECTS,
    RESPONSE_EFFECTS,
    REVEAL_EFFECTS,
    Condition,
    GravwellData,
)

CONDITIONS = get_args(Condition)

# Action ids (num_distinct_actions = 90):
#   0..39 a Fuel Card (play it; or the replacement card of Preact)
#   40..51 mine stack k; 52/53 mining direction left/right; 54..59 choose ship k;
#   60/61 start on the Inner/Outer Warp Gate; 62 pass (no ability / go on);
#   63..80 a unique ability (ship * 3 + slot): use it, or charge it at the end of a round;
#   81 Emergency Stop; 82/83 Precision: one space fewer / more; 84..89 drag the ship of seat k next.
MINE0 = 40
DIR_LEFT = 52
DIR_RIGHT = 53
SHIP0 = 54
GATE_INNER = 0
GATE_ACTION0 = 60
PASS = 62
ABILITY0 = 63
STOP = 81
TRIM_LESS = 82
TRIM_MORE = 83
DRAG0 = 84
NUM_ACTIONS = 90

TYPE_NAMES = ("tractor", "repulsor", "multi_tractor", "multi_repulsor")
TYPE_INDEX = {name: i for i, name in enumerate(TYPE_NAMES)}


class Stage(IntEnum):
    SHIP = 0
    GATE = 1
    DEAL = 2
    FORM = 3
    MINE = 4
    DIR = 5
    CHOOSE = 6
    REVEAL = 7
    PREACT = 8
    OWN = 9
    TRIM = 10
    RESPONSE = 11
    DRAG = 12
    CHARGE = 13
    END = 14


STAGE_NAMES = tuple(s.name.lower() for s in Stage)

STAGE_ACTIVITY = {
    "ship": "choosing a ship",
    "gate": "choosing a starting Warp Gate",
    "deal": "dealing the Fuel Cards",
    "form": "laying out the mining stacks",
    "mine": "mining a stack",
    "dir": "choosing the mining direction",
    "choose": "choosing a Fuel Card",
    "reveal": "deciding whether to use an ability before the cards resolve",
    "preact": "choosing the card to play instead (Preact)",
    "own": "deciding whether to use an ability on their card",
    "trim": "choosing one space fewer or more (Precision)",
    "response": "deciding whether to answer the card with an ability",
    "drag": "choosing which ship leaves the Warp Gate next",
    "charge": "charging a Ship Ability Card for the next round",
    "end": "the game is over",
}
"""What the seat to act is doing at each step, in words (views and error messages)."""

# The same stages as plain ints: the rules compare the stage at every step, and a module-level int
# is much cheaper to load and compare than an enum member. ``Stage`` stays for names and for bots.
(ST_SHIP, ST_GATE, ST_DEAL, ST_FORM, ST_MINE, ST_DIR, ST_CHOOSE, ST_REVEAL, ST_PREACT, ST_OWN, ST_TRIM,
 ST_RESPONSE, ST_DRAG, ST_CHARGE, ST_END) = range(len(Stage))
CHANCE_STAGES = frozenset({ST_DEAL, ST_FORM})
PLAYER_STAGES = frozenset(range(len(Stage))) - CHANCE_STAGES - {ST_END}
CARD_STAGES = frozenset({ST_CHOOSE, ST_PREACT})
"""Stages whose moves are the cards of the hand (the secret choice, Preact's replacement)."""


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
        b = data.board
        self.length = b.length
        self.debris = tuple(b.debris_fields)
        self.merton = b.merton_cloud
        self.waypoints = tuple(sorted({*b.debris_fields, b.merton_cloud}))
        self.symbols = tuple(c.symbol for c in data.cards)
        self.symbol_index = {s: i for i, s in enumerate(self.symbols)}
        self.cvalue = tuple(c.value for c in data.cards)
        self.ctype = tuple(TYPE_INDEX[c.type] for c in data.cards)
        self.rank = data.resolution_rank()
        self.deck = data.deck_for(players)
        self.ship_names = tuple(s.name for s in data.ships)
        self.ship_colours = tuple(s.colour for s in data.ships)
        # Per ship, per slot 1..3 (slot 0 is Emergency Stop): effect, condition, numbers, name.
        self.effect = [["stop"] + [a.effect for a in s.abilities] for s in data.ships]
        self.condition = [[""] + [a.condition for a in s.abilities] for s in data.ships]
        self.cond_value = [[0] + [a.condition_value for a in s.abilities] for s in data.ships]
        self.amount = [[0] + [a.amount for a in s.abilities] for s in data.ships]
        self.scope = [["any"] + [a.scope for a in s.abilities] for s in data.ships]
        self.ability_names = [["Emergency Stop"] + [a.name for a in s.abilities] for s in data.ships]
        self.own_slots = [[k for k in (1, 2, 3) if e[k] in OWN_EFFECTS] for e in self.effect]
        self.response_slots = [[k for k in (1, 2, 3) if e[k] in RESPONSE_EFFECTS] for e in self.effect]
        self.reveal_slots = [[k for k in (1, 2, 3) if e[k] in REVEAL_EFFECTS] for e in self.effect]
        self.standard = variant == "standard"
        # The seats answering a card of seat o, in order: starting left of o, around the table.
        self.seats_after = tuple(tuple((o + i) % players for i in range(1, players)) for o in range(players))
        # Precomputed per ship for the windows opened at every card: (slot, effect, scope, action id)
        # of its own-card abilities, (slot, effect, action id) of its responses and reveal abilities.
        ships = range(len(data.ships))
        self.own_abilities = [tuple((k, self.effect[sh][k], self.scope[sh][k], ABILITY0 + sh * 3 + k - 1)
                                    for k in self.own_slots[sh]) for sh in ships]
        # The own-card abilities that can apply to a Standard (index 0) or a Multipoint Beam (1), as
        # (slot, action id, effect) where the effect also needs a look at the position (a Swap Paint
        # or Waypoint target in reach, not cloaked yet; see AbilitiesMixin.own_in_reach), else None.
        self.own_by_kind = [tuple(tuple((k, action, effect if effect in POSITIONAL_OWN_EFFECTS else None)
                                        for k, effect, scope, action in self.own_abilities[sh]
                                        if own_fits_kind(effect, scope, multi))
                                  for multi in (False, True))
                            for sh in ships]
        self.response_abilities = [tuple((k, self.effect[sh][k], ABILITY0 + sh * 3 + k - 1)
                                         for k in self.response_slots[sh]) for sh in ships]
        self.reveal_abilities = [tuple((k, self.effect[sh][k], ABILITY0 + sh * 3 + k - 1)
                                       for k in self.reveal_slots[sh]) for sh in ships]
        # Charging: the conditions each ship's cards wait for, and the slots waiting for each one;
        # most events concern no card of the ship, and a set lookup says so at once.
        self.conditions = [frozenset(self.condition[sh][1:]) for sh in ships]
        self.cond_slots = [{c: tuple(k for k in (1, 2, 3) if self.condition[sh][k] == c)
                            for c in self.condition[sh][1:]} for sh in ships]
        self.value_conditions = [tuple((k, self.condition[sh][k] == "value_at_most", self.cond_value[sh][k])
                                       for k in (1, 2, 3)
                                       if self.condition[sh][k] in ("value_at_most", "value_at_least"))
                                 for sh in ships]
        # The slots a resolved card charges, per ship: by the card alone (its value, then its type:
        # played_repulsor before played_multipoint) and by its place in the order; each list in the
        # order the rule charges them, which is the order of the log lines.
        self.value_slots = [tuple(tuple(k for k, at_most, cv in self.value_conditions[sh]
                                        if (v <= cv if at_most else v >= cv)) for v in self.cvalue)
                            for sh in ships]
        self.first_slots = [self.cond_slots[sh].get("resolved_first", ()) for sh in ships]
        self.last_slots = [self.cond_slots[sh].get("resolved_last", ()) for sh in ships]
        self.type_slots = [tuple((self.cond_slots[sh].get("played_repulsor", ()) if kind in (1, 3) else ())
                                 + (self.cond_slots[sh].get("played_multipoint", ()) if kind >= 2 else ())
                                 for kind in self.ctype)
                           for sh in ships]
        # Chance outcomes: for each deck size, the (card, probability) pair of every card, built once,
        # so a chance node lists the pairs of the cards left instead of allocating new ones.
        n_cards = len(self.symbols)
        self.chance_pairs = [()] + [tuple((c, 1.0 / size) for c in range(n_cards)) for size in range(1, n_cards + 1)]
        # Format of the reveal log line: "Round r, phase p: <ship> <card>, <ship> <card>, ...".
        self.reveal_format = "Round %s, phase %s: " + ", ".join(["%s %s"] * players)
        # Log wording of every space, looked up instead of formatted at each move.
        self.space_names = tuple("the Inner Warp Gate" if x == 0 else "the Outer Warp Gate" if x == self.length
                                 else f"space {x}" for x in range(self.length + 1))
        n_cards = len(self.symbols)
        # observation tensor layout (see rules_views.encode_observation)
        n = players
        self.per_seat = 6 + 4 + 4 + 3 + 4 + 1 + 2 * n_cards
        self.tensor_size = (2 + len(STAGE_NAMES) + (n + 1) + 2 + n * self.per_seat + n + (n + 1) + 12 + 4 + 1
                            + 2 * n * (n_cards + 2) + 2 * n_cards + n + n + n + 2 * n * n + 2 + n_cards)

    def initial_charge(self) -> list[bool]:
        """Emergency Stop starts charged; "Make It Count" charges every card at the start."""
        if self.variant == "make-it-count":
            return [True, True, True, True]
        return [True, False, False, False]

    def ability_action(self, ship: int, slot: int) -> int:
        return STOP if slot == 0 else ABILITY0 + ship * 3 + slot - 1

    def action_ability(self, action: int) -> tuple[int, int]:
        """(ship, slot) of an ability action."""
        if action == STOP:
            return -1, 0
        k = action - ABILITY0
        return k // 3, k % 3 + 1
