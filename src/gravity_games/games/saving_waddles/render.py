"""Text and SVG views of Saving Waddles, drawn from one seat's observation only.

The board is the track as one serpentine line of squares: printed board spaces,
the seven path-card places (a face-down card is drawn as a card back) and the
Hut of Wonders card. Tokens, Waddles, hands and the mischief piles come from the
observation; nothing hidden is looked up anywhere else.
"""

from __future__ import annotations

from html import escape
from typing import Any, cast

from gravity_games.core.api import Game

from .model import (
    ANOTHER_TURN,
    ARROW,
    DISCARD_HELP,
    EXCHANGE,
    HELP,
    MISCHIEF,
    PLAIN,
    POINTER,
    SKIP,
    START,
    TOTEM,
    VICTORY,
    WADDLES_POINTER,
    SpaceT,
)
from .rules import SavingWaddlesGame

HERO_COLOURS = {"wendy": "#2e8b57", "dipper": "#1f5fbf", "soos": "#8b5a2b", "mabel": "#d63fa0", "stan": "#333333"}
UNKNOWN = None
TOKEN_LABEL = {"wendy": "W", "dipper": "D", "soos": "So", "mabel": "M", "stan": "St"}  # Soos and Stan share an S

# kind -> (short text label, one-character text symbol, fill colour)
STYLE: dict[int, tuple[str, str, str]] = {
    START: ("START", "S", "#fff1a8"),
    PLAIN: ("", ".", "#f7f1e1"),
    ARROW: ("", ">", "#f7f1e1"),
    POINTER: ("LOOK", "P", "#e3d4f5"),
    WADDLES_POINTER: ("FOUND!", "W", "#ffc9e3"),
    TOTEM: ("TOTEM", "T", "#e9c46a"),
    MISCHIEF: ("MISCHIEF", "M", "#f4a6a6"),
    HELP: ("HELP", "H", "#a8dba8"),
    EXCHANGE: ("SWAP", "X", "#a9c7ee"),
    ANOTHER_TURN: ("AGAIN", "A", "#ffd966"),
    SKIP: ("SKIP", "Z", "#c9c9c9"),
    DISCARD_HELP: ("DROP", "D", "#e8a87c"),
    VICTORY: ("VICTORY", "V", "#ffd700"),
}


def _known_space(obs: dict[str, Any], game: SavingWaddlesGame, pos: int) -> SpaceT | None:
    """The printed space at ``pos`` if this seat can see it (face-down cards are unknown)."""
    track = game.track
    where, which, _ = track.segment_of[pos]
    if where == "slot" and obs["path_cards"][which] is None:
        return UNKNOWN
    if where == "hut" and obs["hut_card"] is None:
        return UNKNOWN
    slots = [track.card_names.index(c) if c else 0 for c in obs["path_cards"]]
    hut = track.hut_names.index(obs["hut_card"]) if obs["hut_card"] else 0
    return track.space(pos, slots, hut)


def _names(obs: dict[str, Any]) -> list[str]:
    return [(h or f"seat {i}").capitalize() for i, h in enumerate(obs["heroes"])]


def _last(obs: dict[str, Any], game: SavingWaddlesGame) -> int:
    return game.track.totem if obs["variant"] == "simple" else game.track.victory


# -- text ------------------------------------------------------------------------------


def _symbol(space: SpaceT | None) -> str:
    if space is None:
        return "?"
    kind, offset, red, symbols, number = space
    if kind == ARROW:
        return ("<" if offset < 0 else ">") if not red else ("«" if offset < 0 else "»")
    if kind == MISCHIEF and symbols > 1:
        return "&"  # two (or more) mischief symbols
    if number and kind == PLAIN:
        return str(number)
    return STYLE[kind][1]


