"""Views of one seat's observation: Rich text for the terminal and an SVG of the table.

Both read the observation only (never the state), so they show exactly what that seat may see:
its own numbers, the numbers turned over, and ``?`` for every face-down token of the others.
"""

from __future__ import annotations

from html import escape
from typing import Any

from gravity_games.core.api import Game

from .data import COLOUR_NAMES

_STYLE = {"K": "bold white on grey15", "G": "bold black on grey70", "R": "bold white on red3"}
_FILL = {"K": "#2b2b2e", "G": "#a9abb0", "R": "#c0392b"}
_INK = {"K": "#ffffff", "G": "#1d1d1f", "R": "#ffffff"}
_NAME = {"K": "black", "G": "grey", "R": "red"}


def _chip(colour: str, number: int | None) -> str:
    shown = "?" if number is None else str(number)
    return f"[{_STYLE[colour]}] {colour}{shown} [/]"


def _seat_name(seat: int, viewer: int | None) -> str:
    return f"seat {seat} (you)" if seat == viewer else f"seat {seat}"


def _claim_grams(obs: dict[str, Any], game: Game) -> float | None:
    grams = getattr(game, "grams", None)
    if not obs["designated"] or grams is None:
        return None
    return float(len(obs["stack"]) * grams[obs["designated"] - 1])


def render_text(observation: dict[str, Any], game: Game) -> str:
    """The table as Rich markup: round, die, hands, the stack, readings and the last result."""
    obs = observation
    viewer = obs["viewer"]
    lines: list[str] = []
    stage = f"round {obs['round']} (limit {obs['max_rounds']})" if obs["round"] else "setting up"
    head = f"[bold]Doubt × Gravity[/bold]  {stage}"
    if obs["first_player"] is not None:
        head += f"  ·  first player: {_seat_name(obs['first_player'], viewer)}"
    lines.append(head)
    if obs["die"] is not None:
        number = obs["designated"]
        shown = f"[bold yellow]{number}[/]" if number else "[italic]first player chooses[/]"
        lines.append(f"Die: [bold]{obs['die']}[/]  →  Designated Number: {shown}")
    card = obs["doubt_card"]
    lines.append(f"Doubt Card: {'nobody yet' if card is None else _seat_name(card, viewer)}")
    lines.append("")
    tokens_by_place: dict[str, list[dict[str, Any]]] = {}
    for tok in obs["tokens"]:
        tokens_by_place.setdefault(tok["where"], []).append(tok)
    for seat in range(obs["players"]):
        colour = obs["colours"][seat]
        extra = obs["extra_colours"][seat] if obs["extra_colours"] else None
        what = _NAME.get(colour or "", "no colour yet") + (f" + one {_NAME[extra]}" if extra else "")
        held = tokens_by_place.get(f"seat {seat}", [])
        chips = " ".join(_chip(t["colour"], t["number"]) for t in held) or "[dim]no tokens[/]"
        marker = "[bold cyan]▶[/] " if obs["to_act"] == seat else "  "
        lines.append(f"{marker}{_seat_name(seat, viewer)} [dim]({what})[/]: {len(held)} token(s)  {chips}")
    lines.append("")
    if obs["stack"]:
        parts = [f"{_chip(e['colour'], e['number'])}[dim]s{e['owner']}[/]" for e in reversed(obs["stack"])]
        lines.append("Stack, top first: " + " ".join(parts))
        claim = _claim_grams(obs, game)
        if claim is not None:
            lines.append(f"  {len(obs['stack'])} token(s) claimed as {obs['designated']}: should weigh {claim:.0f} g")
    elif obs["phase"] in ("place", "lift", "assess"):
        lines.append("Stack: [dim]empty[/]")
    for reading in obs.get("readings", []):
        if reading["round"] == obs["round"]:
            lines.append(f"  You felt the stack at about [bold]{reading['grams']:.1f} g[/].")
    if obs["phase"] in ("lift", "assess"):
        for seat in range(obs["players"]):
            if obs["hand_counts"][seat] == 0:
                lines.append(
                    f"  [bold red]{_seat_name(seat, viewer)} has no tokens left: "
                    "unless a bluff of theirs is turned over, they win at the end of this round.[/]"
                )
    if obs["said"]:
        lines.append("  Said: " + ", ".join(f"seat {s}: {w}" for s, w in obs["said"]))
    if obs["rounds"]:
        lines.append("Last round: " + describe_round(obs["rounds"][-1], obs))
    out = tokens_by_place.get("out", [])
    removed = tokens_by_place.get("removed", []) + tokens_by_place.get("unused", [])
    if out:
        lines.append("Out of the game: " + " ".join(_chip(t["colour"], t["number"]) for t in out))
    if removed:
        lines.append("Set aside at the start: " + " ".join(_chip(t["colour"], t["number"]) for t in removed))
    if obs["phase"] == "end":
        who = " and ".join(_seat_name(s, viewer) for s in obs["winners"])
        lines.append("")
        lines.append(f"[bold green]Game over: {who} win(s)[/] ({obs['reason']}).")
    return "\n".join(lines)


