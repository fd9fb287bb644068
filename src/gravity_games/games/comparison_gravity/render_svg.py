"""The SVG board of Comparison × Gravity, drawn from one seat's observation (never the full state).

From the top: what happens now, the other players (cards and tokens left, the card they show),
the see-saw with spots A, B and C on both ends, the viewer's own cards and tokens (tapped to make a
move: ``card:A`` to announce, ``token:K3`` to place), and the rounds so far. The parts named in
``board.py`` are drawn here, every one of them in every position.
"""

from __future__ import annotations

from html import escape
from typing import Any

from gravity_games.core.api import Game
from gravity_games.games.gravity_three.board_common import (
    FONT_FAMILY,
    SEESAW_INFO_KEY,
    colour_swatch,
    mass_info_key,
    swatch,
    token_chip,
    token_words,
)

from .render_common import (
    SIDES,
    SPOTS,
    count,
    last_round_line,
    player_label,
    player_name,
    side_owners,
    status_line,
    token_key,
    waiting_seat,
    winner_banner,
)

Observation = dict[str, Any]

WIDTH = 800
LEFT = 24
INNER = WIDTH - 2 * LEFT
TABLE = "#f4efe4"
PANEL = "#ffffff"
HAND = "#fff8e6"
INK = "#222222"
SOFT = "#555555"
"""Text colours on the light table (#555 on #f4efe4 is 6.3:1)."""
GOLD = "#d69e00"
CARD = "#fffdf7"
WOOD, WOOD_DARK = "#d7b98e", "#6d4c33"
SPOT_X = {"A": 0.36, "B": 0.63, "C": 0.9}
"""Where a spot lies along one half of the plank (middle 0, end 1): A near, C far, as the arms."""
HALF = 300
TOKEN_R = 24.0


def _text(
    x: float, y: float, text: str, size: int = 14, *, anchor: str = "start", weight: str = "normal", fill: str = INK
) -> str:
    bold = ' font-weight="bold"' if weight == "bold" else ""
    return (
        f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size}" text-anchor="{anchor}"{bold} '
        f'fill="{fill}">{escape(text)}</text>'
    )


def _card(x: float, y: float, spot: str, *, w: float = 34, h: float = 46, faded: bool = False) -> str:
    """An Announcement Card face up: its letter on a cream card with the spot's name."""
    size = max(13, round(h * 0.45))
    stroke = "#b7ab93" if faded else "#6d5a3a"
    ink = "#74694f" if faded else INK
    dash = ' stroke-dasharray="5 4"' if faded else ""
    return (
        f'<rect x="{x:.1f}" y="{y:.1f}" width="{w:.1f}" height="{h:.1f}" rx="5" fill="{CARD}" '
        f'stroke="{stroke}" stroke-width="1.6"{dash}/>'
        + _text(x + w / 2, y + h / 2 + size * 0.36, spot, size, anchor="middle", weight="bold", fill=ink)
    )


# -- the other players ------------------------------------------------------------------


def _panel_box(x: float, y: float, w: float, h: float, *, acting: bool, fill: str = PANEL) -> str:
    stroke, width = (GOLD, 3) if acting else ("#cfc6b4", 1.5)
    return (
        f'<rect x="{x:.1f}" y="{y:.1f}" width="{w:.1f}" height="{h:.1f}" rx="12" fill="{fill}" '
        f'stroke="{stroke}" stroke-width="{width}"/>'
    )


def _doing(obs: Observation, seat: int) -> str:
    if obs["current_player"] != seat:
        return ""
    return "▶ choosing a card" if obs["phase"] == "announce" else "▶ placing a token"


