"""The SVG board of Memory × Gravity, drawn from one seat's observation (never the full state).

Layout (800 units wide, shown at 1:1 on a desktop):

- a header with whose turn it is and what to do;
- the table: three rows of face-down tokens (black K1-K5, grey G1-G5, red R1-R5), the tokens
  lifted this turn raised with their order (1st, 2nd, 3rd), the seat's own readings in grams under
  each token, and a small badge for every other seat that has lifted it;
- a side column: this turn's lifts, the Reference Card (ranking table) and the token weights;
- one tray per seat with its black, grey and red place: the kept token (face down until the end,
  then its number) or an empty place.

Every token is the part ``token:<id>`` wherever it lies (see ``board.py``); it also carries
``data-info`` of the masses card, so tapping a token that cannot be played shows what tokens weigh.
"""

from __future__ import annotations

from html import escape
from typing import Any

from gravity_games.core.api import Game
from gravity_games.games.gravity_three.board_common import FONT_FAMILY, mass_info_key, swatch

from .board import INFO_PERCEPTION, INFO_REFERENCE, INFO_TURN, token_part
from .data import load_components, load_texts
from .render_common import (
    COLOURS,
    ORDINALS,
    Observation,
    and_list,
    colour_of,
    grams_text,
    lifters_by_token,
    next_step_hint,
    readings_by_token,
    status_line,
    token_words,
    turn_order,
)
from .rules import combination_key

WIDTH = 800
FELT = "#2a5e46"
PANEL = "#1f4a37"
EDGE = "#163a2a"
INK = "#ffffff"
SOFT_INK = "#cfe8d9"
READING_INK = "#fffbe0"
GOLD = "#f1c40f"
GOLD_INK = "#1b1b1b"

TABLE_X, TABLE_Y, TABLE_W, TABLE_H = 16, 76, 520, 376
ROW_Y0, ROW_STEP = 172, 100
COL_X0, COL_STEP = 140, 84
CHIP_R = 27
SIDE_X, SIDE_W = 552, 232
TRAY_Y, TRAY_H = 466, 150
ROLES = ("first player", "second player", "third player")


def _text(x: float, y: float, text: str, size: int = 15, fill: str = INK, extra: str = "") -> str:
    return (
        f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size}" fill="{fill}"{" " + extra if extra else ""}>'
        f"{escape(text)}</text>"
    )


def _chip(colour: str, text: str, x: float, y: float, *, r: float = CHIP_R, size: int = 17) -> str:
    """A token's body with a text on it, in the shared Gravity Three look (fill, ring pattern, ink).

    The shared ``token_chip`` writes colour letter and *number* (``K3`` = black 3); here ``K3`` is
    the token's place on the table and the number is hidden, so the face text is given."""
    look = swatch(colour)
    dash = f' stroke-dasharray="{look.dash}" stroke-linecap="round"' if look.dash else ""
    ring_w = 3.2 if look.dash.startswith("0.1") else 2.0
    return (
        f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{r:.1f}" fill="{look.fill}" stroke="#111" stroke-width="1.5"/>'
        f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{r - 4:.1f}" fill="none" stroke="{look.ring}" '
        f'stroke-width="{ring_w}"{dash}/>'
        f'<text x="{x:.1f}" y="{y + size * 0.36:.1f}" text-anchor="middle" font-size="{size}" '
        f'font-weight="bold" fill="{look.ink}">{escape(text)}</text>'
    )


def _token_group(tid: str, label: str, body: str, info: str) -> str:
    return f'<g data-part="{token_part(tid)}" data-info="{info}" aria-label="{escape(label)}" role="button">{body}</g>'


# ---------------------------------------------------------------------------
# The table
# ---------------------------------------------------------------------------


def _token_place(tid: str) -> tuple[float, float]:
    row = COLOURS.index(colour_of(tid))
    return COL_X0 + (int(tid[1:]) - 1) * COL_STEP, ROW_Y0 + row * ROW_STEP


def _lifted_badge(x: float, y: float, order: int) -> str:
    """The order of a lift this turn, as a pill over the top of the chip."""
    pill = (
        f'<rect x="{x - 19:.1f}" y="{y - CHIP_R - 16:.1f}" width="38" height="20" rx="10" fill="{GOLD}" '
        f'stroke="{EDGE}"/>'
    )
    return pill + _text(x, y - CHIP_R - 1, ORDINALS[order], 13, GOLD_INK, 'text-anchor="middle" font-weight="bold"')


