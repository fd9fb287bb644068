"""Gravwell for designers: each seat's ship, and the board, cards and ships as a data file."""

from __future__ import annotations

from typing import Any

from gravity_games.core.data import read_package_toml
from gravity_games.core.design import DesignHooks

PACKAGE = "gravity_games.games.gravwell"


def seat_roles(obs: dict[str, Any], _game: Any) -> list[dict[str, str]]:
    """The ship each seat flies, from the public observation."""
    return [{"ship": str(ship["ship"])} for ship in obs.get("ships", [])]


def data_document() -> dict[str, Any]:
    """The packaged ``board``, ``cards`` and ``ships`` tables: what a ``data`` file may replace."""
    doc: dict[str, Any] = {}
    for name in ("board.toml", "cards.toml", "ships.toml"):
        doc.update(read_package_toml(PACKAGE, f"data/{name}"))
    return doc


DESIGN = DesignHooks(roles=seat_roles, data_document=data_document)