def _player_heading(obs: Observation, seat: int, x: float, y: float, w: float, *, narrow: bool = False) -> list[str]:
    """Swatch, name, seat, rounds won and what the player is doing; ``narrow`` puts the last two
    on a third line (three panels side by side, for a watcher)."""
    colour = obs["colours"][seat]
    name = "You" if seat == obs["seat"] else colour.capitalize()
    sub = f"{colour} · seat {seat}" if seat == obs["seat"] else f"seat {seat}"
    if obs["round_first"] == seat:
        sub += " · first player"
    won = count(obs["rounds_won"][seat], "round") + " won"
    if "revealed" in obs and obs["rounds_won"][seat]:
        won += f" (total {obs['revealed']['totals'][seat]})"
    doing = _doing(obs, seat) or ("token placed" if obs["has_played"][seat] else "")
    out = [
        colour_swatch(colour, x + 12, y + 10, size=38, show_name=False, label=f"{colour} ({swatch(colour).letter})"),
        _text(x + 60, y + 27, name, 17, weight="bold"),
        _text(x + 60, y + 46, sub, 13, fill=SOFT),
    ]
    ink = "#8a5a00" if doing.startswith("▶") else SOFT
    if narrow:
        out.append(_text(x + 12, y + 68, won, 14, weight="bold"))
        if doing:
            out.append(_text(x + w - 12, y + 68, doing.removeprefix("▶ "), 14, anchor="end", fill=ink))
        return out
    out.append(_text(x + w - 12, y + 27, won, 15, anchor="end", weight="bold"))
    if doing:
        out.append(_text(x + w - 12, y + 46, doing, 14, anchor="end", weight="bold" if ink != SOFT else "", fill=ink))
    return out


def _cards_left_row(obs: Observation, seat: int, x: float, y: float, w: float) -> list[str]:
    cards = [spot for spot, n in obs["cards_left"][seat].items() for _ in range(n)]
    out = [_text(x, y + 22, "Cards", 14, fill=SOFT)]
    step = min(30.0, (w - 64) / 5)
    for i, spot in enumerate(cards):
        out.append(_card(x + 62 + i * step, y, spot, w=step - 5, h=32))
    if not cards:
        out.append(_text(x + 62, y + 22, "none left", 14, fill=SOFT))
    return out


def _tokens_left_row(obs: Observation, seat: int, x: float, y: float, w: float) -> list[str]:
    colour = obs["colours"][seat]
    left = obs["tokens_left"][seat]
    out = [_text(x, y + 22, "Tokens", 14, fill=SOFT)]
    step = max(31.0, min(36.0, (w - 64) / 5))
    r = max(15.0, min(16.0, step / 2 - 1))
    for i in range(left):
        out.append(token_chip(colour, None, x + 62 + r + i * step, y + 16, r=r, info=mass_info_key(None)))
    if not left:
        out.append(_text(x + 62, y + 22, "none left", 14, fill=SOFT))
    return out


def _shown_card(obs: Observation, seat: int, x: float, y: float, *, small: bool = False) -> list[str]:
    """The card a player shows this round (public), or a dashed blank before they choose."""
    shown = obs["announced"][seat]
    if obs["phase"] == "over":
        return []
    w, h = (34, 46) if small else (50, 66)
    out = [] if small else [_text(x + w / 2, y - 6, "shows", 13, anchor="middle", fill=SOFT)]
    if shown:
        out.append(f'<g data-info="card:{shown}">{_card(x, y, shown, w=w, h=h)}</g>')
    else:
        out.append(_card(x, y, "–", w=w, h=h, faded=True))
    return out


def _player_panel(obs: Observation, seat: int, x: float, y: float, w: float, h: float) -> str:
    """One other player as everybody sees them: colour, cards and tokens left, the card shown."""
    narrow = w < 300
    body = [_panel_box(x, y, w, h, acting=obs["current_player"] == seat)]
    body += _player_heading(obs, seat, x, y, w, narrow=narrow)
    if narrow:
        body += _cards_left_row(obs, seat, x + 12, y + 78, w - 24)
        body += _tokens_left_row(obs, seat, x + 12, y + 114, w - 24)
        body += _shown_card(obs, seat, x + w - 46, y + 8, small=True)
    else:
        body += _cards_left_row(obs, seat, x + 12, y + 58, w - 90)
        body += _tokens_left_row(obs, seat, x + 12, y + 98, w - 90)
        body += _shown_card(obs, seat, x + w - 64, y + 70)
    label = f"{player_label(obs, seat)}: " + ", ".join(_public_words(obs, seat))
    return f'<g data-part="player:{seat}" aria-label="{escape(label)}">{"".join(body)}</g>'


