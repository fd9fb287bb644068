"""The terminal view of one seat's Memory × Gravity observation (never the full state).

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
    next_step_hint,
    plural,
    readings_by_token,
    status_line,
    turn_order,
)

RICH = {"black": "bold white on grey23", "grey": "bold black on grey70", "red": "bold white on red3"}
ROLES = ("first player", "second player", "third player")
KINDS = ("identical", "consecutive", "three-digit")
"""The combination kinds of the observation, in the order of the Reference Card's rows."""


CELL = 13
"""Width of a token's column in the terminal table (its id line and its note line)."""


def _table_cell(obs: Observation, token: dict[str, Any], readings: dict[str, list[float]]) -> tuple[str, str]:
    """A token's two lines of the table, padded to ``CELL``: the token (and its lift order this
    turn), then who kept it or what this seat felt."""
    tid = token["id"]
    keeper = token["kept_by"]
    if keeper is not None:
        who = "yours" if keeper == obs.get("seat") else f"Seat {keeper}"
        return f"[dim]{' ' + tid:<{CELL}}[/dim]", f"[dim]{' ' + who:<{CELL}}[/dim]"
    top, width = f"[{RICH[colour_of(tid)]}] {tid} [/]", len(tid) + 2
    if tid in obs["this_turn"]:
        mark = ORDINALS[obs["this_turn"].index(tid)]
        top, width = top + f" [bold yellow]{mark}[/]", width + 1 + len(mark)
    felt = "/".join(f"{g:.1f}" for g in readings.get(tid, [])[-2:])
    note = f" {felt} g" if felt else ""
    return top + " " * (CELL - width), f"[bold]{note:<{CELL}}[/bold]" if note else " " * CELL


def _table_rows(obs: Observation, readings: dict[str, list[float]]) -> list[str]:
    """Two lines per colour: the five tokens in their places, then what is known of each."""
    rows = []
    for colour in COLOURS:
        cells = [_table_cell(obs, t, readings) for t in obs["tokens"] if t["colour"] == colour]
        rows.append(f"{colour:>6}  " + "".join(top for top, _ in cells).rstrip())
        notes = "".join(note for _, note in cells).rstrip()
        if notes:
            rows.append(" " * 8 + notes)
    return rows


def _table_heading(obs: Observation) -> str:
    """The table's title, with a key to what this view writes beside the tokens."""
    keys = []
    if "revealed" not in obs:
        keys.append("1st-3rd: lifted this turn")
    if obs.get("seat") is not None:
        keys.append("grams: your readings")
    return "On the table, numbers face down" + (f" ({'; '.join(keys)})" if keys else "") + ":"


def _times(count: int) -> str:
    return {1: "", 2: " (twice)"}.get(count, f" ({count} times)")


def _others_lifts(obs: Observation) -> list[str]:
    """Who else lifted what (public: everybody watches the lifts)."""
    by_seat: dict[int, list[str]] = {}
    lifters = lifters_by_token(obs)
    for tid in (t["id"] for t in obs["tokens"] if t["id"] in lifters):  # table order: K, G, R
        seats = lifters[tid]
        for seat in sorted(set(seats)):
            if seat != obs.get("seat"):
                by_seat.setdefault(seat, []).append(tid + _times(seats.count(seat)))
    return [f"Seat {seat} has lifted {', '.join(tids)}." for seat, tids in sorted(by_seat.items())]


def _kept_words(obs: Observation, seat: int, readings: dict[str, list[float]]) -> list[str]:
    """The seat's kept tokens in colour order: ``black K2 (you felt 8.5 g)``, at the end ``black K2 = 1``."""
    kept = obs["kept"][seat]
    numbers = obs["revealed"]["numbers"][seat] if "revealed" in obs else [None] * len(kept)
    words = []
    for tid, number in sorted(zip(kept, numbers, strict=True), key=lambda k: COLOURS.index(colour_of(k[0]))):
        text = f"{colour_of(tid)} {tid}" + ("" if number is None else f" = {number}")
        felt = readings.get(tid)
        if felt:
            text += f" (felt {grams_text(felt[-1])})" if number is not None else f" ({grams_text(felt[-1])})"
        words.append(text)
    return words


def _seat_line(obs: Observation, seat: int, readings: dict[str, list[float]]) -> str:
    me = " (you)" if seat == obs.get("seat") else ""
    order = turn_order(obs, seat)
    role = f", {ROLES[order]}" if order is not None else ""
    kept = _kept_words(obs, seat, readings)
    line = f"Seat {seat}{me}{role}: "
    if "revealed" in obs:
        rev = obs["revealed"]
        kind = load_texts().reference.ranks[KINDS.index(rev["kinds"][seat])].name
        if seat in rev["winners"]:
            line += "[bold yellow]wins[/] with " if len(rev["winners"]) == 1 else "[bold yellow]shares the win[/] with "
        return line + f"{rev['combinations'][seat]}, {kind}: {', '.join(kept)}"
    if not kept:
        return line + "no token kept yet"
    return line + f"keeps {plural(len(kept), 'token')}: {and_list(kept)}"


def _ranking_line() -> str:
    ranks = load_texts().reference.ranks
    return "Strongest first: " + "; then ".join(f"{r.numbers} ({r.short})" for r in ranks) + "."


def render_text(obs: dict[str, Any], game: Game) -> str:
    """The table as Rich-markup text: tokens by colour, who lifted and kept what, this seat's readings."""
    readings = readings_by_token(obs)
    lines = [f"[bold]Memory × Gravity[/bold]  (perception: {obs['perception']})", status_line(obs)]
    if obs["turn_seat"] is not None and obs["turn_seat"] == obs.get("seat"):
        lines.append(f"[yellow]{next_step_hint(obs, board=False)}[/yellow]")
    lines.append("")
    lines.append(_table_heading(obs))
    lines.extend(_table_rows(obs, readings))
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


__all__ = ["render_text"]
