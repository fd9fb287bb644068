"""Saving Waddles for designers: each seat's hero, and the components file."""

from __future__ import annotations

from typing import Any

from gravity_games.core.data import read_package_toml
from gravity_games.core.design import DesignHooks


def seat_roles(obs: dict[str, Any], _game: Any) -> list[dict[str, str]]:
    """The hero each seat plays, from the public observation."""
    return [{"hero": str(hero).capitalize()} for hero in obs.get("heroes", [])]


def data_document() -> dict[str, Any]:
    """The packaged components.toml, the layout of a user's ``data`` file."""
    return read_package_toml("gravity_games.games.saving_waddles", "data/components.toml")


DESIGN = DesignHooks(roles=seat_roles, data_document=data_document)
