"""Gravity Falls for designers: each seat's character and the monsters faced; the components file."""

from __future__ import annotations

from typing import Any

from gravity_games.core.data import read_package_toml
from gravity_games.core.design import DesignHooks


def seat_roles(obs: dict[str, Any], _game: Any) -> list[dict[str, str]]:
    """Each seat's character, and the monster of each difficulty the whole team faced.

    The monsters are the same for every seat (the game is cooperative, so reports count them
    once per game); they are named by difficulty so the three slots stay separate.
    """
    monsters = {f"{m['difficulty']} monster": str(m["name"]) for m in obs.get("monsters", [])}
    return [{"character": str(c["name"]), **monsters} for c in obs.get("characters", [])]


def data_document() -> dict[str, Any]:
    """The packaged components.toml, the layout of a user's ``data`` file."""
    return read_package_toml("gravity_games.games.gravity_falls", "data/components.toml")


DESIGN = DesignHooks(roles=seat_roles, data_document=data_document)
