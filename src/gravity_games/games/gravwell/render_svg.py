"""The SVG board of one seat's Gravwell observation: the spiral track, the ships, and the seat's hand.

Layout (820 units wide, shown at 1:1 on a desktop): a title and a line saying who acts; the spiral
arm on the left with its numbered spaces, Warp Gates, Debris Fields, Merton Cloud, Space Junk and
ships; on the right one block per ship with what everybody sees of it (revealed card with value
and beam type, known cards, charged abilities); below, the step's own things (mining stacks, the
ship cards to choose from) and the seat's hand: its Fuel Cards, its Ship Ability Cards and the
buttons of the decisions without a thing of their own (go on, pass, left, right, fewer, more).

Every thing a decision is made with is a ``data-part`` (see :mod:`gravity_games.games.gravwell.board`
for the keys); ships, cards, abilities and board features carry ``data-info`` for their text.
"""

from __future__ import annotations

import math
from html import escape as _html_escape
from typing import Any

from gravity_games.core.api import Game
from gravity_games.games.gravwell import render_common as w

W = 820
CX, CY = 236.0, 322.0
R0, R1 = 64.0, 218.0
INNER_R = 46.0
"""The Inner Warp Gate is the spiral's centre, wide enough to hold the ships (and junk) inside it."""
TURNS = 2.6
SPACE_R = 11.5
SHIP_R = 13.0
PANEL_X = 474
CARD_W, CARD_H = 92, 104
ABILITY_W, ABILITY_H = 150, 62
FONT = "DejaVu Sans, Helvetica, Arial, sans-serif"
CHAR = 0.6
"""Average width of a character in em: enough for DejaVu Sans, the widest of the fonts named."""

INK, SOFT, GOLD, GREEN, DIM = "#f1f4ff", "#c9d3f5", "#ffe08a", "#8fe3a8", "#aab4d6"
BEAM_COLOURS = {"tractor": "#2f6db5", "repulsor": "#b03a3a", "multi_tractor": "#6a45bd", "multi_repulsor": "#1f7468"}
"""Card colours by beam type; the type is always written on the card too."""

BUTTONS = {
    "own": (("go", "Go on"),),
    "reveal": (("pass", "Pass"),),
    "response": (("pass", "Pass"),),
    "charge": (("pass", "Pass"),),
    "dir": (("left", "Left"), ("right", "Right")),
    "trim": (("fewer", "1 fewer"), ("more", "1 more")),
}
"""The on-board buttons of each step: the decisions that have no component to tap."""


def render_svg(observation: dict[str, Any], game: Game) -> str:
    """The whole board of one seat (``observation`` of that seat, or the public one)."""
    obs = observation
    pts = spiral_points(obs["track_length"])
    body: list[str] = []
    body += _header(obs, game)
    body += _track(obs, game, pts)
    panel, panel_bottom = _ship_panel(obs, game)
    body += panel
    y = max(LEGEND_Y + 14.0, panel_bottom + 14)
    if obs["stage"] == "ship":
        part, y = _ship_choice(obs, game, y)
        body += part
    if obs["stacks"] and obs["stage"] in ("mine", "dir", "form"):
        part, y = _stacks(obs, game, y)
        body += part
    if "seat" in obs:
        part, y = _own_region(obs, game, y)
        body += part
    if obs["winners"]:
        part, y = _winners(obs, y)
        body += part
    height = int(y + 16)
    head = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {W} {height}" width="{W}" height="{height}" '
        f'font-family="{FONT}" font-size="13">',
        *_defs(),
        f'<rect width="{W}" height="{height}" fill="url(#space)"/>',
    ]
    head += _stars(height)
    return "\n".join([*head, *body, "</svg>"])


# ---------------------------------------------------------------------------
# geometry and small pieces
# ---------------------------------------------------------------------------


def spiral_points(length: int) -> list[tuple[float, float]]:
    """Centres of spaces 0..length on an Archimedean spiral, equally spaced along its length."""
    total = TURNS * 2 * math.pi
    k = (R1 - R0) / total

    def arc(t: float) -> float:  # arc length of r = R0 + k t (the small k^2 term left out: cheap, close)
        return R0 * t + k * t * t / 2

    full = arc(total)
    pts = []
    for i in range(length + 1):
        target = full * i / length
        lo, hi = 0.0, total
        for _ in range(40):
            mid = (lo + hi) / 2
            if arc(mid) < target:
                lo = mid
            else:
                hi = mid
        t = (lo + hi) / 2
        r = R0 + k * t
        angle = t - math.pi / 2
        pts.append((CX + r * math.cos(angle), CY + r * math.sin(angle)))
    pts[0] = (CX, CY)
    return pts


