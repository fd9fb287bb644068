"""Views of one seat's Gravwell observation: a terminal strip (Rich markup) and an SVG spiral."""

from __future__ import annotations

import math
from html import escape
from typing import Any

from gravity_games.core.api import Game

LETTERS = {"Rayken": "R", "RC71": "7", "T'Rang": "T", "Lehamarn": "L", "The Champion": "C", "Gracie": "G"}


def _colour(game: Game, name: str | None) -> str:
    tables = getattr(game, "tables", None)
    if tables is not None and name in tables.ship_names:
        return str(tables.ship_colours[tables.ship_names.index(name)])
    return "#888888"


def _letter(ship: dict[str, Any]) -> str:
    name = ship["ship"]
    if name is None:
        return str(ship["seat"])
    return LETTERS.get(name, name[0].upper())


def _label(ship: dict[str, Any]) -> str:
    return f"{ship['ship'] or 'Seat ' + str(ship['seat'])} (seat {ship['seat']})"


# ---------------------------------------------------------------------------
# text
# ---------------------------------------------------------------------------


def render_text(observation: dict[str, Any], game: Game) -> str:
    """The track as a numbered strip (one character per space), then ships, cards and abilities."""
    obs = observation
    L = obs["track_length"]
    cells = ["."] * (L + 1)
    cells[0], cells[L] = "I", "O"
    for d in obs["debris_fields"]:
        cells[d] = "#"
    cells[obs["merton_cloud"]] = "~"
    track_junk = [j for j in obs["junk"] if 0 < j < L]  # junk in a gate is listed with the gate below
    for j in track_junk:
        cells[j] = "J"
    coloured = list(cells)
    coloured[obs["merton_cloud"]] = "[magenta]~[/]"
    for j in track_junk:
        coloured[j] = "[bold white]J[/]"
    for s in obs["ships"]:
        p = s["position"]
        if 0 < p < L:
            coloured[p] = f"[bold {_colour(game, s['ship'])}]{_letter(s)}[/]"
    tens = "".join(str(i // 10) if i % 10 == 0 else " " for i in range(L + 1))
    units = "".join(str(i % 10) for i in range(L + 1))
    who = obs["to_act"]
    lines = [
        f"[bold]Gravwell[/]  round {obs['round']}/6, phase {obs['phase']}/6  "
        f"step: {obs['stage']}" + (f", seat {who} to act" if who is not None else ""),
        "",
        "  " + tens,
        "  " + units,
        "  " + "".join(coloured),
        "  I = Inner Warp Gate, O = Outer Warp Gate, # Debris Field, ~ Merton Cloud, J Space Junk",
        "",
    ]
    for gate, where in ((0, "Inner"), (L, "Outer")):
        inside = [_label(s) for s in obs["ships"] if s["position"] == gate]
        inside += ["Space Junk" for j in obs["junk"] if j == gate]
        if inside:
            lines.append(f"  In the {where} Warp Gate: " + ", ".join(inside))
    for s in obs["ships"]:
        goal = "Outer" if s["start"] == "inner" else "Inner"
        card = s["card"] or ("has chosen" if s["has_chosen"] else "")
        parts = [f"  [bold {_colour(game, s['ship'])}]{_letter(s)}[/] {_label(s)}: space {s['position']}",
                 f"{s['to_goal']} to the {goal} gate", f"{s['hand_size']} cards"]
        if card:
            parts.append(f"card: {card}")
        if s["known_cards"]:
            parts.append("known: " + " ".join(s["known_cards"]))
        if s["charged_names"]:
            parts.append("charged: " + ", ".join(s["charged_names"]))
        if s["cloaked"]:
            parts.append("vanished this phase")
        lines.append(", ".join(parts))
    if not obs["resolution_order"] and any(s["last_card"] for s in obs["ships"]):
        last = ", ".join(f"{_label(s)} {s['last_card']}" for s in obs["ships"] if s["last_card"])
        lines.append(f"  Last phase: {last}")
    if obs["discards"]:
        lines.append("  Discarded this round: " + " ".join(obs["discards"]))
    if obs["resolution_order"]:
        order = " -> ".join(f"{obs['ships'][s]['card']}" for s in obs["resolution_order"])
        lines.append(f"  Resolution order: {order}")
    if obs["resolving"] is not None:
        mods = (" with " + ", ".join(obs["modifiers"])) if obs["modifiers"] else ""
        lines.append(f"  Resolving: seat {obs['resolving']}'s {obs['card_type'].replace('_', ' ')} "
                     f"{obs['card_value']}{mods}")
    if obs["stacks"] and obs["stage"] in ("mine", "dir", "form"):
        lines.append("  Mining stacks:")
        for k, st in enumerate(obs["stacks"]):
            faces = " ".join(c or "?" for c in st["face_up"])
            taken = f" (taken by seat {st['taken_by']})" if st["taken_by"] is not None else ""
            lines.append(f"    stack {k + 1}: face down + {faces}{taken}")
    if "my_hand" in obs:
        hand = " ".join(_card_text(game, c) for c in obs["my_hand"]) or "(empty)"
        lines.append(f"  Your hand (seat {obs['seat']}): {hand}   (R repulsor, M multipoint)")
        if obs.get("my_card"):
            lines.append(f"  Your face-down card: {_card_text(game, obs['my_card'])}")
    if obs["winners"]:
        names = ", ".join(_label(obs["ships"][s]) for s in obs["winners"])
        lines.append(f"  [bold green]Game over ({obs['result']}): {names} won[/]")
    return "\n".join(lines)


def _card_text(game: Game, symbol: str) -> str:
    tables = getattr(game, "tables", None)
    if tables is None or symbol not in tables.symbol_index:
        return symbol
    c = tables.symbol_index[symbol]
    mark = {0: "", 1: "R", 2: "M", 3: "MR"}[tables.ctype[c]]
    return f"{symbol}{tables.cvalue[c]}{mark}"


# ---------------------------------------------------------------------------
# SVG
# ---------------------------------------------------------------------------

W, H = 960, 640
CX, CY = 320, 330
R0, R1 = 46.0, 285.0
TURNS = 2.6


def _spiral_points(L: int) -> list[tuple[float, float]]:
    """Centres of spaces 0..L on an Archimedean spiral, equally spaced along its length."""
    total = TURNS * 2 * math.pi
    k = (R1 - R0) / total

    def length(t: float) -> float:  # arc length of r = R0 + k t, integrated numerically (cheap)
        return R0 * t + k * t * t / 2

    full = length(total)
    pts = []
    for i in range(L + 1):
        target = full * i / L
        lo, hi = 0.0, total
        for _ in range(40):
            mid = (lo + hi) / 2
            if length(mid) < target:
                lo = mid
            else:
                hi = mid
        t = (lo + hi) / 2
        r = R0 + k * t
        angle = t - math.pi / 2
        pts.append((CX + r * math.cos(angle), CY + r * math.sin(angle)))
    return pts


def render_svg(observation: dict[str, Any], game: Game) -> str:
    """The spiral arm with its spaces, gates, Debris Fields, Merton Cloud, junk and ships, plus a panel."""
    obs = observation
    L = obs["track_length"]
    pts = _spiral_points(L)
    out: list[str] = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {W} {H}" width="{W}" height="{H}" '
        'font-family="DejaVu Sans, Helvetica, Arial, sans-serif">',
        "<defs>",
        '<radialGradient id="space" cx="50%" cy="50%" r="70%"><stop offset="0" stop-color="#1b2440"/>'
        '<stop offset="1" stop-color="#070a14"/></radialGradient>',
        '<radialGradient id="well" cx="50%" cy="50%" r="50%"><stop offset="0" stop-color="#f6d36b"/>'
        '<stop offset="0.45" stop-color="#c0571f"/><stop offset="1" stop-color="#2a0d05" stop-opacity="0"/>'
        "</radialGradient>",
        '<radialGradient id="cloud" cx="50%" cy="50%" r="50%"><stop offset="0" stop-color="#c58af9" '
        'stop-opacity="0.85"/><stop offset="1" stop-color="#c58af9" stop-opacity="0"/></radialGradient>',
        '<radialGradient id="gate" cx="50%" cy="50%" r="50%"><stop offset="0" stop-color="#7fe7ff"/>'
        '<stop offset="1" stop-color="#1a6d8f" stop-opacity="0.2"/></radialGradient>',
        "</defs>",
        f'<rect width="{W}" height="{H}" fill="url(#space)"/>',
    ]
    # a few fixed stars
    for i in range(60):
        x = (i * 137.5) % W
        y = (i * 71.3 + (i * i) % 97) % H
        out.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{0.6 + (i % 3) * 0.4:.1f}" fill="#ffffff" '
                   f'opacity="{0.25 + (i % 5) * 0.1:.2f}"/>')
    out.append(f'<circle cx="{CX}" cy="{CY}" r="70" fill="url(#well)"/>')
    path = " ".join(f"{'M' if i == 0 else 'L'}{x:.1f},{y:.1f}" for i, (x, y) in enumerate(pts))
    out.append(f'<path d="{path}" fill="none" stroke="#3d4a78" stroke-width="20" stroke-linecap="round" '
               'stroke-linejoin="round" opacity="0.85"/>')
    mx, my = pts[obs["merton_cloud"]]
    out.append(f'<circle cx="{mx:.1f}" cy="{my:.1f}" r="26" fill="url(#cloud)"/>')
    for i, (x, y) in enumerate(pts[1:L], start=1):
        ring = "#f4a340" if i in obs["debris_fields"] else "#8fa0d8"
        width = 2.2 if i in obs["debris_fields"] else 0.8
        out.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="8" fill="#111936" stroke="{ring}" '
                   f'stroke-width="{width}"/>')
        if i % 5 == 0:
            out.append(f'<text x="{x:.1f}" y="{y + 3:.1f}" font-size="8" text-anchor="middle" '
                       f'fill="#b9c4ee">{i}</text>')
    for gate, label in ((0, "Inner Warp Gate"), (L, "Outer Warp Gate")):
        x, y = pts[gate]
        out.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="17" fill="url(#gate)" stroke="#7fe7ff" '
                   'stroke-width="1.5"/>')
        dy = 31 if gate == L else -24
        out.append(f'<text x="{x:.1f}" y="{y + dy:.1f}" font-size="11" text-anchor="middle" '
                   f'fill="#7fe7ff">{label}</text>')
    for j in obs["junk"]:
        x, y = pts[j]
        out.append(f'<polygon points="{x - 7:.1f},{y - 2:.1f} {x - 2:.1f},{y - 7:.1f} {x + 6:.1f},{y - 4:.1f} '
                   f'{x + 7:.1f},{y + 3:.1f} {x + 1:.1f},{y + 7:.1f} {x - 5:.1f},{y + 5:.1f}" fill="#9a9a9a" '
                   'stroke="#e0e0e0" stroke-width="1"/>')
    in_gate: dict[int, int] = {}
    for s in obs["ships"]:
        p = s["position"]
        x, y = pts[p]
        if p in (0, L):
            k = in_gate.get(p, 0)
            in_gate[p] = k + 1
            angle = k * (2 * math.pi / 6)
            x += 11 * math.cos(angle)
            y += 11 * math.sin(angle)
        colour = _colour(game, s["ship"])
        glow = ' stroke="#ffffff" stroke-width="2.5"' if obs["resolving"] == s["seat"] else \
            ' stroke="#0b0f1e" stroke-width="1.5"'
        opacity = ' opacity="0.45"' if s["cloaked"] else ""
        out.append(f'<g{opacity}><circle cx="{x:.1f}" cy="{y:.1f}" r="9" fill="{colour}"{glow}/>'
                   f'<text x="{x:.1f}" y="{y + 3.5:.1f}" font-size="10" font-weight="bold" text-anchor="middle" '
                   f'fill="#ffffff">{escape(_letter(s))}</text></g>')
    out.extend(_panel(obs, game))
    out.append("</svg>")
    return "\n".join(out)


