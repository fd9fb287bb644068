"""The board of Saving Waddles as an SVG, drawn from one seat's observation only.

From top to bottom: whose turn it is and what they decide; the track as a serpentine of
squares (printed board spaces, the seven path-card places, a face-down card drawn as a card
back, and the Hut of Wonders card) with the hero tokens and Waddles; the die with its "+1" and
"-1" marks, the on-board buttons, the decks and the Hut of Wonders card; the seat's own help
cards (``data-region="hand"``); one panel per hero. Every thing a player acts on carries a
``data-part`` key (see ``board.py``), every thing with a text a ``data-info`` key. Texts are at
least 13 units and the drawing is 800 wide (shown 1:1 on a desktop).
"""

from __future__ import annotations

from html import escape
from typing import Any, cast

from gravity_games.core.api import Game

from .data import Space
from .render_common import (
    as_drawn,
    die_purpose,
    help_name,
    hero_colour,
    hero_mark,
    keep_label,
    known_space,
    last_space,
    plural,
    prompt,
    seat_name,
    space_text,
    space_words,
)
from .rules import SavingWaddlesGame

Obs = dict[str, Any]

WIDTH = 800
MARGIN = 16
CELL = 64
COLS = 12
TRACK_Y = 62
FONT = "DejaVu Sans, Verdana, Arial, sans-serif"
INK = "#222222"
SOFT_INK = "#4a4a4a"
PURPLE = "#4b2c6f"

FILL = {
    "start": "#fff1a8", "plain": "#f7f1e1", "arrow": "#f7f1e1", "pointer": "#e3d4f5",
    "waddles_pointer": "#ffc9e3", "totem": "#e9c46a", "mischief": "#f4b0b0", "help": "#b5e0b5",
    "exchange": "#b9d3f2", "another_turn": "#ffd966", "skip": "#d0d0d0", "discard_help": "#efb48a",
    "victory": "#ffd700",
}  # fmt: skip
"""Fill of each kind of space (every kind also carries its word, so colour is never the only cue)."""
STROKE = {"board": "#7a5c2e", "slot": "#6a3fa0", "hut": "#9a6f00"}
ARROW_INK = {"red": "#c62828", "blue": "#1d5fc0", "green": "#2e7d32", "yellow": "#b8860b"}


def _text(x: float, y: float, words: str, size: int = 13, /, **attrs: str) -> str:
    extra = "".join(f' {k.replace("_", "-")}="{v}"' for k, v in attrs.items())
    return f'<text x="{x:g}" y="{y:g}" font-size="{size}"{extra}>{escape(words)}</text>'


def _part(key: str, label: str, body: list[str], info: str | None = None) -> str:
    """A tappable thing: a group with its part key, its words and (if it has a text) its info key."""
    info_attr = f' data-info="{escape(info)}"' if info else ""
    return (
        f'<g data-part="{escape(key)}"{info_attr} aria-label="{escape(label)}" role="button">' + "".join(body) + "</g>"
    )


# -- the track ------------------------------------------------------------------------


def cell_xy(pos: int) -> tuple[float, float]:
    """Top-left corner of a position's square: rows run left to right, then right to left."""
    row, col = divmod(pos, COLS)
    if row % 2:
        col = COLS - 1 - col
    return MARGIN + col * CELL, TRACK_Y + row * CELL


def _centre(pos: int) -> tuple[float, float]:
    x, y = cell_xy(pos)
    return x + CELL / 2, y + CELL / 2


def _route(last: int) -> str:
    """A broad path under the squares, so the order of the track reads at a glance."""
    points = " ".join(f"{x:g},{y:g}" for x, y in map(_centre, range(last + 1)))
    return f'<polyline points="{points}" fill="none" stroke="#b9a27a" stroke-width="10" stroke-linejoin="round"/>'


def _space_label(game: SavingWaddlesGame, space: Space) -> list[str]:
    lines = list(space_text(game, space).label)
    if space.kind == "arrow" and space.to:
        lines.append(f"{'+' if space.to > 0 else '−'}{abs(space.to)} {space.colour}")
    elif space.kind == "mischief" and space.symbols > 1:
        lines.append(f"×{space.symbols}")
    return lines


