"""The board of one seat's observation as SVG: every decision is a tap on the thing itself.

Top to bottom: what is happening (and what to tap), the other players, the table (the stack, the
Doubt Card, the die and the five Designated Number faces), the viewer's own tokens (the
``hand`` region), the last round and the tokens out of play. It reads the observation only,
so a face-down token of another seat is drawn as ``K?``.

Parts (``data-part``), as ``board.py`` names them: ``token:K3`` (a token in the viewer's hand),
``stack``, ``card:doubt``, ``button:correct``, ``button:pass`` / ``button:done``, ``colour:K``
(a colour to choose), ``die`` (the rolled die), ``die:1``-``die:5`` (the Designated Number),
``seat:N`` (another seat's place), ``pile:aside`` and ``pile:out``.
"""

from __future__ import annotations

from html import escape
from typing import Any

from gravity_games.core.api import Game
from gravity_games.games.gravity_three.board_common import (
    FONT_FAMILY,
    colour_swatch,
    die_face,
    mass_info_key,
    swatch,
    token_chip,
    token_words,
)

from .render_text import COLOUR_WORDS, SAID, claim_grams, describe_round, plural, token_order, winners_line

WIDTH = 800
"""Drawing width in SVG units (shown at 1:1 on a desktop)."""

_INK = "#1d1d1f"
_MUTED = "#4a4a4f"  # 8.6:1 on the panel colour
_PANEL = "#fffdf7"
_FELT = "#2f6b4f"
_FELT_INK = "#f4fbf6"  # 6.4:1 on the felt
_GOLD = "#e0a800"
_OTHERS_Y, _OTHERS_H = 78, 132
_TABLE_Y, _TABLE_H = 222, 312
_HAND_H = 164
_STACK_ROOM = 150.0
# Left to right: the stack, the Doubt Card with "It's correct!", the die. The stack and the card sit
# on the left, next to the hand's tokens, so that a phone (which shows the left ~440 units and
# pans) has a token, the stack and both answers on one screen.
_STACK_X = 142.0
_CARD_X = 304.0
_DIE_X = 482.0  # height the stack may take above its bottom token before the table grows


def _text(
    x: float, y: float, words: str, *, size: int = 14, fill: str = _INK, anchor: str = "start", bold: bool = False
) -> str:
    weight = ' font-weight="bold"' if bold else ""
    return (
        f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size}" fill="{fill}" text-anchor="{anchor}"{weight}>'
        f"{escape(words)}</text>"
    )


def _wrap(words: str, size: int, width: float) -> list[str]:
    """Split a sentence into lines that fit ``width`` units at ``size`` (DejaVu Sans: about 0.55 em a letter)."""
    per_line = max(10, int(width / (size * 0.56)))
    lines: list[str] = []
    line = ""
    for word in words.split():
        if line and len(line) + 1 + len(word) > per_line:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}".strip()
    if line:
        lines.append(line)
    return lines


def _button(key: str, x: float, y: float, w: float, label: str, words: str, *, primary: bool = True) -> str:
    """An on-board button for a decision with no component of its own (pass, done, correct)."""
    fill, ink, edge = ("#1f5fa8", "#ffffff", "#153f70") if primary else ("#eef2f7", "#153f70", "#1f5fa8")
    return (
        f'<g data-part="{key}" aria-label="{escape(words)}" role="button">'
        f'<rect x="{x:.1f}" y="{y:.1f}" width="{w:.1f}" height="40" rx="20" fill="{fill}" stroke="{edge}" '
        'stroke-width="2"/>'
        f"{_text(x + w / 2, y + 26, label, size=16, fill=ink, anchor='middle', bold=True)}</g>"
    )


def _who(seat: int, viewer: int | None) -> str:
    return "You" if seat == viewer else f"Seat {seat}"


# -- what is happening ---------------------------------------------------------------