def _panel(obs: dict[str, Any], game: Game) -> list[str]:
    x0 = 640
    out = [f'<rect x="{x0 - 10}" y="14" width="{W - x0}" height="{H - 28}" rx="12" fill="#0d1328" '
           'stroke="#2c3766" opacity="0.92"/>']
    y = 42
    phase = f"Phase {obs['phase']}/6" if obs["phase"] else "Mining" if obs["round"] > 1 else "Setup"
    if obs["winners"]:
        phase = "Game over"
    title = f"Round {obs['round']}/6 \u00b7 {phase}"
    out.append(f'<text x="{x0 + 4}" y="{y}" font-size="19" font-weight="bold" fill="#f1f4ff">{title}</text>')
    y += 20
    step = obs["stage"] + (f" \u00b7 seat {obs['to_act']} to act" if obs["to_act"] is not None else "")
    out.append(f'<text x="{x0 + 4}" y="{y}" font-size="12" fill="#9fb0e8">{escape(step)}</text>')
    y += 26
    order = obs["resolution_order"]
    for s in obs["ships"]:
        colour = _colour(game, s["ship"])
        out.append(f'<circle cx="{x0 + 12}" cy="{y - 4}" r="8" fill="{colour}"/>')
        out.append(f'<text x="{x0 + 12}" y="{y - 0.5}" font-size="9" font-weight="bold" text-anchor="middle" '
                   f'fill="#fff">{escape(_letter(s))}</text>')
        name = escape(s["ship"] or f"Seat {s['seat']}")
        out.append(f'<text x="{x0 + 26}" y="{y}" font-size="13" fill="#f1f4ff">{name}</text>')
        where = "in a gate" if s["in_gate"] else f"space {s['position']}"
        goal = "Outer" if s["start"] == "inner" else "Inner"
        out.append(f'<text x="{x0 + 128}" y="{y}" font-size="11" fill="#b9c4ee">{where} \u00b7 {s["to_goal"]} '
                   f'to {goal}</text>')
        card = s["card"] or ("\u25a0 chosen" if s["has_chosen"] else "")
        if card:
            rank = f" #{order.index(s['seat']) + 1}" if s["seat"] in order else ""
            out.append(f'<text x="{W - 22}" y="{y}" font-size="12" text-anchor="end" fill="#ffe08a">'
                       f'{escape(card)}{rank}</text>')
        y += 15
        charged = ", ".join(s["charged_names"]) or "no charged abilities"
        out.append(f'<text x="{x0 + 26}" y="{y}" font-size="10" fill="#8fe3a8">{escape(charged)}</text>')
        y += 22
    if obs.get("my_hand"):
        y += 4
        out.append(f'<text x="{x0 + 4}" y="{y}" font-size="13" font-weight="bold" fill="#f1f4ff">'
                   f'Your hand (seat {obs["seat"]})</text>')
        y += 8
        for i, c in enumerate(obs["my_hand"]):
            cx = x0 + 4 + (i % 6) * 50
            cy = y + (i // 6) * 52
            out.extend(_card_svg(game, c, cx, cy))
        y += 52 * ((len(obs["my_hand"]) + 5) // 6 or 1) + 10
    ly = H - 40
    out.append(f'<circle cx="{x0 + 10}" cy="{ly}" r="6" fill="#111936" stroke="#f4a340" stroke-width="2.2"/>'
               f'<text x="{x0 + 22}" y="{ly + 4}" font-size="11" fill="#b9c4ee">Debris Field</text>'
               f'<circle cx="{x0 + 112}" cy="{ly}" r="8" fill="url(#cloud)"/>'
               f'<text x="{x0 + 124}" y="{ly + 4}" font-size="11" fill="#b9c4ee">Merton Cloud</text>'
               f'<polygon points="{x0 + 214},{ly - 2} {x0 + 218},{ly - 6} {x0 + 225},{ly - 4} {x0 + 226},{ly + 3} '
               f'{x0 + 220},{ly + 6} {x0 + 215},{ly + 4}" fill="#9a9a9a"/>'
               f'<text x="{x0 + 232}" y="{ly + 4}" font-size="11" fill="#b9c4ee">Space Junk</text>')
    if obs["winners"]:
        names = ", ".join(obs["ships"][s]["ship"] or f"Seat {s}" for s in obs["winners"])
        wy = min(y + 14, H - 80)
        out.append(f'<text x="{x0 + 4}" y="{wy}" font-size="18" font-weight="bold" '
                   f'fill="#8fe3a8">{escape(names)} won</text>')
        out.append(f'<text x="{x0 + 4}" y="{wy + 18}" font-size="12" fill="#8fe3a8">'
                   f'{escape(obs["result"] or "")}</text>')
    return out


CARD_COLOURS = ("#3b82c4", "#c4473b", "#7a4fd0", "#2a9d8f")


def _card_svg(game: Game, symbol: str, x: float, y: float) -> list[str]:
    tables = getattr(game, "tables", None)
    value, kind = "", 0
    if tables is not None and symbol in tables.symbol_index:
        c = tables.symbol_index[symbol]
        value, kind = str(tables.cvalue[c]), tables.ctype[c]
    return [f'<rect x="{x}" y="{y}" width="44" height="46" rx="6" fill="{CARD_COLOURS[kind]}" stroke="#e9eefc" '
            'stroke-width="1"/>',
            f'<text x="{x + 22}" y="{y + 21}" font-size="15" font-weight="bold" text-anchor="middle" '
            f'fill="#fff">{escape(symbol)}</text>',
            f'<text x="{x + 22}" y="{y + 38}" font-size="12" text-anchor="middle" fill="#fff">{value}</text>']