def _space_svg(obs: Obs, game: SavingWaddlesGame, pos: int, space: Space) -> str:
    """The square of one visible space (its words are drawn above the arrows, by _space_marks)."""
    x, y = cell_xy(pos)
    where, which, _ = game.track.segment_of[pos]
    heavy = where != "board"
    body = [
        f'<rect x="{x + 2}" y="{y + 2}" width="{CELL - 4}" height="{CELL - 4}" rx="7" fill="{FILL[space.kind]}" '
        f'stroke="{STROKE[where]}" stroke-width="{3 if heavy else 1.5}"/>'
    ]
    card = f" on path card {obs['path_cards'][which]}" if where == "slot" else ""
    card = " on the Hut of Wonders card" if where == "hut" else card
    number = f", Waddles' number {space.number}" if space.number else ""
    label = f"space {pos}{card}: {space_words(game, space)}{number}"
    return _part(f"space:{pos}", label, body, info=f"space:{pos}")


def _space_marks(obs: Obs, game: SavingWaddlesGame, pos: int, space: Space) -> list[str]:
    """The words, position and Waddles number of a space (taps go through them to the square)."""
    x, y = cell_xy(pos)
    halo = {"stroke": FILL[space.kind], "stroke_width": "3", "paint_order": "stroke"}
    out = [_text(x + 5, y + CELL - 7, str(pos), 13, fill="#444444")]
    for i, line in enumerate(_space_label(game, space)):
        out.append(_text(x + CELL / 2, y + 17 + i * 15, line, text_anchor="middle", fill=INK, **halo))
    if space.number and obs["variant"] == "standard":
        cx, cy = x + CELL - 15, y + CELL - 15
        out.append(f'<circle cx="{cx}" cy="{cy}" r="10" fill="#ffffff" stroke="#b0307e" stroke-width="2"/>')
        out.append(_text(cx, cy + 5, str(space.number), 13, text_anchor="middle", fill="#8e1f63", font_weight="bold"))
    return out


def _hidden_cells(positions: list[int], fill: str, stroke: str) -> list[str]:
    out = []
    for pos in positions:
        x, y = cell_xy(pos)
        out.append(
            f'<rect x="{x + 2}" y="{y + 2}" width="{CELL - 4}" height="{CELL - 4}" rx="7" fill="{fill}" '
            f'stroke="{stroke}" stroke-width="3"/>'
        )
        out.append(
            _text(x + CELL / 2, y + CELL / 2 + 5, "?", 26, text_anchor="middle", fill="#f3eaff", font_weight="bold")
        )
        out.append(_text(x + 5, y + CELL - 7, str(pos), 13, fill="#e6dcf5"))
    return out


def _face_down_cards(obs: Obs, game: SavingWaddlesGame) -> list[str]:
    """Each face-down path card (and the Hut of Wonders card) as one card back over its squares."""
    track = game.track
    out = []
    for slot, name in enumerate(obs["path_cards"]):
        if name is None:
            cells = [track.slot_start[slot] + j for j in range(track.card_len)]
            label = f"path card {slot + 1}, face down"
            out.append(_part(f"path:{slot}", label, _hidden_cells(cells, PURPLE, STROKE["slot"]), info=f"path:{slot}"))
    if obs["variant"] == "standard" and obs["hut_card"] is None:
        cells = [track.hut_start + j for j in range(track.hut_len)]
        body = _hidden_cells(cells, "#5c4400", STROKE["hut"])
        out.append(_part("hut-track", "the Hut of Wonders card, face down", body, info="hut"))
    return out


