"""Comparison × Gravity uses the shared Gravity Three components: token masses and see-saw arms.

The values and their provenance live in ``gravity_three/data/components.toml``. This module derives
the torque table the rules compare (torque = mass x arm).
"""

from __future__ import annotations

from typing import Literal

from gravity_games.games.gravity_three import COLOUR_LETTERS, Components, load_components

SPOTS: tuple[Literal["A", "B", "C"], ...] = ("A", "B", "C")
"""The see-saw spots, nearest the fulcrum first; card ids 0-2."""

SEAT_COLOURS = (0, 2, 1)
"""Colour index (0 black, 1 grey, 2 red) of each seat: black, red, grey in clockwise order, so the
printed 3-player example (red first, grey on red's left, black third) is seats 1, 2, 0."""


def torque_table(components: Components) -> list[list[float]]:
    """``table[spot][number - 1]``: the torque of a token on a spot, mass (g) x arm (cm)."""
    arms = components.seesaw.arms_cm
    return [[arms[spot] * grams for grams in components.masses.grams] for spot in SPOTS]


def card_counts(components: Components) -> list[int]:
    """How many of each card (A, B, C) a player holds at the start: A, A, B, B, C."""
    return [components.seesaw.cards.count(spot) for spot in SPOTS]


__all__ = [
    "COLOUR_LETTERS",
    "SEAT_COLOURS",
    "SPOTS",
    "Components",
    "card_counts",
    "load_components",
    "torque_table",
]
