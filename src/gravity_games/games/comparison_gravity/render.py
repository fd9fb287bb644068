"""Text and SVG views of one seat's Comparison × Gravity observation (never the full state)."""

from __future__ import annotations

import math
from html import escape
from typing import Any

from gravity_games.core.api import Game

INK = {"black": "#2b2b2b", "grey": "#9a9a9a", "red": "#c0392b"}
RICH = {"black": "bold white on grey23", "grey": "bold black on grey70", "red": "bold white on red3"}
SPOT_X = {"A": 0.36, "B": 0.63, "C": 0.9}
"""Where a spot lies along one half of the plank (fulcrum 0, end 1): A near, C far, as the arms."""


def _own_token_now(obs: dict[str, Any]) -> int | None:
    seat = obs["seat"]
    if seat is None or not obs["has_played"][seat]:
        return None
    return int(obs["hand"]["played"][-1])


def _who(obs: dict[str, Any], seat: int) -> str:
    return "you" if seat == obs["seat"] else f"seat {seat}"


def _result_text(obs: dict[str, Any], result: Any) -> str:
    if result is None:
        return "-"
    if result == "level":
        return "level (nobody)"
    return f"{_who(obs, result)} ({obs['colours'][result]})"


def _status_line(obs: dict[str, Any]) -> str:
    phase = obs["phase"]
    if phase == "over":
        winners = " and ".join(_who(obs, s) for s in obs["revealed"]["winners"])
        return f"Game over. Winner: {winners}."
    if obs["round_first"] is None:
        return "Roll-off for the first player."
    seat = obs["current_player"]
    doing = "announce a spot" if phase == "announce" else "place a token"
    line = f"Round {obs['round']} of 5, first player {_who(obs, obs['round_first'])}: {_who(obs, seat)} to {doing}."
    if obs["first_match"] is not None and obs["players"] == 3:
        line += f" First match: {_result_text(obs, obs['first_match'])}."
    return line


def _scale_line(game: Game) -> str:
    """The physics a player judges by: torque = weight x arm (the reconstructed masses and arms)."""
    comps = getattr(game, "components", None)
    if comps is None:
        return ""
    arms = ", ".join(f"{spot} {arm:g} cm" for spot, arm in comps.seesaw.arms_cm.items())
    grams = " ".join(f"{g:g}" for g in comps.masses.grams)
    return f"[dim]Torque = weight x arm. Arms: {arms}. Tokens 1-5 weigh {grams} g.[/dim]"


def render_text(obs: dict[str, Any], game: Game) -> str:
    """The table as Rich-markup text: announcements, the see-saw, hands, the rounds so far."""
    lines = ["[bold]Comparison × Gravity[/bold]", _status_line(obs), ""]
    mine = _own_token_now(obs)
    for seat in range(obs["players"]):
        colour = obs["colours"][seat]
        cards = " ".join(f"{spot}×{count}" for spot, count in obs["cards_left"][seat].items())
        shown = obs["announced"][seat] or "-"
        placed = ""
        if obs["has_played"][seat]:
            placed = f", token placed ({mine})" if seat == obs["seat"] else ", token placed (?)"
        lines.append(
            f"[{RICH[colour]}] {colour} [/] {_who(obs, seat)}: announces {shown}{placed}; "
            f"cards {cards}; tokens left {obs['tokens_left'][seat]}; rounds won {obs['rounds_won'][seat]}"
        )
    if obs["seesaw"]:
        sides = {t["side"]: t for t in obs["seesaw"]}
        text = []
        for side in (0, 1):
            t = sides.get(side)
            text.append(f"{_who(obs, t['seat'])} on {t['spot']}" if t else "empty")
        lines.append("See-saw: " + "  /\\  ".join(text))
    if obs["first_match"] is not None:
        lines.append(f"First match: {_result_text(obs, obs['first_match'])}")
    if obs.get("hand"):
        lines.append(f"Your tokens: {' '.join(map(str, obs['hand']['tokens'])) or '-'}")
    if obs["players"] == 3 and obs["round_first"] is not None:
        f = obs["round_first"]
        lines.append(
            f"This round: {_who(obs, f)} against {_who(obs, (f + 1) % 3)}; "
            f"{_who(obs, (f + 2) % 3)} then challenges the winner."
        )
    lines.append(_scale_line(game))
    for i, record in enumerate(obs["rounds"]):
        revealed = obs.get("revealed")
        cards = ", ".join(
            f"{_who(obs, s)} {c}" + (f"{revealed['tokens_by_round'][i][s]}" if revealed else "")
            for s, c in enumerate(record["cards"])
        )
        match = f"; first match {_result_text(obs, record['first_match'])}" if record["first_match"] is not None else ""
        lines.append(f"[dim]Round {i + 1}: {cards}{match}; winner {_result_text(obs, record['winner'])}[/dim]")
    if "revealed" in obs:
        rev = obs["revealed"]
        for seat in range(obs["players"]):
            lines.append(f"{_who(obs, seat)}: won tokens {rev['won_tokens'][seat]} (total {rev['totals'][seat]})")
    return "\n".join(lines)


