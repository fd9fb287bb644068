"""Text and SVG views of one seat's Memory × Gravity observation (never the full state).

``render_text`` (Rich markup, for ``gravity play``) is here; ``render_svg`` (the board the web
client plays on) is in ``render_svg.py``; both read the observation through ``render_common``.
"""

from __future__ import annotations

from typing import Any

from gravity_games.core.api import Game

from .data import load_texts
from .render_common import (
    COLOURS,
    ORDINALS,
    Observation,
    and_list,
    colour_of,
    grams_text,
    lifters_by_token,
    plural,
    readings_by_token,
    status_line,
    turn_order,
)
from .render_svg import render_svg

RICH = {"black": "bold white on grey23", "grey": "bold black on grey70", "red": "bold white on red3"}
ROLES = ("first player", "second player", "third player")


def _table_cell(obs: Observation, token: dict[str, Any], readings: dict[str, list[float]]) -> str:
    tid = token["id"]
    if token["kept_by"] is not None:
        who = "you" if token["kept_by"] == obs.get("seat") else f"Seat {token['kept_by']}"
        return f"[dim]{tid} kept by {who}[/dim]"
    cell = f"[{RICH[colour_of(tid)]}] {tid} [/]"
    if tid in obs["this_turn"]:
        cell += f" [yellow]lifted {ORDINALS[obs['this_turn'].index(tid)]}[/yellow]"
    if tid in readings:
        cell += " " + " and ".join(grams_text(g) for g in readings[tid])
    return cell


def _others_lifts(obs: Observation) -> list[str]:
    """Who else lifted what (public: everybody watches the lifts)."""
    by_seat: dict[int, list[str]] = {}
    for tid, seats in lifters_by_token(obs).items():
        for seat in sorted(set(seats)):
            if seat != obs.get("seat"):
                times = seats.count(seat)
                by_seat.setdefault(seat, []).append(tid + ("" if times == 1 else f" ({times} times)"))
    return [f"Seat {seat} has lifted: {', '.join(sorted(tids))}" for seat, tids in sorted(by_seat.items())]


def _seat_line(obs: Observation, seat: int, readings: dict[str, list[float]]) -> str:
    me = " (you)" if seat == obs.get("seat") else ""
    order = turn_order(obs, seat)
    role = f", {ROLES[order]}" if order is not None else ""
    kept = []
    for tid in obs["kept"][seat]:
        felt = readings.get(tid)
        kept.append(f"{colour_of(tid)} {tid}" + (f" ({grams_text(felt[-1])})" if felt else ""))
    line = f"Seat {seat}{me}{role}: "
    if "revealed" in obs:
        rev = obs["revealed"]
        line += f"{rev['combinations'][seat]}, {rev['kinds'][seat]} numbers (from {and_list(kept)})"
        if seat in rev["winners"]:
            line += (
                " [bold yellow]wins[/bold yellow]" if len(rev["winners"]) == 1 else " [bold yellow]shares the win[/]"
            )
        return line
    if not kept:
        return line + "no token kept yet"
    return line + f"keeps {plural(len(kept), 'token')}: {and_list(kept)}"


def _ranking_line() -> str:
    ranks = load_texts().reference.ranks
    return "Strongest first: " + "; then ".join(f"{r.numbers} ({r.short})" for r in ranks) + "."


def render_text(obs: dict[str, Any], game: Game) -> str:
    """The table as Rich-markup text: tokens by colour, who lifted and kept what, this seat's readings."""
    readings = readings_by_token(obs)
    lines = [f"[bold]Memory × Gravity[/bold]  (perception: {obs['perception']})", status_line(obs), ""]
    lines.append("On the table, numbers face down:")
    for colour in COLOURS:
        cells = [_table_cell(obs, t, readings) for t in obs["tokens"] if t["colour"] == colour]
        lines.append(f"{colour:>6}: " + "   ".join(cells))
    lines.extend(_others_lifts(obs))
    lines.append("")
    lines.extend(_seat_line(obs, seat, readings) for seat in range(obs["players"]))
    lines.append("")
    lines.append(f"[dim]{_ranking_line()}[/dim]")
    grams = getattr(game, "grams", None)
    if grams:  # the scale a reading is judged against (the reconstructed masses)
        scale = "  ".join(f"{n} = {g:g} g" for n, g in enumerate(grams, 1))
        lines.append(f"[dim]Token weights (reconstructed): {scale}[/dim]")
    if obs.get("seat") is not None and "revealed" not in obs:
        lines.append("[dim]The grams after a token are your readings; nobody else sees them.[/dim]")
    return "\n".join(lines)


__all__ = ["render_svg", "render_text"]