def _arrow_svg(game: SavingWaddlesGame, pos: int, space: Space) -> str:
    to = space.to or 0
    colour = ARROW_INK.get(space.colour or "", "#1d5fc0")
    (x1, y1), (x2, y2) = _centre(pos), _centre(pos + to)
    bend = 34 if abs(y1 - y2) < 1 else 0
    mx, my = (x1 + x2) / 2 + (0 if bend else 40), min(y1, y2) - bend + (0 if bend else (y2 - y1) / 2)
    dash = "" if to > 0 else ' stroke-dasharray="7 4"'
    return (
        f'<path d="M {x1:g} {y1 - 8:g} Q {mx:g} {my:g} {x2:g} {y2 - 8:g}" fill="none" stroke="{colour}" '
        f'stroke-width="3"{dash} marker-end="url(#head-{space.colour})" opacity="0.9"/>'
    )


def _track_svg(obs: Obs, game: SavingWaddlesGame) -> list[str]:
    last = last_space(obs, game)
    out = [_route(last)]
    shown: list[tuple[int, Space]] = []
    for pos in range(last + 1):
        space = known_space(obs, game, pos)
        if space is not None:
            space = as_drawn(obs, space)
            shown.append((pos, space))
            out.append(_space_svg(obs, game, pos, space))
    out += _face_down_cards(obs, game)
    out.append('<g pointer-events="none">')
    out += [_arrow_svg(game, pos, sp) for pos, sp in shown if sp.kind == "arrow"]
    for pos, space in shown:
        out += _space_marks(obs, game, pos, space)
    out.append("</g>")
    return out


# -- tokens and Waddles ---------------------------------------------------------------

_BOTTOM = ((31, 48), (52, 48))
_TOP = ((12, 27), (32, 27), (52, 27))
"""Where the pieces on one square stand: beside the position number, then over the words."""


def _piece_spots(numbered: bool) -> tuple[tuple[int, int], ...]:
    """The bottom right corner holds Waddles' number on the spaces that have one."""
    return (_BOTTOM[:1] if numbered else _BOTTOM) + _TOP + ((12, 48),)


def _token_svg(obs: Obs, game: SavingWaddlesGame, seat: int, cx: float, cy: float) -> str:
    colour = hero_colour(obs, seat)
    lying = obs["lying"][seat]
    shape = (
        f'<ellipse cx="{cx:g}" cy="{cy + 3:g}" rx="12" ry="7.5" fill="{colour}" stroke="#ffffff" stroke-width="2"/>'
        if lying
        else f'<circle cx="{cx:g}" cy="{cy:g}" r="10.5" fill="{colour}" stroke="#ffffff" stroke-width="2"/>'
    )
    name = seat_name(obs, game, seat)
    state = " (lying down)" if lying else ""
    label = f"{name}'s token on space {obs['positions'][seat]}{state}"
    mark = _text(
        cx,
        cy + 5 if not lying else cy + 7,
        hero_mark(obs, seat),
        13,
        text_anchor="middle",
        fill="#ffffff",
        font_weight="bold",
    )
    hero = obs["heroes"][seat]
    return _part(f"token:{seat}", label, [shape, mark], info=f"hero:{hero}" if hero else None)


def _waddles_svg(obs: Obs, game: SavingWaddlesGame, cx: float, cy: float) -> str:
    carrier = obs["carried_by"]
    ring = 'stroke="#8e1f63" stroke-width="3"' if carrier is not None else 'stroke="#ffffff" stroke-width="2"'
    body = [
        f'<circle cx="{cx - 8:g}" cy="{cy - 9:g}" r="4" fill="#ff9fb9"/>'
        f'<circle cx="{cx + 8:g}" cy="{cy - 9:g}" r="4" fill="#ff9fb9"/>',
        f'<circle cx="{cx:g}" cy="{cy:g}" r="11" fill="#ffb6c9" {ring}/>',
        f'<ellipse cx="{cx:g}" cy="{cy + 3:g}" rx="5" ry="3.5" fill="#ff7fa0"/>',
        f'<circle cx="{cx - 2:g}" cy="{cy + 3:g}" r="1.1" fill="#7a2e45"/>'
        f'<circle cx="{cx + 2:g}" cy="{cy + 3:g}" r="1.1" fill="#7a2e45"/>',
        f'<circle cx="{cx - 4:g}" cy="{cy - 3:g}" r="1.4" fill="#222"/>'
        f'<circle cx="{cx + 4:g}" cy="{cy - 3:g}" r="1.4" fill="#222"/>',
    ]
    carried = f", carried by {seat_name(obs, game, carrier)}" if carrier is not None else ""
    return _part("waddles", f"Waddles on space {obs['waddles']}{carried}", body, info="waddles")


