"""Views of one seat's observation: text for the terminal (Rich markup) and the SVG board.

Both read the observation only (never the state), so they show exactly what that seat may see.
The text view is in ``render_text.py``, the board in ``render_svg.py``, the words they share in
``render_common.py``.
"""

from __future__ import annotations

from .render_svg import render_svg
from .render_text import render_text

__all__ = ["render_svg", "render_text"]