def _public_words(obs: Observation, seat: int) -> list[str]:
    words = [f"{count(obs['rounds_won'][seat], 'round')} won"]
    shown = obs["announced"][seat]
    words.append(f"shows card {shown}" if shown else "no card shown yet")
    words.append(f"{count(sum(obs['cards_left'][seat].values()), 'card')} left")
    words.append(f"{count(obs['tokens_left'][seat], 'token')} left")
    return words


PANEL_H = 150
SEESAW_H = 208
HAND_H = 196


def _others(obs: Observation, top: float) -> list[str]:
    seats = [s for s in range(obs["players"]) if s != obs["seat"]]
    gap = 12
    w = (INNER - gap * (len(seats) - 1)) / len(seats)
    return [_player_panel(obs, seat, LEFT + i * (w + gap), top, w, PANEL_H) for i, seat in enumerate(seats)]


# -- the see-saw ------------------------------------------------------------------------------


def _tilt_angle(obs: Observation) -> float:
    """Degrees the plank turns: the side holding the only token goes down (a lone winner stays)."""
    if len(obs["seesaw"]) == 1:
        return 4.0 if obs["seesaw"][0]["side"] == 1 else -4.0
    return 0.0


def _spot(obs: Observation, side: int, spot: str, cx: float, cy: float, owner: int | None) -> str:
    """One see-saw spot (a part, for the last-move mark): its ring, letter and the token on it."""
    sign = -1 if side == 0 else 1
    x = cx + sign * SPOT_X[spot] * HALF
    y = cy - TOKEN_R - 6
    on = next((t for t in obs["seesaw"] if t["side"] == side and t["spot"] == spot), None)
    announced = owner is not None and obs["announced"][owner] == spot and on is None
    body = []
    if announced and owner is not None:
        colour = obs["colours"][owner]
        body.append(
            f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{TOKEN_R + 2:.1f}" fill="#fffaf0" stroke="{swatch(colour).fill}" '
            'stroke-width="3" stroke-dasharray="6 4"/>'
        )
        who = "your token" if owner == obs["seat"] else f"{player_name(obs, owner)}'s token"
        body.append(_text(x, y - TOKEN_R - 10, f"{who} goes here", 13, anchor="middle", weight="bold"))
    else:
        body.append(
            f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{TOKEN_R:.1f}" fill="none" stroke="#b49a74" '
            'stroke-width="1.5" stroke-dasharray="3 4"/>'
        )
    body.append(f'<circle cx="{x:.1f}" cy="{cy:.1f}" r="5" fill="{WOOD_DARK}"/>')
    body.append(_text(x, cy + 30, spot, 17, anchor="middle", weight="bold", fill=WOOD_DARK))
    label = f"spot {spot} on the {SIDES[side]} side"
    if on is not None:
        mine = on["seat"] == obs["seat"] and obs.get("hand") and obs["hand"]["played"]
        number = obs["hand"]["played"][-1] if mine else None
        colour = obs["colours"][on["seat"]]
        body.append(token_chip(colour, number, x, y, r=TOKEN_R, info=mass_info_key(number)))
        label += f": {token_words(colour, number)}"
    return f'<g data-part="spot:{SIDES[side]}-{spot}" aria-label="{escape(label)}">{"".join(body)}</g>'


