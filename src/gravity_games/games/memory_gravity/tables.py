"""Precomputed tables of Memory × Gravity: token colours and bit masks, out of the rule functions.

Sets of tokens are bit masks (bit t: token t); colours are 0 black, 1 grey, 2 red. The lifting
and keeping rules in ``rules.py`` read these tables at every lift. The end of a game reads the
chance outcomes and the private line of each reading off a game's ``ReadingTables`` and the
ranking of the kept numbers off the combination tables, worked out once from the ranking rules
(``rules_ranking.py``) for every three numbers.
"""

from __future__ import annotations

from typing import Final

from gravity_games.games.gravity_three.perception import PerceptionReadings
from gravity_games.games.gravity_three.rolloff import DIE_FACES
from gravity_games.games.gravity_three.tokens import COLOUR_NAMES

from .data import PERMUTATIONS, TOKEN_NAMES, token_colour
from .rules_ranking import combination_key, combination_kind, combination_text
from .state import NUM_TOKENS

TOKEN_COLOUR: Final = tuple(token_colour(t) for t in range(NUM_TOKENS))
"""Colour of each token id."""

KEEPABLE_COLOURS: Final = tuple(frozenset(c for c in range(3) if not mask >> c & 1) for mask in range(8))
"""The colours still wanted, by the bit mask of colours kept."""

COLOUR_TOKEN_BITS: Final = (*(sum(1 << t for t in range(NUM_TOKENS) if TOKEN_COLOUR[t] == c) for c in range(3)), 0)
"""Bit mask of the tokens of each colour (index 3: no colour, for a turn's first lift)."""

WANTED_TOKEN_BITS: Final = tuple(sum(COLOUR_TOKEN_BITS[c] for c in KEEPABLE_COLOURS[mask]) for mask in range(8))
"""Bit mask of the tokens of the colours still wanted, by the bit mask of colours kept."""

DEAL_OUTCOMES: Final = tuple((i, 1.0 / len(PERMUTATIONS)) for i in range(len(PERMUTATIONS)))
"""A colour's deal: one of the 120 orders of its numbers, equally likely."""

DEAL_ORDERS: Final[tuple[tuple[int, ...], ...]] = tuple(PERMUTATIONS)
"""The 120 orders of the numbers 1-5 a colour's deal chooses from (``data.PERMUTATIONS``)."""

DEAL_COUNT: Final = len(PERMUTATIONS)
"""How many deals a colour has (deal actions are 0 to this, exclusive)."""

FACE_COUNT: Final = len(DIE_FACES)
"""The die's faces (roll actions are 0 to this, exclusive)."""

TOKEN_NAME: Final[tuple[str, ...]] = TOKEN_NAMES
"""Each token's name (``K1``), kept here for the log lines of every lift and keep."""

COLOUR_NAME: Final[tuple[str, ...]] = COLOUR_NAMES
"""Each colour's name, for the log lines of the deal."""


class ReadingTables:
    """A game's tables of the readings a lift can give, by the lifted number (a game builds one).

    The chance outcomes are the perception model's (``PerceptionReadings.number_outcomes``) as
    lists, so a chance node hands out a copy of a list; the private log line of each reading is
    written the first time it is felt (a playout reads no log; building the text was the largest
    part of a reading's cost).
    """

    __slots__ = ("levels", "lines", "outcomes", "perception", "possible")

    def __init__(self, perception: PerceptionReadings, players: int) -> None:
        self.perception = perception
        self.levels: int = perception.model.levels
        """The reading grid's levels (a level is one of 0 to this, exclusive)."""
        self.outcomes: list[list[tuple[int, float]]] = [list(o) for o in perception.number_outcomes]
        """``[(level, probability), ...]`` of lifting a token, by its number - 1."""
        self.possible: list[list[bool]] = [
            [level in levels for level in range(self.levels)] for levels in perception.number_levels
        ]
        """Whether lifting a number can read a level: ``possible[number - 1][level]``."""
        self.lines: list[str] = [""] * (players * NUM_TOKENS * self.levels)
        """By ``(seat * 15 + token) * levels + level``; ``""`` until first felt."""

    def can_read(self, number: int, level: int) -> bool:
        """Whether lifting a token of ``number`` can read ``level`` (a chance outcome of the lift)."""
        return 0 <= level < self.levels and self.possible[number - 1][level]

    def line(self, seat: int, token: int, level: int) -> str:
        """ "Seat 0 feels K1 at 12.3 g.": what ``seat`` alone reads of lifting ``token``."""
        index = (seat * NUM_TOKENS + token) * self.levels + level
        text = self.lines[index]
        if not text:
            reading = self.perception.reading_text(level)
            text = self.lines[index] = f"Seat {seat} feels {TOKEN_NAME[token]} at {reading} g."
        return text


# -- the ranking table, worked out once for every three numbers -------------------------------

HIGHEST_NUMBER: Final = 5
"""Numbers lie in 1-5; 0 stands for a token not dealt yet (a hand-made position), ranked as well."""

_NUMBER_VALUES: Final = HIGHEST_NUMBER + 1


def combination_index(numbers: list[int]) -> int:
    """The row of three numbers (each 0-5, in the order kept) in the combination tables."""
    return (numbers[0] * _NUMBER_VALUES + numbers[1]) * _NUMBER_VALUES + numbers[2]


_EVERY_THREE_NUMBERS: Final = [
    [a, b, c] for a in range(_NUMBER_VALUES) for b in range(_NUMBER_VALUES) for c in range(_NUMBER_VALUES)
]
"""Every three numbers, in the order of :func:`combination_index`."""

_KIND_STEP: Final = 1000
"""Above every value inside a row of the ranking table (three-digit numbers reach 555)."""

COMBINATION_STRENGTH: Final[list[int]] = [
    key[0] * _KIND_STEP + key[1] for key in [combination_key(numbers) for numbers in _EVERY_THREE_NUMBERS]
]
"""``combination_key`` of three numbers as one int (bigger is stronger, equal when the keys are equal)."""

COMBINATION_TEXT: Final[list[str]] = [combination_text(numbers) for numbers in _EVERY_THREE_NUMBERS]
"""``combination_text`` of three numbers (``"432"``), for the end of a game."""

COMBINATION_KIND: Final[list[str]] = [combination_kind(numbers) for numbers in _EVERY_THREE_NUMBERS]
"""``combination_kind`` of three numbers (``"consecutive"``), for the end of a game."""


__all__ = [
    "COLOUR_NAME",
    "COLOUR_TOKEN_BITS",
    "COMBINATION_KIND",
    "COMBINATION_STRENGTH",
    "COMBINATION_TEXT",
    "DEAL_COUNT",
    "DEAL_ORDERS",
    "DEAL_OUTCOMES",
    "FACE_COUNT",
    "KEEPABLE_COLOURS",
    "TOKEN_COLOUR",
    "TOKEN_NAME",
    "WANTED_TOKEN_BITS",
    "ReadingTables",
    "combination_index",
]
