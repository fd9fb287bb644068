"""The shared Gravity Three components (tokens, masses, see-saw, die, perception) from TOML."""

from __future__ import annotations

from collections.abc import Collection, Mapping
from functools import lru_cache
from pathlib import Path
from typing import Any, Literal

from pydantic import ConfigDict, Field, model_validator

from gravity_games.core.data import (
    Component,
    DataFile,
    Source,
    read_package_toml,
    read_toml,
    reconstructed_entries,
    validate,
)

PACKAGE = "gravity_games.games.gravity_three"


class Tokens(Component):
    numbers: list[int] = Field(min_length=5, max_length=5)
    per_colour: Literal[5]


class Masses(Component):
    grams: list[float] = Field(min_length=5, max_length=5)
    note: str = ""
    """What a player is told about the masses (the info card of a token); may be empty."""

    @model_validator(mode="after")
    def heavier_with_the_number(self) -> Masses:
        if any(b <= a for a, b in zip(self.grams, self.grams[1:], strict=False)) or self.grams[0] <= 0:
            raise ValueError("token masses must be positive and strictly increase with the number")
        return self


class Seesaw(Component):
    arms_cm: dict[Literal["A", "B", "C"], float]
    cards: list[Literal["A", "B", "C"]] = Field(min_length=5, max_length=5)
    cards_source: Source
    note: str = ""
    """What a player is told about the spots (the info card of the see-saw); may be empty."""

    @model_validator(mode="after")
    def three_spots(self) -> Seesaw:
        if set(self.arms_cm) != {"A", "B", "C"} or min(self.arms_cm.values()) <= 0:
            raise ValueError("arms_cm needs positive distances for A, B and C")
        return self


class Die(Component):
    faces: list[str] = Field(min_length=6, max_length=6)


class Perception(Component):
    levels: dict[str, float]
    grid_start_grams: float = Field(gt=0)
    grid_step: float = Field(gt=0, le=0.5)
    grid_levels: int = Field(gt=10, le=5000)
    tail_sigmas: float = Field(gt=0, le=10)

    @model_validator(mode="after")
    def has_exact(self) -> Perception:
        if "exact" not in self.levels or self.levels["exact"] != 0.0:
            raise ValueError("perception.levels needs exact = 0.0")
        if any(v < 0 or v > 1 for v in self.levels.values()):
            raise ValueError("perception levels are Weber fractions between 0 and 1")
        return self


class Components(DataFile):
    model_config = ConfigDict(extra="forbid", frozen=True)

    colours: list[str] = Field(min_length=3, max_length=3)
    tokens: Tokens
    masses: Masses
    seesaw: Seesaw
    die: Die
    perception: Perception


def parse_components(raw: dict[str, object], where: str) -> Components:
    return validate(Components, raw, where)


@lru_cache(maxsize=8)
def load_components(path: str | None = None) -> Components:
    """The packaged components, or a user's own file with the same layout."""
    if path is None:
        return parse_components(read_package_toml(PACKAGE, "data/components.toml"), "gravity_three/components.toml")
    return parse_components(read_toml(Path(path)), path)


def reconstructed_values(reasons: Mapping[str, str], exclude: Collection[str] = ("source",)) -> list[dict[str, Any]]:
    """The reconstructed shared components a game uses, for its ``gravity rules`` listing.

    ``reasons`` names the components the game uses (``masses``, ``perception``, ``seesaw``)
    with why each value was chosen for that game; ``exclude`` leaves fields out of the values.
    """
    result: list[dict[str, Any]] = []
    for path, item in reconstructed_entries(load_components()):
        if path in reasons:
            values = item.model_dump(exclude={*exclude, "note", "reason"})  # words for players and the why, not values
            result.append({"name": path, "path": path, "value": values, "reason": reasons[path]})
    return result
