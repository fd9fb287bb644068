"""Text and SVG views of one seat's Comparison × Gravity observation (never the full state).

The board is drawn in ``render_svg.py``, the terminal view in ``render_text.py``; both share the
sentences of ``render_status.py`` and the words and keys of ``render_words.py``.
"""

from __future__ import annotations

from .render_svg import render_svg
from .render_text import render_text

__all__ = ["render_svg", "render_text"]
