"""The Gravwell position: every field of a game in progress, typed and named in full words.

No rule is carried out here: the rules are the functions of ``rules_*.py``, and
:class:`~gravity_games.games.gravwell.rules.GravwellState` is this position with the game's API.
Spaces are absolute: 0 is the Inner Warp Gate, ``track_length`` the Outer Warp Gate, 1..L-1 the
spaces of the spiral arm. A direction is +1 (toward the Outer Warp Gate) or -1. Cards are card ids
(the index of the card in the data); -1 is "no card". The canonical JSON of a position (its field
names are older and shorter) is written and read by :mod:`.state_json`.
"""

from __future__ import annotations

from enum import IntEnum, StrEnum
from typing import Final

from mypy_extensions import i64

from gravity_games.core.api import Game, State
from gravity_games.games.gravwell.tables import Tables, seat_lookups

ROUNDS: Final = 6
"""A game lasts at most six Rounds."""
PHASES: Final = 6
"""Each Round has six Movement Phases, one per card in hand."""
HAND: Final = 6
"""Round 1 deals six Fuel Cards to each player."""
NO_CARD: Final = -1
"""The card id of an empty place (no card chosen, a stack card not drawn yet)."""
NO_SEAT: Final = -1
"""The seat of nobody (no card resolving, a stack nobody took, a seat without a ship yet)."""
INNER_GATE: Final = 0
"""``start_gate`` of a ship that started on the Inner Warp Gate (1: the Outer one)."""
OUTER_GATE: Final = 1
MAX_SHIPS_PER_GATE: Final = 3
SEAT_SLOTS: Final = 8
"""More than the most seats (6): a seat packed into the low digits of a sort key (``key * SEAT_SLOTS + seat``)."""
"""With 5-6 players no more than 3 ships can start on the same Warp Gate."""


class Stage(IntEnum):
    """The step of the game: what the seat to act (or chance) decides now."""

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


# The stages as plain int module constants, for the rule functions: an enum member read as
# ``Stage.OWN`` is looked up through the enum class at every use and compares slower than an int
# (several times the cost in CPython 3.11). They are literals (tests check they equal the enum's
# values) so that mypyc inlines them: a ``Final`` bound to an expression is read from a static
# with a check, and a name that is not ``Final`` is looked up in the module's dict at every use.
STAGE_SHIP: Final = 0
STAGE_GATE: Final = 1
STAGE_DEAL: Final = 2
STAGE_FORM: Final = 3
STAGE_MINE: Final = 4
STAGE_DIR: Final = 5
STAGE_CHOOSE: Final = 6
STAGE_REVEAL: Final = 7
STAGE_PREACT: Final = 8
STAGE_OWN: Final = 9
STAGE_TRIM: Final = 10
STAGE_RESPONSE: Final = 11
STAGE_DRAG: Final = 12
STAGE_CHARGE: Final = 13
STAGE_END: Final = 14

# The modifiers a rule asks about, one bit each, so "is this card stopped / swapped / jammed" is one
# bit test on ``GravwellPosition.modifier_kinds`` instead of a search of the modifier strings (each a
# generic string comparison when compiled). The strings themselves (``modifiers``) stay: they are
# what the views and the JSON show, in the order the abilities were used.
MODIFIER_STOP: Final = 1
MODIFIER_SWAP: Final = 2
MODIFIER_WAYPOINT: Final = 4
MODIFIER_REVERSE: Final = 8
MODIFIER_REDIRECT: Final = 16
MODIFIER_JAM: Final = 32
MODIFIER_ECHO: Final = 64
MODIFIER_KINDS: Final[dict[str, int]] = {
    "stop": MODIFIER_STOP,
    "swap": MODIFIER_SWAP,
    "waypoint": MODIFIER_WAYPOINT,
    "reverse": MODIFIER_REVERSE,
    "redirect": MODIFIER_REDIRECT,
    "jam": MODIFIER_JAM,
    "echo": MODIFIER_ECHO,
}
"""The bit of each modifier a rule tests (boost, trim, flail, dynamo and invert change the card's
value or type instead, and no rule asks for them afterwards)."""

STAGE_NAMES = tuple(s.name.lower() for s in Stage)
"""The stage names of the observation and of the JSON."""

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


def is_chance_stage(stage: int) -> bool:
    """Chance acts at the deal of round 1 and while the mining stacks are laid out."""
    return stage in (STAGE_DEAL, STAGE_FORM)


def is_among(value: int, values: list[int]) -> bool:
    """Is ``value`` in ``values`` (a card in a hand or the deck, a space among the objects')? A typed
    loop: compiled, it compares machine ints where ``value in values`` calls the generic comparison
    of every item."""
    for item in values:  # noqa: SIM110 (any() would build a generator)
        if item == value:
            return True
    return False


