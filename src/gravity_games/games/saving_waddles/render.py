"""Text and SVG views of Saving Waddles, drawn from one seat's observation only.

``render_text`` (render_text.py) is the terminal view, ``render_svg`` (render_svg.py) the
board the web client plays on; both share the words and names of render_common.py. Nothing
hidden is looked up anywhere but the observation.
"""

from __future__ import annotations

from .render_svg import render_svg
from .render_text import render_text

__all__ = ["render_svg", "render_text"]
