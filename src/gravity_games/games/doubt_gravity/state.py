"""The position of Doubt × Gravity: every field, its records and its ids; no rule logic.

Tokens are physical objects with a public id ``p`` (colour ``p // 5``, ids handed out in the
order tokens leave the box) and a hidden number ``token_numbers[p]``. A token's place is public
(whose hand, the stack, out of the game); its number is known to the seats that held it and,
once turned over, to everybody.

Player actions: 0-14 ``place K3`` (colour × 5 + number − 1), 15 ``done``/``pass``, 16 ``correct``,
17 ``doubt``, 18-20 a colour, 21-25 a Designated Number. A token's place is a seat (0-2) or one of
the :class:`Place` values.
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import IntEnum
from typing import Any, Final

from gravity_games.core.api import JSON, Game, State
from gravity_games.games.gravity_three import RollOff
from gravity_games.games.gravity_three.perception import PerceptionReadings
from gravity_games.games.gravity_three.rolloff import TIE_LIMIT
from gravity_games.games.gravity_three.tables import ids_in_mask
from gravity_games.games.gravity_three.tokens import COLOURS, TOKEN_COUNT, TOKENS_PER_COLOUR, token_label


class ActionId(IntEnum):
    """The player actions after the 15 placements (``place K3`` is ``colour * 5 + number - 1``)."""

    DONE = 15
    CORRECT = 16
    DOUBT = 17
    COLOUR = 18
    """18, 19, 20: black, grey, red (choose a colour, or the extra colour)."""
    NUMBER = 21
    """21..25: the Designated Number 1..5 after a "G"."""
    COUNT = 26


DONE: Final = int(ActionId.DONE)
CORRECT: Final = int(ActionId.CORRECT)
DOUBT: Final = int(ActionId.DOUBT)
COLOUR_BASE: Final = int(ActionId.COLOUR)
NUMBER_BASE: Final = int(ActionId.NUMBER)
ACTION_COUNT: Final = int(ActionId.COUNT)


class Place(IntEnum):
    """Where a token is when it is in no seat's hand (seats are 0..n-1)."""

    BOX = -1
    REMOVED = -2
    STACK = -3
    OUT = -4
    UNUSED = -5


IN_BOX: Final = int(Place.BOX)
REMOVED: Final = int(Place.REMOVED)
IN_STACK: Final = int(Place.STACK)
OUT_OF_GAME: Final = int(Place.OUT)
UNUSED: Final = int(Place.UNUSED)
PLACE_NAMES: Final = {IN_BOX: "box", REMOVED: "removed", IN_STACK: "stack", OUT_OF_GAME: "out", UNUSED: "unused"}
"""A place's name in observations and position documents."""


class Phase(IntEnum):
    """The step of the game; a position stores it as a plain int (its value here)."""

    REMOVE = 0
    CHOOSE_COLOUR = 1
    CHOOSE_EXTRA = 2
    DEAL = 3
    ROLL_OFF = 4
    ROLL = 5
    DESIGNATE = 6
    PLACE = 7
    LIFT = 8
    ASSESS = 9
    END = 10
    LOTS = 11


# The rules compare the phase at every step: plain ints under module names (an enum's attribute
# look-up costs several times a global's), the same values as the enum.
REMOVE: Final = int(Phase.REMOVE)
CHOOSE_COLOUR: Final = int(Phase.CHOOSE_COLOUR)
CHOOSE_EXTRA: Final = int(Phase.CHOOSE_EXTRA)
DEAL: Final = int(Phase.DEAL)
ROLL_OFF: Final = int(Phase.ROLL_OFF)
ROLL: Final = int(Phase.ROLL)
DESIGNATE: Final = int(Phase.DESIGNATE)
PLACE: Final = int(Phase.PLACE)
LIFT: Final = int(Phase.LIFT)
ASSESS: Final = int(Phase.ASSESS)
END: Final = int(Phase.END)
LOTS: Final = int(Phase.LOTS)

PHASE_NAMES: Final = (
    "remove",
    "choose-colour",
    "choose-extra",
    "deal",
    "roll-off",
    "roll",
    "designate",
    "place",
    "lift",
    "assess",
    "end",
    "lots",
)
"""Each phase's name in observations and position documents, by its value."""


class Said(IntEnum):
    """What an assessing player declares."""

    CORRECT = 0
    DOUBT = 1


SAID_CORRECT: Final = int(Said.CORRECT)
SAID_DOUBT: Final = int(Said.DOUBT)
SAID_WORDS: Final = ("correct", "doubt")
"""A declaration's word in observations and documents, by :class:`Said` value."""