def find_card(cards: list[int], card: int, in_order: bool) -> int:
    """Where ``card`` lies in ``cards`` (-1: not there). ``in_order``: the cards are in id order (the
    deck, as the engine keeps it), so a binary search finds it; else a typed loop looks. The places
    are machine ints (``i64``): compiled, the search's arithmetic is plain C, where a Python int
    would go through the tagged-int helpers at every halving."""
    if in_order:
        low: i64 = 0
        high: i64 = len(cards)
        while low < high:
            middle = (low + high) >> 1
            if cards[middle] < card:
                low = middle + 1
            else:
                high = middle
        return low if low < len(cards) and cards[low] == card else -1
    for index in range(len(cards)):
        if cards[index] == card:
            return index
    return -1


def any_set(flags: list[bool]) -> bool:
    """Is any of ``flags`` set (a ship cloaked this phase)? A typed loop, where ``True in flags`` calls
    the generic comparison of every item."""
    for flag in flags:  # noqa: SIM110 (any() would build a generator)
        if flag:
            return True
    return False


def remove_card(cards: list[int], card: int, in_order: bool = False) -> None:
    """Take ``card`` out of ``cards`` (it must be there), like ``cards.remove(card)`` but found by
    :func:`find_card`; the other cards keep their order."""
    index = find_card(cards, card, in_order)
    if index < 0:
        raise ValueError(f"card {card} is not among {cards}")
    cards.pop(index)


def spaces_between(space: int, other: int) -> int:
    """How many spaces apart two spaces are (``abs`` of the difference, in machine ints when compiled)."""
    return space - other if space >= other else other - space


class Result(StrEnum):
    """How the game ended (the JSON's ``reason``; empty while it goes on)."""

    NONE = ""
    ESCAPED = "escaped"
    NEAREST = "nearest after round 6"


