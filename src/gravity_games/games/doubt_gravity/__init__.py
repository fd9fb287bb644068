"""Doubt x Gravity (``doubt-gravity``): Game 3 of the Gravity Three rulebook.

SPEC-PLACEHOLDER
"""

from gravity_games.core.registry import register

from .bots import HeuristicAgent
from .render import render_svg, render_text
from .rules import DoubtGravity, DoubtState

register(
    DoubtGravity,
    agents={"heuristic": HeuristicAgent},
    text_view=render_text,
    svg_view=render_svg,
    doc=__doc__ or "",
)

__all__ = ["DoubtGravity", "DoubtState", "HeuristicAgent", "render_svg", "render_text"]
