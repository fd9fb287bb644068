"""The board of the game page: the game's own SVG view, or a clean generic rendering.

``entry(id).svg_view(observation, game)`` draws one seat's observation. A game
without one (or whose view fails) gets :func:`generic_html`, a readable card layout
of the observation's fields, so every registered game can be played in the browser.
"""

from __future__ import annotations

import html
import logging
from typing import Any

from gravity_games.core.api import Game
from gravity_games.core.registry import entry

log = logging.getLogger("gravity_games.web")


def render_board(game: Game, observation: dict[str, Any]) -> str:
    """HTML for the board: the game's SVG when it has one, else the generic view."""
    view = entry(game.ID).svg_view
    if view is not None:
        try:
            return view(observation, game)
        except Exception:
            log.exception("svg_view of %s failed; showing the generic view", game.ID)
    return generic_html(observation)


def _label(key: str) -> str:
    return key.replace("_", " ").strip().capitalize()


def _scalar(value: Any) -> str:
    if value is None:
        return '<span class="muted">—</span>'
    if isinstance(value, bool):
        return "yes" if value else "no"
    return html.escape(str(value))


def _value_html(value: Any, depth: int = 0) -> str:
    if isinstance(value, dict):
        if not value:
            return '<span class="muted">none</span>'
        rows = "".join(
            f"<tr><th>{html.escape(_label(str(k)))}</th><td>{_value_html(v, depth + 1)}</td></tr>"
            for k, v in value.items()
        )
        return f'<table class="kv">{rows}</table>'
    if isinstance(value, list):
        if not value:
            return '<span class="muted">none</span>'
        if all(not isinstance(v, dict | list) for v in value):
            chips = "".join(f'<span class="chip">{_scalar(v)}</span>' for v in value)
            return f'<span class="chips">{chips}</span>'
        items = "".join(f"<li>{_value_html(v, depth + 1)}</li>" for v in value)
        return f'<ol class="nested">{items}</ol>'
    return _scalar(value)


def generic_html(observation: dict[str, Any]) -> str:
    """Each top-level field as a labelled card (the log is shown elsewhere on the page)."""
    cards = []
    for key, value in observation.items():
        if key == "log":
            continue
        cards.append(
            f'<section class="obs-card"><h3>{html.escape(_label(str(key)))}</h3>'
            f'<div class="obs-value">{_value_html(value)}</div></section>'
        )
    body = "".join(cards) or '<p class="muted">Nothing to show yet.</p>'
    return f'<div class="generic-board">{body}</div>'