def _lifter_badges(obs: Observation, x: float, y: float, lifters: list[int]) -> str:
    """One small badge per other seat that has lifted this token (everybody sees who lifts what),
    stacked at the chip's right."""
    others = sorted({s for s in lifters if s != obs.get("seat")})
    out = []
    for k, seat in enumerate(others):
        bx = x + CHIP_R + 5
        by = y - 12 + k * 22
        out.append(f'<circle cx="{bx:.1f}" cy="{by:.1f}" r="10" fill="#ffffff" stroke="{EDGE}" stroke-width="1.5"/>')
        out.append(_text(bx, by + 5, str(seat), 13, "#1b1b1b", 'text-anchor="middle" font-weight="bold"'))
    return "".join(out)


def _table_token_label(obs: Observation, tid: str, order: int | None, felt: list[float], lifters: list[int]) -> str:
    words = [token_words(tid) + ", face down"]
    if order is not None:
        words.append(f"lifted {ORDINALS[order]} this turn")
    if felt:
        words.append("you felt " + " and ".join(grams_text(g) for g in felt))
    others = [s for s in lifters if s != obs.get("seat")]
    if others:
        words.append("lifted by " + and_list([f"Seat {s}" for s in sorted(set(others))]))
    return ", ".join(words)


def _table_token(obs: Observation, tid: str, readings: dict[str, list[float]], lifters: dict[str, list[int]]) -> str:
    x, y = _token_place(tid)
    order = obs["this_turn"].index(tid) if tid in obs["this_turn"] else None
    felt = readings.get(tid, [])
    lifted_by = lifters.get(tid, [])
    out = [f'<ellipse cx="{x}" cy="{y + CHIP_R - 1}" rx="{CHIP_R - 3}" ry="5" fill="#000" opacity="0.3"/>']
    body = []
    if order is not None:
        body.append(f'<circle cx="{x}" cy="{y}" r="{CHIP_R + 5}" fill="none" stroke="{GOLD}" stroke-width="4"/>')
    body.append(_chip(colour_of(tid), tid, x, y))
    body.append(_lifter_badges(obs, x, y, lifted_by))
    if order is not None:
        body.append(_lifted_badge(x, y, order))
    label = _table_token_label(obs, tid, order, felt, lifted_by)
    out.append(_token_group(tid, label, "".join(body), mass_info_key(None)))
    if felt:
        text = " · ".join(f"{g:.1f}" for g in felt[-2:]) + " g"
        out.append(_text(x, y + CHIP_R + 21, text, 14, READING_INK, 'text-anchor="middle" font-weight="bold"'))
    return "".join(out)


def _empty_place(obs: Observation, tid: str, keeper: int) -> str:
    x, y = _token_place(tid)
    who = "yours" if keeper == obs.get("seat") else f"Seat {keeper}"
    return (
        f'<circle cx="{x}" cy="{y}" r="{CHIP_R}" fill="none" stroke="{SOFT_INK}" stroke-width="1.5" '
        'stroke-dasharray="4 4" opacity="0.8"/>'
        + _text(x, y - 2, tid, 13, SOFT_INK, 'text-anchor="middle"')
        + _text(x, y + 14, who, 13, SOFT_INK, 'text-anchor="middle"')
    )


def _row_label(colour: str, y: float) -> str:
    """The colour of a row: its swatch with the letter, the name under it."""
    look = swatch(colour)
    dash = f' stroke-dasharray="{look.dash}" stroke-linecap="round"' if look.dash else ""
    x = TABLE_X + 20
    return (
        f'<rect x="{x}" y="{y - 28}" width="40" height="40" rx="8" fill="{look.fill}" stroke="#111"/>'
        f'<rect x="{x + 5}" y="{y - 23}" width="30" height="30" rx="5" fill="none" stroke="{look.ring}" '
        f'stroke-width="2.5"{dash}/>'
        + _text(x + 20, y - 2, look.letter, 17, look.ink, 'text-anchor="middle" font-weight="bold"')
        + _text(x + 20, y + 30, colour.capitalize(), 14, INK, 'text-anchor="middle" font-weight="bold"')
    )