def _side_label(obs: Observation, side: int, owner: int | None, x: float, y: float) -> str:
    if obs["phase"] == "over":
        return ""
    if owner is None:
        text = "empty side"
    else:
        text = "Your side" if owner == obs["seat"] else f"{player_name(obs, owner)}'s side"
        if owner == obs["round_first"]:
            text += " (first player)"
        elif obs["players"] == 3 and obs["first_match"] not in (None, "level") and owner != obs["first_match"]:
            text += " (challenger)"
    anchor = "start" if side == 0 else "end"
    return _text(x, y, text, 15, anchor=anchor, weight="bold")


def _seesaw(obs: Observation, top: float) -> list[str]:
    """The plank on its stand, spots A-B-C on each end; who plays on which side."""
    cx, cy = WIDTH / 2, top + 128
    angle = _tilt_angle(obs)
    owners = side_owners(obs)
    out = [
        _side_label(obs, 0, owners[0], LEFT + 6, top + 18),
        _side_label(obs, 1, owners[1], WIDTH - LEFT - 6, top + 18),
        f'<polygon points="{cx},{cy + 6} {cx - 26},{cy + 50} {cx + 26},{cy + 50}" fill="#8d6e63" stroke="#5d4037"/>',
        f'<rect x="{cx - 70}" y="{cy + 50}" width="140" height="9" rx="3" fill="#5d4037"/>',
        f'<g data-info="{SEESAW_INFO_KEY}" aria-label="the see-saw">',
        f'<g transform="rotate({angle:.1f} {cx} {cy})">',
        f'<rect x="{cx - HALF - 14}" y="{cy - 7}" width="{2 * HALF + 28}" height="14" rx="6" fill="{WOOD}" '
        f'stroke="{WOOD_DARK}" stroke-width="2"/>',
    ]
    for side in (0, 1):
        for spot in SPOTS:
            out.append(_spot(obs, side, spot, cx, cy, owners[side]))
    out.append("</g></g>")
    waiting = waiting_seat(obs)
    if waiting is not None:
        who = player_name(obs, waiting)
        verb = "play" if waiting == obs["seat"] else "plays"
        out.append(_text(cx, top + 18, f"then {who} {verb} the winner", 14, anchor="middle", fill=SOFT))
    if obs["phase"] == "over":
        out.append(_text(cx, top + 30, winner_banner(obs), 22, anchor="middle", weight="bold"))
    rule = "Heavier and farther out pushes harder · tap the see-saw for the distances"
    out.append(_text(cx, cy + 76, rule, 13, anchor="middle", fill=SOFT))
    return out


# -- the viewer's hand ------------------------------------------------------------------------


def _hand_card_stack(obs: Observation, spot: str, x: float, y: float) -> str:
    """A letter's cards, fanned, as one tappable part; a dashed blank once they are all used."""
    seat = obs["seat"]
    left = obs["cards_left"][seat][spot]
    w, h = 60.0, 84.0
    body = []
    for i in range(left - 1, 0, -1):
        body.append(_card(x + 7 * i, y - 5 * i, spot, w=w, h=h))
    body.append(_card(x, y, spot, w=w, h=h, faded=left == 0))
    note = "used up" if left == 0 else f"{left} left"
    body.append(_text(x + w / 2, y + h + 20, note, 13, anchor="middle", fill=SOFT))
    label = f"Announcement Card {spot}, {note}"
    return f'<g data-part="card:{spot}" data-info="card:{spot}" aria-label="{escape(label)}">{"".join(body)}</g>'


def _hand_token(obs: Observation, number: int, x: float, y: float) -> str:
    seat = obs["seat"]
    hand = obs["hand"]
    colour = obs["colours"][seat]
    on_seesaw = any(t["seat"] == seat for t in obs["seesaw"]) and hand["played"][-1:] == [number]
    used = number in hand["played"]
    note = "on the see-saw" if on_seesaw else "used" if used else ""
    chip = token_chip(
        colour,
        number,
        x,
        y,
        r=26.0,
        part=token_key(obs, seat, number),
        label=f"your {token_words(colour, number)}" + (f", {note}" if note else ""),
        info=mass_info_key(number),
        extra='opacity="0.4"' if used else "",
    )
    return chip + (_text(x, y + 46, note, 13, anchor="middle", fill=SOFT) if note else "")