ROLL_OFF_PASS_LIMIT: Final = TIE_LIMIT
"""Engine rule: after this many tied roll-off passes the tied seats draw lots (``gravity_three.rolloff``)."""


class Declaration:
    """One player's word after lifting the stack (a native record, never changed once made)."""

    __slots__ = ("said", "seat")

    def __init__(self, seat: int, said: int) -> None:
        self.seat = seat
        self.said = said
        """A :class:`Said` value."""

    def __repr__(self) -> str:
        return f"Declaration(seat={self.seat}, said={self.said})"


class StackReading:
    """One lift of the stack: who felt it, in which round, the level read, and the tokens lifted.

    A native record, never changed once made (clones share them)."""

    __slots__ = ("level", "round_number", "seat", "stack")

    def __init__(self, seat: int, round_number: int, level: int, stack: tuple[int, ...]) -> None:
        self.seat = seat
        self.round_number = round_number
        self.level = level
        self.stack = stack

    def __repr__(self) -> str:
        return (
            f"StackReading(seat={self.seat}, round_number={self.round_number}, level={self.level}, stack={self.stack})"
        )


class RoundSummary:
    """A finished round as everybody saw it (an entry of the observation's and the document's ``rounds``).

    A native record, never changed once made. It keeps the stack and the declarations as the
    round left them (token ids, their placers, the :class:`Declaration` records); the pairs its
    readers see are built when read, not at every round's end."""

    __slots__ = (
        "declared",
        "designated_number",
        "die",
        "doubter",
        "first_player",
        "owners",
        "revealed",
        "round_number",
        "taker",
        "tokens",
    )

    def __init__(
        self,
        round_number: int,
        first_player: int,
        die: str,
        designated_number: int,
        tokens: tuple[int, ...],
        owners: tuple[int, ...],
        declared: tuple[Declaration, ...],
        doubter: int | None,
        revealed: tuple[int, ...],
        taker: int | None,
    ) -> None:
        self.round_number = round_number
        self.first_player = first_player
        self.die = die
        """The die's face as shown: ``"1"``-``"5"`` or ``"G"``."""
        self.designated_number = designated_number
        self.tokens = tokens
        """The stack's token ids, bottom first."""
        self.owners = owners
        """Who placed each of ``tokens``."""
        self.declared = declared
        """The declarations in the order said."""
        self.doubter = doubter
        self.revealed = revealed
        """The token ids turned over, from the top."""
        self.taker = taker

    @property
    def stack(self) -> tuple[tuple[int, int], ...]:
        """``(token id, who placed it)``, bottom first."""
        return tuple(zip(self.tokens, self.owners, strict=True))

    @property
    def declarations(self) -> tuple[tuple[int, str], ...]:
        """``(seat, "correct" or "doubt")`` in the order said."""
        return tuple([(d.seat, SAID_WORDS[d.said]) for d in self.declared])

    def __repr__(self) -> str:
        return f"RoundSummary({self.document()!r})"

    def document(self) -> dict[str, JSON]:
        """The round in the observation's and the position document's words."""
        return {
            "round": self.round_number,
            "first": self.first_player,
            "die": self.die,
            "designated": self.designated_number,
            "stack": [[p, owner] for p, owner in zip(self.tokens, self.owners, strict=True)],
            "said": [[d.seat, SAID_WORDS[d.said]] for d in self.declared],
            "doubter": self.doubter,
            "revealed": list(self.revealed),
            "taker": self.taker,
        }

    @staticmethod
    def from_document(doc: Mapping[str, Any]) -> RoundSummary:
        """The round written by :meth:`document`."""
        doubter, taker = doc["doubter"], doc["taker"]
        return RoundSummary(
            int(doc["round"]),
            int(doc["first"]),
            str(doc["die"]),
            int(doc["designated"]),
            tuple(int(p) for p, _ in doc["stack"]),
            tuple(int(owner) for _, owner in doc["stack"]),
            tuple(Declaration(int(seat), SAID_WORDS.index(str(word))) for seat, word in doc["said"]),
            None if doubter is None else int(doubter),
            tuple(int(p) for p in doc["revealed"]),
            None if taker is None else int(taker),
        )


class DealSlot:
    """One token still to hand out: to which seat, of which colour (a native record, never changed)."""

    __slots__ = ("colour", "seat")

    def __init__(self, seat: int, colour: int) -> None:
        self.seat = seat
        self.colour = colour

    def __repr__(self) -> str:
        return f"DealSlot(seat={self.seat}, colour={self.colour})"