def _waddles_status(obs: Obs, game: SavingWaddlesGame) -> str:
    """Where Waddles is, top right (before he is found he is on no square)."""
    if obs["variant"] == "simple":
        return ""
    if obs["carried_by"] is not None:
        words = f"Waddles: carried by {seat_name(obs, game, obs['carried_by'])}"
    elif obs["waddles"] is not None:
        words = f"Waddles: on space {obs['waddles']}"
    else:
        words = "Waddles: not found yet"
    return _text(WIDTH - MARGIN, 28, words, 15, text_anchor="end", fill="#8e1f63", font_weight="bold")


def _pieces_svg(obs: Obs, game: SavingWaddlesGame) -> list[str]:
    """Tokens (and Waddles) sharing a square stand side by side, Waddles first."""
    here: dict[int, list[int | None]] = {}
    if obs["waddles"] is not None:
        here.setdefault(obs["waddles"], []).append(None)
    for seat, pos in enumerate(obs["positions"]):
        here.setdefault(pos, []).append(seat)
    out = []
    for pos, pieces in here.items():
        x, y = cell_xy(pos)
        space = known_space(obs, game, pos)
        spots = _piece_spots(bool(space and space.number and obs["variant"] == "standard"))
        for i, piece in enumerate(pieces):
            dx, dy = spots[i % len(spots)]
            if piece is None:
                out.append(_waddles_svg(obs, game, x + dx, y + dy))
            else:
                out.append(_token_svg(obs, game, piece, x + dx, y + dy))
    return out


# -- the die, the buttons, the decks -----------------------------------------------------

_PIPS = {
    1: ((0, 0),), 2: ((-1, -1), (1, 1)), 3: ((-1, -1), (0, 0), (1, 1)),
    4: ((-1, -1), (1, -1), (-1, 1), (1, 1)), 5: ((-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)),
    6: ((-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)),
}  # fmt: skip


def _die_svg(obs: Obs, x: float, y: float) -> list[str]:
    size = 72
    die = obs["die"]
    body = [
        f'<rect x="{x}" y="{y}" width="{size}" height="{size}" rx="12" fill="#fff" stroke="#333" stroke-width="2.5"/>'
    ]
    cx, cy = x + size / 2, y + size / 2
    if die in _PIPS:
        body += [f'<circle cx="{cx + dx * 19:g}" cy="{cy + dy * 19:g}" r="6.5" fill="#222"/>' for dx, dy in _PIPS[die]]
    elif die:
        body.append(_text(cx, cy + 12, str(die), 34, text_anchor="middle", font_weight="bold", fill=INK))
    else:
        body.append(_text(cx, cy + 6, "Roll", 18, text_anchor="middle", font_weight="bold", fill=INK))
    label = f"the die, showing {die}" if die else "the die"
    out = [_part("die", label, body, info="die")]
    caption = f"{die} {die_purpose(obs)}" if die and obs["roll_for"] else (f"showed {die}" if die else "")
    if obs["phase"] == "start":
        caption = "tap to roll" if obs["seat"] == obs["turn"] else "about to roll"
    if caption:
        out.append(_text(x, y + size + 20, caption, 14, fill=INK))
    if die and obs["phase"] == "adjust" and obs["variant"] == "standard":
        out += _die_marks(x + size + 10, y)
    return out