def status_line(obs: dict[str, Any]) -> str:
    """One sentence: what happens now, and for the viewer to act, what to tap."""
    viewer, phase, actor = obs["viewer"], obs["phase"], obs["to_act"]
    mine = actor == viewer and viewer is not None
    number = obs["designated"]
    if phase == "end":
        who = (
            "You win" if obs["winners"] == [viewer] else winners_line(obs["winners"], viewer).replace("seat", "Seat", 1)
        )
        return f"Game over: {who} ({obs['reason']})."
    if phase == "choose-colour":
        return "Choose your colour: tap it below." if mine else f"Seat {actor} is choosing a colour."
    if phase == "choose-extra":
        if mine:
            return "Choose the colour of your extra token: tap it below."
        return f"Seat {actor} is choosing the colour of an extra token."
    if phase == "designate":
        if mine:
            return "The die shows G: tap a number 1-5 to name the Designated Number."
        return f"The die shows G: Seat {actor} names the Designated Number."
    if phase == "place":
        if mine:
            claim = f"claiming {number}"
            if obs["placed_this_turn"]:
                return f"Place more ({claim}): tap a token, then the stack; or tap Done."
            return f"Your turn ({claim}): tap a token, then the stack; or tap Pass."
        return f"Seat {actor} places tokens claiming {number}, or passes."
    if phase == "assess":
        if mine:
            return "You lifted the stack: tap “It's correct!” or the Doubt Card."
        return f"Seat {actor} lifts the stack: correct, or doubt?"
    if phase in ("remove", "deal"):
        return "Setting up: the tokens are set aside and dealt."
    if phase in ("roll-off", "lots"):
        return "Rolling the die for the first player."
    if phase == "lift":
        return f"Seat {actor} lifts the stack."
    return "The die is rolled for the Designated Number."


def _header(obs: dict[str, Any]) -> str:
    stage = f"Round {obs['round']} · at most {obs['max_rounds']}" if obs["round"] else "Setting up"
    acting = obs["to_act"] == obs["viewer"] and obs["viewer"] is not None and obs["phase"] != "end"
    band = "#fff4cc" if acting else "#dff0e5" if obs["phase"] == "end" else "#f4efe6"
    return "".join(
        [
            f'<rect x="0" y="0" width="{WIDTH}" height="70" fill="{band}"/>',
            _text(20, 30, "Doubt × Gravity", size=20, bold=True),
            _text(WIDTH - 20, 30, stage, size=15, fill=_MUTED, anchor="end"),
            _text(20, 58, status_line(obs), size=16, bold=acting or obs["phase"] == "end"),
        ]
    )


# -- the other players ---------------------------------------------------------------


def _colour_words(obs: dict[str, Any], seat: int) -> str:
    colour = obs["colours"][seat]
    if colour is None:
        return "no colour yet"
    extra = obs["extra_colours"][seat] if obs["extra_colours"] else None
    return COLOUR_WORDS[colour] + (f" + one {COLOUR_WORDS[extra]}" if extra else "")


def _said_by(obs: dict[str, Any], seat: int) -> str | None:
    said = [w for s, w in obs["said"] if s == seat]
    return SAID[said[-1]] if said else None


def _held(obs: dict[str, Any], seat: int) -> list[dict[str, Any]]:
    return sorted((t for t in obs["tokens"] if t["where"] == f"seat {seat}"), key=token_order)