def describe_round(info: dict[str, Any], obs: dict[str, Any]) -> str:
    """One line on a finished round: what was claimed, who doubted, who took the stack."""
    numbers = {t["id"]: (t["colour"], t["number"]) for t in obs["tokens"]}
    size = len(info["stack"])
    text = f"round {info['round']}, {size} token(s) claimed as {info['designated']}"
    if not size:
        return text + ": everybody passed."
    if info["doubter"] is None:
        return text + ": nobody doubted; they left the game unrevealed."
    shown = " ".join(f"{numbers[p][0]}{numbers[p][1]}" for p in info["revealed"])
    return f"{text}: seat {info['doubter']} doubted, turned over {shown}; seat {info['taker']} took them."


# -- SVG -------------------------------------------------------------------------------

_W, _H = 880, 560
_PHASE_TEXT = {
    "remove": "Setting up: one token of each colour is set aside",
    "choose-colour": "Seat {seat} chooses a colour",
    "choose-extra": "Seat {seat} chooses the colour of its extra token",
    "deal": "Setting up: tokens are dealt",
    "roll-off": "Rolling for the first player",
    "roll": "The die is rolled for the Designated Number",
    "designate": "Seat {seat} chooses the Designated Number",
    "place": "Seat {seat} places tokens or passes",
    "lift": "The stack is lifted",
    "assess": "Seat {seat}: correct, or doubt?",
}


def _token_svg(x: float, y: float, colour: str, number: int | None, *, r: float = 17.0, label: str = "") -> str:
    shown = "?" if number is None else str(number)
    ink = _INK[colour]
    parts = [
        f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{r}" fill="{_FILL[colour]}" stroke="#111" stroke-width="1.5"/>',
        f'<text x="{x:.1f}" y="{y + 5.5:.1f}" text-anchor="middle" font-size="16" font-weight="bold" '
        f'fill="{ink}">{shown}</text>',
    ]
    if label:
        parts.append(
            f'<text x="{x:.1f}" y="{y + r + 13:.1f}" text-anchor="middle" font-size="11" fill="#444">{label}</text>'
        )
    return "".join(parts)


def _disc_svg(x: float, y: float, colour: str, number: int | None, owner: int) -> str:
    """One token of the stack seen from the side: a flat disc with its number (or ?)."""
    shown = "?" if number is None else str(number)
    return (
        f'<rect x="{x - 46:.1f}" y="{y - 11:.1f}" width="92" height="22" rx="9" fill="{_FILL[colour]}" '
        f'stroke="#111" stroke-width="1.5"/>'
        f'<text x="{x - 30:.1f}" y="{y + 5:.1f}" font-size="14" font-weight="bold" fill="{_INK[colour]}">'
        f"{colour}{shown}</text>"
        f'<text x="{x + 40:.1f}" y="{y + 4.5:.1f}" text-anchor="end" font-size="11" fill="{_INK[colour]}">'
        f"seat {owner}</text>"
    )