def _table(obs: Observation) -> str:
    readings = readings_by_token(obs)
    lifters = lifters_by_token(obs)
    out = [
        f'<rect x="{TABLE_X}" y="{TABLE_Y}" width="{TABLE_W}" height="{TABLE_H}" rx="14" fill="{FELT}" '
        f'stroke="{EDGE}" stroke-width="2"/>',
        _text(TABLE_X + 14, TABLE_Y + 26, "On the table, numbers face down", 16, INK, 'font-weight="bold"'),
    ]
    for row, colour in enumerate(COLOURS):
        out.append(_row_label(colour, ROW_Y0 + row * ROW_STEP))
    for token in obs["tokens"]:
        if token["kept_by"] is None:
            out.append(_table_token(obs, token["id"], readings, lifters))
        else:
            out.append(_empty_place(obs, token["id"], token["kept_by"]))
    others = sorted({lift["seat"] for lift in obs["lifts"]} - {obs.get("seat")})
    legend_y = TABLE_Y + TABLE_H - 14
    if others:
        out.append(_lifter_legend(TABLE_X + 14, legend_y, others[0]))
    if readings:
        out.append(
            _text(
                TABLE_X + TABLE_W - 14,
                legend_y,
                "grams: what you felt (yours alone)",
                14,
                READING_INK,
                'text-anchor="end"',
            )
        )
    return "".join(out)


def _lifter_legend(x: float, y: float, seat: int) -> str:
    return (
        f'<circle cx="{x + 10}" cy="{y - 5}" r="10" fill="#ffffff" stroke="{EDGE}" stroke-width="1.5"/>'
        + _text(x + 10, y, str(seat), 13, "#1b1b1b", 'text-anchor="middle" font-weight="bold"')
        + _text(x + 28, y, f"lifted by Seat {seat}", 14, SOFT_INK)
    )


# ---------------------------------------------------------------------------
# The side column
# ---------------------------------------------------------------------------


def _this_turn_lines(obs: Observation) -> list[str]:
    if obs["turn_seat"] is None:
        return []
    mine = obs["turn_seat"] == obs.get("seat")
    readings = readings_by_token(obs)
    lines = []
    for order, tid in enumerate(obs["this_turn"]):
        felt = readings.get(tid)
        grams = f"  {grams_text(felt[-1])}" if mine and felt else ""
        lines.append(f"{ORDINALS[order]}: {tid} ({colour_of(tid)}){grams}")
    if not lines:
        lines.append("No token lifted yet.")
    if mine:
        lines.append(next_step_hint(obs))
    return lines


def _side_panel(x: float, y: float, h: float, title: str, info: str | None = None) -> str:
    attrs = f' data-info="{info}" aria-label="{escape(title)}" role="button"' if info else ""
    return (
        f'<g{attrs}><rect x="{x}" y="{y}" width="{SIDE_W}" height="{h}" rx="12" fill="{PANEL}" stroke="{EDGE}" '
        f'stroke-width="2"/>' + _text(x + 12, y + 24, title, 16, INK, 'font-weight="bold"')
    )


def _standings(obs: Observation) -> list[str]:
    """At the end: the seats from the strongest combination down (equal combinations share a place)."""
    rev = obs["revealed"]
    keys = [combination_key(numbers) for numbers in rev["numbers"]]
    order = sorted(range(obs["players"]), key=lambda s: keys[s], reverse=True)
    lines = []
    for seat in order:
        place = 1 + sum(1 for other in range(obs["players"]) if keys[other] > keys[seat])
        who = "you" if seat == obs.get("seat") else f"Seat {seat}"
        lines.append(f"{ORDINALS[place - 1]}: {who}, {rev['combinations'][seat]}")
    return lines


def _turn_panel(obs: Observation, x: float, y: float) -> str:
    """This turn's lifts and the next step; while setting up, what happens; at the end, the standings."""
    if obs["phase"] == "over":
        title, lines = "Game over", _standings(obs)
    elif obs["turn_seat"] is None:
        title, lines = "Setting up", ["Shuffling the tokens,", "rolling for first player."]
    else:
        title, lines = "This turn", _this_turn_lines(obs)[:4]
    out = [_side_panel(x, y, 112, title, INFO_TURN)]
    for k, line in enumerate(lines):
        fill = GOLD if line.startswith(("Tap", "Next", "Keep")) else INK
        out.append(_text(x + 12, y + 48 + k * 19, line, 14, fill))
    out.append("</g>")
    return "".join(out)


