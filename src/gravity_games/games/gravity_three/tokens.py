"""The 15 weight tokens every Gravity Three game uses: colours, ids and their names.

A token's id is ``colour * 5 + k`` (k = 0-4): the colours in notation order K (black),
G (grey), R (red). Memory × Gravity names a token by its id (``K1``-``K5`` are five places on
the table); Doubt × Gravity names one by its colour and number (``K3`` shows a 3); both write
the same two characters.

    >>> token_label(2, 4), COLOUR_NAMES[TOKEN_COUNT // TOKENS_PER_COLOUR - 1]
    ('R4', 'red')
"""

from __future__ import annotations

from typing import Final

COLOUR_LETTERS: Final = ("K", "G", "R")
"""Notation letters of the colours black, grey, red (K for black, as in CMYK)."""

COLOUR_NAMES: Final = ("black", "grey", "red")
"""Colour names in the order of :data:`COLOUR_LETTERS`."""

COLOURS: Final = 3
TOKENS_PER_COLOUR: Final = 5
TOKEN_COUNT: Final = COLOURS * TOKENS_PER_COLOUR

NUMBERS: Final = (1, 2, 3, 4, 5)
"""Every colour has one token of each number."""


def token_label(colour: int, number: int) -> str:
    """``K3``: the colour's letter and a number (or, in Memory × Gravity, a place 1-5)."""
    return f"{COLOUR_LETTERS[colour]}{number}"


def parse_token_label(text: str) -> tuple[int, int] | None:
    """``"K3"`` -> ``(0, 3)``: the colour and the digit 1-5 of a label (None if it is not one).

    >>> parse_token_label("r4"), parse_token_label("X9")
    ((2, 4), None)
    """
    text = text.strip().upper()
    if len(text) == 2 and text[0] in COLOUR_LETTERS and text[1] in "12345":
        return COLOUR_LETTERS.index(text[0]), int(text[1])
    return None


__all__ = [
    "COLOURS",
    "COLOUR_LETTERS",
    "COLOUR_NAMES",
    "NUMBERS",
    "TOKENS_PER_COLOUR",
    "TOKEN_COUNT",
    "parse_token_label",
    "token_label",
]
