"""Pieces of an observation tensor the three Gravity Three encoders share.

Each game lays out its own tensor (``<game>/tensor.py``); these helpers write one-hot slots
the same way in all three, and :data:`PartRow` is the row a layout lists before
:func:`gravity_games.core.api.tensor_layout` turns it into named parts.
"""

from __future__ import annotations

PartRow = tuple[str, int, str, str]
"""One named part of a layout: name, width, kind (``one-hot``, ``flags``, ``scaled``), meaning."""


def set_one_hot(out: list[float], offset: int, index: int | None) -> None:
    """Set slot ``offset + index`` to 1 (None: leave the part all zero)."""
    if index is not None:
        out[offset + index] = 1.0


def append_one_hot(out: list[float], index: int | None, width: int) -> None:
    """Append ``width`` slots with a 1 at ``index`` (None or out of range: all zero)."""
    block = [0.0] * width
    if index is not None and 0 <= index < width:
        block[index] = 1.0
    out.extend(block)


__all__ = ["PartRow", "append_one_hot", "set_one_hot"]
