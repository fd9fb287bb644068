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
            svg = view(observation, game)
            if _draws_something(svg):
                return svg
        except Exception:
            log.exception("svg_view of %s failed; showing the generic view", game.ID)
    return generic_html(observation)


def _draws_something(svg: str) -> bool:
    # An empty root element (``<svg .../>``), as a game's render stub returns, shows nothing.
    body = svg.strip()
    return bool(body) and not (body.endswith("/>") and body.count("<") == 1)


def _label(key: str) -> str:
    return key.replace("_", " ").strip().capitalize()


def _scalar(value: Any) -> str:
    if value is None:
        return '<span class="muted">—</span>'
    if isinstance(value, bool):
        return "yes" if value else "no"
    return html.escape(str(value))


def _is_record_list(value: Any) -> bool:
    """A list of flat objects (tokens, ships, players): shown as a table, one row each."""
    return (
        isinstance(value, list)
        and len(value) > 0
        and all(isinstance(v, dict) for v in value)
        and all(not isinstance(x, dict) for v in value for x in v.values())
    )


def _table_html(rows: list[dict[str, Any]]) -> str:
    columns: list[str] = []
    for row in rows:
        for key in row:
            if key not in columns:
                columns.append(key)
    head = "".join(f"<th>{html.escape(_label(str(c)))}</th>" for c in columns)
    body = "".join("<tr>" + "".join(f"<td>{_value_html(row.get(c))}</td>" for c in columns) + "</tr>" for row in rows)
    table = f'<table class="grid"><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>'
    return f'<div class="table-wrap">{table}</div>'


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
        if _is_record_list(value):
            return _table_html(value)
        if all(not isinstance(v, dict | list) for v in value):
            chips = "".join(f'<span class="chip">{_scalar(v)}</span>' for v in value)
            return f'<span class="chips">{chips}</span>'
        items = "".join(f"<li>{_value_html(v, depth + 1)}</li>" for v in value)
        return f'<ol class="nested">{items}</ol>'
    return _scalar(value)


SHOWN_ELSEWHERE = frozenset({"log", "game", "players", "seat", "current_player"})
"""Observation keys the game page already shows (players panel, turn badge, move log)."""


def generic_html(observation: dict[str, Any]) -> str:
    """Plain values as a row of labelled tiles; each list or table as its own card."""
    tiles = []
    cards = []
    for key, value in observation.items():
        if key in SHOWN_ELSEWHERE:
            continue
        label = html.escape(_label(str(key)))
        if isinstance(value, dict | list) and value:
            wide = " wide" if _is_record_list(value) or (isinstance(value, dict) and len(value) > 6) else ""
            inner = f'<div class="obs-value">{_value_html(value)}</div>'
            cards.append(f'<section class="obs-card{wide}"><h3>{label}</h3>{inner}</section>')
        else:
            tiles.append(f'<div class="tile"><span>{label}</span><strong>{_value_html(value)}</strong></div>')
    if tiles:
        cards.insert(0, f'<section class="obs-card wide tiles">{"".join(tiles)}</section>')
    body = "".join(cards) or '<p class="muted">Nothing to show yet.</p>'
    return f'<div class="generic-board">{body}</div>'