def _reference_panel(x: float, y: float) -> str:
    card = load_texts().reference
    out = [_side_panel(x, y, 150, "Strongest first", INFO_REFERENCE)]
    for k, rank in enumerate(card.ranks):
        ry = y + 48 + k * 38
        out.append(_text(x + 12, ry, f"{k + 1}. {rank.short.capitalize()}", 14, SOFT_INK))
        out.append(_text(x + 26, ry + 18, rank.numbers.replace(", ", " "), 14, INK, 'font-weight="bold"'))
    out.append("</g>")
    return "".join(out)


def _weights_panel(obs: Observation, game: Game, x: float, y: float) -> str:
    """What each number weighs, as a two-row table: number over grams (the scale a reading is read against)."""
    grams = load_components(game.params.get("data")).masses.grams
    out = [_side_panel(x, y, 94, "Weights", mass_info_key(None))]
    out.append(_text(x + SIDE_W - 12, y + 24, "reconstructed", 13, SOFT_INK, 'text-anchor="end"'))
    step = (SIDE_W - 24) / len(grams)
    for k, g in enumerate(grams):
        cx = x + 12 + step * (k + 0.5)
        out.append(_text(cx, y + 52, str(k + 1), 16, INK, 'text-anchor="middle" font-weight="bold"'))
        out.append(_text(cx, y + 76, f"{g:g} g", 14, READING_INK, 'text-anchor="middle"'))
    out.append("</g>")
    return "".join(out)


# ---------------------------------------------------------------------------
# The trays
# ---------------------------------------------------------------------------


def _tray_heading(obs: Observation, seat: int, x: float, y: float, w: float) -> str:
    me = seat == obs.get("seat")
    name = f"Seat {seat}" + (" (you)" if me else "")
    out = [_text(x + 12, y + 24, name, 16, INK, 'font-weight="bold"')]
    order = turn_order(obs, seat)
    role = ROLES[order] if order is not None else ""
    if obs["turn_seat"] == seat:
        role = "▶ to play"
    if "revealed" in obs:
        role = "★ wins" if seat in obs["revealed"]["winners"] else ""
    if role:
        fill = GOLD if role.startswith(("▶", "★")) else SOFT_INK
        out.append(_text(x + w - 12, y + 24, role, 14, fill, 'text-anchor="end" font-weight="bold"'))
    return "".join(out)


def _kept_token(obs: Observation, seat: int, tid: str, x: float, y: float, felt: list[float]) -> str:
    colour = colour_of(tid)
    revealed = obs.get("revealed")
    if revealed:
        number = revealed["numbers"][seat][obs["kept"][seat].index(tid)]
        body = _chip(colour, str(number), x, y, r=24, size=22)
        label = f"{token_words(tid)}, kept by {'you' if seat == obs.get('seat') else f'Seat {seat}'}: number {number}"
        return _token_group(tid, label, body, mass_info_key(number))
    body = _chip(colour, tid, x, y, r=24, size=16)
    owner = "you" if seat == obs.get("seat") else f"Seat {seat}"
    label = f"{token_words(tid)}, kept by {owner}, face down"
    if felt:
        label += ", you felt " + " and ".join(grams_text(g) for g in felt)
    return _token_group(tid, label, body, mass_info_key(None))