def _seat_panel(obs: dict[str, Any], seat: int, x: float, w: float) -> str:
    """Another seat: its colour, token count, face-down tokens, Doubt Card and what it said."""
    y = _OTHERS_Y
    held = _held(obs, seat)
    acting = obs["to_act"] == seat and obs["phase"] != "end"
    tags = [plural(len(held), "token")]
    if obs["first_player"] == seat:
        tags.append("first player")
    label = f"Seat {seat}, {_colour_words(obs, seat)}, {', '.join(tags)}"
    out = [
        f'<g data-part="seat:{seat}" aria-label="{escape(label)}">',
        f'<rect x="{x:.1f}" y="{y}" width="{w:.1f}" height="{_OTHERS_H}" rx="12" fill="{_PANEL}" '
        f'stroke="{_GOLD if acting else "#8a8478"}" stroke-width="{4 if acting else 1.5}"/>',
    ]
    colour = obs["colours"][seat]
    name_x = x + 14
    if colour is not None:
        out.append(colour_swatch(colour, x + 12, y + 10, size=30, show_name=False))
        name_x = x + 52
    out.append(_text(name_x, y + 23, f"Seat {seat}", size=15, bold=True))
    out.append(_text(name_x, y + 41, _colour_words(obs, seat), size=14, fill=_MUTED))
    out.append(_text(x + w - 14, y + 23, tags[0], size=15, anchor="end", bold=True))
    step = min(40.0, (w - 30) / max(1, len(held)))
    for i, tok in enumerate(held):
        out.append(
            token_chip(tok["colour"], tok["number"], x + 32 + step * i, y + 70, r=17, info=mass_info_key(tok["number"]))
        )
    if not held:
        out.append(_text(x + 14, y + 76, "no tokens left" if obs["round"] else "no tokens yet", size=14, fill=_MUTED))
    notes = tags[1:]
    if obs["doubt_card"] == seat:
        notes.append("holds the Doubt Card")
    said = _said_by(obs, seat)
    if said:
        notes.append(f"said {said}")
    if acting:
        notes.insert(0, "▶ to act")
    for i, line in enumerate(_wrap(" · ".join(notes), 14, w - 28)[:2]):
        out.append(_text(x + 14, y + 106 + 17 * i, line, size=14, fill=_INK if acting else _MUTED, bold=acting))
    out.append("</g>")
    return "".join(out)


def _others(obs: dict[str, Any]) -> str:
    viewer = obs["viewer"]
    seats = [s for s in range(obs["players"]) if s != viewer]
    if viewer is not None:  # clockwise from the viewer's left
        seats.sort(key=lambda s: (s - viewer) % obs["players"])
    gap = 12.0
    w = (WIDTH - 2 * 16 - gap * (len(seats) - 1)) / len(seats)
    return "".join(_seat_panel(obs, s, 16 + i * (w + gap), w) for i, s in enumerate(seats))


# -- the table -----------------------------------------------------------------------


def _die_column(obs: dict[str, Any]) -> str:
    """The rolled die and the five faces of the Designated Number (tapped to name it after a G)."""
    x, y = _DIE_X, _TABLE_Y + 20
    face = obs["die"]
    out = [_text(x, y + 14, "Die", size=15, fill=_FELT_INK, bold=True)]
    if face is None:
        out.append(
            f'<g data-part="die" data-info="die" aria-label="the die, not rolled yet">'
            f'<rect x="{x}" y="{y + 24}" width="56" height="56" rx="10" fill="none" stroke="{_FELT_INK}" '
            f'stroke-width="2" stroke-dasharray="6 4"/>'
            f"{_text(x + 28, y + 58, '–', size=22, fill=_FELT_INK, anchor='middle')}</g>"
        )
    else:
        out.append(
            die_face(face, x, y + 24, size=56, part="die", label=f"the die shows {face}", extra='data-info="die"')
        )
    said = "G: the first player names it" if face == "G" else "the number to claim" if face else "not rolled yet"
    for i, line in enumerate(_wrap(said, 14, 170)):
        out.append(_text(x + 70, y + 46 + 19 * i, line, size=14, fill=_FELT_INK))
    number = obs["designated"]
    out.append(
        _text(
            x,
            y + 118,
            f"Designated Number: {number}" if number else "Designated Number",
            size=15,
            fill=_FELT_INK,
            bold=True,
        )
    )
    for n in range(1, 6):
        fx = x + (n - 1) * 42
        if n == number:
            out.append(f'<rect x="{fx - 5}" y="{y + 129}" width="46" height="46" rx="9" fill="{_GOLD}"/>')
        words = f"Designated Number {n}" + (" (this round)" if n == number else "")
        out.append(die_face(str(n), fx, y + 134, size=36, part=f"die:{n}", label=words))
    if number:
        out.append(_text(x, y + 202, "every token placed", size=14, fill=_FELT_INK))
        out.append(_text(x, y + 221, "is claimed as this", size=14, fill=_FELT_INK))
    return "".join(out)