def _die_marks(x: float, y: float) -> list[str]:
    """The "+1" and "-1" marks beside the die: the second tap after a "+1 or -1" card."""
    out = []
    for i, (key, words, aria) in enumerate((("die:plus", "+1", "add 1 to the die"),
                                            ("die:minus", "−1", "take 1 from the die"))):  # fmt: skip
        top = y + i * 40
        body = [
            f'<rect x="{x}" y="{top}" width="44" height="32" rx="8" fill="#eef3ff" stroke="#1d5fc0" stroke-width="2"/>',
            _text(x + 22, top + 22, words, 17, text_anchor="middle", font_weight="bold", fill="#123f86"),
        ]
        out.append(_part(key, aria, body))
    return out


def _button(key: str, words: str, x: float, y: float, width: float = 150) -> str:
    body = [
        f'<rect x="{x}" y="{y}" width="{width}" height="42" rx="10" fill="{PURPLE}" stroke="#2a1840"/>',
        _text(x + width / 2, y + 27, words, 17, text_anchor="middle", font_weight="bold", fill="#ffffff"),
    ]
    return _part(key, words, body)


def _deck_svg(key: str, title: str, obs_count: int, used: int, x: float, y: float, fill: str) -> str:
    body = [
        f'<rect x="{x + 6}" y="{y + 6}" width="104" height="76" rx="8" fill="{fill}" stroke="#555" opacity="0.6"/>',
        f'<rect x="{x}" y="{y}" width="104" height="76" rx="8" fill="{fill}" stroke="#444" stroke-width="1.5"/>',
        _text(x + 52, y + 22, title, 15, text_anchor="middle", font_weight="bold", fill=INK),
        _text(x + 52, y + 44, plural(obs_count, "card"), 14, text_anchor="middle", fill=INK),
        _text(x + 52, y + 64, f"{used} discarded", 13, text_anchor="middle", fill=SOFT_INK),
    ]
    return _part(key, f"{title}: {plural(obs_count, 'card')}, {used} discarded", body, info=key)


def _hut_svg(obs: Obs, game: SavingWaddlesGame, x: float, y: float) -> str:
    name = obs["hut_card"]
    fill = "#f3dc8a" if name else "#5c4400"
    ink = INK if name else "#fff6d8"
    body = [
        f'<rect x="{x}" y="{y}" width="170" height="76" rx="8" fill="{fill}" stroke="#9a6f00" stroke-width="2.5"/>',
        _text(x + 85, y + 24, "Hut of Wonders", 15, text_anchor="middle", font_weight="bold", fill=ink),
        _text(x + 85, y + 48, name or "face down", 14, text_anchor="middle", fill=ink),
    ]
    if name is None:
        body.append(_text(x + 85, y + 67, "shown at the totem", 13, text_anchor="middle", fill=ink))
    return _part("hut", f"the Hut of Wonders card: {name or 'face down'}", body, info="hut")


def _play_strip(obs: Obs, game: SavingWaddlesGame, y: float) -> list[str]:
    out = _die_svg(obs, MARGIN, y)
    bx = MARGIN + 140
    if obs["phase"] == "adjust" and obs["die"]:
        out.append(_button("button:keep", keep_label(obs), bx, y + 14))
    elif obs["phase"] == "end":
        out.append(_button("button:end-turn", "End turn", bx, y + 14))
    if obs["variant"] == "standard":
        help_used = sum(obs["help_discard"].values())
        mischief_used = sum(obs["mischief_discard"].values())
        out.append(_deck_svg("deck:help", "Help", obs["help_deck"], help_used, 326, y, "#b5e0b5"))
        out.append(_deck_svg("deck:mischief", "Mischief", obs["mischief_deck"], mischief_used, 450, y, "#f4b0b0"))
        out.append(_hut_svg(obs, game, 614, y))
    return out


# -- the seat's hand -----------------------------------------------------------------------

HAND_CARD_W, HAND_CARD_H = 144, 62


def _wrap(words: str, width: int) -> list[str]:
    """Lines of at most ``width`` characters (names are never cut, only wrapped)."""
    lines: list[str] = []
    for word in words.split():
        if lines and len(lines[-1]) + 1 + len(word) <= width:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines


