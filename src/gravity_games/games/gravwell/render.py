"""Views of one seat's Gravwell observation: the terminal view (Rich markup) and the SVG board.

The drawing code lives in :mod:`.render_text` and :mod:`.render_svg`, the shared words (card value
and beam type, ship abilities, what each step asks) in :mod:`.render_words`; this module keeps the
two entry points the registry and the tests import.
"""

from __future__ import annotations

from gravity_games.games.gravwell.render_svg import render_svg
from gravity_games.games.gravwell.render_text import render_text

__all__ = ["render_svg", "render_text"]