def _disc(entry: dict[str, Any], cx: float, cy: float, viewer: int | None) -> str:
    """One token of the stack seen from the side: its colour, ``K?`` (or its number) and who placed it."""
    look = swatch(entry["colour"])
    dash = f' stroke-dasharray="{look.dash}" stroke-linecap="round"' if look.dash else ""
    shown = "?" if entry["number"] is None else str(entry["number"])
    owner = "you" if entry["owner"] == viewer else f"seat {entry['owner']}"
    return (
        f'<rect x="{cx - 85:.1f}" y="{cy - 13:.1f}" width="170" height="26" rx="10" fill="{look.fill}" '
        'stroke="#111" stroke-width="1.5"/>'
        f'<rect x="{cx - 81:.1f}" y="{cy - 10:.1f}" width="162" height="20" rx="7" fill="none" stroke="{look.ring}" '
        f'stroke-width="1.5"{dash}/>'
        f"{_text(cx - 68, cy + 5, look.letter + shown, size=14, fill=look.ink, bold=True)}"
        f"{_text(cx + 68, cy + 5, owner, size=13, fill=look.ink, anchor='end')}"
    )


def _stack_step(size: int) -> float:
    """Distance between two tokens of the stack: tighter for a tall stack, never so tight that a label hides."""
    return 26.0 if size <= 7 else 20.0


def _table_growth(obs: dict[str, Any]) -> float:
    """How much taller than usual the table is drawn so that a tall stack fits."""
    size = len(obs["stack"])
    return max(0.0, _stack_step(size) * (size - 1) - _STACK_ROOM)


def _stack(obs: dict[str, Any], game: Game) -> str:
    """The stack in the middle: tapped after a token to place it there."""
    stack = obs["stack"]
    viewer = obs["viewer"]
    cx, base = _STACK_X, _TABLE_Y + 240.0 + _table_growth(obs)
    words = "the stack, empty" if not stack else f"the stack, {plural(len(stack), 'token')}"
    out = [f'<g data-part="stack" data-info="stack" aria-label="{words}">']
    out.append(
        f'<rect x="{cx - 110}" y="{_TABLE_Y + 14}" width="220" height="{base - _TABLE_Y + 12}" rx="14" '
        'fill="#24573f" stroke="#1b4431" stroke-width="2"/>'
    )
    out.append(_text(cx, _TABLE_Y + 38, "The stack", size=15, fill=_FELT_INK, anchor="middle", bold=True))
    if not stack:
        out.append(
            f'<rect x="{cx - 85}" y="{base - 50}" width="170" height="60" rx="12" fill="none" stroke="{_FELT_INK}" '
            'stroke-width="2" stroke-dasharray="7 5"/>'
        )
        out.append(_text(cx, base - 14, "empty", size=15, fill=_FELT_INK, anchor="middle"))
    else:
        step = _stack_step(len(stack))
        for i, entry in enumerate(stack):
            out.append(_disc(entry, cx, base - step * i, viewer))
    out.append("</g>")
    if stack and obs["designated"]:
        claim = claim_grams(obs, game)
        line = f"{plural(len(stack), 'token')} claimed as {obs['designated']}"
        out.append(_text(cx, base + 32, line, size=14, fill=_FELT_INK, anchor="middle", bold=True))
        if claim is not None:
            out.append(
                _text(cx, base + 50, f"if true they weigh {claim:.0f} g", size=14, fill=_FELT_INK, anchor="middle")
            )
    return "".join(out)


def _reading(obs: dict[str, Any]) -> str:
    felt = [r for r in obs.get("readings", []) if r["round"] == obs["round"]]
    if not felt or not obs["stack"]:
        return ""
    words = f"you felt ≈ {felt[-1]['grams']:.1f} g"
    return _text(_STACK_X, _TABLE_Y + 62, words, size=15, fill="#ffe38a", anchor="middle", bold=True)


