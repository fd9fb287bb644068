"""The tables Saving Waddles computes once: the track of positions, the die's outcomes, card counts.

A lower layer under ``state.py``: it imports only core and ``data.py`` and holds no rule.

The track is one line of positions: board segment 0, path-card slot 0, segment 1, ...,
segment 7 ending at the totem, then the Hut of Wonders card ending at Victory. Every path
card has the same length, so a position never depends on the deal; what is printed at a
position does (:meth:`Track.space`).
"""

from __future__ import annotations

from enum import IntEnum
from typing import Final, NamedTuple

from gravity_games.core.api import DataError

from .data import HEROES, SLOTS, Components, Space


class SpaceCode(IntEnum):
    """What a printed space is, as the track stores it (the data's ``kind`` names, by value)."""

    PLAIN = 0
    START = 1
    ARROW = 2
    POINTER = 3
    WADDLES_POINTER = 4
    TOTEM = 5
    MISCHIEF = 6
    HELP = 7
    EXCHANGE = 8
    ANOTHER_TURN = 9
    SKIP = 10
    DISCARD_HELP = 11
    VICTORY = 12


# The rules compare space kinds at every arrival: plain ints under module names (an enum's
# attribute look-up costs several times a global's), the same values as the enum.
PLAIN: Final = int(SpaceCode.PLAIN)
START: Final = int(SpaceCode.START)
ARROW: Final = int(SpaceCode.ARROW)
POINTER: Final = int(SpaceCode.POINTER)
WADDLES_POINTER: Final = int(SpaceCode.WADDLES_POINTER)
TOTEM: Final = int(SpaceCode.TOTEM)
MISCHIEF: Final = int(SpaceCode.MISCHIEF)
HELP: Final = int(SpaceCode.HELP)
EXCHANGE: Final = int(SpaceCode.EXCHANGE)
ANOTHER_TURN: Final = int(SpaceCode.ANOTHER_TURN)
SKIP: Final = int(SpaceCode.SKIP)
DISCARD_HELP: Final = int(SpaceCode.DISCARD_HELP)
VICTORY: Final = int(SpaceCode.VICTORY)

KIND_CODE: Final[dict[str, int]] = {code.name.lower(): int(code) for code in SpaceCode}
"""A space kind of the data (``"waddles_pointer"``) to its code."""
KIND_NAME: Final[dict[int, str]] = {v: k for k, v in KIND_CODE.items()}


class StopCode(IntEnum):
    """What may stop a token moving forward at a position (``Track.stop_at``); a value >= 0 is a pointer's slot."""

    NONE = -1
    TOTEM = -2
    VICTORY = -3


NO_STOP: Final = int(StopCode.NONE)
STOP_TOTEM: Final = int(StopCode.TOTEM)
STOP_VICTORY: Final = int(StopCode.VICTORY)


class PrintedSpace(NamedTuple):
    """One printed space as the rules read it."""

    kind: int
    """A :class:`SpaceCode` value."""
    arrow_offset: int
    """Where an arrow leads, in spaces (negative: back); 0 for other spaces."""
    red: bool
    """A red arrow (Soos does not follow those)."""
    mischief_symbols: int
    """Mischief symbols on the space (one card each)."""
    waddles_number: int
    """The number 1-6 where Waddles may be found, 0 for none."""


def _printed(space: Space) -> PrintedSpace:
    return PrintedSpace(KIND_CODE[space.kind], space.to or 0, space.colour == "red", space.symbols, space.number or 0)


