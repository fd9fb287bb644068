"""The skeleton game's components (``data/components.toml``): models, loader and derived tables.

Every entry carries ``source`` (core/data.py). A user passes their own file with the ``data``
parameter; each wrong field gets its own line in the :class:`DataError`. This module stays
interpreted (it is never compiled): pydantic models and file reading are not hot code.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from pydantic import Field, model_validator

from gravity_games.core.data import (
    Component,
    DataFile,
    entry_value,
    read_package_toml,
    read_toml,
    reconstructed_entries,
    validate,
)

PACKAGE = __name__.rpartition(".")[0]
"""This game's package, whatever it is imported as (the data files are read from it)."""

PACKAGED_FILE = "data/components.toml"


class Deal(Component):
    """How many tokens each seat is dealt (and so how many rounds are played)."""

    hand_size: int = Field(ge=1, le=6)


class Die(Component):
    """The faces of the die rolled at the start of every round."""

    faces: tuple[int, ...] = Field(min_length=2)

    @model_validator(mode="after")
    def faces_are_distinct(self) -> Die:
        if len(set(self.faces)) != len(self.faces) or min(self.faces) < 1:
            raise ValueError(f"the die's faces must be different whole numbers from 1 up, got {list(self.faces)}")
        return self


class Token(Component):
    """One numbered token: its public name and its value."""

    name: str = Field(min_length=1, max_length=8, pattern=r"^[A-Za-z][A-Za-z0-9]*$")
    value: int = Field(ge=0, le=99)


class Components(DataFile):
    """A whole components file."""

    deal: Deal
    die: Die
    tokens: tuple[Token, ...] = Field(min_length=3, max_length=16)

    @model_validator(mode="after")
    def tokens_are_told_apart(self) -> Components:
        names = [t.name.lower() for t in self.tokens]
        if len(set(names)) != len(names):
            raise ValueError("two tokens have the same name (names are compared without case)")
        values = [t.value for t in self.tokens]
        if len(set(values)) != len(values):
            # Round winners are decided by value; equal values would need a rule the game does not have.
            raise ValueError(f"two tokens have the same value, got {values}")
        return self


def parse_components(raw: dict[str, Any], where: str) -> Components:
    """Validate a parsed TOML document as a components file."""
    return validate(Components, raw, where)


@lru_cache(maxsize=1)
def packaged_components() -> Components:
    """The packaged components (read once)."""
    return parse_components(data_document(), f"packaged {PACKAGED_FILE}")


def load_components(path: str | None) -> Components:
    """The components of a ``data`` parameter: a file path, or ``None`` for the packaged file."""
    if path is None:
        return packaged_components()
    return parse_components(read_toml(path), f"data file {path!r}")


def data_document() -> dict[str, Any]:
    """The packaged file as plain dicts and lists (the layout of a user's ``data`` file)."""
    return read_package_toml(PACKAGE, PACKAGED_FILE)


def token_values(components: Components) -> tuple[int, ...]:
    """Each token's value, by token id (its place in the file)."""
    return tuple(t.value for t in components.tokens)


def token_names(components: Components) -> tuple[str, ...]:
    """Each token's name, by token id."""
    return tuple(t.name for t in components.tokens)


def reconstructed_values() -> list[dict[str, Any]]:
    """The packaged values the rulebook does not give, with their reasons (for ``gravity rules``)."""
    return [
        {
            "name": path,
            "path": path,
            "value": entry_value(item),
            "reason": item.reason,
        }
        for path, item in reconstructed_entries(packaged_components())
    ]