def _doubt_card(obs: dict[str, Any]) -> str:
    """The Doubt Card: tapped to say "I doubt it!"; who holds it, under it."""
    viewer, holder = obs["viewer"], obs["doubt_card"]
    x, y = _CARD_X, _TABLE_Y + 20
    where = (
        "nobody holds it yet" if holder is None else ("you hold it" if holder == viewer else f"held by Seat {holder}")
    )
    out = [
        f'<g data-part="card:doubt" data-info="card:doubt" aria-label="the Doubt Card ({where}): I doubt it!">',
        f'<rect x="{x}" y="{y}" width="110" height="140" rx="10" fill="#ffffff" stroke="#8b0000" stroke-width="3"/>',
        f'<rect x="{x + 7}" y="{y + 7}" width="96" height="126" rx="6" fill="none" stroke="#8b0000" '
        'stroke-width="1.5" stroke-dasharray="5 3"/>',
        _text(x + 55, y + 40, "DOUBT", size=18, fill="#8b0000", anchor="middle", bold=True),
        _text(x + 55, y + 60, "CARD", size=15, fill="#8b0000", anchor="middle", bold=True),
        _text(x + 55, y + 110, "?!", size=34, fill="#8b0000", anchor="middle", bold=True),
        "</g>",
        _text(x + 55, y + 162, where, size=14, fill=_FELT_INK, anchor="middle"),
    ]
    if obs["phase"] == "assess" and obs["to_act"] == viewer and viewer is not None:
        out.append(_text(x + 55, y + 181, "tap it to doubt", size=14, fill="#ffe38a", anchor="middle", bold=True))
        out.append(_button("button:correct", x - 20, y + 196, 150, "It's correct!", "say “It's correct!”"))
    return "".join(out)


def _table(obs: dict[str, Any], game: Game) -> str:
    return "".join(
        [
            f'<rect x="16" y="{_TABLE_Y}" width="{WIDTH - 32}" height="{_TABLE_H + _table_growth(obs):.0f}" rx="22" '
            f'fill="{_FELT}" stroke="#24523d" stroke-width="4"/>',
            _die_column(obs),
            _stack(obs, game),
            _reading(obs),
            _doubt_card(obs),
        ]
    )


# -- the viewer's own place ------------------------------------------------------------


def _colour_choice(obs: dict[str, Any], x0: float, y: float) -> list[str]:
    """The three colours as swatches: taken ones say by whom."""
    viewer = obs["viewer"]
    out = []
    for i, letter in enumerate("KGR"):
        x = x0 + i * 120
        owners = [s for s, c in enumerate(obs["colours"]) if c == letter]
        note = ""
        if owners:
            note = "yours" if owners[0] == viewer else f"Seat {owners[0]}'s colour"
        words = f"{COLOUR_WORDS[letter]}" + (f" ({note})" if note else "")
        out.append(colour_swatch(letter, x, y, size=56, part=f"colour:{letter}", label=words))
        if note:
            out.append(_text(x + 28, y + 94, note, size=13, fill=_MUTED, anchor="middle"))
    return out


def _hand(obs: dict[str, Any], y: float) -> str:
    """The viewer's tokens (tapped to place one), the pass/done button, or the colour choice."""
    viewer = obs["viewer"]
    if viewer is None:
        return ""
    held = _held(obs, viewer)
    acting = obs["to_act"] == viewer and obs["phase"] != "end"
    out = [
        '<g data-region="hand">',
        f'<rect x="16" y="{y}" width="{WIDTH - 32}" height="{_HAND_H}" rx="14" fill="{_PANEL}" '
        f'stroke="{_GOLD if acting else "#8a8478"}" stroke-width="{4 if acting else 1.5}"/>',
    ]
    colour = obs["colours"][viewer]
    title_x = 32.0
    if colour is not None:
        out.append(colour_swatch(colour, 30, y + 12, size=30, show_name=False))
        title_x = 72.0
    title = f"You · {_colour_words(obs, viewer)} · {plural(len(held), 'token')}"
    out.append(_text(title_x, y + 33, title, size=16, bold=True))
    notes = []
    if obs["first_player"] == viewer:
        notes.append("first player")
    if obs["doubt_card"] == viewer:
        notes.append("you hold the Doubt Card")
    said = _said_by(obs, viewer)
    if said:
        notes.append(f"you said {said}")
    placing = obs["phase"] == "place" and acting
    if notes:  # beside the Pass/Done button when there is one
        out.append(_text(200 if placing else 32, y + 139, " · ".join(notes), size=14, fill=_MUTED))
    if obs["phase"] in ("choose-colour", "choose-extra"):
        out.extend(_colour_choice(obs, 40, y + 44))
    else:
        out.extend(_hand_tokens(obs, held, y))
    if placing:  # under the tokens, on the left: in sight on a phone, next to the stack
        if obs["placed_this_turn"]:
            out.append(_button("button:done", 32, y + 114, 150, "Done", "done: end your turn"))
        else:
            out.append(_button("button:pass", 32, y + 114, 150, "Pass", "pass: place no token", primary=False))
    out.append("</g>")
    return "".join(out)


