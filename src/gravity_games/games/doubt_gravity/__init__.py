"""Doubt x Gravity (``doubt-gravity``): Game 3 of the Gravity Three rulebook.

SPEC-PLACEHOLDER
"""

from typing import Any

from gravity_games.core.data import reconstructed_entries
from gravity_games.core.registry import register

from .bots import HeuristicAgent
from .render import render_svg, render_text
from .data import load_components
from .rules import DoubtGravity, DoubtState


def reconstructed() -> list[dict[str, Any]]:
    """The reconstructed component values this game uses (for ``gravity rules``)."""
    reasons = {
        "masses": "grams per number 1-5; even 3 g steps so that one wrong token in a stack is hard "
        "but not impossible to feel (docs/games/doubt-gravity.md)",
        "perception": "a lifted stack is felt as mass x exp(sigma Z), sigma = Weber fraction of the "
        "perception parameter (about 0.1 for lifted weights); readings on a 2 % grid",
    }
    result = []
    for path, item in reconstructed_entries(load_components()):
        if path in reasons:
            values = item.model_dump(exclude={"source"})
            result.append({"name": path, "path": path, "value": values, "reason": reasons[path]})
    return result


register(
    DoubtGravity,
    agents={"heuristic": HeuristicAgent},
    text_view=render_text,
    svg_view=render_svg,
    doc=__doc__ or "",
    reconstructed=reconstructed,
)

__all__ = ["DoubtGravity", "DoubtState", "HeuristicAgent", "render_svg", "render_text"]
