"""Doubt × Gravity uses the shared Gravity Three components (tokens, masses, die, perception).

The components are the shared ones: this re-exports the shared loader so that the ``data``
parameter (a components file with the layout of ``gravity_three/data/components.toml``)
works the same way in all three games. The game's own texts for the board's info cards
(the Doubt Card, the die, the stack) are in ``data/texts.toml``.
"""

from __future__ import annotations

from functools import lru_cache

from gravity_games.core.data import Component, DataFile, read_package_toml, validate
from gravity_games.games.gravity_three import (
    Components,
    PerceptionModel,
    load_components,
)
from gravity_games.games.gravity_three.tokens import COLOUR_LETTERS, COLOUR_NAMES, NUMBERS


class InfoText(Component):
    """One component's info-card text, in a player's words."""

    title: str
    text: str


class DoubtTexts(DataFile):
    """The game's own texts (``data/texts.toml``): the Doubt Card, the die and the stack."""

    doubt_card: InfoText
    die: InfoText
    stack: InfoText


@lru_cache(maxsize=1)
def load_texts() -> DoubtTexts:
    """The packaged texts of Doubt × Gravity's board info cards."""
    raw = read_package_toml("gravity_games.games.doubt_gravity", "data/texts.toml")
    return validate(DoubtTexts, raw, "doubt_gravity/texts.toml")


__all__ = [
    "COLOUR_LETTERS",
    "COLOUR_NAMES",
    "NUMBERS",
    "Components",
    "DoubtTexts",
    "PerceptionModel",
    "load_components",
    "load_texts",
]
