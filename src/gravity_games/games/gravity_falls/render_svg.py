"""The SVG board of one seat's observation: the town map and everything a player taps.

Top to bottom: the title and what the game waits for (with its on-board buttons), the seat's
own cards (hand, action deck, discard pile) and the current roll's dice, the town (23 locations
on their roads, tokens, courage dice, monsters, characters, the next monster moves), the alarm
track, the next monster movement cards, the monster cards and the characters.

Every thing a player acts on is a ``data-part`` (see ``core/board.py``); ``board.py`` maps each
legal action to those parts. Text is 13 units or more, the width 820; one unit is one CSS pixel
on a desktop.
"""

from __future__ import annotations

from html import escape
from typing import Any

from .render_common import (
    CHAR_COLOURS,
    LEVEL_COLOURS,
    TELEPORT,
    acting_seat,
    card_title,
    curse_short,
    event_text,
    monster_ability_words,
    next_moves,
    plural,
    prompt_words,
    roads_used,
    route_start,
    slug,
    whereabouts,
    who,
    wrap,
)

WIDTH = 820
FONT = "'DejaVu Sans Condensed', 'Arial Narrow', 'Liberation Sans Narrow', sans-serif"
INK = "#2b2216"
PAPER = "#fffaf0"
SUPPORT = "#2e7d32"
DISTRUST = "#b3261e"
MONSTER = "#4a1d6b"
BOX_W, BOX_H = 110, 60
TELEPORT_W = 90
MAP_Y = 196  # the centre of the northernmost location
ALARM_Y = 712
FACE_GLYPHS = {"success": "✔", "move": "➜", "curse": "▲"}
FACE_WORDS = {"success": "success", "move": "move", "curse": "curse"}


def map_xy(x: float, y: float) -> tuple[float, float]:
    """The data's town coordinates (x 90..960, y 70..630) on the board."""
    return 58 + (x - 90) * 0.81, MAP_Y + (y - 70) * 0.8


def _text(
    x: float, y: float, s: str, size: int = 13, weight: str = "normal", fill: str = INK, anchor: str = "start"
) -> str:
    return (
        f'<text x="{x:.0f}" y="{y:.0f}" font-size="{size}" font-weight="{weight}" fill="{fill}" '
        f'text-anchor="{anchor}">{escape(s)}</text>'
    )


def _rect(x: float, y: float, w: float, h: float, rx: float, fill: str, stroke: str, width: float = 1) -> str:
    return (
        f'<rect x="{x:.0f}" y="{y:.0f}" width="{w:.0f}" height="{h:.0f}" rx="{rx}" fill="{fill}" '
        f'stroke="{stroke}" stroke-width="{width}"/>'
    )


def _part(key: str, label: str, body: list[str], info: str | None = None, extra: str = "") -> list[str]:
    info_attr = f' data-info="{escape(info)}"' if info else ""
    return [
        f'<g data-part="{escape(key)}"{info_attr} role="button" aria-label="{escape(label)}"{extra}>',
        *body,
        "</g>",
    ]


def _button(key: str, label: str, x: float, y: float, w: float = 130) -> list[str]:
    body = [
        f'<rect x="{x:.0f}" y="{y:.0f}" width="{w:.0f}" height="30" rx="8" fill="#1f4e79" stroke="#0d2b45"/>',
        _text(x + w / 2, y + 20, label, 15, "bold", "#ffffff", "middle"),
    ]
    return _part(key, label, body)


# --------------------------------------------------------------------------------- top ---------
def _header(obs: dict[str, Any], game: Any, buttons: list[tuple[str, str]]) -> list[str]:
    active = who(obs, obs["active"])
    al = obs["alarm"]
    out = [
        _text(10, 24, f"Gravity Falls · turn {obs['turn'] + 1} · {active}'s turn", 18, "bold"),
        _text(WIDTH - 10, 24, f"Alarm {al['level']} of {al['bus']}", 16, "bold", DISTRUST, "end"),
    ]
    room = WIDTH - 20 - 140 * len(buttons)
    lines = wrap(prompt_words(obs, game), int(room / 7.2))[:2]
    height = 30 if len(lines) < 2 else 46
    out.append(f'<rect x="6" y="34" width="{WIDTH - 12}" height="{height}" rx="6" fill="#fff3c4" stroke="#c9a227"/>')
    for i, line in enumerate(lines):
        out.append(_text(14, 54 + i * 17, line, 15, "bold" if i == 0 else "normal"))
    for i, (key, label) in enumerate(buttons):
        out += _button(key, label, WIDTH - 10 - 140 * (len(buttons) - i), 34 + (height - 30) / 2)
    return out


