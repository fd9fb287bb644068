"""Views of one seat's observation: Rich text for the terminal and an SVG of the table.

Both read the observation only (never the state), so they show exactly what that seat may see:
its own numbers, the numbers turned over, and ``?`` for every face-down token of the others.
The terminal view is in ``render_text.py``, the board in ``render_svg.py``; this module is the
one the registry and the tests import.
"""

from __future__ import annotations

from .render_svg import render_svg, status_line
from .render_text import describe_round, render_text

__all__ = ["describe_round", "render_svg", "render_text", "status_line"]
