"""Views of one seat's observation: text for the terminal (Rich markup) and an SVG town map.

Both read the observation only (never the state), so they show exactly what that seat may see.
"""

from __future__ import annotations

from html import escape
from typing import Any

CHAR_COLOURS = {"Dipper": "#2f6fb3", "Mabel": "#d94f9c", "Stan": "#444444", "Soos": "#7a5a2f", "Wendy": "#2e8b57"}
LEVEL_COLOURS = {"easy": "#6aa84f", "medium": "#e69138", "hard": "#cc0000"}


def _by_location(obs: dict[str, Any]) -> tuple[dict[str, list[dict]], dict[str, list[dict]]]:
    monsters: dict[str, list[dict]] = {}
    chars: dict[str, list[dict]] = {}
    for m in obs["monsters"]:
        if m["location"]:
            monsters.setdefault(m["location"], []).append(m)
    for c in obs["characters"]:
        if c["location"]:
            chars.setdefault(c["location"], []).append(c)
    return monsters, chars


def _alarm_bar(obs: dict[str, Any]) -> str:
    al = obs["alarm"]
    cells = []
    for i in range(al["bus"] + 1):
        mark = "B" if i == al["bus"] else "M" if i == al["curse_space"] else "3" if i == al["shrink_space"] else "·"
        cells.append(f"[bold red]{mark if mark != '·' else '●'}[/]" if i == al["level"] else mark)
    return " ".join(cells)


def render_text(observation: dict[str, Any], game: Any) -> str:
    """A terminal view: alarm track, revealed cards, every location with its tokens, then characters."""
    obs = observation
    lines = []
    result = obs["result"]
    active = obs["characters"][obs["active"]]["name"] if obs["characters"] else "?"
    lines.append(f"[bold]Gravity Falls[/] ({obs['variant']}) - turn {obs['turn'] + 1}, active: {active}"
                 + ("" if result == "ongoing" else f" - [bold]{result}[/]"))
    al = obs["alarm"]
    lines.append(f"Alarm {al['level']}/{al['bus']}: {_alarm_bar(obs)}   (M = everyone cursed, 3 = only 2 cards "
                 f"revealed, B = bus)")
    revealed = list(reversed(obs["revealed"]))
    lines.append("Monster cards (next first): " + (" | ".join(revealed) if revealed else "none")
                 + f"   deck {obs['movement_deck_size']}, discard {len(obs['movement_discard'])}")
    if obs["event"]:
        lines.append(f"[magenta]Event in progress: {obs['event']}[/]")
    lines.append(f"Courage dice in supply: {obs['supply']}   curse deck: {obs['curse_deck_size']}")
    lines.append("")
    monsters, chars = _by_location(obs)
    width = max(len(loc["name"]) for loc in obs["locations"])
    for loc in obs["locations"]:
        name = loc["name"]
        tokens = f"[green]{'+' * loc['support']}[/][red]{'-' * loc['distrust']}[/]"
        parts = [f"{name:<{width}}", f"S{loc['support']:>2} D{loc['distrust']:>2}", "[D]" if loc["die"] else "   "]
        who = [f"[bold magenta]{m['name']}[/]" for m in monsters.get(name, [])]
        who += [f"[bold cyan]{c['name']}[/]" for c in chars.get(name, [])]
        lines.append("  ".join(parts) + "  " + tokens + ("  " + ", ".join(who) if who else ""))
    lines.append("")
    for m in obs["monsters"]:
        if m["name"] is None:
            continue
        where = "defeated" if m["defeated"] else (m["location"] or "not placed")
        lines.append(f"Monster {m['name']} ({m['difficulty']}, {m['ability']}): {where}")
    for c in obs["characters"]:
        curses = ", ".join(c["curses"]) or "no curses"
        lines.append(f"Seat {c['seat']} {c['name']} at {c['location']}: hand {c['hand_size']}, deck "
                     f"{c['deck_size']}, discard [{', '.join(c['discard'])}]; {curses}")
    hand = obs.get("hand")
    if hand is not None:
        lines.append(f"Your hand (seat {hand['seat']}): {', '.join(hand['cards']) or 'empty'}")
    if obs["prompt"]:
        p = obs["prompt"]
        lines.append(f"Waiting for: {p['task']} (seat {p['seat']})")
    return "\n".join(lines)