class GravwellPosition(State):
    """The whole position as flat lists, one entry per seat where a field is per seat.

    The fields marked "derived" follow from others and are never written to the JSON.
    """

    __slots__ = (
        "actor",
        "approached_watchers",
        "awaited_bits",
        "awaited_conditions",
        "card_type",
        "card_value",
        "cards_dealt",
        "charged",
        "chosen",
        "cloaked",
        "coasting_seats",
        "deck",
        "deck_sorted",
        "delayed_seats",
        "discards",
        "drag_groups",
        "echoes",
        "emergency_stop_used",
        "forward_direction",
        "goal_space",
        "hands",
        "in_deck",
        "junk_spaces",
        "known_cards",
        "last_cards",
        "latching_seats",
        "mining_index",
        "mining_order",
        "modifier_kinds",
        "modifiers",
        "passed_over_watchers",
        "phase",
        "precision_amount",
        "resolution_index",
        "resolution_order",
        "resolving_seat",
        "result",
        "reveal_seats",
        "revealed",
        "round",
        "seat_names",
        "shielded_seats",
        "ship_spaces",
        "ships",
        "stack_cards_laid",
        "stack_taken_by",
        "stacks",
        "stage",
        "start_gate",
        "tables",
        "track_length",
        "watchers",
        "window_options",
        "window_queue",
        "winners",
    )

    def __init__(self, game: Game, tables: Tables) -> None:
        super().__init__(game)
        n = game.players
        self.tables: Tables = tables
        self.track_length: int = tables.length
        self.stage: int = STAGE_SHIP
        self.actor: int = 0
        """The seat to act (at a chance step: the seat the step concerns, or 0)."""
        self.round: int = 0
        self.phase: int = 0
        self.ship_spaces: list[int] = [0] * n
        self.start_gate: list[int] = [INNER_GATE] * n
        self.goal_space: list[int] = [self.track_length] * n
        """Derived from ``start_gate``: the space of the Warp Gate each ship escapes through."""
        self.forward_direction: list[int] = [1] * n
        """Derived from ``start_gate``: +1 for a ship going out, -1 for one coming in."""
        self.ships: list[int] = [NO_SEAT] * n
        """Each seat's ship (an index of the data's ships), -1 before it chose one."""
        self.seat_names: tuple[str, ...] = ()
        """Derived from ``ships``: each seat's name in the log."""
        self.watchers: dict[str, tuple[int, ...]] = {}
        """Derived from ``ships``: per charging condition, the seats with a card waiting for it."""
        self.awaited_conditions: tuple[frozenset[str], ...] = ()
        self.awaited_bits: tuple[int, ...] = ()
        """Derived from ``awaited_conditions``: per seat, its conditions as bits (``tables.CONDITION_BIT``)."""
        self.passed_over_watchers: tuple[int, ...] = ()
        self.approached_watchers: tuple[int, ...] = ()
        """Derived from ``watchers``: the seats waiting to be passed over or approached, which every
        move asks for (a field read instead of a dict lookup)."""
        """Derived from ``ships``: per seat, the conditions its cards wait for."""
        self.reveal_seats: tuple[int, ...] = ()
        """Derived from ``ships``: the seats whose ship has a reveal-time ability."""
        self.ships_assigned()
        self.junk_spaces: list[int] = list(tables.debris)
        self.hands: list[list[int]] = [[] for _ in range(n)]
        self.known_cards: list[list[int]] = [[] for _ in range(n)]
        """Per seat, the cards of its hand every player knows of (mined face up, taken back by Preact)."""
        self.chosen: list[int] = [NO_CARD] * n
        """Per seat, the Fuel Card it placed this Movement Phase (face down until ``revealed``)."""
        self.revealed: bool = False
        self.deck: list[int] = []
        self.deck_sorted: bool = True
        """Derived: the deck is in id order (it starts so and cards only leave it), so chance
        outcomes need no sorting; only a position read from JSON may hold another order."""
        self.in_deck: list[bool] = [False] * len(tables.symbols)
        """Derived from ``deck``: the deck as a presence vector, per card id whether the card is in
        the deck, so the legality check of a chance step reads one flag instead of searching."""
        self.window_options: list[int] | None = None
        """Derived: the options of the ability window just opened, kept for the legal actions until
        the next move (None: work them out again)."""
        self.stacks: list[list[int]] = []
        """The mining stacks: [face down, face up, face up] card ids."""
        self.stack_taken_by: list[int] = []
        self.stack_cards_laid: int = 0
        self.cards_dealt: int = 0
        self.mining_order: list[int] = []
        self.mining_index: int = 0
        self.charged: list[list[bool]] = [tables.initial_charge() for _ in range(n)]
        """Per seat: Emergency Stop and the three Ship Ability Cards, charged or not."""
        self.emergency_stop_used: list[bool] = [False] * n
        self.resolution_order: list[int] = []
        self.resolution_index: int = 0
        self.delayed_seats: list[int] = []
        self.window_queue: list[int] = []
        """The seats still to get a window (responses, reveal-time abilities, the end-of-round charge)."""
        self.precision_amount: int = 0
        """The spaces Precision adds or takes away while its choice is open (0: none given)."""
        self.cloaked: list[bool] = [False] * n
        self.resolving_seat: int = NO_SEAT
        self.card_type: int = 0
        """The resolving card's beam type as the abilities used on it left it (a ``BeamType``)."""
        self.card_value: int = 0
        self.modifiers: list[str] = []
        self.modifier_kinds: i64 = 0
        """Derived from ``modifiers``: the ``MODIFIER_*`` bits of the modifiers on the card."""
        self.shielded_seats: list[int] = []
        self.coasting_seats: list[int] = []
        self.latching_seats: list[int] = []
        self.drag_groups: list[list[int]] = []
        """The objects a Multipoint Beam still moves, nearest first; ships sharing a gate form one group."""
        self.echoes: int = 0
        """How often Echo Drive resolved the card again (0 or 1)."""
        self.last_cards: list[int] = [NO_CARD] * n
        self.discards: list[int] = []
        self.winners: list[int] = []
        self.result: Result = Result.NONE

    def ships_assigned(self) -> None:
        """Work out what follows from the ships the seats hold (the derived per-ship lookups)."""
        lookups = seat_lookups(self.tables, self.ships)
        self.seat_names = lookups.names
        self.watchers = lookups.watchers
        self.passed_over_watchers = lookups.watchers["passed_over"]
        self.approached_watchers = lookups.watchers["approached"]
        self.awaited_conditions = lookups.awaited
        self.awaited_bits = lookups.awaited_bits
        self.reveal_seats = lookups.reveal_seats

    def say(self, *entry: str | int) -> None:
        """Add a public log line, ``entry`` = (format, *args), written as ``format % args`` when read.

        Most logs are never read (random playouts, searches), and formatting a line at once cost
        more than building it; the core's lazy log entries (``LogEntry`` in core/api.py) defer it.
        """
        self.say_entry(entry)

    def say_entry(self, entry: tuple[str | int, ...]) -> None:
        """:meth:`say` with the entry already built (a line whose arguments are counted at run time)."""
        if self._shared:
            self._unshare()
        self._log.append(entry)

    def copy_into(self, new: GravwellPosition) -> None:
        """Fill ``new`` (a bare instance) with a copy of this position."""
        self._copy_base_into(new)
        new.game = self.game
        new.tables = self.tables
        new.track_length = self.track_length
        new.stage = self.stage
        new.actor = self.actor
        new.round = self.round
        new.phase = self.phase
        new.ship_spaces = self.ship_spaces[:]
        new.start_gate = self.start_gate[:]
        new.goal_space = self.goal_space[:]
        new.forward_direction = self.forward_direction[:]
        new.ships = self.ships[:]
        new.seat_names = self.seat_names  # derived lookups: replaced (never changed) when ships change
        new.watchers = self.watchers
        new.passed_over_watchers = self.passed_over_watchers
        new.approached_watchers = self.approached_watchers
        new.awaited_conditions = self.awaited_conditions
        new.awaited_bits = self.awaited_bits
        new.reveal_seats = self.reveal_seats
        new.junk_spaces = self.junk_spaces[:]
        new.hands = [h[:] for h in self.hands]
        new.known_cards = [h[:] for h in self.known_cards]
        new.chosen = self.chosen[:]
        new.revealed = self.revealed
        new.deck = self.deck[:]
        new.deck_sorted = self.deck_sorted
        new.in_deck = self.in_deck[:]
        new.window_options = None
        new.stacks = [s[:] for s in self.stacks]
        new.stack_taken_by = self.stack_taken_by[:]
        new.stack_cards_laid = self.stack_cards_laid
        new.cards_dealt = self.cards_dealt
        new.mining_order = self.mining_order[:]
        new.mining_index = self.mining_index
        new.charged = [c[:] for c in self.charged]
        new.emergency_stop_used = self.emergency_stop_used[:]
        new.resolution_order = self.resolution_order[:]
        new.resolution_index = self.resolution_index
        new.delayed_seats = self.delayed_seats[:]
        new.window_queue = self.window_queue[:]
        new.precision_amount = self.precision_amount
        new.cloaked = self.cloaked[:]
        new.resolving_seat = self.resolving_seat
        new.card_type = self.card_type
        new.card_value = self.card_value
        new.modifiers = self.modifiers[:]
        new.modifier_kinds = self.modifier_kinds
        new.shielded_seats = self.shielded_seats[:]
        new.coasting_seats = self.coasting_seats[:]
        new.latching_seats = self.latching_seats[:]
        new.drag_groups = [g[:] for g in self.drag_groups]
        new.echoes = self.echoes
        new.last_cards = self.last_cards[:]
        new.discards = self.discards[:]
        new.winners = self.winners[:]
        new.result = self.result