def escape(words: str) -> str:
    """Text or a double-quoted attribute value: ``&<>"`` escaped, the apostrophe of "T'Rang" kept."""
    return _html_escape(words, quote=False).replace('"', "&quot;")


def _defs() -> list[str]:
    return [
        "<defs>",
        '<radialGradient id="space" cx="35%" cy="40%" r="75%"><stop offset="0" stop-color="#1b2440"/>'
        '<stop offset="1" stop-color="#070a14"/></radialGradient>',
        '<radialGradient id="well" cx="50%" cy="50%" r="50%"><stop offset="0" stop-color="#f6d36b"/>'
        '<stop offset="0.45" stop-color="#c0571f"/><stop offset="1" stop-color="#2a0d05" stop-opacity="0"/>'
        "</radialGradient>",
        '<radialGradient id="cloud" cx="50%" cy="50%" r="50%"><stop offset="0" stop-color="#c58af9" '
        'stop-opacity="0.9"/><stop offset="1" stop-color="#c58af9" stop-opacity="0"/></radialGradient>',
        '<radialGradient id="gate" cx="50%" cy="50%" r="50%"><stop offset="0" stop-color="#7fe7ff"/>'
        '<stop offset="1" stop-color="#1a6d8f" stop-opacity="0.25"/></radialGradient>',
        "</defs>",
    ]


def _stars(height: int) -> list[str]:
    out = []
    for i in range(70):
        x = (i * 137.5) % W
        y = (i * 71.3 + (i * i) % 97) % height
        out.append(
            f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{0.6 + (i % 3) * 0.4:.1f}" fill="#ffffff" '
            f'opacity="{0.2 + (i % 5) * 0.08:.2f}"/>'
        )
    return out


def _text(
    x: float,
    y: float,
    words: str,
    size: int = 13,
    fill: str = INK,
    anchor: str = "start",
    bold: bool = False,
    extra: str = "",
) -> str:
    weight = ' font-weight="bold"' if bold else ""
    return (
        f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size}" fill="{fill}" text-anchor="{anchor}"{weight}'
        f"{extra}>{escape(words)}</text>"
    )


def _wrap(words: str, width: float, size: int = 13) -> list[str]:
    """Lines of at most ``width`` units (estimated from the character count) broken at spaces."""
    limit = max(8, int(width / (size * CHAR)))
    lines: list[str] = []
    line = ""
    for word in words.split():
        if line and len(line) + 1 + len(word) > limit:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    if line:
        lines.append(line)
    return lines


def _wrap_items(items: list[str], width: float, size: int = 13) -> list[str]:
    """A list ("Known:", "Xe 4 Tractor", ...) on lines of at most ``width``, broken between items only.

    A first item ending in a colon is its heading; the others are joined by commas.
    """
    limit = max(8, int(width / (size * CHAR)))
    head = items[0] if items and items[0].endswith(":") else ""
    rest = items[1:] if head else items
    lines: list[str] = []
    line = head
    for i, item in enumerate(rest):
        piece = item + ("," if i < len(rest) - 1 else "")
        if line and len(line) + 1 + len(piece) > limit:
            lines.append(line)
            line = piece
        else:
            line = f"{line} {piece}" if line else piece
    if line:
        lines.append(line)
    return lines


def _text_on(colour: str) -> str:
    """Black or white, whichever reads better on ``colour`` (WCAG contrast)."""
    r, g, b = (int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5))

    def lin(c: float) -> float:
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    lum = 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b)
    return "#0b0f1e" if (lum + 0.05) / 0.05 > 1.05 / (lum + 0.05) else "#ffffff"


def _token(game: Game, ship: dict[str, Any], x: float, y: float, r: float = SHIP_R, size: int = 14) -> str:
    colour = w.ship_colour(game, ship["ship"])
    return f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{r}" fill="{colour}" stroke="#0b0f1e" stroke-width="1.5"/>' + _text(
        x, y + size * 0.36, w.ship_letter(ship), size, _text_on(colour), "middle", True
    )


