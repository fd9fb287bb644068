"""Precomputed tables of Memory × Gravity: token colours and bit masks, out of the rule functions.

Sets of tokens are bit masks (bit t: token t); colours are 0 black, 1 grey, 2 red. The lifting
and keeping rules in ``rules.py`` read these tables at every lift.
"""

from __future__ import annotations

from typing import Final

from gravity_games.games.gravity_three.rolloff import DIE_FACES
from gravity_games.games.gravity_three.tokens import COLOUR_NAMES

from .data import PERMUTATIONS, TOKEN_NAMES, token_colour
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


__all__ = [
    "COLOUR_NAME",
    "COLOUR_TOKEN_BITS",
    "DEAL_COUNT",
    "DEAL_ORDERS",
    "DEAL_OUTCOMES",
    "FACE_COUNT",
    "KEEPABLE_COLOURS",
    "TOKEN_COLOUR",
    "TOKEN_NAME",
    "WANTED_TOKEN_BITS",
]