def gather_full_deck(position: GravwellPosition) -> None:
    """All the Fuel Cards of this player count are in the deck again (before round 1's deal and
    every round's mining), in id order."""
    position.deck = position.tables.deck[:]
    position.in_deck = position.tables.deck_presence[:]
    position.deck_sorted = True


def fill_deck(position: GravwellPosition, cards: list[int]) -> None:
    """The deck holds ``cards`` (a copy, in that order) and nothing else (a position read from JSON
    or redrawn)."""
    position.deck = cards[:]
    present = [False] * len(position.tables.symbols)
    for card in cards:
        present[card] = True
    position.in_deck = present
    position.deck_sorted = cards == sorted(cards)


def draw_from_deck(position: GravwellPosition, card: int) -> None:
    """``card`` (in the deck) leaves it."""
    remove_card(position.deck, card, position.deck_sorted)
    position.in_deck[card] = False


def is_in_deck(position: GravwellPosition, card: int) -> bool:
    """Is ``card`` (any action id) a card of the deck? One flag of the presence vector."""
    return 0 <= card < len(position.in_deck) and position.in_deck[card]


def add_modifier(position: GravwellPosition, modifier: str) -> None:
    """The resolving card carries ``modifier`` (an ability's effect, or ``boost+2`` and the like)."""
    position.modifiers.append(modifier)
    position.modifier_kinds |= MODIFIER_KINDS.get(modifier, 0)


def has_modifier(position: GravwellPosition, kinds: i64) -> bool:
    """Does the resolving card carry a modifier of any of ``kinds`` (``MODIFIER_*`` bits)?"""
    return (position.modifier_kinds & kinds) != 0


def clear_modifiers(position: GravwellPosition) -> None:
    """The next card starts with no modifier."""
    if position.modifiers:
        position.modifiers = []
    position.modifier_kinds = 0


def set_modifiers(position: GravwellPosition, modifiers: list[str]) -> None:
    """The card carries ``modifiers``, in that order (a position read from JSON)."""
    position.modifiers = []
    position.modifier_kinds = 0
    for modifier in modifiers:
        add_modifier(position, modifier)
