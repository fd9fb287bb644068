"""Reading and writing the parts of a position document the Gravity Three games share.

Each game's ``state_json.py`` writes its own document (the formats are public and differ); the
phase by name and the roll-off are read the same way in all three, with the same messages.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from gravity_games.core.api import InvalidStateError

from .rolloff import RollOff


def phase_from_name(game_id: str, names: Sequence[str], value: Any, wording: str = "unknown phase") -> int:
    """The index of a phase written by name; an unknown one names the allowed ones."""
    if value not in names:
        if wording == "unknown phase":
            raise InvalidStateError(f"{game_id}: unknown phase {value!r}; one of {', '.join(names)}")
        raise InvalidStateError(f"{game_id}: phase {value!r} is unknown; allowed: {', '.join(names)}")
    return names.index(value)


def roll_off_document(roll_off: RollOff) -> dict[str, list[int]]:
    """The roll-off in progress: ``{"contenders": [...], "rolls": [...]}`` (faces as outcome ids)."""
    return roll_off.to_json()


def roll_off_from_document(doc: Mapping[str, Any]) -> RollOff:
    """The roll-off written by :func:`roll_off_document`."""
    return RollOff.from_json({"contenders": list(doc["contenders"]), "rolls": list(doc["rolls"])})


__all__ = ["phase_from_name", "roll_off_document", "roll_off_from_document"]
