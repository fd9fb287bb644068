"""Precomputed tables of Comparison × Gravity: the names and lines the log writes at every step, out of the rules.

The data module (``data.py``) stays interpreted; the rules read these compiled constants instead
of its module attributes at every announcement and play.
"""

from __future__ import annotations

from typing import Final

from gravity_games.games.gravity_three.rolloff import DIE_FACES
from gravity_games.games.gravity_three.tokens import COLOUR_NAMES

from .data import SEAT_COLOURS, SPOTS

SEATS: Final = 3
"""The most seats a game has."""
NUMBERS: Final = 5
"""Each seat's tokens carry the numbers 1 to this."""

SPOT_NAME: Final[tuple[str, ...]] = tuple(SPOTS)
"""Each spot's letter (``A``, ``B``, ``C``) by card id."""

SPOT_COUNT: Final = len(SPOTS)
"""Announcement actions are the card ids 0 to this, exclusive."""

SEAT_COLOUR_NAME: Final[tuple[str, ...]] = tuple(COLOUR_NAMES[colour] for colour in SEAT_COLOURS)
"""The colour each seat plays, by name (seat 0 black, seat 1 red, seat 2 grey)."""

FACE_COUNT: Final = len(DIE_FACES)
"""The die's faces (roll actions are 0 to this, exclusive)."""

PLACED_TOKEN_LINE: Final[tuple[str, ...]] = tuple(
    [f"Seat {seat} placed token {number}." for seat in range(SEATS) for number in range(1, NUMBERS + 1)]
)
"""The placer's own log line (private to it), by ``seat * NUMBERS + number - 1``: written once, not per play."""

__all__ = ["FACE_COUNT", "NUMBERS", "PLACED_TOKEN_LINE", "SEATS", "SEAT_COLOUR_NAME", "SPOT_COUNT", "SPOT_NAME"]
