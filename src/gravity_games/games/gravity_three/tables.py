"""Precomputed tables the three Gravity Three games share: sets of the 15 tokens as bit masks.

A set of ids 0-15 (memory's places on the table, doubt's placements ``colour * 5 + number - 1``
and its ``done`` after them) is kept as a bit mask (bit t: id t); the legal moves are read off it
in increasing order with two table look-ups and one list built, not a loop over the bits or a sort.
"""

from __future__ import annotations

from typing import Final

MASK_IDS: Final = 16
"""Ids 0 to this, exclusive, fit in a mask :func:`ids_in_mask` reads (two bytes)."""

_LOW_IDS: Final[tuple[list[int], ...]] = tuple([[t for t in range(8) if m >> t & 1] for m in range(256)])
_HIGH_IDS: Final[tuple[list[int], ...]] = tuple([[t + 8 for t in range(8) if m >> t & 1] for m in range(256)])
"""The ids set in the low and the high byte of a mask, in order. Lists, so that joining two of
them is one new list (``list + list``); these lists themselves are never handed out or changed."""


def ids_in_mask(mask: int) -> list[int]:
    """The ids (0-15) set in ``mask``, in increasing order, as a new list."""
    return _LOW_IDS[mask & 0xFF] + _HIGH_IDS[mask >> 8]


__all__ = ["MASK_IDS", "ids_in_mask"]
