"""Text and SVG views of one seat's Memory × Gravity observation (never the full state)."""

from __future__ import annotations

from html import escape
from typing import Any

from gravity_games.core.api import Game

INK = {"black": "#2b2b2b", "grey": "#9a9a9a", "red": "#c0392b"}
RICH = {"black": "bold white on grey23", "grey": "bold black on grey70", "red": "bold white on red3"}


def _readings_by_token(obs: dict[str, Any]) -> dict[str, list[float]]:
    found: dict[str, list[float]] = {}
    for reading in obs.get("readings", {}).get("lifts", []):
        found.setdefault(reading["token"], []).append(reading["grams"])
    return found


def _status_line(obs: dict[str, Any]) -> str:
    phase = obs["phase"]
    if phase == "over":
        winners = " and ".join(f"seat {s}" for s in obs["revealed"]["winners"])
        return f"Game over. Winner: {winners}."
    if obs["turn_seat"] is None:
        return f"Setup ({phase})."
    who = "your" if obs["turn_seat"] == obs["seat"] else f"seat {obs['turn_seat']}'s"
    step = "keep one of the lifted tokens" if phase == "keep" else f"lift {3 - len(obs['this_turn'])} more"
    return f"Turn {obs['turn'] + 1} of {3 * obs['players']}: {who} turn, {step}."


def render_text(obs: dict[str, Any], game: Game) -> str:
    """The table as Rich-markup text: tokens by colour, who kept what, this seat's readings."""
    readings = _readings_by_token(obs)
    lines = [f"[bold]Memory × Gravity[/bold]  (perception: {obs['perception']})", _status_line(obs), ""]
    for colour in ("black", "grey", "red"):
        cells = []
        for token in obs["tokens"]:
            if token["colour"] != colour:
                continue
            tid = token["id"]
            if token["kept_by"] is not None:
                cell = f"[dim]{tid}:seat {token['kept_by']}[/dim]"
            else:
                cell = f"[{RICH[colour]}] {tid} [/]"
                if tid in obs["this_turn"]:
                    cell += f"[yellow]↑{obs['this_turn'].index(tid) + 1}[/yellow]"
            if tid in readings:
                cell += " " + "/".join(f"{g:.1f}g" for g in readings[tid])
            cells.append(cell)
        lines.append(f"{colour:>5}: " + "  ".join(cells))
    lines.append("")
    for seat, kept in enumerate(obs["kept"]):
        me = " (you)" if seat == obs["seat"] else ""
        numbers = ""
        if "revealed" in obs:
            rev = obs["revealed"]
            numbers = f" -> {rev['combinations'][seat]} ({rev['kinds'][seat]})"
        lines.append(f"seat {seat}{me} keeps: {' '.join(kept) or '-'}{numbers}")
    grams = getattr(game, "grams", None)
    if grams:  # the scale a reading is judged against (the reconstructed masses)
        lines.append("[dim]Token weights: " + "  ".join(f"{n} = {g:g} g" for n, g in enumerate(grams, 1)) + "[/dim]")
    if obs["seat"] is not None:
        lines.append("[dim]Your readings are the grams after each token; nobody else sees them.[/dim]")
    return "\n".join(lines)


