"""Memory × Gravity uses the shared Gravity Three components (tokens, masses, die, perception).

The values and their provenance live in ``gravity_three/data/components.toml``; this module
re-exports the loader and adds the few tables the game derives from them.
"""

from __future__ import annotations

from itertools import permutations

from gravity_games.games.gravity_three import COLOUR_LETTERS, Components, load_components

PERMUTATIONS: tuple[tuple[int, ...], ...] = tuple(permutations(range(1, 6)))
"""The 120 ways the numbers 1-5 can lie under the five face-down tokens of one colour.

A deal outcome is an index into this table (lexicographic order)."""

TOKENS_PER_COLOUR = 5
NUM_TOKENS = 15


def token_colour(token: int) -> int:
    """Colour index (0 black, 1 grey, 2 red) of a token id 0-14."""
    return token // TOKENS_PER_COLOUR


def token_name(token: int) -> str:
    """Public id of a token: colour letter and position, ``K1`` ... ``R5`` (never its number)."""
    if 0 <= token < NUM_TOKENS:
        return TOKEN_NAMES[token]
    return f"{COLOUR_LETTERS[token // TOKENS_PER_COLOUR]}{token % TOKENS_PER_COLOUR + 1}"


TOKEN_NAMES = tuple(f"{COLOUR_LETTERS[t // TOKENS_PER_COLOUR]}{t % TOKENS_PER_COLOUR + 1}" for t in range(NUM_TOKENS))
"""The names as a table: one is written to the log at every lift and keep."""


__all__ = [
    "NUM_TOKENS",
    "PERMUTATIONS",
    "TOKENS_PER_COLOUR",
    "TOKEN_NAMES",
    "Components",
    "load_components",
    "token_colour",
    "token_name",
]