# ---------------------------------------------------------------------------
# header, track
# ---------------------------------------------------------------------------


def _header(obs: dict[str, Any], game: Game) -> list[str]:
    """The round and phase, who acts and what is asked, and the card resolving now with its abilities."""
    out = [_text(16, 30, w.phase_title(obs), 20, INK, bold=True)]
    y = 54
    for line in _wrap(w.status_line(obs), W - 32, 15)[:2]:
        out.append(_text(16, y, line, 15, GOLD if obs.get("to_act") == obs.get("seat") else SOFT))
        y += 19
    resolving = w.resolving_words(obs, game)
    if resolving and y < 80:
        out.append(_text(16, y, resolving, 13, SOFT))
    return out


def _track(obs: dict[str, Any], game: Game, pts: list[tuple[float, float]]) -> list[str]:
    L = obs["track_length"]
    out = [f'<circle cx="{CX}" cy="{CY}" r="{INNER_R + 14}" fill="url(#well)"/>']
    path = " ".join(f"{'M' if i == 0 else 'L'}{x:.1f},{y:.1f}" for i, (x, y) in enumerate(pts))
    out.append(
        f'<path d="{path}" fill="none" stroke="#34406c" stroke-width="26" stroke-linecap="round" '
        'stroke-linejoin="round" opacity="0.8"/>'
    )
    mx, my = pts[obs["merton_cloud"]]
    out.append(
        f'<circle cx="{mx:.1f}" cy="{my:.1f}" r="24" fill="url(#cloud)" data-info="feature:merton">'
        "<title>Merton Cloud</title></circle>"
    )
    for i, (x, y) in enumerate(pts[1:L], start=1):
        debris = i in obs["debris_fields"]
        ring, width = ("#f4a340", 3) if debris else ("#7d8cc4", 1)
        info = ' data-info="feature:debris"' if debris else ""
        out.append(
            f'<g{info}><circle cx="{x:.1f}" cy="{y:.1f}" r="{SPACE_R}" fill="#111936" stroke="{ring}" '
            f'stroke-width="{width}" stroke-dasharray="{"4 2" if debris else "none"}"/>'
            + _text(x, y + 4.6, str(i), 13, SOFT, "middle")
            + "</g>"
        )
    out += _gates(obs, pts)
    out += _junk(obs, pts)
    out += _ships_on_track(obs, game, pts)
    out += _legend()
    return out