def _tilt_angle(obs: dict[str, Any]) -> float:
    """Degrees the plank turns: the side holding the only token, or the decided winner, goes down."""
    if len(obs["seesaw"]) == 1:
        return 9.0 if obs["seesaw"][0]["side"] == 1 else -9.0
    return 0.0


def render_svg(obs: dict[str, Any], game: Game) -> str:
    """The see-saw from one seat: the plank on its stand with spots A-B-C on each end, hidden tokens
    as '?', this seat's own token with its number; hands and the rounds so far below."""
    width, height = 640, 300 + 40 * obs["players"] + 22 * max(1, len(obs["rounds"])) + 40
    cx, cy, half = 320, 190, 250
    angle = _tilt_angle(obs)
    mine = _own_token_now(obs)
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="Helvetica, Arial, sans-serif">',
        f'<rect width="{width}" height="{height}" rx="18" fill="#f4efe4"/>',
        '<text x="24" y="38" font-size="20" font-weight="bold" fill="#333">Comparison × Gravity</text>',
        f'<text x="24" y="60" font-size="13" fill="#555">{escape(_status_line(obs))}</text>',
        f'<polygon points="{cx},{cy + 6} {cx - 26},{cy + 56} {cx + 26},{cy + 56}" fill="#8d6e63" stroke="#5d4037"/>',
        f'<rect x="{cx - 60}" y="{cy + 56}" width="120" height="10" rx="3" fill="#5d4037"/>',
        f'<g transform="rotate({angle:.1f} {cx} {cy})">',
        f'<rect x="{cx - half - 10}" y="{cy - 8}" width="{2 * half + 20}" height="16" rx="6" fill="#d7b98e" '
        'stroke="#8d6e63" stroke-width="2"/>',
    ]
    for sign in (-1, 1):
        for spot, frac in SPOT_X.items():
            x = cx + sign * frac * half
            parts.append(f'<circle cx="{x:.1f}" cy="{cy}" r="6" fill="#8d6e63"/>')
            parts.append(
                f'<text x="{x:.1f}" y="{cy + 26}" font-size="13" text-anchor="middle" fill="#5d4037">{spot}</text>'
            )
    for token in obs["seesaw"]:
        sign = -1 if token["side"] == 0 else 1
        x = cx + sign * SPOT_X[token["spot"]] * half
        colour = obs["colours"][token["seat"]]
        label = str(mine) if token["seat"] == obs["seat"] and mine is not None else "?"
        parts.append(
            f'<circle cx="{x:.1f}" cy="{cy - 30}" r="21" fill="{INK[colour]}" stroke="#111" stroke-width="2"/>'
        )
        parts.append(
            f'<text x="{x:.1f}" y="{cy - 24}" font-size="17" text-anchor="middle" fill="#fff" '
            f'font-weight="bold">{label}</text>'
        )
    parts.append("</g>")
    for side, sign in ((0, -1), (1, 1)):
        x = cx + sign * half * 0.62
        label = "first player's side" if side == 0 else "opposite side"
        parts.append(
            f'<text x="{x:.1f}" y="{cy - 70 + sign * math.sin(math.radians(angle)) * half * 0.62:.1f}" '
            f'font-size="11" text-anchor="middle" fill="#777">{label}</text>'
        )
    y0 = 290
    for seat in range(obs["players"]):
        colour = obs["colours"][seat]
        y = y0 + seat * 40
        me = seat == obs["seat"]
        parts.append(
            f'<rect x="20" y="{y}" width="600" height="34" rx="8" fill="{"#fff8e1" if me else "#fff"}" '
            f'stroke="{"#f1c40f" if me else "#ddd"}" stroke-width="2"/>'
        )
        parts.append(f'<circle cx="40" cy="{y + 17}" r="10" fill="{INK[colour]}"/>')
        name = f"{_who(obs, seat)} ({colour})"
        if obs["current_player"] == seat:
            name += " ▶"
        parts.append(f'<text x="58" y="{y + 22}" font-size="13" fill="#333">{escape(name)}</text>')
        cx0 = 200
        for spot, count in obs["cards_left"][seat].items():
            for _ in range(count):
                parts.append(f'<rect x="{cx0}" y="{y + 5}" width="18" height="24" rx="3" fill="{INK[colour]}"/>')
                parts.append(
                    f'<text x="{cx0 + 9}" y="{y + 22}" font-size="12" text-anchor="middle" fill="#fff">{spot}</text>'
                )
                cx0 += 22
        shown = obs["announced"][seat]
        if shown:
            parts.append(f'<text x="330" y="{y + 22}" font-size="13" fill="#333">shows {shown}</text>')
        tokens = (
            " ".join(map(str, obs["hand"]["tokens"]))
            if me and obs.get("hand")
            else f"{obs['tokens_left'][seat]} tokens"
        )
        parts.append(f'<text x="410" y="{y + 22}" font-size="13" fill="#333">{escape(tokens)}</text>')
        won = f"won {obs['rounds_won'][seat]}"
        if "revealed" in obs:
            won += f" (total {obs['revealed']['totals'][seat]})"
        parts.append(f'<text x="610" y="{y + 22}" font-size="13" text-anchor="end" fill="#333">{escape(won)}</text>')
    parts.extend(_round_history(obs, y0 + 40 * obs["players"] + 18))
    parts.append("</svg>")
    return "\n".join(parts)


