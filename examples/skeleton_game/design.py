"""The skeleton game for designers: who each seat plays as, and the components as a data file.

Roles come from the public observation only (``core/design.py``): here, whether a seat began the
first round. ``data_document`` is the packaged components file, so a sweep can vary a value at a
path (``deal.hand_size``, ``die.faces``) and hand the game the changed file.
"""

from __future__ import annotations

from typing import Any

from gravity_games.core.design import DesignHooks

from .data import data_document


def seat_roles(obs: dict[str, Any], _game: Any) -> list[dict[str, str]]:
    """Each seat's place in the first round (seat 0 begins it)."""
    return [{"first round": "first" if seat == 0 else "second"} for seat in range(int(obs["players"]))]


DESIGN = DesignHooks(roles=seat_roles, data_document=data_document)
