"""The three Gravity Three games for designers: colour and first player; the shared components."""

from __future__ import annotations

from typing import Any

from gravity_games.core.data import read_package_toml
from gravity_games.core.design import DesignHooks

COLOUR_NAMES = {"K": "black", "G": "grey", "R": "red"}
"""Doubt Gravity's observation names colours by letter; the reports use the words."""


def seat_roles(obs: dict[str, Any], _game: Any) -> list[dict[str, str]]:
    """Each seat's colour (where seats have one) and whether it won the roll-off to go first."""
    players = int(obs.get("players") or len(obs.get("colours") or []) or 0)
    first = obs.get("first_player")
    colours = list(obs.get("colours") or [])
    roles: list[dict[str, str]] = []
    for seat in range(players):
        role: dict[str, str] = {}
        if seat < len(colours):
            role["colour"] = COLOUR_NAMES.get(str(colours[seat]), str(colours[seat]))
        if isinstance(first, int):
            role["first player"] = "yes" if seat == first else "no"
        roles.append(role)
    return roles


def data_document() -> dict[str, Any]:
    """The shared components.toml, the layout of a user's ``data`` file for all three games."""
    return read_package_toml("gravity_games.games.gravity_three", "data/components.toml")


def design_hooks() -> DesignHooks:
    """The design hooks of a Gravity Three game: seat roles by colour and first player, the shared data."""
    return DesignHooks(roles=seat_roles, data_document=data_document)
