"""Doubt × Gravity uses the shared Gravity Three components (tokens, masses, die, perception).

Nothing is specific to this game: it re-exports the shared loader so that the ``data``
parameter (a components file with the layout of ``gravity_three/data/components.toml``)
works the same way in all three games.
"""

from __future__ import annotations

from gravity_games.games.gravity_three import (
    COLOUR_LETTERS,
    Components,
    PerceptionModel,
    load_components,
)

COLOUR_NAMES = ("black", "grey", "red")
"""Colour names in the order of ``COLOUR_LETTERS`` (K, G, R)."""

NUMBERS = (1, 2, 3, 4, 5)
"""Every colour has one token of each number."""

__all__ = ["COLOUR_LETTERS", "COLOUR_NAMES", "NUMBERS", "Components", "PerceptionModel", "load_components"]
