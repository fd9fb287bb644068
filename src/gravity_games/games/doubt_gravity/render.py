"""Views of one seat's observation: Rich text and SVG."""

from __future__ import annotations

from typing import Any

from gravity_games.core.api import Game


def render_text(observation: dict[str, Any], game: Game) -> str:
    return str(observation)


def render_svg(observation: dict[str, Any], game: Game) -> str:
    return "<svg xmlns='http://www.w3.org/2000/svg'/>"
