"""The skeleton game's web board, drawn from one seat's observation (never the state).

Layout (640 units wide): a header saying what the game waits for; the die; the table with this
round's tokens; the finished rounds; the viewer's hand (the tokens to tap) and the other seats'
face-down tokens. Each token is the part ``token:<name>`` wherever it is drawn (``board.py``).
"""

from __future__ import annotations

from html import escape
from typing import Any

from gravity_games.core.api import Game

from .board import DIE_PART, INFO_DIE, INFO_RULES, SEAT_ROLES, SEAT_SWATCHES, plural, token_part
from .render_text import player_name, status_line

Observation = dict[str, Any]

WIDTH = 640
HEIGHT = 480
FELT = "#24543f"
INK = "#ffffff"
SOFT_INK = "#d5eadf"
TOKEN_FILL = "#f7f1e3"
TOKEN_INK = "#1b1b1b"
FONT = "font-family:system-ui,sans-serif"


def text(x: float, y: float, words: str, size: int = 16, fill: str = INK, anchor: str = "start") -> str:
    return (
        f'<text x="{x}" y="{y}" font-size="{size}" fill="{fill}" text-anchor="{anchor}" style="{FONT}">'
        f"{escape(words)}</text>"
    )


def token_chip(x: float, y: float, entry: dict[str, Any], radius: int = 24, ring: str = TOKEN_INK) -> str:
    """A face-up token: its value large, its name small, as one tappable part."""
    name = str(entry["token"])
    return (
        f'<g data-part="{escape(token_part(name))}" aria-label="{escape(name)}, value {entry["value"]}">'
        f'<circle cx="{x}" cy="{y}" r="{radius}" fill="{TOKEN_FILL}" stroke="{ring}" stroke-width="3"/>'
        + text(x, y + 6, str(entry["value"]), size=20, fill=TOKEN_INK, anchor="middle")
        + text(x, y + radius + 16, name, size=13, fill=SOFT_INK, anchor="middle")
        + "</g>"
    )


def token_back(x: float, y: float) -> str:
    """A face-down token of another seat: no part, nothing to read."""
    return f'<circle cx="{x}" cy="{y}" r="18" fill="#3b6f57" stroke="{SOFT_INK}" stroke-width="2"/>'


def draw_die(obs: Observation) -> str:
    face = "?" if obs["die"] is None else str(obs["die"])
    return (
        f'<g data-part="{DIE_PART}" data-info="{INFO_DIE}" aria-label="the die">'
        f'<rect x="24" y="64" width="64" height="64" rx="10" fill="{TOKEN_FILL}"/>'
        + text(56, 106, face, size=28, fill=TOKEN_INK, anchor="middle")
        + "</g>"
        + text(56, 148, "die", size=13, fill=SOFT_INK, anchor="middle")
    )


def draw_table(obs: Observation) -> list[str]:
    out = [text(120, 80, "On the table", size=15, fill=SOFT_INK)]
    for i, play in enumerate(obs["table"]):
        x = 150 + i * 110
        out.append(token_chip(x, 110, play, ring=SEAT_SWATCHES[int(play["seat"]) % len(SEAT_SWATCHES)]))
        out.append(text(x, 172, player_name(int(play["seat"])), size=13, fill=SOFT_INK, anchor="middle"))
    return out


def draw_rounds(obs: Observation) -> list[str]:
    out = [text(400, 80, "Rounds", size=15, fill=SOFT_INK)]
    for number, result in enumerate(obs["finished_rounds"]):
        y = 110 + number * 62
        out.append(text(400, y + 5, f"{number + 1}: die {result['die']}", size=14))
        for i, play in enumerate(result["plays"]):
            ring = SEAT_SWATCHES[int(play["seat"]) % len(SEAT_SWATCHES)]
            out.append(token_chip(490 + i * 56, y, play, radius=17, ring=ring))
        out.append(text(612, y + 5, SEAT_ROLES[int(result["winner"]) % len(SEAT_ROLES)], size=14, anchor="end"))
    return out


def draw_hands(obs: Observation) -> list[str]:
    out: list[str] = []
    viewer = obs["viewer"]
    y = 340
    for seat in range(int(obs["players"])):
        role = SEAT_ROLES[seat % len(SEAT_ROLES)]
        label = f"{player_name(seat)}, {role}: {plural(int(obs['rounds_won'][seat]), 'round')} taken"
        if seat == viewer:
            out.append(text(24, y - 34, f"Your hand ({label})", size=15))
            for i, entry in enumerate(obs.get("hand", [])):
                out.append(token_chip(60 + i * 70, y, entry, ring=SEAT_SWATCHES[seat % len(SEAT_SWATCHES)]))
        else:
            out.append(text(372, y - 34, label, size=15))
            for i in range(int(obs["hand_counts"][seat])):
                out.append(token_back(400 + i * 50, y))
    if "bag" in obs:
        bag = obs["bag"]
        out.append(text(24, 436, "Left in the bag:", size=14, fill=SOFT_INK))
        out += [token_chip(170 + i * 56, 430, entry, radius=17) for i, entry in enumerate(bag)]
    else:
        out.append(text(24, 436, f"In the bag: {obs['bag_count']} face down", size=14, fill=SOFT_INK))
    return out


def render_svg(obs: Observation, _game: Game) -> str:
    """The board as one SVG document."""
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" width="{WIDTH}" height="{HEIGHT}" '
        'role="img" aria-label="Skeleton Game board">',
        f'<rect width="{WIDTH}" height="{HEIGHT}" fill="{FELT}" data-info="{INFO_RULES}"/>',
        text(24, 36, status_line(obs), size=18),
        draw_die(obs),
        *draw_table(obs),
        *draw_rounds(obs),
        *draw_hands(obs),
        "</svg>",
    ]
    return "".join(parts)