def render_svg(observation: dict[str, Any], game: Game) -> str:
    """The table from one seat: hands around, the stack in the middle, die, Doubt Card, reading."""
    obs = observation
    viewer = obs["viewer"]
    n = obs["players"]
    out: list[str] = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {_W} {_H}" width="{_W}" height="{_H}" '
        'font-family="DejaVu Sans, Arial, sans-serif">',
        f'<rect width="{_W}" height="{_H}" fill="#f4efe6"/>',
        f'<ellipse cx="{_W / 2}" cy="300" rx="400" ry="225" fill="#2f6b4f" stroke="#24523d" stroke-width="6"/>',
    ]
    title = f"Doubt × Gravity · round {obs['round']}"
    if viewer is not None:
        title += f" · view of seat {viewer}"
    out.append(f'<text x="20" y="30" font-size="20" font-weight="bold" fill="#222">{escape(title)}</text>')
    out.append(_die_svg(obs))
    out.extend(_seats_svg(obs, n, viewer))
    out.append(_stack_svg(obs, game))
    out.append(_side_piles_svg(obs))
    out.append(_footer_svg(obs, viewer))
    out.append("</svg>")
    return "".join(out)


def _die_svg(obs: dict[str, Any]) -> str:
    face = obs["die"] or "–"
    designated = obs["designated"]
    parts = [
        '<g transform="translate(700,60)">',
        '<rect x="0" y="0" width="56" height="56" rx="10" fill="#fffdf7" stroke="#333" stroke-width="2"/>',
        f'<text x="28" y="38" text-anchor="middle" font-size="28" font-weight="bold" fill="#333">{face}</text>',
        '<text x="70" y="22" font-size="12" fill="#222">Designated</text>',
        f'<text x="70" y="48" font-size="26" font-weight="bold" fill="#b8860b">{designated or "?"}</text>',
        "</g>",
    ]
    return "".join(parts)


def _seat_positions(n: int) -> list[tuple[float, float]]:
    if n == 2:
        return [(_W / 2, 470), (_W / 2, 110)]
    return [(_W / 2, 470), (170, 160), (_W - 170, 160)]


def _seats_svg(obs: dict[str, Any], n: int, viewer: int | None) -> list[str]:
    parts: list[str] = []
    positions = _seat_positions(n)
    # The viewer sits at the bottom: rotate the seats so that it does.
    shift = viewer if viewer is not None else 0
    for seat in range(n):
        x, y = positions[(seat - shift) % n]
        held = [t for t in obs["tokens"] if t["where"] == f"seat {seat}"]
        colour = obs["colours"][seat]
        name = f"Seat {seat}" + (" (you)" if seat == viewer else "")
        if colour:
            name += f" · {COLOUR_NAMES['KGR'.index(colour)]}"
        acting = obs["to_act"] == seat
        box_w = max(8.0 * len(name) + 110.0, 40.0 * len(held) + 30)
        parts.append(
            f'<rect x="{x - box_w / 2:.1f}" y="{y - 42:.1f}" width="{box_w:.1f}" height="84" rx="12" '
            f'fill="#fffdf7" fill-opacity="0.93" stroke="{"#e0a800" if acting else "#555"}" '
            f'stroke-width="{4 if acting else 1.5}"/>'
        )
        parts.append(
            f'<text x="{x - box_w / 2 + 10:.1f}" y="{y - 24:.1f}" font-size="13" font-weight="bold" '
            f'fill="#222">{escape(name)} · {len(held)} token(s)</text>'
        )
        start = x - 20.0 * (len(held) - 1)
        for i, tok in enumerate(held):
            parts.append(_token_svg(start + 40.0 * i, y + 10, tok["colour"], tok["number"]))
        if obs["doubt_card"] == seat:
            parts.append(
                f'<g transform="translate({x + box_w / 2 - 8:.1f},{y - 52:.1f}) rotate(8)">'
                '<rect x="0" y="0" width="46" height="62" rx="6" fill="#fff" stroke="#8b0000" stroke-width="2"/>'
                '<text x="23" y="27" text-anchor="middle" font-size="11" font-weight="bold" fill="#8b0000">'
                "DOUBT</text>"
                '<text x="23" y="44" text-anchor="middle" font-size="18" fill="#8b0000">?!</text></g>'
            )
    return parts