def _hand_tokens(obs: dict[str, Any], held: list[dict[str, Any]], y: float) -> list[str]:
    if not held:
        words = "no tokens: you win at the end of the round unless you take the stack"
        if obs["phase"] == "end" or not obs["round"]:
            words = "no tokens"
        return [_text(40, y + 84, words, size=15, fill=_MUTED)]
    step = min(60.0, (WIDTH - 100) / len(held))
    r = min(24.0, step / 2 - 2)
    out = []
    for i, tok in enumerate(held):
        name = f"{tok['colour']}{tok['number']}"
        out.append(
            token_chip(
                tok["colour"],
                tok["number"],
                52 + step * i,
                y + 82,
                r=r,
                part=f"token:{name}",
                label="your " + token_words(tok["colour"], tok["number"]),
                info=mass_info_key(tok["number"]),
            )
        )
    return out


# -- the last round and the tokens out of play ---------------------------------------


def _pile(key: str, title: str, tokens: list[dict[str, Any]], x: float, y: float) -> str:
    out = [f'<g data-part="{key}" aria-label="{escape(title)}: {plural(len(tokens), "token")}">']
    out.append(_text(x, y, f"{title} ({len(tokens)})", size=14, fill=_INK, bold=True))
    for i, tok in enumerate(tokens):
        chip = token_chip(
            tok["colour"], tok["number"], x + 18 + 40 * i, y + 28, r=18, info=mass_info_key(tok["number"])
        )
        out.append(chip)
    out.append("</g>")
    return "".join(out)


def _footer(obs: dict[str, Any], y: float) -> tuple[str, float]:
    """The last round in words, from ``y`` down, then the tokens out of play; returns the SVG and its bottom."""
    out: list[str] = []
    if obs["rounds"]:
        said = describe_round(obs["rounds"][-1], obs)
        sentence = "Last round: " + said[0].upper() + said[1:]
        for line in _wrap(sentence, 14, WIDTH - 40):
            y += 20
            out.append(_text(20, y, line, size=14))
        y += 14
    aside = [t for t in obs["tokens"] if t["where"] in ("removed", "unused")]
    gone = [t for t in obs["tokens"] if t["where"] == "out"]
    y += 20
    out.append(_pile("pile:aside", "Set aside", aside, 20, y))
    out.append(_pile("pile:out", "Out of the game", gone, 20 + max(3, len(aside)) * 40 + 50, y))
    return "".join(out), y + 60


def render_svg(observation: dict[str, Any], game: Game) -> str:
    """The table from one seat: the others, the die, the stack, the Doubt Card, its own tokens."""
    obs = observation
    hand_y = _TABLE_Y + _TABLE_H + _table_growth(obs) + 12
    footer, bottom = _footer(obs, hand_y + _HAND_H + 4 if obs["viewer"] is not None else hand_y)
    height = int(bottom + 10)
    return "".join(
        [
            f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {height}" width="{WIDTH}" '
            f'height="{height}" font-family="{FONT_FAMILY}">',
            f"<title>Doubt × Gravity, {escape(status_line(obs))}</title>",
            f'<rect width="{WIDTH}" height="{height}" fill="#f4efe6"/>',
            _header(obs),
            _others(obs),
            _table(obs, game),
            _hand(obs, hand_y),
            footer,
            "</svg>",
        ]
    )