def _gates(obs: dict[str, Any], pts: list[tuple[float, float]]) -> list[str]:
    L = obs["track_length"]
    out = []
    for gate, key, name in ((0, "inner", "Inner Warp Gate"), (L, "outer", "Outer Warp Gate")):
        x, y = pts[gate]
        r = INNER_R if gate == 0 else 22
        out.append(
            f'<g data-part="gate:{key}" data-info="feature:{key}" aria-label="the {name}">'
            f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{r}" fill="url(#gate)" fill-opacity="0.55" stroke="#7fe7ff" '
            'stroke-width="2"/>'
        )
        if gate == 0:  # the name on two lines at the top of the gate, the ships in it below
            out.append(_text(CX, CY - 25, "Inner", 13, "#dff8ff", "middle", True))
            out.append(_text(CX, CY - 10, "Warp Gate", 13, "#dff8ff", "middle", True))
        else:  # under the gate and clear of the last spaces, kept inside the drawing
            half = len(name) * 13 * CHAR / 2
            out.append(_text(max(x - half, 10), y + 50, name, 13, "#7fe7ff", "start", True))
        out.append("</g>")
    return out


OUTER_SLOTS = (180, 225, 270, 135, 315, 90, 45, 0)
"""Angles (degrees, clockwise from the right) of the places around the Outer Warp Gate: away from space 53 first."""


def _gate_slot(pts: list[tuple[float, float]], gate: int, k: int) -> tuple[float, float]:
    """Where the k-th object in a Warp Gate is drawn: in rows of three inside the Inner one, around the Outer one."""
    if gate == 0:
        return CX + (k % 3 - 1) * 24, CY + 12 + (k // 3) * 24
    x, y = pts[gate]
    angle = math.radians(OUTER_SLOTS[k % 8])
    return x + 33 * math.cos(angle), y + 33 * math.sin(angle)


def _in_gate_index(obs: dict[str, Any]) -> dict[tuple[str, int], int]:
    """Slot of each object in a gate: ships by seat, then junk (so none hides another)."""
    L = obs["track_length"]
    slots: dict[tuple[str, int], int] = {}
    count = {0: 0, L: 0}
    for s in obs["ships"]:
        if s["position"] in count:
            slots[("ship", s["seat"])] = count[s["position"]]
            count[s["position"]] += 1
    for j, q in enumerate(obs["junk"]):
        if q in count:
            slots[("junk", j)] = count[q]
            count[q] += 1
    return slots


def _junk(obs: dict[str, Any], pts: list[tuple[float, float]]) -> list[str]:
    L = obs["track_length"]
    slots = _in_gate_index(obs)
    out = []
    for j, q in enumerate(obs["junk"]):
        x, y = _gate_slot(pts, q, slots[("junk", j)]) if q in (0, L) else pts[q]
        where = "in the Inner Warp Gate" if q == 0 else "in the Outer Warp Gate" if q == L else f"on space {q}"
        out.append(
            f'<g data-part="junk:{j + 1}" data-info="feature:junk" aria-label="Space Junk {where}">'
            + _junk_shape(x, y)
            + "</g>"
        )
    return out


def _junk_shape(x: float, y: float, s: float = 1.0) -> str:
    pts = ((-9, -3), (-3, -10), (7, -7), (10, 2), (3, 10), (-7, 7))
    poly = " ".join(f"{x + a * s:.1f},{y + b * s:.1f}" for a, b in pts)
    return f'<polygon points="{poly}" fill="#9a9a9a" stroke="#f0f0f0" stroke-width="1.5"/>'


def _ships_on_track(obs: dict[str, Any], game: Game, pts: list[tuple[float, float]]) -> list[str]:
    L = obs["track_length"]
    slots = _in_gate_index(obs)
    out = []
    for s in obs["ships"]:
        p = s["position"]
        in_gate = p in (0, L)
        x, y = _gate_slot(pts, p, slots[("ship", s["seat"])]) if in_gate else pts[p]
        where = w.where_words(s, L)
        label = f"{w.ship_label(s)}, {where if p in (0, L) else 'on ' + where}"
        info = f' data-info="ship:{escape(s["ship"])}"' if s["ship"] else ""
        faded = ' opacity="0.5"' if s["cloaked"] else ""
        ring = ""
        if obs["resolving"] == s["seat"]:  # the ship whose card resolves now
            ring = f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{SHIP_R + 4}" fill="none" stroke="{GOLD}" stroke-width="3"/>'
        r, size = (11.0, 13) if in_gate else (SHIP_R, 14)
        out.append(
            f'<g data-part="ship:{s["seat"]}"{info} aria-label="{escape(label)}"{faded}>{ring}'
            + _token(game, s, x, y, r, size)
            + "</g>"
        )
    return out


LEGEND_Y = 576
"""The legend's line, under the spiral and the Outer Warp Gate's name."""


def _legend() -> list[str]:
    y = LEGEND_Y
    return [
        '<g data-info="feature:debris">'
        f'<circle cx="26" cy="{y - 5}" r="9" fill="#111936" stroke="#f4a340" stroke-width="3" stroke-dasharray="4 2"/>'
        + _text(42, y, "Debris Field", 13, SOFT)
        + "</g>",
        f'<g data-info="feature:merton"><circle cx="160" cy="{y - 5}" r="12" fill="url(#cloud)"/>'
        + _text(176, y, "Merton Cloud", 13, SOFT)
        + "</g>",
        '<g data-info="feature:junk">' + _junk_shape(296, y - 5, 0.8) + _text(310, y, "Space Junk", 13, SOFT) + "</g>",
    ]


# ---------------------------------------------------------------------------
# the ships panel
# ---------------------------------------------------------------------------


def _ship_panel(obs: dict[str, Any], game: Game) -> tuple[list[str], float]:
    """One block per ship: name, place, card, charged abilities, known cards (all public)."""
    x0, width = PANEL_X, W - PANEL_X - 10
    out: list[str] = []
    y = 106.0
    order = obs["resolution_order"]
    last = w.last_phase(obs)
    for s in obs["ships"]:
        top = y
        block: list[str] = []
        you = s["seat"] == obs.get("seat")
        name = w.ship_name(s) + (" (you)" if you else "")
        block.append(_token(game, s, x0 + 16, y + 2, 12, 13))
        block.append(_text(x0 + 34, y + 8, name, 15, INK, bold=True))
        if s["ship"] is not None:
            block.append(_text(x0 + width - 10, y + 8, f"seat {s['seat']}", 13, DIM, "end"))
        y += 26
        place = w.where_words(s, obs["track_length"]).replace(" Warp Gate", " Gate")
        goal = (
            "reached its goal"
            if s["to_goal"] == 0
            else f"{s['to_goal']} to the " + w.goal_name(s).replace(" Warp Gate", " Gate")
        )
        block.append(_text(x0 + 10, y, f"{place[0].upper()}{place[1:]} \u00b7 {goal}", 13, SOFT))
        lines: list[tuple[list[str], str]] = []
        if s["seat"] in obs["winners"]:
            lines.append((["Winner"], GREEN))
        if s["card"]:
            rank = f" \u00b7 resolves {order.index(s['seat']) + 1}." if s["seat"] in order else ""
            lines.append(([f"Played {w.card_words(game, s['card'])}{rank}"], GOLD))
        elif s["has_chosen"]:
            lines.append((["Card chosen (face down)"], GOLD))
        if not s["card"] and last is not None and s["last_card"]:
            lines.append(([f"Phase {last}: played {w.card_words(game, s['last_card'])}"], SOFT))
        if s["ship"] is not None:
            lines.append((["Charged:", *s["charged_names"]] if s["charged_names"] else ["Charged: nothing"], GREEN))
        if s["known_cards"]:
            lines.append((["Known to all:", *(w.card_words(game, c) for c in s["known_cards"])], SOFT))
        flags = [
            words
            for flag, words in (
                ("cloaked", "Vanished this phase"),
                ("shielded", "Rooted"),
                ("coasting", "Slipstreaming"),
                ("delayed", "Resolves last"),
            )
            if s.get(flag)
        ]
        if flags:
            lines.append((flags, GOLD))
        for items, colour in lines:
            for line in _wrap_items(items, width - 20):
                y += 17
                block.append(_text(x0 + 10, y, line, 13, colour))
        y += 12
        stroke, thick = (GOLD, 2) if obs.get("to_act") == s["seat"] else ("#2c3766", 1)
        info = f' data-info="ship:{escape(s["ship"])}"' if s["ship"] else ""
        out.append(
            f"<g{info}>"
            f'<rect x="{x0}" y="{top - 14:.1f}" width="{width}" height="{y - top + 6:.1f}" rx="10" '
            f'fill="#0d1328" fill-opacity="0.92" stroke="{stroke}" stroke-width="{thick}"/>'
        )
        out += block
        out.append("</g>")
        y += 14
    return out, y


# ---------------------------------------------------------------------------
# the step's own things: ship cards, mining stacks
# ---------------------------------------------------------------------------


def _section_title(y: float, words: str) -> str:
    return _text(16, y, words, 16, INK, bold=True)


def _ship_choice(obs: dict[str, Any], game: Game, y: float) -> tuple[list[str], float]:
    """The six ships to choose from, with their three unique abilities (tap a ship for what they do)."""
    taken = {s["ship"]: s["seat"] for s in obs["ships"] if s["ship"] is not None}
    out = [_section_title(y + 14, "The ships (tap one to see what its abilities do)")]
    y += 28
    cw, ch = 258, 112
    for i, ship in enumerate(w.data_of(game).ships):
        x = 10 + (i % 3) * (cw + 10)
        top = y + (i // 3) * (ch + 10)
        by = taken.get(ship.name)
        label = f"ship {ship.name}" + (f", taken by seat {by}" if by is not None else "")
        faded = ' opacity="0.55"' if by is not None else ""
        out.append(
            f'<g data-part="shipcard:{escape(ship.name)}" data-info="ship:{escape(ship.name)}" '
            f'aria-label="{escape(label)}"{faded}>'
            f'<rect x="{x}" y="{top:.1f}" width="{cw}" height="{ch}" rx="10" fill="#131b38" '
            f'stroke="{ship.colour}" stroke-width="2.5"/>'
        )
        out.append(_token(game, {"ship": ship.name, "seat": -1}, x + 22, top + 22, 13, 14))
        out.append(_text(x + 42, top + 28, ship.name, 16, INK, bold=True))
        if by is not None:
            out.append(_text(x + cw - 10, top + 28, f"seat {by}", 13, DIM, "end"))
        for k, a in enumerate(ship.abilities):
            out.append(_text(x + 14, top + 54 + k * 18, a.name, 13, GREEN))
        out.append("</g>")
    return out, y + 2 * (ch + 10) + 6


def _stacks(obs: dict[str, Any], game: Game, y: float) -> tuple[list[str], float]:
    """One row per mining stack: its letter, the face-down card, the two face-up cards (value and beam)."""
    out = [_section_title(y + 14, "Mining stacks (a stack's three cards join the hand of who takes it)")]
    y += 28
    for k, st in enumerate(obs["stacks"]):
        letter = w.STACK_LETTERS[k]
        taken = st["taken_by"]
        who = w.ship_label(obs["ships"][taken]) if taken is not None else ""
        label = f"stack {letter}: {w.stack_words(game, st)}" + (f", taken by {who}" if who else "")
        # a taken stack's cards are dimmed (they are in a hand now); its "taken by" stays readable
        faded = ' opacity="0.6"' if taken is not None else ""
        out.append(
            f'<g data-part="stack:{letter}" aria-label="{escape(label)}">'
            f'<rect x="10" y="{y:.1f}" width="{W - 20}" height="36" rx="8" fill="#131b38" stroke="#4a5894"/>'
            f'<circle cx="30" cy="{y + 18:.1f}" r="13" fill="#e9eefc"/>'
            + _text(30, y + 24, letter, 16, "#0b0f1e", "middle", True)
        )
        x = 52.0
        out.append(f"<g{faded}>")
        if st["face_down"]:
            out.append(
                f'<rect x="{x}" y="{y + 6:.1f}" width="88" height="24" rx="5" fill="#3a4470" stroke="#8fa0d8"/>'
                + _text(x + 44, y + 23, "face down", 13, INK, "middle")
            )
            x += 96
        for c in st["face_up"]:
            if not c:
                continue
            words = w.card_words(game, c)
            card = w.card_of(game, c)
            colour = BEAM_COLOURS.get(card.type if card else "", "#555")
            cw = len(words) * 13 * CHAR + 18
            out.append(
                f'<rect x="{x:.1f}" y="{y + 6:.1f}" width="{cw:.1f}" height="24" rx="5" fill="{colour}"/>'
                + _text(x + 9, y + 23, words, 13, "#ffffff", bold=True)
            )
            x += cw + 8
        out.append("</g>")
        if who:
            out.append(_text(W - 22, y + 23, f"taken by {w.ship_name(obs['ships'][taken])}", 13, INK, "end"))
        out.append("</g>")
        y += 42
    return out, y + 4


# ---------------------------------------------------------------------------
# the seat's own region: hand, Ship Ability Cards, buttons
# ---------------------------------------------------------------------------


def _own_region(obs: dict[str, Any], game: Game, y: float) -> tuple[list[str], float]:
    seat = obs["seat"]
    ship = obs["ships"][seat]
    out = ['<g data-region="hand">']
    hand = obs["my_hand"]
    if hand or not obs["winners"]:
        title = f"Your hand (seat {seat})" + ("" if hand else ": no Fuel Cards now")
        out.append(_section_title(y + 14, title))
        y += 26
    x = 10.0
    for c in hand:
        if x + CARD_W > W - 10:
            x, y = 10.0, y + CARD_H + 10
        out.append(_card(game, c, x, y, f"card:{c}"))
        x += CARD_W + 8
    if obs.get("my_card"):
        if x + CARD_W + 20 > W - 10:
            x, y = 10.0, y + CARD_H + 10
        out.append(_text(x + 12, y - 4, "Played (face down)", 13, GOLD))
        out.append(_card(game, obs["my_card"], x + 12, y, None))
    if hand or obs.get("my_card"):
        y += CARD_H + 12
    if ship["ship"] is not None:
        out.append(_section_title(y + 14, f"Your ship {ship['ship']}: Ship Ability Cards (tap to read)"))
        y += 26
        for i, (k, name, *_words) in enumerate(w.abilities(game, ship["ship"])):
            out.append(_ability(name, bool(ship["charged"][k]), 10 + i * (ABILITY_W + 8), y, k, ship["ship"]))
    buttons = BUTTONS.get(obs["stage"], ()) if obs.get("to_act") == seat else ()
    bx = W - 10 - len(buttons) * 88 + 8
    by = y if ship["ship"] is not None else y + 4
    for key, label in buttons:
        out.append(_button(key, label, bx, by))
        bx += 88
    if ship["ship"] is not None or buttons:
        y += ABILITY_H + 8
    if obs["stage"] == "charge" and obs.get("to_act") == seat:
        for line in _wrap(w.data_of(game).texts.charge_step, W - 32):
            y += 18
            out.append(_text(16, y, line, 13, GOLD))
        y += 6
    out.append("</g>")
    return out, y


def _card(game: Game, symbol: str, x: float, y: float, part: str | None) -> str:
    """A Fuel Card: symbol and value on top, the beam type in words below, its colour by type."""
    card = w.card_of(game, symbol)
    value = str(card.value) if card else "?"
    kind = card.type if card else "tractor"
    beam = w.beam_name(game, kind).split()
    label = f"{w.card_title(game, symbol)}, {value}, {w.beam_name(game, kind, short=False)}"
    attrs = f' data-part="{part}"' if part else ""
    out = [
        f'<g{attrs} data-info="card:{escape(symbol)}" aria-label="{escape(label)}">'
        f'<rect x="{x:.1f}" y="{y:.1f}" width="{CARD_W}" height="{CARD_H}" rx="8" fill="{BEAM_COLOURS[kind]}" '
        'stroke="#e9eefc" stroke-width="1.5"/>',
        _text(x + 9, y + 23, symbol, 20, "#ffffff", bold=True),
        _text(x + CARD_W / 2, y + 60, value, 30, "#ffffff", "middle", True),
    ]
    for i, word in enumerate(beam):
        out.append(_text(x + CARD_W / 2, y + 80 + i * 16, word, 13, "#ffffff", "middle"))
    out.append("</g>")
    return "".join(out)


def _ability(name: str, charged: bool, x: float, y: float, slot: int, ship: str) -> str:
    state = "Charged" if charged else "Not charged"
    fill, stroke = ("#16402c", GREEN) if charged else ("#1a2040", "#59628c")
    dot = (
        f'<circle cx="{x + 16}" cy="{y + 44}" r="6" fill="{GREEN}"/>'
        if charged
        else f'<circle cx="{x + 16}" cy="{y + 44}" r="6" fill="none" stroke="{DIM}" stroke-width="2"/>'
    )
    lines = _wrap(name, ABILITY_W - 16, 14)
    words = "".join(
        _text(x + 10, y + 20 + i * 15, line, 14 if len(lines) == 1 else 13, INK, bold=True)
        for i, line in enumerate(lines[:2])
    )
    return (
        f'<g data-part="ability:{slot}" data-info="ability:{escape(ship)}:{slot}" '
        f'aria-label="{escape(name)}, {state.lower()}">'
        f'<rect x="{x:.1f}" y="{y:.1f}" width="{ABILITY_W}" height="{ABILITY_H}" rx="8" fill="{fill}" '
        f'stroke="{stroke}" stroke-width="{2 if charged else 1}"/>{words}{dot}'
        + _text(x + 28, y + 49, state, 13, GREEN if charged else DIM)
        + "</g>"
    )


def _button(key: str, label: str, x: float, y: float) -> str:
    return (
        f'<g data-part="button:{key}" aria-label="{escape(label)}">'
        f'<rect x="{x:.1f}" y="{y + 8:.1f}" width="80" height="44" rx="10" fill="#f5c542" stroke="#fff3c4" '
        'stroke-width="1.5"/>' + _text(x + 40, y + 36, label, 15, "#1a1400", "middle", True) + "</g>"
    )


def _winners(obs: dict[str, Any], y: float) -> tuple[list[str], float]:
    names = ", ".join(w.ship_name(obs["ships"][s]) for s in obs["winners"])
    how = "escaped through the Warp Gate" if obs["result"] == "escaped" else "nearest the goal after round 6"
    return [_text(16, y + 24, f"{names} won", 20, GREEN, bold=True), _text(16, y + 44, how, 15, GREEN)], y + 52