def _stack_svg(obs: dict[str, Any], game: Game) -> str:
    stack = obs["stack"]
    cx, base = _W / 2, 385.0
    parts = ["<g>"]
    parts.append(f'<ellipse cx="{cx}" cy="{base + 14}" rx="70" ry="10" fill="#1d4a35" opacity="0.7"/>')
    if not stack:
        parts.append(
            f'<text x="{cx}" y="{base}" text-anchor="middle" font-size="14" fill="#e8f3ec">no stack</text></g>'
        )
        return "".join(parts)
    step = min(24.0, 200.0 / len(stack))  # a tall stack is drawn tighter so it stays on the table
    for i, entry in enumerate(stack):
        parts.append(_disc_svg(cx, base - step * i, entry["colour"], entry["number"], entry["owner"]))
    top = base - step * (len(stack) - 1) - 22
    claim = _claim_grams(obs, game)
    label = f"{len(stack)} claimed as {obs['designated']}"
    if claim is not None:
        label += f" = {claim:.0f} g"
    parts.append(
        f'<text x="{cx}" y="{top - 6:.1f}" text-anchor="middle" font-size="13" fill="#fff">{escape(label)}</text>'
    )
    felt = [r for r in obs.get("readings", []) if r["round"] == obs["round"]]
    if felt:
        parts.append(
            f'<text x="{cx + 62}" y="{base - 3:.1f}" font-size="13" fill="#ffe38a" font-weight="bold">'
            f"you felt ≈ {felt[-1]['grams']:.1f} g</text>"
        )
    parts.append("</g>")
    return "".join(parts)


def _side_piles_svg(obs: dict[str, Any]) -> str:
    out = [t for t in obs["tokens"] if t["where"] == "out"]
    aside = [t for t in obs["tokens"] if t["where"] in ("removed", "unused")]
    parts = ['<g font-size="12" fill="#e8f3ec">']
    parts.append('<text x="70" y="330">Set aside</text>')
    for i, tok in enumerate(aside):
        parts.append(_token_svg(80 + 26.0 * (i % 3), 355 + 30.0 * (i // 3), tok["colour"], tok["number"], r=11))
    parts.append(f'<text x="{_W - 190}" y="330">Out of the game ({len(out)})</text>')
    for i, tok in enumerate(out):
        parts.append(_token_svg(_W - 180 + 26.0 * (i % 6), 355 + 30.0 * (i // 6), tok["colour"], tok["number"], r=11))
    parts.append("</g>")
    return "".join(parts)


def _footer_svg(obs: dict[str, Any], viewer: int | None) -> str:
    if obs["phase"] == "end":
        who = " and ".join(f"seat {s}" for s in obs["winners"])
        text = f"Game over: {who} win(s) ({obs['reason']})"
    elif obs["said"]:
        text = "Said: " + ", ".join(f"seat {s} {w}" for s, w in obs["said"])
    elif obs["rounds"]:
        text = "Last " + describe_round(obs["rounds"][-1], obs)
    else:
        text = _PHASE_TEXT.get(obs["phase"], obs["phase"]).format(seat=obs["to_act"])
    return f'<text x="20" y="{_H - 12}" font-size="14" fill="#222">{escape(text)}</text>'