def _hand_hint(obs: Observation, kind: str) -> str:
    if obs["current_player"] != obs["seat"] or obs["phase"] == "over":
        return ""
    if kind == "cards" and obs["phase"] == "announce":
        return "tap one to announce"
    if kind == "tokens" and obs["phase"] == "play":
        return f"tap one to place it on {obs['announced'][obs['seat']]}"
    return ""


def _hand(obs: Observation, top: float) -> list[str]:
    """The viewer's own cards (tap to announce) and tokens (tap to place), private to them."""
    seat = obs["seat"]
    h = HAND_H
    out = [
        '<g data-region="hand">',
        _panel_box(LEFT, top, INNER, h, acting=obs["current_player"] == seat, fill=HAND),
        *_player_heading(obs, seat, LEFT, top, INNER),
        _text(LEFT + 16, top + 74, "Your cards", 15, weight="bold"),
        _text(LEFT + 122, top + 74, _hand_hint(obs, "cards"), 13, fill="#8a5a00"),
        _text(LEFT + 300, top + 74, "Your tokens", 15, weight="bold"),
        _text(LEFT + 418, top + 74, _hand_hint(obs, "tokens"), 13, fill="#8a5a00"),
    ]
    for i, spot in enumerate(SPOTS):
        out.append(_hand_card_stack(obs, spot, LEFT + 16 + i * 90, top + 88))
    for n in range(1, 6):
        out.append(_hand_token(obs, n, LEFT + 330 + (n - 1) * 62, top + 126))
    out += _shown_card(obs, seat, LEFT + INNER - 70, top + 92)
    out.append("</g>")
    return out


# -- the rounds ------------------------------------------------------------------------------------


def _round_cell(obs: Observation, index: int, seat: int) -> str:
    """What a seat played in a round: its card, and its token when this seat may know it."""
    rounds = obs["rounds"]
    if index < len(rounds):
        card = rounds[index]["cards"][seat]
    else:
        card = obs["announced"][seat] if index == len(rounds) and obs["phase"] != "over" else None
    if card is None:
        return ""
    number: int | None = None
    if "revealed" in obs and index < len(rounds):
        number = obs["revealed"]["tokens_by_round"][index][seat]
    elif seat == obs["seat"] and obs.get("hand") and index < len(obs["hand"]["played"]):
        number = obs["hand"]["played"][index]
    if number is None:
        return f"card {card}"
    return f"card {card}, token {number}"


def _result_words(obs: Observation, result: Any) -> str:
    if result is None:
        return ""
    if result == "level":
        return "level: nobody"
    return "you" if result == obs["seat"] else player_name(obs, result)


