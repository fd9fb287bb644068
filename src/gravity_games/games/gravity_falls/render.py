"""Views of one seat's observation."""

from __future__ import annotations

from typing import Any


def render_text(observation: dict[str, Any], game: Any) -> str:
    return str(observation)


def render_svg(observation: dict[str, Any], game: Any) -> str:
    return "<svg xmlns='http://www.w3.org/2000/svg'/>"
