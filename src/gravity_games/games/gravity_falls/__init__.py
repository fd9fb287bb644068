"""Gravity Falls (cooperative): spec page.

(Filled in below.)
"""

from gravity_games.core.registry import register

from .bots import HeuristicAgent
from .data import reconstructed_list
from .render import render_svg, render_text
from .rules import GravityFallsGame, GravityFallsState

register(
    GravityFallsGame,
    agents={"heuristic": HeuristicAgent},
    text_view=render_text,
    svg_view=render_svg,
    doc=__doc__ or "",
    reconstructed=reconstructed_list,
)

__all__ = ["GravityFallsGame", "GravityFallsState", "HeuristicAgent", "render_svg", "render_text"]