def _tray(obs: Observation, seat: int, x: float, w: float, readings: dict[str, list[float]]) -> str:
    me = seat == obs.get("seat")
    acting = obs["turn_seat"] == seat or seat in obs.get("revealed", {}).get("winners", ())
    stroke = GOLD if acting else EDGE
    out = [
        f'<rect x="{x}" y="{TRAY_Y}" width="{w}" height="{TRAY_H}" rx="12" fill="{PANEL if me else FELT}" '
        f'stroke="{stroke}" stroke-width="{3 if acting else 2}"/>',
        _tray_heading(obs, seat, x, TRAY_Y, w),
    ]
    by_colour = {colour_of(t): t for t in obs["kept"][seat]}
    slot_w = (w - 24) / 3
    for k, colour in enumerate(COLOURS):
        cx = x + 12 + slot_w * (k + 0.5)
        cy = TRAY_Y + 70
        tid = by_colour.get(colour)
        if tid is None:
            out.append(
                f'<circle cx="{cx:.1f}" cy="{cy}" r="24" fill="none" stroke="{SOFT_INK}" stroke-width="1.5" '
                'stroke-dasharray="4 4"/>'
            )
            out.append(_text(cx, cy + 5, swatch(colour).letter, 14, SOFT_INK, 'text-anchor="middle"'))
            out.append(_text(cx, cy + 44, f"no {colour}", 13, SOFT_INK, 'text-anchor="middle"'))
            continue
        felt = readings.get(tid, [])
        out.append(_kept_token(obs, seat, tid, cx, cy, felt))
        if felt:  # at the end too: what it felt like against what it was
            ink = READING_INK if "revealed" not in obs else SOFT_INK
            out.append(_text(cx, cy + 44, grams_text(felt[-1]), 14, ink, 'text-anchor="middle" font-weight="bold"'))
    if "revealed" in obs:
        out.append(_combination(obs, seat, x + w / 2))
    return "".join(out)


def _combination(obs: Observation, seat: int, x: float) -> str:
    """The revealed numbers, biggest first, and their row of the ranking table in the Reference Card's words."""
    rev = obs["revealed"]
    row = ("identical", "consecutive", "three-digit").index(rev["kinds"][seat])
    name = load_texts().reference.ranks[row].name
    text = f"{rev['combinations'][seat]}: {name}"
    return _text(x, TRAY_Y + TRAY_H - 14, text, 15, INK, 'text-anchor="middle" font-weight="bold"')


def _trays(obs: Observation) -> str:
    """One tray per seat, the viewer's first (at the left, in sight on a phone), then clockwise."""
    players = obs["players"]
    gap = 12
    w = (WIDTH - 32 - gap * (players - 1)) / players
    readings = readings_by_token(obs)
    me = obs.get("seat") or 0
    out = []
    for place in range(players):
        seat = (me + place) % players
        tray = _tray(obs, seat, 16 + place * (w + gap), w, readings)
        if seat == obs.get("seat"):
            tray = f'<g data-region="hand">{tray}</g>'
        out.append(tray)
    return "".join(out)


# ---------------------------------------------------------------------------
# The whole board
# ---------------------------------------------------------------------------


def _perception_label(obs: Observation) -> str:
    """How well weights are felt in this game (a parameter), with its info card."""
    level = obs["perception"]
    label = _text(WIDTH - 20, 32, f"perception: {level}", 14, SOFT_INK, 'text-anchor="end"')
    return (
        f'<g data-info="{INFO_PERCEPTION}" aria-label="perception {level}: how well a lifted weight is felt" '
        f'role="button">{label}</g>'
    )


def _for_me(obs: Observation) -> bool:
    """Whether the header speaks to the viewer: its turn, or its win."""
    if "revealed" in obs:
        return obs.get("seat") in obs["revealed"]["winners"]
    return obs["turn_seat"] is not None and obs["turn_seat"] == obs.get("seat")


def render_svg(obs: dict[str, Any], game: Game) -> str:
    """The table seen from one seat: tokens to tap, this seat's readings, the trays, the ranking."""
    height = TRAY_Y + TRAY_H + 16
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {height}" width="{WIDTH}" '
        f'height="{height}" font-family="{FONT_FAMILY}">',
        f'<rect width="{WIDTH}" height="{height}" rx="16" fill="#173f2e"/>',
        _text(20, 32, "Memory × Gravity", 22, INK, 'font-weight="bold"'),
        _text(20, 58, status_line(obs), 16, GOLD if _for_me(obs) else SOFT_INK),
        _perception_label(obs),
        _table(obs),
        _turn_panel(obs, SIDE_X, TABLE_Y),
        _reference_panel(SIDE_X, TABLE_Y + 120),
        _weights_panel(obs, game, SIDE_X, TABLE_Y + 278),
        _trays(obs),
        "</svg>",
    ]
    return "\n".join(parts)
