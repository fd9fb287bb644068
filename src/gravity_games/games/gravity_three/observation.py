"""Observation plumbing the three Gravity Three games share: a seat's private part.

Each game names the fields of its observation that only the observing seat sees in
``Game.PRIVATE_FIELDS`` (Memory × Gravity: ``readings``; Comparison × Gravity: ``hand``;
Doubt × Gravity: ``hand`` and ``readings``); ``State.private_values`` hands exactly those out.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from gravity_games.core.api import JSON


def private_values_of(
    observation: Mapping[str, JSON], fields: Sequence[str], *, drop_empty: bool = False
) -> dict[str, JSON]:
    """The private ``fields`` of a seat's observation; ``drop_empty`` leaves out empty ones
    (an empty hand is no secret, and every empty hand looks alike)."""
    values: dict[str, JSON] = {}
    for name in fields:
        if name in observation and not (drop_empty and not observation[name]):
            values[name] = observation[name]
    return values


__all__ = ["private_values_of"]