def render_svg(obs: dict[str, Any], game: Game) -> str:
    """The table seen from one seat: three rows of face-down tokens, lifted ones raised, kept ones
    moved to their keeper's tray, this seat's readings written under the tokens."""
    readings = _readings_by_token(obs)
    width, height = 640, 420
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="Helvetica, Arial, sans-serif">',
        f'<rect width="{width}" height="{height}" rx="18" fill="#2e6b4f"/>',
        f'<rect x="12" y="12" width="{width - 24}" height="{height - 24}" rx="14" fill="#3a805f" '
        'stroke="#245540" stroke-width="2"/>',
        '<text x="24" y="40" font-size="20" fill="#fff" font-weight="bold">Memory × Gravity</text>',
        f'<text x="24" y="62" font-size="13" fill="#e8f5ec">{escape(_status_line(obs))}</text>',
    ]
    for row, colour in enumerate(("black", "grey", "red")):
        y = 110 + row * 78
        for token in obs["tokens"]:
            if token["colour"] != colour:
                continue
            tid = token["id"]
            x = 60 + (int(tid[1]) - 1) * 80
            if token["kept_by"] is not None:
                parts.append(
                    f'<circle cx="{x}" cy="{y}" r="24" fill="none" stroke="#245540" stroke-width="2" '
                    'stroke-dasharray="4 4"/>'
                )
                continue
            lifted = tid in obs["this_turn"]
            dy = -8 if lifted else 0
            parts.append(f'<ellipse cx="{x}" cy="{y + 24}" rx="22" ry="5" fill="#000" opacity="0.25"/>')
            ring = "#f1c40f" if lifted else "#111"
            parts.append(
                f'<circle cx="{x}" cy="{y + dy}" r="24" fill="{INK[colour]}" stroke="{ring}" '
                f'stroke-width="{4 if lifted else 1.5}"/>'
            )
            parts.append(
                f'<text x="{x}" y="{y + dy + 5}" font-size="15" text-anchor="middle" fill="#fff" '
                f'font-weight="bold">{tid}</text>'
            )
            if lifted:
                order = obs["this_turn"].index(tid) + 1
                parts.append(f'<circle cx="{x + 20}" cy="{y + dy - 20}" r="9" fill="#f1c40f"/>')
                parts.append(f'<text x="{x + 20}" y="{y + dy - 16}" font-size="11" text-anchor="middle">{order}</text>')
            if tid in readings:
                text = " / ".join(f"{g:.1f}" for g in readings[tid][-3:]) + " g"
                parts.append(
                    f'<text x="{x}" y="{y + 44}" font-size="11" text-anchor="middle" fill="#fffbe0">'
                    f"{escape(text)}</text>"
                )
    tray_y = 340
    players = obs["players"]
    tray_w = (width - 48) / players
    for seat in range(players):
        x0 = 24 + seat * tray_w
        me = seat == obs["seat"]
        parts.append(
            f'<rect x="{x0 + 4}" y="{tray_y - 22}" width="{tray_w - 8}" height="78" rx="10" '
            f'fill="{"#1f4a37" if me else "#2a5e46"}" stroke="{"#f1c40f" if me else "#245540"}" stroke-width="2"/>'
        )
        label = f"seat {seat}" + (" (you)" if me else "")
        if obs["turn_seat"] == seat:
            label += " ▶"
        parts.append(f'<text x="{x0 + 14}" y="{tray_y - 6}" font-size="12" fill="#e8f5ec">{escape(label)}</text>')
        for j, tid in enumerate(obs["kept"][seat]):
            colour = {"K": "black", "G": "grey", "R": "red"}[tid[0]]
            cx = x0 + 34 + j * 52
            shown = tid
            if "revealed" in obs:
                shown = str(obs["revealed"]["numbers"][seat][j])
            parts.append(f'<circle cx="{cx}" cy="{tray_y + 26}" r="19" fill="{INK[colour]}" stroke="#111"/>')
            if tid in readings and "revealed" not in obs:  # what this seat remembers of a kept token
                parts.append(
                    f'<text x="{cx}" y="{tray_y + 54}" font-size="10" text-anchor="middle" fill="#fffbe0">'
                    f"{readings[tid][-1]:.1f} g</text>"
                )
            parts.append(
                f'<text x="{cx}" y="{tray_y + 31}" font-size="14" text-anchor="middle" fill="#fff" '
                f'font-weight="bold">{shown}</text>'
            )
        if "revealed" in obs:
            rev = obs["revealed"]
            parts.append(
                f'<text x="{x0 + tray_w - 14}" y="{tray_y - 6}" font-size="12" text-anchor="end" fill="#fffbe0" '
                'font-weight="bold">'
                f"{'★ ' if seat in rev['winners'] else ''}{rev['combinations'][seat]}</text>"
            )
    parts.append("</svg>")
    return "\n".join(parts)