def _hand_card(game: SavingWaddlesGame, kind: str, count: int, x: float, y: float) -> str:
    name = help_name(game, kind)
    body = [
        f'<rect x="{x}" y="{y}" width="{HAND_CARD_W}" height="{HAND_CARD_H}" rx="9" fill="#d9f0d5" stroke="#2f6b2f" '
        'stroke-width="2"/>'
    ]
    lines = _wrap(name, 16)
    top = y + HAND_CARD_H / 2 - (len(lines) - 1) * 9 + 5
    for i, line in enumerate(lines):
        body.append(_text(x + 10, top + i * 18, line, 14, fill=INK, font_weight="bold"))
    if count > 1:
        body.append(
            f'<circle cx="{x + HAND_CARD_W - 14}" cy="{y + 14}" r="12" fill="#2f6b2f"/>'
            + _text(
                x + HAND_CARD_W - 14, y + 19, f"×{count}", 13, text_anchor="middle", fill="#ffffff", font_weight="bold"
            )
        )
    label = f"your help card: {name}" + (f" ({count} of them)" if count > 1 else "")
    return _part(f"help:{kind}", label, body, info=f"help:{kind}")


def _hand_svg(obs: Obs, game: SavingWaddlesGame, y: float) -> list[str]:
    hand = obs["hand"]["cards"]
    held = [(k, c) for k, c in hand.items() if c]
    out = [
        '<g data-region="hand">',
        _text(MARGIN, y + 16, "Your help cards", 15, font_weight="bold", fill=PURPLE),
        _text(MARGIN + 138, y + 16, "(only you see them; tap a card or a space to read it)", 13, fill=SOFT_INK),
    ]
    if not held:
        out.append(_text(MARGIN, y + 44, "None yet: a Help space gives you one.", 14, fill=SOFT_INK))
    for i, (kind, count) in enumerate(held):
        out.append(_hand_card(game, kind, count, MARGIN + i * (HAND_CARD_W + 10), y + 26))
    out.append("</g>")
    return out


# -- the heroes -----------------------------------------------------------------------------

PANEL_H = 124


def _mischief_pile(obs: Obs, game: SavingWaddlesGame, seat: int, x: float, y: float) -> str:
    pile = obs["mischief_in_front"][seat]
    body = [
        f'<rect x="{x + 3 * i}" y="{y - 3 * i}" width="16" height="20" rx="3" fill="#f4b0b0" stroke="#7a3b3b"/>'
        for i in range(min(len(pile), 3))
    ]
    if not pile:
        body.append(
            f'<rect x="{x}" y="{y}" width="16" height="20" rx="3" fill="none" stroke="#7a3b3b" stroke-dasharray="3 2"/>'
        )
    words = plural(len(pile), "mischief card")
    body.append(_text(x + 26, y + 15, words, 13, fill=INK))
    name = seat_name(obs, game, seat)
    return _part(f"front:{seat}", f"{name}'s mischief cards in front: {len(pile)}", body, info=f"front:{seat}")


STATUS_LINE = 19


def _status_lines(obs: Obs, seat: int) -> list[str]:
    """Short facts under a hero's position, one a line (a 5-seat panel is 147 units wide)."""
    to_play = obs["turn"] == seat and obs["phase"] != "over"
    lines = [words for words, on in (("to play", to_play), ("winner!", obs["winner"] == seat)) if on]
    if obs["carried_by"] == seat:
        lines.append("has Waddles")
    return lines


def _panel_height(obs: Obs) -> int:
    """Equal panels, one status line reserved and one more when a hero needs it."""
    extra = max(len(_status_lines(obs, s)) for s in range(len(obs["heroes"]))) - 1
    return (PANEL_H if obs["variant"] == "standard" else 76) + STATUS_LINE * max(0, extra)