def _round_history(obs: dict[str, Any], top: int) -> list[str]:
    """One line per finished round: the cards shown, who won (a colour dot), and at the end the tokens."""
    parts = [f'<text x="24" y="{top}" font-size="13" font-weight="bold" fill="#333">Rounds</text>']
    if not obs["rounds"]:
        parts.append(f'<text x="90" y="{top}" font-size="12" fill="#777">none played yet</text>')
    for i, record in enumerate(obs["rounds"]):
        y = top + 22 * i
        cards = " · ".join(
            f"{_who(obs, s)} {card}" + (f"={obs['revealed']['tokens_by_round'][i][s]}" if "revealed" in obs else "")
            for s, card in enumerate(record["cards"])
        )
        parts.append(f'<text x="90" y="{y}" font-size="12" fill="#333">{i + 1}. {escape(cards)}</text>')
        winner = record["winner"]
        if winner is None or winner == "level":
            parts.append(f'<text x="610" y="{y}" font-size="12" text-anchor="end" fill="#777">level: nobody</text>')
        else:
            colour = obs["colours"][winner]
            parts.append(f'<circle cx="{536}" cy="{y - 4}" r="7" fill="{INK[colour]}"/>')
            parts.append(f'<text x="548" y="{y}" font-size="12" fill="#333">{escape(_who(obs, winner))} won</text>')
    return parts