def _token_row(x: float, y: float, count: int, colour: str, label: str) -> list[str]:
    out = []
    shown = min(count, 6)
    for i in range(shown):
        out.append(f'<circle cx="{x + i * 9:.0f}" cy="{y:.0f}" r="4" fill="{colour}" stroke="#fff" '
                   f'stroke-width="1"/>')
    if count:
        out.append(f'<text x="{x + shown * 9 + 2:.0f}" y="{y + 4:.0f}" font-size="11" fill="{colour}" '
                   f'font-weight="bold">{count}{label}</text>')
    return out


def render_svg(observation: dict[str, Any], game: Any) -> str:
    """The town map: roads, locations with their tokens, dice, monsters and characters; the alarm track on the
    right; the revealed monster movement cards marked 1 (next), 2, 3 on the map."""
    obs = observation
    tb = game.tables
    coords = {loc.name: (loc.x, loc.y) for loc in tb.data.locations}
    width, height = 1320, 720
    svg = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" width="{width}" height="{height}" '
        'font-family="Verdana, sans-serif">',
        '<defs><radialGradient id="gf-bg" cx="50%" cy="45%" r="75%"><stop offset="0%" stop-color="#f3ecd2"/>'
        '<stop offset="100%" stop-color="#c9d8b6"/></radialGradient></defs>',
        f'<rect width="{width}" height="{height}" fill="url(#gf-bg)"/>',
        '<text x="20" y="34" font-size="24" font-weight="bold" fill="#3b2f1e">Gravity Falls</text>',
    ]
    for road in tb.data.roads:
        (x1, y1), (x2, y2) = coords[road.a], coords[road.b]
        svg.append(f'<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="#a08a64" stroke-width="6" '
                   'stroke-linecap="round"/>')
        svg.append(f'<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="#e8dcc0" stroke-width="2" '
                   'stroke-dasharray="6 6"/>')
    monsters, chars = _by_location(obs)
    revealed = list(reversed(obs["revealed"]))
    for loc in obs["locations"]:
        name = loc["name"]
        x, y = coords[name]
        ring = ""
        if name in revealed:
            rank = revealed.index(name) + 1
            ring = (f'<circle cx="{x - 62}" cy="{y - 30}" r="11" fill="#f1c232" stroke="#7f6000" stroke-width="2"/>'
                    f'<text x="{x - 62}" y="{y - 26}" font-size="12" text-anchor="middle" font-weight="bold">'
                    f'{rank}</text>')
        fill = "#fff8e7" if not monsters.get(name) else "#f4cccc"
        svg.append(f'<g><title>{escape(name)}: {loc["support"]} support, {loc["distrust"]} distrust'
                   f'{", courage die" if loc["die"] else ""}</title>')
        svg.append(f'<rect x="{x - 62}" y="{y - 30}" width="124" height="60" rx="10" fill="{fill}" '
                   'stroke="#5b4a2e" stroke-width="2"/>')
        label = name.replace("Gravity Falls ", "GF ") if len(name) > 20 else name
        size = 10 if len(label) <= 20 else 9
        svg.append(f'<text x="{x}" y="{y - 15}" font-size="{size}" text-anchor="middle" fill="#3b2f1e" '
                   f'font-weight="bold">{escape(label)}</text>')
        svg += _token_row(x - 54, y - 1, loc["support"], "#38761d", "")
        svg += _token_row(x - 54, y + 13, loc["distrust"], "#cc0000", "")
        if loc["die"]:
            svg.append(f'<rect x="{x + 38}" y="{y - 8}" width="18" height="18" rx="3" fill="#ffffff" '
                       'stroke="#1c4587" stroke-width="2"/>'
                       f'<circle cx="{x + 47}" cy="{y + 1}" r="3" fill="#1c4587"/>')
        svg.append(ring)
        for i, m in enumerate(monsters.get(name, [])):
            colour = LEVEL_COLOURS.get(m["difficulty"] or "", "#674ea7")
            wide = 6 * len(m["name"]) + 14
            mx, my = x - wide / 2, y + 42 + i * 20
            svg.append(f'<rect x="{mx:.0f}" y="{my - 10}" width="{wide}" height="18" rx="9" fill="{colour}"/>'
                       f'<text x="{x}" y="{my + 3}" font-size="9" text-anchor="middle" fill="#fff" '
                       f'font-weight="bold">{escape(m["name"])}</text>')
        for i, c in enumerate(chars.get(name, [])):
            colour = CHAR_COLOURS.get(c["name"] or "", "#000")
            cx, cy = x + 72, y - 20 + i * 22
            svg.append(f'<circle cx="{cx}" cy="{cy}" r="10" fill="{colour}" stroke="#fff" stroke-width="2"/>'
                       f'<text x="{cx}" y="{cy + 4}" font-size="10" text-anchor="middle" fill="#fff" '
                       f'font-weight="bold">{escape((c["name"] or "?")[:2])}</text>')
        svg.append("</g>")
    svg += _alarm_svg(obs, 1140, 60)
    svg += _panel_svg(obs, 1085, 470)
    svg.append("</svg>")
    return "\n".join(s for s in svg if s)