def _hero_panel(obs: Obs, game: SavingWaddlesGame, seat: int, x: float, y: float, w: float) -> list[str]:
    to_play = obs["turn"] == seat and obs["phase"] != "over"
    colour = hero_colour(obs, seat)
    out = [
        f'<rect x="{x}" y="{y}" width="{w}" height="{_panel_height(obs)}" rx="10" '
        f'fill="{"#fff7d6" if to_play else "#fbf8f2"}" '
        f'stroke="{"#c98a00" if to_play else "#9c9488"}" stroke-width="{3.5 if to_play else 1.5}"/>'
    ]
    name = seat_name(obs, game, seat)
    you = " (you)" if obs["seat"] == seat else ""
    hero = obs["heroes"][seat]
    head = [
        f'<circle cx="{x + 20}" cy="{y + 20}" r="12" fill="{colour}" stroke="#ffffff" stroke-width="2"/>',
        _text(x + 20, y + 25, hero_mark(obs, seat), 13, text_anchor="middle", fill="#ffffff", font_weight="bold"),
        _text(x + 38, y + 26, name + you, 15, font_weight="bold", fill=INK),
    ]
    if hero:
        out.append(_part(f"hero:{hero}", f"{name}'s hero card{you}", head, info=f"hero:{hero}"))
    else:
        out += head
    where = f"space {obs['positions'][seat]}"
    if obs["lying"][seat]:
        where += ", lying down"
    out.append(_text(x + 10, y + 48, where, 13, fill=INK))
    for i, line in enumerate(_status_lines(obs, seat)):
        out.append(_text(x + 10, y + 67 + i * STATUS_LINE, line, 13, fill="#7a4a00", font_weight="bold"))
    if obs["variant"] == "standard":
        top = y + _panel_height(obs) - PANEL_H
        out.append(_text(x + 10, top + 88, plural(obs["hand_sizes"][seat], "help card"), 13, fill=INK))
        out.append(_mischief_pile(obs, game, seat, x + 10, top + 96))
    return out


def _heroes_svg(obs: Obs, game: SavingWaddlesGame, y: float) -> list[str]:
    n = len(obs["heroes"])
    gap = 8
    w = (WIDTH - 2 * MARGIN - (n - 1) * gap) / n
    out: list[str] = []
    for seat in range(n):
        out += _hero_panel(obs, game, seat, MARGIN + seat * (w + gap), y, w)
    return out


# -- the whole picture ---------------------------------------------------------------------


def _defs() -> str:
    heads = "".join(
        f'<marker id="head-{name}" markerWidth="8" markerHeight="8" refX="6" refY="4" orient="auto">'
        f'<path d="M0,0 L8,4 L0,8 z" fill="{ink}"/></marker>'
        for name, ink in ARROW_INK.items()
    )
    return f"<defs>{heads}</defs>"


def render_svg(observation: dict[str, Any], game: Game) -> str:
    """The board as an SVG picture: track, die and decks, the seat's hand, the heroes."""
    obs = observation
    game = cast(SavingWaddlesGame, game)
    rows = last_space(obs, game) // COLS + 1
    strip_y = TRACK_Y + rows * CELL + 14
    hand_y = strip_y + 104
    has_hand = obs["variant"] == "standard" and obs.get("hand") is not None
    heroes_y = hand_y + (100 if has_hand else 0)
    height = heroes_y + _panel_height(obs) + MARGIN
    title = "Saving Waddles" + (" (simple rules)" if obs["variant"] == "simple" else "")
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{height:g}" '
        f'viewBox="0 0 {WIDTH} {height:g}" font-family="{FONT}" font-size="13">',
        _defs(),
        f'<rect width="{WIDTH}" height="{height:g}" fill="#eef5e6"/>',
        _text(MARGIN, 28, title, 20, font_weight="bold", fill=PURPLE),
        _text(MARGIN, 51, prompt(obs, game), 15, fill=INK),
        _waddles_status(obs, game),
    ]
    out += _track_svg(obs, game)
    out += _pieces_svg(obs, game)
    out += _play_strip(obs, game, strip_y)
    if has_hand:
        out += _hand_svg(obs, game, hand_y)
    out += _heroes_svg(obs, game, heroes_y)
    out.append("</svg>")
    return "\n".join(part for part in out if part)