class Track:
    """Positions, pointers and printed spaces, computed once per game from the components."""

    def __init__(self, components: Components) -> None:
        self.board: dict[int, PrintedSpace] = {}
        """The board's own spaces by position (the same whatever the deal)."""
        self.slot_start: list[int] = []
        """The first position of each path-card slot."""
        self.pointer_slot: dict[int, int] = {}
        """A pointer's position to the slot of the path card it points at."""
        self.number_pos: dict[int, int] = {}
        """Waddles' numbers 1-6 to their positions."""
        self.segment_of: list[tuple[str, int, int]] = []
        """Each position's place on the table: ("board" | "slot" | "hut", which, index)."""
        self.card_len = len(components.path_cards[0].spaces)
        self.hut_len = len(components.hut_cards[0].spaces)
        self.totem = -1
        position = 0
        for i, segment in enumerate(components.board):
            for j, space in enumerate(segment.spaces):
                printed = _printed(space)
                self.board[position] = printed
                self.segment_of.append(("board", i, j))
                if printed.kind in (POINTER, WADDLES_POINTER):
                    self.pointer_slot[position] = i
                if printed.waddles_number:
                    self.number_pos[printed.waddles_number] = position
                if printed.kind == TOTEM:
                    self.totem = position
                position += 1
            if i < SLOTS:
                self.slot_start.append(position)
                for j in range(self.card_len):
                    self.segment_of.append(("slot", i, j))
                position += self.card_len
        self.hut_start = position
        for j in range(self.hut_len):
            self.segment_of.append(("hut", 0, j))
        self.victory = position + self.hut_len - 1
        self.length = self.victory + 1
        self.cards: list[tuple[PrintedSpace, ...]] = [tuple(map(_printed, p.spaces)) for p in components.path_cards]
        self.huts: list[tuple[PrintedSpace, ...]] = [tuple(map(_printed, h.spaces)) for h in components.hut_cards]
        self.hut_victory: list[str] = [h.victory for h in components.hut_cards]
        self.card_names = [p.name for p in components.path_cards]
        self.hut_names = [h.name for h in components.hut_cards]
        self._check_backward_arrows()
        self.fixed: list[PrintedSpace | None] = [self.board.get(p) for p in range(len(self.segment_of))]
        """The board spaces as a flat table (None on a card), asked for at every space a token reaches."""
        # Pointers and the totem are board spaces, Victory only the last space of the track
        # (check_track holds the data to that), so what may stop a token does not depend on the deal.
        self.stop_at: list[int] = [NO_STOP] * self.length
        """What may stop a token moving forward at each position: a pointer's slot, or a :class:`StopCode`."""
        for position, slot in self.pointer_slot.items():
            self.stop_at[position] = slot
        self.stop_at[self.totem] = STOP_TOTEM
        self.stop_at[self.victory] = STOP_VICTORY
        self.next_stop: list[int] = [self.length] * self.length
        """The next position after each one that may stop a token (the track's length when none)."""
        ahead = self.length
        for position in range(self.length - 1, -1, -1):
            self.next_stop[position] = ahead
            if self.stop_at[position] != NO_STOP:
                ahead = position

    def _check_backward_arrows(self) -> None:
        spaces = list(self.board.items())
        for start in self.slot_start:
            for card in self.cards:
                spaces += [(start + j, printed) for j, printed in enumerate(card)]
        spaces += [(self.hut_start + j, printed) for hut in self.huts for j, printed in enumerate(hut)]
        for position, printed in spaces:
            if printed.kind == ARROW and position + printed.arrow_offset < 0:
                raise DataError(
                    f"an arrow at track position {position} points {-printed.arrow_offset} spaces back, past the start"
                )

    def space(self, position: int, path_cards: list[int], hut_card: int) -> PrintedSpace:
        """The printed space at ``position`` given the deal (the path card in each slot, the Hut card)."""
        fixed = self.fixed[position]
        if fixed is not None:  # a board space: the same whatever the deal
            return fixed
        where, which, index = self.segment_of[position]
        if where == "slot":
            return self.cards[path_cards[which]][index]
        return self.huts[hut_card][index]


def cards_in(counts: list[int]) -> int:
    """How many cards a pile of counts per kind holds (a deck, a discard pile, a hand).

    A typed loop rather than ``sum``: compiled, ``sum`` is a look-up of the builtin and a
    generic call over boxed ints at every step that asks whether a deck is empty.
    """
    total = 0
    for count in counts:
        total += count
    return total


def card_left(counts: list[int], kind: int) -> bool:
    """A card of ``kind`` is in the pile: drawing the top card of a deck may show it."""
    return 0 <= kind < len(counts) and counts[kind] > 0


DIE_FACES: Final = 6
ROLL_OUTCOMES: Final[tuple[tuple[int, float], ...]] = tuple((face, 1.0 / DIE_FACES) for face in range(DIE_FACES))
"""A die roll's chance outcomes ``(face - 1, probability)``: the same table at every roll."""
ROLL_ACTIONS: Final[frozenset[int]] = frozenset(face for face, _ in ROLL_OUTCOMES)
"""The actions of :data:`ROLL_OUTCOMES`, for apply_action's legality check (a set: one hash look-up)."""


def uniform_over(choices: list[int]) -> tuple[tuple[int, float], ...]:
    """Chance outcomes: each of ``choices`` alike."""
    return tuple((choice, 1.0 / len(choices)) for choice in choices)


def deal_outcomes(count: int) -> tuple[tuple[tuple[int, float], ...], ...]:
    """Dealing one of ``count`` cards at random, by the set already dealt (bit ``c``: card ``c``)."""
    return tuple(uniform_over([c for c in range(count) if not dealt >> c & 1]) for dealt in range(1 << count))


PATH_CARD_DEALS: Final = deal_outcomes(SLOTS)
"""Setup 2, a path card laid at the next place: by :func:`dealt_set` of the path cards."""
HERO_DEALS: Final = deal_outcomes(len(HEROES))
"""Setup 6, a hero for the next seat: by :func:`dealt_set` of the heroes."""


def dealt_set(cards: list[int]) -> int:
    """The cards dealt so far as a set of bits (bit ``c``: card ``c``; -1 is a place not dealt yet)."""
    dealt = 0
    for card in cards:
        if card >= 0:
            dealt |= 1 << card
    return dealt