def _history(obs: Observation, top: float) -> list[str]:
    """A table of the five rounds: each player's card (and token when known), the winner."""
    n = obs["players"]
    three = n == 3
    seat_w = 140 if three else 190
    cols = [LEFT + 12, LEFT + 92]
    for _ in range(n):
        cols.append(cols[-1] + seat_w)
    out = [
        _text(LEFT, top + 20, "Rounds", 17, weight="bold"),
        _text(cols[0], top + 46, "Round", 14, weight="bold", fill=SOFT),
    ]
    for s in range(n):
        head = "You" if s == obs["seat"] else player_name(obs, s)
        out.append(_text(cols[1 + s], top + 46, head, 14, weight="bold", fill=SOFT))
    if three:
        out.append(_text(cols[-1], top + 46, "First match", 14, weight="bold", fill=SOFT))
    win_x = cols[-1] + (120 if three else 0)
    out.append(_text(win_x, top + 46, "Winner", 14, weight="bold", fill=SOFT))
    for i in range(5):
        y = top + 56 + i * 30
        row = [
            f'<rect x="{LEFT}" y="{y}" width="{INNER}" height="28" rx="6" '
            f'fill="{"#ffffff" if i % 2 == 0 else "#faf6ee"}"/>',
            _text(cols[0], y + 19, str(i + 1), 14, weight="bold"),
        ]
        for s in range(n):
            row.append(_text(cols[1 + s], y + 19, _round_cell(obs, i, s), 14))
        record = obs["rounds"][i] if i < len(obs["rounds"]) else None
        if record is not None:
            if three:
                row.append(_text(cols[-1], y + 19, _result_words(obs, record["first_match"]), 14))
            row.append(_winner_cell(obs, record["winner"], win_x, y))
        elif i == len(obs["rounds"]) and obs["phase"] != "over":
            if three:
                row.append(_text(cols[-1], y + 19, _result_words(obs, obs["first_match"]), 14))
            row.append(_text(win_x, y + 19, "playing now", 14, fill=SOFT))
        words = _row_words(obs, i, record)
        out.append(f'<g data-part="round:{i + 1}" aria-label="{escape(words)}">{"".join(row)}</g>')
    return out


def _winner_cell(obs: Observation, winner: Any, x: float, y: float) -> str:
    if winner is None or winner == "level":
        return _text(x, y + 19, "level: nobody", 14, fill=SOFT)
    return _letter_badge(obs["colours"][winner], x, y + 3) + _text(
        x + 30, y + 19, _result_words(obs, winner), 14, weight="bold"
    )


def _letter_badge(colour: str, x: float, y: float) -> str:
    """A small square of a colour with its letter (K, G, R): too small for the ring pattern."""
    look = swatch(colour)
    return f'<rect x="{x:.1f}" y="{y:.1f}" width="22" height="22" rx="5" fill="{look.fill}" stroke="#111"/>' + _text(
        x + 11, y + 16, look.letter, 14, anchor="middle", weight="bold", fill=look.ink
    )


def _row_words(obs: Observation, index: int, record: Any) -> str:
    if record is None:
        return f"round {index + 1}: not played yet"
    cells = [f"{player_name(obs, s)} {_round_cell(obs, index, s)}" for s in range(obs["players"])]
    return f"round {index + 1}: " + ", ".join(cells) + f"; winner {_result_words(obs, record['winner'])}"


# -- the whole board ----------------------------------------------------------------------------


def _header(obs: Observation) -> list[str]:
    round_text = "All 5 rounds played" if obs["phase"] == "over" else f"Round {obs['round']} of 5"
    out = [
        _text(LEFT, 30, round_text, 18, weight="bold"),
        _text(WIDTH - LEFT, 30, "Comparison × Gravity", 15, anchor="end", fill=SOFT),
        _text(LEFT, 56, status_line(obs), 16, weight="bold", fill="#3d2a00"),
    ]
    sub = last_round_line(obs)
    if sub:
        out.append(_text(LEFT, 78, sub, 14, fill=SOFT))
    return out


def render_svg(obs: Observation, game: Game) -> str:
    """The board seen by ``obs['seat']``: the see-saw, the own hand, the other players, the rounds.

    The see-saw and the hand come first, so that a page with a header above the board still shows
    both without scrolling; the others' announced spots are marked on the see-saw itself."""
    top = 88
    body = _header(obs)
    body += _seesaw(obs, top)
    top += SEESAW_H
    if obs["seat"] is not None and obs.get("hand"):
        body += _hand(obs, top)
        top += HAND_H + 14
    body += _others(obs, top)
    top += PANEL_H + 14
    body += _history(obs, top)
    height = int(top + 56 + 5 * 30 + 16)
    return "\n".join(
        [
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{height}" '
            f'viewBox="0 0 {WIDTH} {height}" font-family="{FONT_FAMILY}">',
            f'<rect width="{WIDTH}" height="{height}" rx="18" fill="{TABLE}"/>',
            *body,
            "</svg>",
        ]
    )