TOKEN_NAMES: Final[tuple[str, ...]] = tuple(
    [token_label(colour, number) for colour in range(COLOURS) for number in range(1, TOKENS_PER_COLOUR + 1)]
)
"""``K3`` for every colour and number, by ``colour * 5 + number - 1`` (the log names turned-over tokens)."""


def token_name(colour: int, number: int) -> str:
    """``K3``: colour letter and number."""
    if 0 <= colour < COLOURS and 1 <= number <= TOKENS_PER_COLOUR:
        return TOKEN_NAMES[colour * TOKENS_PER_COLOUR + number - 1]
    return token_label(colour, number)


class Hand:
    """One seat's hand: which tokens it holds, how many, and the placements they allow.

    A hand has no order, so it is a set of token ids, kept as a bit mask: a native record of
    unboxed ints that a placement or a take changes in place (each position has its own hands;
    a clone copies them)."""

    __slots__ = ("count", "held", "placements")

    def __init__(self, held: int, count: int, placements: int) -> None:
        self.held = held
        """The token ids held: bit ``p`` per token ``p``."""
        self.count = count
        """How many tokens are held (the bits set in ``held``)."""
        self.placements = placements
        """The placements the hand allows: bit ``colour * 5 + number - 1`` per token held."""

    def copy(self) -> Hand:
        """A hand of the same tokens that changes on its own."""
        return Hand(self.held, self.count, self.placements)

    def tokens(self) -> list[int]:
        """The token ids held, in increasing order."""
        return ids_in_mask(self.held)

    def __repr__(self) -> str:
        return f"Hand(tokens={self.tokens()}, placements={self.placements:#x})"


class DoubtGravitySettings:
    """What a position reads of its game: seats, the round limit and the perception readings."""

    __slots__ = ("max_rounds", "perception", "players")

    def __init__(self, players: int, max_rounds: int, perception: PerceptionReadings) -> None:
        self.players = players
        self.max_rounds = max_rounds
        self.perception = perception