def render_text(observation: dict[str, Any], game: Game) -> str:
    """The terminal view (Rich markup): the track as one line of symbols, tokens, cards."""
    obs = observation
    game = cast(SavingWaddlesGame, game)
    names = _names(obs)
    last = _last(obs, game)
    lines = [f"[bold]Saving Waddles[/bold] ({obs['variant']} rules), turn {obs['turns_taken']}"]
    if obs["phase"] == "over":
        who = names[obs["winner"]] if obs["winner"] is not None else "nobody"
        lines.append(f"Game over: {who} wins ({obs['reason']})")
    else:
        lines.append(
            f"{names[obs['turn']]} to play; phase {obs['phase']}"
            + (f"; die {obs['die']} ({obs['roll_for']})" if obs["die"] else "")
        )
    track = "".join(_symbol(_known_space(obs, game, p)) for p in range(last + 1))
    ruler = "".join(str(p // 10 % 10) if p % 10 == 0 else " " for p in range(last + 1))
    lines += ["", "      " + ruler, "track " + track.replace("[", "\\[")]
    if obs["waddles"] is not None:
        lines.append("pig   " + " " * obs["waddles"] + "w")
    for seat, name in enumerate(names):
        p = obs["positions"][seat]
        mark = "_" if obs["lying"][seat] else "^"
        lines.append(f"{name[:5]:<5} " + " " * p + mark)
    lines.append(
        "legend: S start . plain H help M mischief & double mischief X exchange A another turn Z skip "
        "D drop help P pointer W Waddles Found! T totem V victory > < arrows (» « red) 1-6 Waddles' numbers "
        "? face down"
    )
    lines.append("")
    cards = ", ".join(f"{i + 1}: {c or 'face down'}" for i, c in enumerate(obs["path_cards"]))
    lines.append(f"Path cards: {cards}")
    if obs["variant"] == "standard":
        lines.append(f"Hut of Wonders: {obs['hut_card'] or 'face down'}")
        where = "below the board" if obs["waddles"] is None else f"space {obs['waddles']}"
        carried = f", carried by {names[obs['carried_by']]}" if obs["carried_by"] is not None else ""
        lines.append(f"Waddles: {where}{carried}")
        lines.append(
            f"Help deck {obs['help_deck']}, mischief deck {obs['mischief_deck']}; "
            f"discarded help {sum(obs['help_discard'].values())}, "
            f"mischief {sum(obs['mischief_discard'].values())}"
        )
    for seat, name in enumerate(names):
        state = " (lying down)" if obs["lying"][seat] else ""
        line = f"{name}: space {obs['positions'][seat]}{state}"
        if obs["variant"] == "standard":
            line += f", {obs['hand_sizes'][seat]} help card(s), mischief in front: "
            line += ", ".join(obs["mischief_in_front"][seat]) or "none"
        lines.append(line)
    hand = obs.get("hand")
    if hand and obs["variant"] == "standard":
        held = [f"{k.replace('_', ' ')} x{c}" for k, c in hand["cards"].items() if c]
        lines.append(f"Your hand: {', '.join(held) or 'empty'}")
    return "\n".join(lines)


# -- SVG ------------------------------------------------------------------------------

CELL = 58
COLS = 12
MARGIN = 24
PANEL = 300


def _cell_xy(pos: int) -> tuple[float, float]:
    row, col = divmod(pos, COLS)
    if row % 2:
        col = COLS - 1 - col
    return MARGIN + col * CELL, MARGIN + 40 + row * CELL


def _centre(pos: int) -> tuple[float, float]:
    x, y = _cell_xy(pos)
    return x + CELL / 2, y + CELL / 2


def _space_svg(obs: dict[str, Any], game: SavingWaddlesGame, pos: int) -> list[str]:
    x, y = _cell_xy(pos)
    where = game.track.segment_of[pos][0]
    space = _known_space(obs, game, pos)
    out: list[str] = []
    stroke = "#7a5c2e" if where == "board" else ("#6a3fa0" if where == "slot" else "#b8860b")
    if space is None:
        out.append(
            f'<rect x="{x + 2}" y="{y + 2}" width="{CELL - 4}" height="{CELL - 4}" rx="6" '
            f'fill="#4b2c6f" stroke="{stroke}" stroke-width="2"/>'
        )
        out.append(
            f'<text x="{x + CELL / 2}" y="{y + CELL / 2 + 7}" font-size="20" fill="#f0e6ff" '
            'text-anchor="middle">?</text>'
        )
        return out
    kind, _, _, symbols, number = space
    label, _, fill = STYLE[kind]
    out.append(
        f'<rect x="{x + 2}" y="{y + 2}" width="{CELL - 4}" height="{CELL - 4}" rx="6" fill="{fill}" '
        f'stroke="{stroke}" stroke-width="{3 if where != "board" else 1.5}"/>'
    )
    if kind == MISCHIEF and symbols > 1:
        label = f"MISCH x{symbols}"
    if label:
        size = 8 if len(label) > 6 else 9
        out.append(
            f'<text x="{x + CELL / 2}" y="{y + 15}" font-size="{size}" text-anchor="middle" '
            f'font-weight="bold" fill="#333">{label}</text>'
        )
    if number:
        out.append(
            f'<circle cx="{x + CELL - 13}" cy="{y + CELL - 13}" r="8" fill="#fff" stroke="#d63fa0"/>'
            f'<text x="{x + CELL - 13}" y="{y + CELL - 9}" font-size="11" text-anchor="middle" '
            f'fill="#d63fa0">{number}</text>'
        )
    out.append(f'<text x="{x + 5}" y="{y + CELL - 5}" font-size="8" fill="#888">{pos}</text>')
    return out


def _arrow_svg(obs: dict[str, Any], game: SavingWaddlesGame, pos: int) -> str:
    space = _known_space(obs, game, pos)
    if space is None or space[0] != ARROW:
        return ""
    offset, red = space[1], space[2]
    colour = "#d62828" if red else "#1d6fd6"
    (x1, y1), (x2, y2) = _centre(pos), _centre(pos + offset)
    mx, my = (x1 + x2) / 2, min(y1, y2) - 30
    marker = "red" if red else "blue"
    return (
        f'<path d="M {x1} {y1} Q {mx} {my} {x2} {y2}" fill="none" stroke="{colour}" stroke-width="3" '
        f'stroke-dasharray="{"" if offset > 0 else "6 3"}" marker-end="url(#head-{marker})" opacity="0.85"/>'
    )


def _token_svg(obs: dict[str, Any], seat: int, name: str, index_here: int) -> str:
    x, y = _cell_xy(obs["positions"][seat])
    cx = x + 14 + (index_here % 3) * 15
    cy = y + 36 + (index_here // 3) * 14
    colour = HERO_COLOURS.get((obs["heroes"][seat] or ""), "#555")
    lying = obs["lying"][seat]
    shape = (
        f'<ellipse cx="{cx}" cy="{cy}" rx="10" ry="6" fill="{colour}" stroke="#fff" stroke-width="2"/>'
        if lying
        else f'<circle cx="{cx}" cy="{cy}" r="9" fill="{colour}" stroke="#fff" stroke-width="2"/>'
    )
    return (
        f'{shape}<text x="{cx}" y="{cy + 4}" font-size="9" text-anchor="middle" fill="#fff" '
        f'font-weight="bold">{escape(TOKEN_LABEL.get(name.lower(), name[:1]))}</text>'
    )


def _waddles_svg(pos: int, carried: bool) -> str:
    x, y = _cell_xy(pos)
    cx, cy = x + CELL - 14, y + 22
    ring = ' stroke="#d63fa0" stroke-width="3"' if carried else ' stroke="#fff" stroke-width="1.5"'
    return (
        f'<g><circle cx="{cx}" cy="{cy}" r="10" fill="#ffb6c9"{ring}/>'
        f'<ellipse cx="{cx}" cy="{cy + 2}" rx="4" ry="3" fill="#ff8fab"/>'
        f'<circle cx="{cx - 1.5}" cy="{cy + 2}" r="0.9" fill="#7a2e45"/>'
        f'<circle cx="{cx + 1.5}" cy="{cy + 2}" r="0.9" fill="#7a2e45"/>'
        f'<circle cx="{cx - 4}" cy="{cy - 3}" r="1.2" fill="#333"/><circle cx="{cx + 4}" cy="{cy - 3}" r="1.2" '
        'fill="#333"/></g>'
    )


def _panel_svg(obs: dict[str, Any], names: list[str], x0: float) -> list[str]:
    out = [f'<text x="{x0}" y="{MARGIN + 50}" font-size="15" font-weight="bold" fill="#4b2c6f">Heroes</text>']
    y = MARGIN + 72
    standard = obs["variant"] == "standard"
    for seat, name in enumerate(names):
        colour = HERO_COLOURS.get((obs["heroes"][seat] or ""), "#555")
        turn = obs["turn"] == seat and obs["phase"] != "over"
        out.append(
            f'<rect x="{x0 - 6}" y="{y - 14}" width="{PANEL - 30}" height="{54 if standard else 26}" rx="6" '
            f'fill="{"#fff7d6" if turn else "#fbf8f2"}" stroke="{colour}" stroke-width="{2 if turn else 1}"/>'
        )
        status = " (lying down)" if obs["lying"][seat] else ""
        carry = " + Waddles" if obs["carried_by"] == seat else ""
        out.append(
            f'<circle cx="{x0 + 6}" cy="{y - 2}" r="6" fill="{colour}"/>'
            f'<text x="{x0 + 18}" y="{y + 2}" font-size="13" fill="#222">{escape(name)}: space '
            f"{obs['positions'][seat]}{status}{carry}</text>"
        )
        if standard:
            pile = obs["mischief_in_front"][seat]
            out.append(
                f'<text x="{x0 + 18}" y="{y + 19}" font-size="11" fill="#555">help cards: '
                f"{obs['hand_sizes'][seat]}   mischief pile: {len(pile)}</text>"
            )
            for i in range(min(len(pile), 12)):
                out.append(
                    f'<rect x="{x0 + 18 + i * 14}" y="{y + 25}" width="11" height="10" rx="2" '
                    f'fill="{"#6b4e8a" if pile[i] == "face down" else "#f4a6a6"}" stroke="#7a3b3b"/>'
                )
            y += 64
        else:
            y += 34
    if standard:
        hand = obs.get("hand")
        out.append(
            f'<text x="{x0}" y="{y + 10}" font-size="15" font-weight="bold" fill="#4b2c6f">'
            f"{'Your hand' if hand else 'Decks'}</text>"
        )
        y += 30
        if hand:
            cards = [(k, c) for k, c in hand["cards"].items() if c]
            for k, c in cards or [("(empty)", 0)]:
                text = k.replace("_", " ") + (f" x{c}" if c else "")
                out.append(
                    f'<rect x="{x0}" y="{y - 13}" width="130" height="18" rx="4" fill="#a8dba8" '
                    f'stroke="#3c7a3c"/><text x="{x0 + 6}" y="{y}" font-size="11">{escape(text)}</text>'
                )
                y += 22
        out.append(
            f'<text x="{x0}" y="{y + 8}" font-size="11" fill="#333">help deck {obs["help_deck"]}, '
            f"discarded {sum(obs['help_discard'].values())}</text>"
        )
        out.append(
            f'<text x="{x0}" y="{y + 24}" font-size="11" fill="#333">mischief deck {obs["mischief_deck"]}, '
            f"discarded {sum(obs['mischief_discard'].values())}</text>"
        )
        out.append(
            f'<text x="{x0}" y="{y + 44}" font-size="11" fill="#333">Hut of Wonders: '
            f"{escape(obs['hut_card'] or 'face down')}</text>"
        )
    return out


def render_svg(observation: dict[str, Any], game: Game) -> str:
    """The board as an SVG picture, with a side panel of heroes, hands and piles."""
    obs = observation
    game = cast(SavingWaddlesGame, game)
    names = _names(obs)
    last = _last(obs, game)
    rows = last // COLS + 1
    board_w = MARGIN * 2 + COLS * CELL
    width = board_w + PANEL
    height = max(MARGIN * 2 + 40 + rows * CELL + 30, 520)
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="DejaVu Sans, Arial, sans-serif">',
        "<defs>"
        '<marker id="head-red" markerWidth="8" markerHeight="8" refX="6" refY="4" orient="auto">'
        '<path d="M0,0 L8,4 L0,8 z" fill="#d62828"/></marker>'
        '<marker id="head-blue" markerWidth="8" markerHeight="8" refX="6" refY="4" orient="auto">'
        '<path d="M0,0 L8,4 L0,8 z" fill="#1d6fd6"/></marker></defs>',
        f'<rect width="{width}" height="{height}" fill="#eef5e6"/>',
        f'<rect x="8" y="8" width="{board_w - 16}" height="{height - 16}" rx="14" fill="#d9ead3" stroke="#6b8f5e"/>',
    ]
    title = "Saving Waddles" + (" (simple rules)" if obs["variant"] == "simple" else "")
    if obs["phase"] == "over":
        who = names[obs["winner"]] if obs["winner"] is not None else "nobody"
        status = f"Game over: {who} wins"
    else:
        status = f"{names[obs['turn']]} to play" + (f", die {obs['die']}" if obs["die"] else "")
    out.append(f'<text x="{MARGIN}" y="{MARGIN + 16}" font-size="20" font-weight="bold" fill="#4b2c6f">{title}</text>')
    out.append(
        f'<text x="{board_w - MARGIN}" y="{MARGIN + 16}" font-size="14" text-anchor="end" fill="#333">'
        f"{escape(status)} (turn {obs['turns_taken']})</text>"
    )
    for pos in range(last + 1):
        out += _space_svg(obs, game, pos)
    for pos in range(last + 1):
        out.append(_arrow_svg(obs, game, pos))
    seen: dict[int, int] = {}
    for seat, name in enumerate(names):
        p = obs["positions"][seat]
        out.append(_token_svg(obs, seat, name, seen.get(p, 0)))
        seen[p] = seen.get(p, 0) + 1
    if obs["waddles"] is not None:
        out.append(_waddles_svg(obs["waddles"], obs["carried_by"] is not None))
    legend = (
        "purple border: path card (? = face down)   gold border: Hut of Wonders   "
        "dashed arrows lead back   red arrows: Soos ignores them"
    )
    out.append(f'<text x="{MARGIN}" y="{MARGIN + 40 + rows * CELL + 18}" font-size="10" fill="#555">{legend}</text>')
    out += _panel_svg(obs, names, board_w + 10)
    out.append("</svg>")
    return "\n".join(part for part in out if part)
