"""Comparison × Gravity uses the shared Gravity Three components: token masses and see-saw arms.

The values and their provenance live in ``gravity_three/data/components.toml``. This module derives
the torque table the rules compare (torque = mass x arm). The game's own texts (the Announcement
Card's and the see-saw match's info cards, the glossary) are in ``data/texts.toml``.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Literal

from pydantic import Field

from gravity_games.core.data import Component, DataFile, read_package_toml, validate
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


class CardText(Component):
    """The Announcement Card's info card; ``{spot}``, ``{place}``, ``{distance}``, ``{held}`` are filled in."""

    title: str
    text: str


class MatchText(Component):
    """How a match on the see-saw is decided, added to the shared see-saw card."""

    text: str


class GlossaryText(Component):
    """The glossary: the words of ``announce X`` (``{spot}``, ``{place}`` filled in), then fixed terms."""

    announce: str
    terms: list[tuple[str, str]] = Field(min_length=1)


class ComparisonTexts(DataFile):
    """The game's own texts (``data/texts.toml``)."""

    announcement_card: CardText
    seesaw_match: MatchText
    glossary: GlossaryText


@lru_cache(maxsize=1)
def load_texts() -> ComparisonTexts:
    """The packaged texts of Comparison × Gravity's info cards and glossary."""
    raw = read_package_toml("gravity_games.games.comparison_gravity", "data/texts.toml")
    return validate(ComparisonTexts, raw, "comparison_gravity/texts.toml")


__all__ = [
    "COLOUR_LETTERS",
    "SEAT_COLOURS",
    "SPOTS",
    "ComparisonTexts",
    "Components",
    "card_counts",
    "load_components",
    "load_texts",
    "torque_table",
]