class DoubtGravityPosition(State):
    """One position of Doubt × Gravity (per token: its number, place, who knows it, who placed it)."""

    __slots__ = (
        "assess_index",
        "assessor",
        "chooser",
        "colours",
        "deal_slots",
        "deals_made",
        "declarations",
        "designated_number",
        "die_face",
        "doubt_card_holder",
        "drawn_numbers",
        "extra_colours",
        "first_player",
        "hands",
        "ids_handed_out",
        "known_by",
        "phase",
        "placed_by",
        "placed_this_turn",
        "players",
        "readings",
        "reason",
        "revealed",
        "roll_off",
        "roll_off_passes",
        "round_number",
        "rounds",
        "settings",
        "stack",
        "stack_grams",
        "token_numbers",
        "token_places",
        "token_showing",
        "token_steps",
        "turn_index",
        "winners",
    )

    def __init__(self, game: Game, settings: DoubtGravitySettings) -> None:
        super().__init__(game)
        self.settings = settings
        n = self.players = settings.players
        self.phase: int = REMOVE
        self.token_numbers: list[int] = [0] * TOKEN_COUNT
        """Each token's number, 0 while it is still in the box."""
        self.token_places: list[int] = [IN_BOX] * TOKEN_COUNT
        self.token_showing: list[int] = [-1] * TOKEN_COUNT
        """By placement ``colour * 5 + number - 1``, the token id showing that colour and number
        (-1: still in the box); derived from ``token_numbers`` (:meth:`refresh_derived_fields`),
        never stored in a document."""
        """Each token's place: a seat, or a :class:`Place`."""
        self.known_by: list[int] = [0] * TOKEN_COUNT
        """Bit ``s`` set: seat ``s`` knows the token's number."""
        self.revealed: list[bool] = [False] * TOKEN_COUNT
        """Turned over (or shown at the end)."""
        self.placed_by: list[int] = [-1] * TOKEN_COUNT
        """Who placed the token on the current stack (-1: not on it)."""
        self.stack: list[int] = []
        """Token ids, bottom first."""
        self.stack_grams: float = 0.0
        """The stack's weight in grams, added up as tokens go on it (bottom first); derived from
        ``stack`` and ``token_numbers`` (:meth:`weigh_stack`), never stored in a document."""
        self.hands: list[Hand] = [Hand(0, 0, 0) for _ in range(n)]
        """Per seat, its tokens and the placements they allow (those are derived from the tokens,
        :meth:`refresh_derived_fields`, never stored in a document)."""
        self.colours: list[int] = [-1] * n
        self.extra_colours: list[int] = [-1] * n
        self.chooser = 0
        self.deal_slots: list[DealSlot] = []
        """Every token of the deal in the order handed out (a list made once, never changed)."""
        self.deals_made = 0
        """How many of ``deal_slots`` have been handed out."""
        self.ids_handed_out: list[int] = [0] * COLOURS
        """Per colour, how many of its five ids have left the box (= numbers drawn)."""
        self.drawn_numbers: list[int] = [0] * COLOURS
        """Per colour, its numbers out of the box (bit ``k - 1``: number ``k``); derived from
        ``token_numbers`` (:meth:`refresh_derived_fields`), never stored in a document."""
        self.roll_off: RollOff | None = None
        self.roll_off_passes = 0
        self.round_number = 0
        self.first_player = -1
        self.die_face = -1
        self.designated_number = 0
        self.turn_index = 0
        self.placed_this_turn = 0
        self.assess_index = 0
        self.assessor = -1
        self.declarations: list[Declaration] = []
        self.readings: list[StackReading] = []
        self.rounds: list[RoundSummary] = []
        """Public summaries of the finished rounds."""
        self.token_steps: list[int] = []
        """History indices of the steps that name a number (place, remove, deal)."""
        self.doubt_card_holder = -1
        self.winners: tuple[int, ...] = ()
        self.reason = ""

    def copy_position_into(self, new: DoubtGravityPosition) -> None:
        """Copy every field into ``new`` (a position of the same game), the lists copied too."""
        self._copy_base_into(new)
        new.phase = self.phase
        new.token_numbers = list(self.token_numbers)
        new.token_places = list(self.token_places)
        new.token_showing = list(self.token_showing)
        new.known_by = list(self.known_by)
        new.revealed = list(self.revealed)
        new.placed_by = list(self.placed_by)
        new.stack = list(self.stack)
        new.stack_grams = self.stack_grams
        new.hands = [hand.copy() for hand in self.hands]
        new.colours = list(self.colours)
        new.extra_colours = list(self.extra_colours)
        new.chooser = self.chooser
        new.deal_slots = self.deal_slots  # never changed once made: shared safely
        new.deals_made = self.deals_made
        new.ids_handed_out = list(self.ids_handed_out)
        new.drawn_numbers = list(self.drawn_numbers)
        new.roll_off = self.roll_off.copy() if self.roll_off is not None else None
        new.roll_off_passes = self.roll_off_passes
        new.round_number = self.round_number
        new.first_player = self.first_player
        new.die_face = self.die_face
        new.designated_number = self.designated_number
        new.turn_index = self.turn_index
        new.placed_this_turn = self.placed_this_turn
        new.assess_index = self.assess_index
        new.assessor = self.assessor
        new.declarations = list(self.declarations)
        new.readings = list(self.readings)  # entries are tuples: shared safely
        new.rounds = list(self.rounds)  # entries are never changed after a round ends
        new.token_steps = list(self.token_steps)
        new.doubt_card_holder = self.doubt_card_holder
        new.winners = self.winners
        new.reason = self.reason

    # -- what the fields say (no rules) --------------------------------------------

    @property
    def hand_counts(self) -> list[int]:
        """How many tokens each seat holds (public)."""
        return [hand.count for hand in self.hands]

    @property
    def deal_queue(self) -> list[DealSlot]:
        """The tokens still to hand out, the next one first."""
        return self.deal_slots[self.deals_made :]

    def deal_pending(self) -> bool:
        """A token of the deal is still to hand out."""
        return self.deals_made < len(self.deal_slots)

    def next_deal_slot(self) -> DealSlot:
        """The next token to hand out (while :meth:`deal_pending`)."""
        return self.deal_slots[self.deals_made]

    def tokens_held(self, seat: int) -> int:
        """How many tokens ``seat`` holds."""
        return self.hands[seat].count

    def sees_number(self, seat: int | None, p: int) -> bool:
        """Token ``p``'s number is turned over, or ``seat`` knows it."""
        return self.revealed[p] or (seat is not None and bool(self.known_by[p] >> seat & 1))

    def numbers_drawn(self, colour: int) -> int:
        """The numbers of ``colour`` out of the box (bit ``k - 1``: number ``k``)."""
        return self.drawn_numbers[colour]

    def free_numbers(self, colour: int) -> list[int]:
        """Numbers of ``colour`` still in the box (not removed, not dealt)."""
        drawn = self.drawn_numbers[colour]
        return [k for k in range(1, TOKENS_PER_COLOUR + 1) if not drawn >> (k - 1) & 1]

    def stack_mass(self) -> float:
        """The stack's weight in grams."""
        return self.stack_grams

    def weigh_stack(self) -> float:
        """The stack's weight in grams worked out from its tokens.

        Summed bottom first, as the placements add it up (0.0 + g == g): the lift tables are
        keyed by this float, so both ways must give the same one."""
        grams = self.settings.perception.grams
        number = self.token_numbers
        mass = 0.0
        for p in self.stack:
            mass += grams[number[p] - 1]
        return mass

    def refresh_derived_fields(self) -> None:
        """Work out the fields kept as the play goes (each colour's numbers drawn, the stack's
        mass, the token showing each placement, the placements each hand allows) from the
        tokens: after a document is loaded or the hidden numbers are redrawn."""
        for colour in range(COLOURS):
            drawn = 0
            for p in range(colour * TOKENS_PER_COLOUR, colour * TOKENS_PER_COLOUR + TOKENS_PER_COLOUR):
                number = self.token_numbers[p]
                if number:
                    drawn |= 1 << (number - 1)
            self.drawn_numbers[colour] = drawn
        self.stack_grams = self.weigh_stack()
        self.token_showing = [-1] * TOKEN_COUNT
        for p in range(TOKEN_COUNT):
            if self.token_numbers[p]:
                self.token_showing[self.placement_of(p)] = p
        for hand in self.hands:
            placements = 0
            for p in hand.tokens():
                placements |= 1 << self.placement_of(p)
            hand.placements = placements

    def placed_whole_stack(self, seat: int) -> bool:
        """Every token on the stack was placed by ``seat``."""
        owner = self.placed_by
        for p in self.stack:  # noqa: SIM110 (all() would build a generator at every lift)
            if owner[p] != seat:
                return False
        return True

    def placement_of(self, p: int) -> int:
        """The action placing token ``p``: ``colour * 5 + number - 1``."""
        return p - p % TOKENS_PER_COLOUR + self.token_numbers[p] - 1

    def put_in_hand(self, seat: int, p: int) -> None:
        """Token ``p`` goes into ``seat``'s hand."""
        hand = self.hands[seat]
        hand.held |= 1 << p
        hand.count += 1
        hand.placements |= 1 << self.placement_of(p)

    def take_out_of_hand(self, seat: int, p: int) -> None:
        """Token ``p`` leaves ``seat``'s hand (if it is there)."""
        hand = self.hands[seat]
        if hand.held >> p & 1:
            hand.held &= ~(1 << p)
            hand.count -= 1
            hand.placements &= ~(1 << self.placement_of(p))

    def token_in_hand(self, seat: int, action: int) -> int:
        """The physical token of ``seat`` whose colour and number the action names (-1: none).

        A colour's five ids carry its five numbers once each, so the token is the id of that
        colour showing the number (``token_showing``); it must lie in the seat's hand."""
        if not 0 <= action < TOKEN_COUNT:
            return -1
        p = self.token_showing[action]
        return p if p >= 0 and self.token_places[p] == seat else -1

    def hand_names(self, seat: int) -> list[str]:
        """The seat's tokens as ``K3`` names, sorted."""
        number = self.token_numbers
        return sorted(
            token_name(p // TOKENS_PER_COLOUR, number[p]) for p in range(TOKEN_COUNT) if self.token_places[p] == seat
        )


__all__ = [
    "ACTION_COUNT",
    "COLOURS",
    "COLOUR_BASE",
    "CORRECT",
    "DONE",
    "DOUBT",
    "IN_BOX",
    "IN_STACK",
    "NUMBER_BASE",
    "OUT_OF_GAME",
    "PHASE_NAMES",
    "PLACE_NAMES",
    "REMOVED",
    "ROLL_OFF_PASS_LIMIT",
    "SAID_CORRECT",
    "SAID_DOUBT",
    "SAID_WORDS",
    "TOKENS_PER_COLOUR",
    "TOKEN_COUNT",
    "UNUSED",
    "ActionId",
    "DealSlot",
    "Declaration",
    "DoubtGravityPosition",
    "DoubtGravitySettings",
    "Hand",
    "Phase",
    "Place",
    "RoundSummary",
    "Said",
    "StackReading",
    "token_name",
]
