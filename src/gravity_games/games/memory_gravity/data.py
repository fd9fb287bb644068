"""Memory × Gravity uses the shared Gravity Three components (tokens, masses, die, perception).

The values and their provenance live in ``gravity_three/data/components.toml``; this module
re-exports the loader and adds the few tables the game derives from them. The game's own
printed texts (the Reference Card's ranking table, the rules of a turn, shown on the board's
info cards) are in ``memory_gravity/data/reference.toml``.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import permutations
from typing import Final

from pydantic import BaseModel, ConfigDict, Field

from gravity_games.core.data import Component, DataFile, read_package_toml, validate
from gravity_games.games.gravity_three import COLOUR_LETTERS, Components, load_components
from gravity_games.games.gravity_three.tokens import TOKEN_COUNT, TOKENS_PER_COLOUR

PERMUTATIONS: tuple[tuple[int, ...], ...] = tuple(permutations(range(1, 6)))
"""The 120 ways the numbers 1-5 can lie under the five face-down tokens of one colour.

A deal outcome is an index into this table (lexicographic order)."""

NUM_TOKENS: Final = TOKEN_COUNT


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


class Rank(BaseModel):
    """One row of the ranking table: its printed name, a short name and its numbers, strongest first."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    name: str
    short: str
    numbers: str


class ReferenceCard(Component):
    """The Reference Card for Memory × Gravity: the ranking table, strongest row first."""

    title: str
    ranks: list[Rank] = Field(min_length=3, max_length=3)
    note: str
    examples: list[str]


class TurnRules(Component):
    """The two steps of a turn and the end of the game, in a player's words."""

    title: str
    lift: str
    keep: str
    end: str


class MemoryTexts(DataFile):
    reference: ReferenceCard
    turn: TurnRules


@lru_cache(maxsize=1)
def load_texts() -> MemoryTexts:
    """The packaged printed texts of Memory × Gravity (Reference Card, turn rules)."""
    raw = read_package_toml("gravity_games.games.memory_gravity", "data/reference.toml")
    return validate(MemoryTexts, raw, "memory_gravity/reference.toml")


__all__ = [
    "NUM_TOKENS",
    "PERMUTATIONS",
    "TOKENS_PER_COLOUR",
    "TOKEN_NAMES",
    "Components",
    "MemoryTexts",
    "load_components",
    "load_texts",
    "token_colour",
    "token_name",
]
