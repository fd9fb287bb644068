"""Precomputed tables the three Gravity Three games share: sets of the 15 tokens as bit masks.

A set of token ids 0-14 (memory's places on the table, doubt's placements ``colour * 5 +
number - 1``) is kept as a bit mask (bit t: id t); the legal moves are read off it in increasing
order with two table look-ups, not a loop over the 15 bits or a sort.
"""

from __future__ import annotations

from typing import Final

from .tokens import TOKEN_COUNT

_LOW_IDS: Final[tuple[tuple[int, ...], ...]] = tuple([tuple([t for t in range(8) if m >> t & 1]) for m in range(256)])
_HIGH_IDS: Final[tuple[tuple[int, ...], ...]] = tuple(
    [tuple([t + 8 for t in range(TOKEN_COUNT - 8) if m >> t & 1]) for m in range(1 << (TOKEN_COUNT - 8))]
)
"""The ids set in the low 8 and the high 7 bits of a mask, in order."""


def ids_in_mask(mask: int) -> list[int]:
    """The ids (0-14) set in ``mask``, in increasing order, as a new list."""
    ids = list(_LOW_IDS[mask & 0xFF])
    ids.extend(_HIGH_IDS[mask >> 8])
    return ids


__all__ = ["ids_in_mask"]