def _action_card(key: str, card: str, x: float, y: float, game: Any, owner: str | None) -> list[str]:
    tb = game.tables
    if card == TELEPORT:
        ch = next((c for c in tb.data.characters if c.name == owner), None)
        res = ch.teleport_resourcefulness if ch else 0
        where = wrap(ch.teleport_short if ch and ch.teleport_short else "anywhere", 11)[:2]
        body = [
            _rect(x, y, TELEPORT_W, 70, 6, "#e8dcf5", "#5b3a86", 2),
            _text(x + TELEPORT_W / 2, y + 18, "Teleport", 14, "bold", INK, "middle"),
            *(
                _text(x + TELEPORT_W / 2, y + 34 + 14 * i, line, 13, "normal", INK, "middle")
                for i, line in enumerate(where)
            ),
            _text(x + TELEPORT_W / 2, y + 64, plural(res, "die", "dice"), 13, "bold", INK, "middle"),
        ]
        label = f"Teleport card: {ch.teleport_text if ch else 'move anywhere'} {plural(res, 'die', 'dice')}"
    else:
        i = tb.card_names.index(card)
        d, r = tb.card_distance[i], tb.card_res[i]
        body = [
            f'<rect x="{x}" y="{y}" width="62" height="70" rx="6" fill="{PAPER}" stroke="#7a5a2f" stroke-width="2"/>',
            _text(x + 31, y + 24, card, 19, "bold", INK, "middle"),
            _text(x + 31, y + 44, plural(d, "road"), 13, "normal", INK, "middle"),
            _text(x + 31, y + 62, plural(r, "die", "dice"), 13, "normal", INK, "middle"),
        ]
        label = f"action card {card}: {plural(d, 'road')}, {plural(r, 'die', 'dice')}"
    return _part(key, label, body, info=f"card:{slug(card_title(card))}")