def _alarm_svg(obs: dict[str, Any], x: float, y: float) -> list[str]:
    al = obs["alarm"]
    step = min(22, 360 / max(al["bus"], 1))
    out = [f'<text x="{x - 30}" y="{y - 18}" font-size="14" font-weight="bold" fill="#3b2f1e">Alarm track</text>']
    for i in range(al["bus"] + 1):
        cy = y + (al["bus"] - i) * step
        label = ""
        fill = "#fff8e7"
        if i == al["bus"]:
            fill, label = "#cc0000", "bus: lost"
        elif i == al["shrink_space"]:
            fill, label = "#f6b26b", "only 2 cards"
        elif i == al["curse_space"]:
            fill, label = "#b4a7d6", "all cursed"
        out.append(f'<rect x="{x}" y="{cy - step / 2 + 1}" width="26" height="{step - 2}" rx="3" fill="{fill}" '
                   'stroke="#5b4a2e"/>')
        out.append(f'<text x="{x - 8}" y="{cy + 4}" font-size="10" text-anchor="end">{i}</text>')
        if label:
            out.append(f'<text x="{x + 32}" y="{cy + 4}" font-size="10">{label}</text>')
        if i == al["level"]:
            out.append(f'<rect x="{x + 5}" y="{cy - 8}" width="16" height="16" rx="3" fill="#ffffff" '
                       f'stroke="#1c4587" stroke-width="2"/><circle cx="{x + 13}" cy="{cy}" r="3" fill="#1c4587"/>')
    return out


def _panel_svg(obs: dict[str, Any], x: float, y: float) -> list[str]:
    out = [f'<rect x="{x - 10}" y="{y - 20}" width="230" height="250" rx="8" fill="#fffdf6" opacity="0.9" '
           'stroke="#5b4a2e"/>']
    rows = [f"Turn {obs['turn'] + 1}"]
    if obs["result"] != "ongoing":
        rows.append(obs["result"])
    if obs["characters"]:
        rows.append(f"Active: {obs['characters'][obs['active']]['name']}")
    rows.append("Next monster cards: " + str(len(obs["revealed"])))
    for c in obs["characters"]:
        curses = len(c["curses"])
        rows.append(f"{c['name']}: hand {c['hand_size']}, {curses} curse{'s' if curses != 1 else ''}")
    hand = obs.get("hand")
    if hand is not None:
        rows.append("Your hand: " + (", ".join(hand["cards"]) or "empty"))
    rows.append(f"Dice in supply: {obs['supply']}")
    if obs["event"]:
        rows.append(f"Event: {obs['event']}")
    for m in obs["monsters"]:
        if m["name"]:
            rows.append(f"{m['name']}: {'defeated' if m['defeated'] else m['difficulty']}")
    for i, row in enumerate(rows[:13]):
        out.append(f'<text x="{x}" y="{y + i * 17}" font-size="11" fill="#3b2f1e">{escape(row)}</text>')
    return out