def _hand(obs: dict[str, Any], game: Any) -> list[str]:
    """The seat's own cards: hand, action deck, discard pile (the hand is private: only its own)."""
    hand = obs.get("hand")
    out = ['<g data-region="hand">']
    if hand is None:
        out.append(_text(10, 110, "Watching: every hand is hidden.", 15))
        out.append("</g>")
        return out
    me = obs["characters"][hand["seat"]]
    out.append(_text(10, 80, f"Your cards ({who(obs, hand['seat'])})", 13, "bold"))
    x = 10
    for card in hand["cards"]:
        out += _action_card(f"card:{slug(card_title(card))}", card, x, 86, game, me["name"])
        x += TELEPORT_W + 6 if card == TELEPORT else 68
    if not hand["cards"]:
        out.append(_text(x, 124, "no card in hand", 13))
        x += 110
    deck_x = max(x, 150)
    out += _part(
        "deck",
        f"your action deck: {plural(me['deck_size'], 'card')}",
        [
            _rect(deck_x, 86, 62, 70, 6, "#7a5a2f", "#4a3519", 2),
            _text(deck_x + 31, 114, "Deck", 14, "bold", "#ffffff", "middle"),
            _text(deck_x + 31, 134, plural(me["deck_size"], "card"), 13, "normal", "#ffffff", "middle"),
        ],
    )
    dx = deck_x + 74
    out.append(_text(dx, 80, "Discard pile", 13, "bold"))
    for i, card in enumerate(me["discard"]):
        cx, cy = dx + (i // 2) * 70, 86 + (i % 2) * 37
        out += _part(
            f"discard:{slug(card_title(card))}",
            f"{card_title(card)} in your discard pile",
            [
                f'<rect x="{cx}" y="{cy}" width="66" height="33" rx="5" fill="{PAPER}" stroke="#7a5a2f"/>',
                _text(cx + 33, cy + 22, card_title(card), 14 if card != TELEPORT else 13, "bold", INK, "middle"),
            ],
            info=f"card:{slug(card_title(card))}",
        )
    if not me["discard"]:
        out.append(_text(dx, 110, "empty", 13))
    out.append("</g>")
    return out


def dice_shown(obs: dict[str, Any]) -> bool:
    """Whether the current roll is on the board: while its results are still being used."""
    p = obs["prompt"]
    return bool(p and p["task"] in ("reroll_offer", "move_token", "roll_curses") and any(obs["roll"]))


def _dice(obs: dict[str, Any]) -> list[str]:
    if not dice_shown(obs):
        return []
    roller = who(obs, obs["active"])
    x0 = 580
    out = [_text(x0, 80, f"{roller}'s roll", 13, "bold")]
    x = x0
    for face, count in zip(("success", "move", "curse"), obs["roll"], strict=True):
        if not count:
            continue
        body = []
        for _ in range(count):
            body.append(
                f'<rect x="{x}" y="88" width="26" height="28" rx="5" fill="#fff8dc" stroke="{INK}" stroke-width="2"/>'
            )
            body.append(_text(x + 13, 108, FACE_GLYPHS[face], 15, "bold", INK, "middle"))
            x += 29
        many = {"success": "successes", "move": "moves", "curse": "curses"}[face]
        out += _part(f"die:{face}", f"{plural(count, FACE_WORDS[face], many)} rolled", body)
        x += 6
    out.append(_text(x0, 138, "✔ success  ➜ move  ▲ curse", 13))
    return out


# --------------------------------------------------------------------------------- map ---------
def _roads(game: Any, used: set[int]) -> list[str]:
    tb = game.tables
    coords = {loc.name: map_xy(loc.x, loc.y) for loc in tb.data.locations}
    out = []
    for k, road in enumerate(tb.data.roads):
        (x1, y1), (x2, y2) = coords[road.a], coords[road.b]
        if k in used:
            out.append(
                f'<line x1="{x1:.0f}" y1="{y1:.0f}" x2="{x2:.0f}" y2="{y2:.0f}" stroke="#e07b00" '
                'stroke-width="9" stroke-linecap="round"/>'
            )
        else:
            out.append(
                f'<line x1="{x1:.0f}" y1="{y1:.0f}" x2="{x2:.0f}" y2="{y2:.0f}" stroke="#9c8660" '
                'stroke-width="5" stroke-linecap="round"/>'
            )
    return out


def _legend() -> list[str]:
    """What the map's marks mean, in the empty south-west corner of the town."""
    out = [f'<rect x="4" y="622" width="124" height="74" rx="6" fill="{PAPER}" opacity="0.92" stroke="#c8b68e"/>']
    rows = [
        ("☺", SUPPORT, "support"),
        ("☹", DISTRUST, "distrust"),
        ("▣", "#1c3f78", "courage die"),
        ("1", "#7a5a00", "monster moves"),
    ]
    for i, (glyph, colour, words) in enumerate(rows):
        out.append(_text(12, 638 + i * 17, glyph, 14, "bold", colour))
        out.append(_text(30, 638 + i * 17, words, 13))
    return out


def _token_chip(key: str, kind: str, count: int, x: float, y: float, place: str) -> list[str]:
    glyph, colour = ("☺", SUPPORT) if kind == "support" else ("☹", DISTRUST)
    fill, ink = (colour, "#ffffff") if count else ("#ece6d8", "#5d5346")
    body = [
        f'<rect x="{x:.0f}" y="{y:.0f}" width="38" height="19" rx="9" fill="{fill}"/>',
        _text(x + 19, y + 15, f"{glyph}{count}", 14, "bold", ink, "middle"),
    ]
    return _part(key, f"{plural(count, kind + ' token')} at {place}", body)


def _location(
    obs: dict[str, Any], game: Any, loc: dict[str, Any], x: float, y: float, rank: int, here_now: bool
) -> list[str]:
    name = loc["name"]
    s = slug(name)
    lines = wrap(name, 14)
    facts = [plural(loc["support"], "support token"), plural(loc["distrust"], "distrust token")]
    if loc["die"]:
        facts.append("a courage die")
    if rank:
        facts.append(f"monster movement card {rank}")
    stroke = "#e07b00" if here_now else "#5b4a2e"
    body = [
        f'<rect x="{x - BOX_W / 2:.0f}" y="{y - BOX_H / 2:.0f}" width="{BOX_W}" height="{BOX_H}" rx="9" '
        f'fill="{PAPER}" stroke="{stroke}" stroke-width="{3 if here_now else 2}"/>'
    ]
    top = y - 14 if len(lines) > 1 else y - 7
    for i, line in enumerate(lines[:2]):
        body.append(_text(x, top + i * 15, line, 13, "bold", INK, "middle"))
    out = _part(f"loc:{s}", f"{name}: " + ", ".join(facts), body)
    chip_y = y + 8
    out += _token_chip(f"support:{s}", "support", loc["support"], x - 52, chip_y, name)
    out += _token_chip(f"distrust:{s}", "distrust", loc["distrust"], x - 10, chip_y, name)
    if loc["die"]:
        out += _part(
            f"courage:{s}",
            f"courage die at {name}",
            [
                f'<rect x="{x + 32:.0f}" y="{chip_y - 1:.0f}" width="20" height="20" rx="4" fill="#ffffff" '
                'stroke="#1c3f78" stroke-width="2"/>',
                f'<circle cx="{x + 37:.0f}" cy="{chip_y + 4:.0f}" r="2" fill="#1c3f78"/>',
                f'<circle cx="{x + 47:.0f}" cy="{chip_y + 14:.0f}" r="2" fill="#1c3f78"/>',
                f'<circle cx="{x + 42:.0f}" cy="{chip_y + 9:.0f}" r="2" fill="#1c3f78"/>',
            ],
        )
    return out


def _move_badge(x: float, y: float, rank: int) -> list[str]:
    """The number of a revealed monster movement card, on its location's corner (1 = the next move)."""
    bx, by = max(12.0, x - BOX_W / 2 + 2), y - BOX_H / 2 - 2
    fill = "#ff9f1c" if rank == 1 else "#ffd54f"
    return [
        f'<circle cx="{bx:.0f}" cy="{by:.0f}" r="11" fill="{fill}" stroke="#7a5a00" stroke-width="2"/>',
        _text(bx, by + 5, str(rank), 14, "bold", INK, "middle"),
    ]


def _pill_width(label: str) -> float:
    return 7.6 * len(label) + 16


def _figures(obs: dict[str, Any], game: Any, name: str, x: float, y: float) -> list[str]:
    """The monsters and characters standing at a location, as labelled figures below its box."""
    acting = acting_seat(obs)
    figures: list[tuple[str, str, str, str, str, bool]] = []
    for m in obs["monsters"]:
        if m["location"] == name and not m["defeated"]:
            figures.append(
                (f"monster:{slug(m['name'])}", m["name"], MONSTER, "monster", f"monster:{slug(m['name'])}", False)
            )
    for c in obs["characters"]:
        if c["location"] == name:
            figures.append(
                (
                    "",
                    c["name"],
                    CHAR_COLOURS.get(c["name"], "#333333"),
                    "character",
                    f"character:{slug(c['name'])}",
                    c["seat"] == acting,
                )
            )
    widths = [_pill_width(f[1]) for f in figures]
    rows: list[list[int]] = [[]]
    for i, w in enumerate(widths):
        if rows[-1] and sum(widths[j] + 4 for j in rows[-1]) + w > 150:
            rows.append([])
        rows[-1].append(i)
    out: list[str] = []
    for r, row in enumerate(rows):
        total = sum(widths[j] + 4 for j in row) - 4
        px = x - total / 2
        py = y + BOX_H / 2 + 3 + r * 23
        for j in row:
            key, label, colour, kind, info, acts = figures[j]
            w = widths[j]
            rx = 3 if kind == "monster" else 10
            stroke = ' stroke="#ffb300" stroke-width="3"' if acts else ' stroke="#ffffff" stroke-width="1"'
            shape = [
                f'<rect x="{px:.0f}" y="{py:.0f}" width="{w:.0f}" height="21" rx="{rx}" fill="{colour}"{stroke}/>',
                _text(px + w / 2, py + 15, label, 13, "bold", "#ffffff", "middle"),
            ]
            words = f"{label} ({kind}) at {name}" + (", to act" if acts else "")
            if key:
                out += _part(key, words, shape, info=info)
            else:
                out += [f'<g data-info="{escape(info)}" aria-label="{escape(words)}">', *shape, "</g>"]
            px += w + 4
    return out


def _town(obs: dict[str, Any], game: Any) -> list[str]:
    tb = game.tables
    coords = {loc.name: map_xy(loc.x, loc.y) for loc in tb.data.locations}
    out = _roads(game, set(roads_used(obs, game)) if obs["prompt"] and obs["prompt"]["task"] == "route" else set())
    out += _legend()
    moves = next_moves(obs)
    position = obs["route"]["position"]
    moving = obs["prompt"] is not None and obs["prompt"]["task"] == "route"
    for i, loc in enumerate(obs["locations"]):
        x, y = coords[loc["name"]]
        rank = moves.index(loc["name"]) + 1 if loc["name"] in moves else 0
        out += _location(obs, game, loc, x, y, rank, moving and i == position)
    start = route_start(obs, game) if moving else None
    if start is not None:
        x, y = coords[start]
        out += [
            f'<g aria-label="the route started at {escape(start)}: it may not come back">',
            f'<rect x="{x - BOX_W / 2 - 4:.0f}" y="{y - BOX_H / 2 - 4:.0f}" width="{BOX_W + 8}" height="{BOX_H + 8}" '
            'rx="12" fill="none" stroke="#e07b00" stroke-width="2" stroke-dasharray="6 4"/>',
            _rect(x + BOX_W / 2 - 44, y - BOX_H / 2 - 13, 44, 18, 4, "#e07b00", "#e07b00"),
            _text(x + BOX_W / 2 - 22, y - BOX_H / 2 + 1, "start", 13, "bold", "#ffffff", "middle"),
            "</g>",
        ]
    for loc in obs["locations"]:
        x, y = coords[loc["name"]]
        out += _figures(obs, game, loc["name"], x, y)
    for rank, name in enumerate(moves, 1):  # on top of the figures of the location above
        out += _move_badge(*coords[name], rank)
    return out


# ------------------------------------------------------------------------------- bottom --------
def _alarm(obs: dict[str, Any], y: float) -> list[str]:
    al = obs["alarm"]
    cell = min(38.0, (WIDTH - 90) / (al["bus"] + 1))
    body = [
        f'<rect x="4" y="{y - 6}" width="{WIDTH - 8}" height="62" rx="8" fill="#fbe9e7" stroke="#c48b84"/>',
        _text(12, y + 20, "Alarm", 15, "bold", DISTRUST),
    ]
    for i in range(al["bus"] + 1):
        cx = 70 + i * cell
        here = i == al["level"]
        fill = "#b3261e" if here else "#ffffff"
        body.append(
            f'<rect x="{cx:.0f}" y="{y}" width="{cell - 3:.0f}" height="26" rx="4" fill="{fill}" '
            f'stroke="#7d3b35" stroke-width="{3 if here else 1}"/>'
        )
        body.append(_text(cx + (cell - 3) / 2, y + 18, str(i), 14, "bold", "#ffffff" if here else INK, "middle"))
        mark = (
            "bus: lost"
            if i == al["bus"]
            else "all cursed"
            if i == al["curse_space"]
            else "2 cards"
            if i == al["shrink_space"]
            else ""
        )
        if mark:
            body.append(_text(cx + (cell - 3) / 2, y + 44, mark, 13, "bold", DISTRUST, "middle"))
    label = (
        f"alarm track at {al['level']} of {al['bus']}: everyone is cursed at {al['curse_space']}, "
        f"only 2 monster movement cards from {al['shrink_space']}, the game is lost at {al['bus']}"
    )
    return _part("alarm", label, body, info="alarm")


def _next_moves(obs: dict[str, Any], game: Any, y: float) -> list[str]:
    out = [_text(10, y + 20, "Next monster moves", 15, "bold")]
    x: float = 170
    for i, card in enumerate(next_moves(obs)):
        w = max(96, 8.0 * len(card) + 36)
        fill = "#ff9f1c" if i == 0 else "#ffd54f"
        out.append(f'<rect x="{x:.0f}" y="{y}" width="{w:.0f}" height="30" rx="6" fill="{PAPER}" stroke="#7a5a00"/>')
        out.append(f'<circle cx="{x + 14:.0f}" cy="{y + 15}" r="10" fill="{fill}" stroke="#7a5a00"/>')
        out.append(_text(x + 14, y + 20, str(i + 1), 13, "bold", INK, "middle"))
        out.append(_text(x + 28, y + 20, card, 13, "bold"))
        x += w + 8
    if not obs["revealed"]:
        out.append(_text(x, y + 20, "none revealed", 13))
    facts = (
        f"Monster movement deck: {plural(obs['movement_deck_size'], 'card')} · discard pile: "
        f"{plural(len(obs['movement_discard']), 'card')} · {plural(len(obs['events_in_game']), 'event')} "
        f"shuffled in · courage dice in the supply: {obs['supply']} · curse deck: {obs['curse_deck_size']}"
    )
    out += [
        f'<g data-info="events" aria-label="events in the game: {len(obs["events_in_game"])}">',
        _text(10, y + 48, facts, 13),
        "</g>",
    ]
    if obs["event"]:
        out += [
            '<g data-info="event" aria-label="the event now">',
            _text(10, y + 68, "Event now: " + event_text(game, obs["event"]), 14, "bold", "#6a1b9a"),
            "</g>",
        ]
    return out


def _monster_cards(obs: dict[str, Any], game: Any, y: float) -> list[str]:
    out = []
    w = (WIDTH - 8 * 4) / 3
    for i, m in enumerate(obs["monsters"]):
        if m["name"] is None:
            continue
        x = 8 + i * (w + 8)
        where = "defeated" if m["defeated"] else f"at {m['location']}" if m["location"] else "not placed yet"
        level = m["difficulty"] or ""
        lines = wrap(monster_ability_words(game, m), int((w - 16) / 6.6))[:4]
        body = [
            f'<rect x="{x:.0f}" y="{y}" width="{w:.0f}" height="{44 + 16 * len(lines)}" rx="8" '
            f'fill="{"#eeeeee" if m["defeated"] else "#f3e9f9"}" stroke="{MONSTER}" stroke-width="2"/>',
            _text(x + 10, y + 20, m["name"], 15, "bold", MONSTER),
            _text(x + w - 10, y + 20, level, 13, "bold", LEVEL_COLOURS.get(level, INK), "end"),
            _text(x + 10, y + 37, where, 13, "bold"),
        ]
        body += [_text(x + 10, y + 54 + 16 * j, line, 13) for j, line in enumerate(lines)]
        out += [
            f'<g data-info="monster:{slug(m["name"])}" aria-label="{escape(m["name"])} card: {escape(where)}">',
            *body,
            "</g>",
        ]
    return out


def _card_facts(c: dict[str, Any]) -> str:
    discard = " ".join(card_title(x) for x in c["discard"]) or "empty"
    return f"{plural(c['hand_size'], 'card')} in hand · deck {c['deck_size']} · discard: {discard}"


def _curse_chips(c: dict[str, Any], game: Any, x0: float, y: float) -> tuple[list[str], float]:
    """A character's curses as tappable chips from ``x0`` (wrapping to the left margin below);
    returns them and the height of the character's row."""
    if not c["curses"]:
        return [_text(x0, y + 13, "no curses", 13)], 48.0
    out: list[str] = []
    cx, cy = x0, y
    for k in c["curses"]:
        label = curse_short(game, k) + (" · new" if k in c["new_curses"] else "")
        w = 7.6 * len(label) + 24
        if cx + w > WIDTH - 12:
            cx, cy = 30.0, cy + 23
        new = k in c["new_curses"]
        words = f"{c['name']}'s curse: {curse_short(game, k)}" + (" (new this turn)" if new else "")
        edge = 'stroke="#ffffff" stroke-dasharray="4 3"' if new else 'stroke="#3d2a5c"'
        out += _part(
            f"curse:{c['seat']}:{k}",
            words,
            [
                f'<rect x="{cx:.0f}" y="{cy:.0f}" width="{w:.0f}" height="19" rx="4" fill="#3d2a5c" '
                f'{edge} stroke-width="2"/>',
                _text(cx + w / 2, cy + 14, "▲ " + label, 13, "bold", "#ffffff", "middle"),
            ],
            info=f"curse:{k}",
        )
        cx += w + 6
    return out, cy - y + 48


def _characters(obs: dict[str, Any], game: Any, y: float) -> tuple[list[str], float]:
    out = [_text(10, y + 14, "Characters", 15, "bold")]
    y += 22
    acting = acting_seat(obs)
    for c in obs["characters"]:
        if c["name"] is None:  # during setup, before the characters are dealt
            out.append(_text(30, y + 19, f"Seat {c['seat']}: no character yet", 14, "bold"))
            y += 28
            continue
        colour = CHAR_COLOURS.get(c["name"], "#333333")
        you = ", you" if c["seat"] == obs["seat"] else ""
        info = _card_facts(c)
        chips, height = _curse_chips(c, game, 30 + 6.6 * len(info) + 14, y + 26)
        row = [
            _rect(6, y, WIDTH - 12, height, 6, PAPER, *(("#ffb300", 3) if c["seat"] == acting else ("#d8ccb0", 1))),
            f'<rect x="12" y="{y + 5}" width="10" height="38" rx="3" fill="{colour}"/>',
            _text(30, y + 19, f"{c['name']} (seat {c['seat']}{you})", 14, "bold", colour),
            _text(190, y + 19, whereabouts(obs, game, c), 13),
        ]
        out += [f'<g data-info="character:{slug(c["name"])}" aria-label="{escape(c["name"])}">', *row, "</g>"]
        out.append(_text(30, y + 39, info, 13))
        out += chips
        y += height + 6
    return out, y


def buttons_for(obs: dict[str, Any]) -> list[tuple[str, str]]:
    """The on-board buttons of the pending decision (its choices that have no thing to tap)."""
    p = obs["prompt"]
    if p is None or obs["result"] != "ongoing" or obs.get("hand") is None or p["seat"] != obs["seat"]:
        return []
    return BUTTONS.get(p["task"], [])


BUTTONS: dict[str, list[tuple[str, str]]] = {
    "choose_card": [("button:rest", "Rest")],
    "rumor": [("button:leave", "Leave them")],
    "reroll_offer": [("button:keep", "Keep the roll")],
    "place_die": [("button:place-die", "Place the die"), ("button:no-die", "No die")],
    "discard_curse": [("button:keep", "Keep the curses")],
    "ability": [("button:skip", "Don't use it")],
}


def render_svg(observation: dict[str, Any], game: Any) -> str:
    """The board as one seat sees it: what to do, the seat's cards, the town, the alarm, the cards."""
    obs = observation
    body = _header(obs, game, buttons_for(obs))
    body += _hand(obs, game)
    body += _dice(obs)
    body += _town(obs, game)
    body += _alarm(obs, ALARM_Y)
    body += _next_moves(obs, game, ALARM_Y + 66)
    monsters_y = ALARM_Y + 66 + (80 if obs["event"] else 60)
    body += _monster_cards(obs, game, monsters_y)
    chars, bottom = _characters(obs, game, monsters_y + 118)
    body += chars
    height = int(bottom + 8)
    head = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {height}" width="{WIDTH}" '
        f'height="{height}" font-family="{FONT}">',
        f'<rect width="{WIDTH}" height="{height}" fill="#e9efdc"/>',
    ]
    return "\n".join([*head, *body, "</svg>"])
