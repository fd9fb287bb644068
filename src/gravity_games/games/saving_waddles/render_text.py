"""The terminal view of Saving Waddles (Rich markup), drawn from one seat's observation only.

The track is one line of symbols under a ruler of positions, with a line for Waddles and one
per hero; below it the path cards, the Hut of Wonders, the decks and every hero's public
facts, and the seat's own help cards. Card and space names come from the data's texts.
"""

from __future__ import annotations

from typing import Any, cast

from rich.markup import escape

from gravity_games.core.api import Game

from .data import Space
from .render_common import (
    SIMPLE_KINDS,
    as_drawn,
    help_name,
    known_space,
    last_space,
    mischief_name,
    plural,
    prompt,
    seat_names,
    texts,
)
from .rules import SavingWaddlesGame

SYMBOL = {
    "start": "S", "plain": ".", "pointer": "P", "waddles_pointer": "W", "totem": "T", "mischief": "M",
    "help": "H", "exchange": "X", "another_turn": "A", "skip": "Z", "discard_help": "D", "victory": "V",
}  # fmt: skip
"""One character per kind of space (arrows and Waddles' numbers are drawn apart)."""


def _symbol(space: Space | None) -> str:
    if space is None:
        return "?"
    if space.kind == "arrow":
        back = (space.to or 0) < 0
        return ("«" if back else "»") if space.colour == "red" else ("<" if back else ">")
    if space.kind == "mischief" and space.symbols > 1:
        return "&"  # two (or more) mischief symbols
    if space.number and space.kind == "plain":
        return str(space.number)
    return SYMBOL[space.kind]


def _legend(obs: dict[str, Any], game: SavingWaddlesGame) -> list[str]:
    names: dict[str, str] = {k: t.name for k, t in texts(game).spaces.items()}
    kinds = [k for k in SYMBOL if k != "plain" and (obs["variant"] == "standard" or k in SIMPLE_KINDS)]
    items = [f"{SYMBOL[kind]} {names[kind]}" for kind in kinds]
    items += [
        f". {names['plain']}",
        "& two mischief cards",
        "> < arrows (» « red)",
        *(["1-6 where Waddles may be placed", "? face down"] if obs["variant"] == "standard" else []),
        "^ token standing",
        "_ token lying down",
    ]
    lines, line = [], "legend:"
    for item in items:
        if len(line) + len(item) + 2 > 78:
            lines.append(line)
            line = "       "
        line += f" {item},"
    lines.append(line.rstrip(","))
    return lines


def _track_lines(obs: dict[str, Any], game: SavingWaddlesGame, names: list[str]) -> list[str]:
    last = last_space(obs, game)
    width = max(len(n) for n in [*names, "Waddles", "track"]) + 1
    spaces = [known_space(obs, game, p) for p in range(last + 1)]
    track = "".join(_symbol(as_drawn(obs, sp) if sp else None) for sp in spaces)
    ruler = "".join(str(p // 10 % 10) if p % 10 == 0 else " " for p in range(last + 1))
    lines = [" " * width + ruler, "track".ljust(width) + escape(track)]
    if obs["waddles"] is not None:
        lines.append("Waddles".ljust(width) + " " * obs["waddles"] + "w")
    for seat, name in enumerate(names):
        mark = "_" if obs["lying"][seat] else "^"
        lines.append(escape(name.ljust(width)) + " " * obs["positions"][seat] + mark)
    return lines


def _seat_line(obs: dict[str, Any], game: SavingWaddlesGame, seat: int, name: str) -> str:
    facts = [f"space {obs['positions'][seat]}"]
    if obs["lying"][seat]:
        facts.append("lying down (skips the next turn)")
    if obs["carried_by"] == seat:
        facts.append("carries Waddles")
    if obs["variant"] == "standard":
        facts.append(plural(obs["hand_sizes"][seat], "help card"))
        pile = obs["mischief_in_front"][seat]
        cards = "; ".join(mischief_name(game, k) for k in pile)
        facts.append(plural(len(pile), "mischief card") + (f" in front ({cards})" if pile else " in front"))
    you = " (you)" if obs["seat"] == seat else ""
    return escape(f"{name}{you}: {', '.join(facts)}")


def _cards_lines(obs: dict[str, Any], game: SavingWaddlesGame, names: list[str]) -> list[str]:
    cards = ", ".join(f"{i + 1} {c or 'face down'}" for i, c in enumerate(obs["path_cards"]))
    lines = [escape(f"Path cards: {cards}")]
    if obs["variant"] == "simple":
        return lines
    hut = obs["hut_card"]
    if hut is None:
        lines.append("Hut of Wonders: face down (revealed at the totem)")
    else:
        card = next(h for h in game.components.hut_cards if h.name == hut)
        lines.append(escape(f"Hut of Wonders: {hut}" + (f": {card.text}" if card.text else "")))
    where = "below the board" if obs["waddles"] is None else f"space {obs['waddles']}"
    carried = f", carried by {names[obs['carried_by']]}" if obs["carried_by"] is not None else ""
    lines.append(escape(f"Waddles: {where}{carried}"))
    lines.append(
        f"Help deck: {plural(obs['help_deck'], 'card')} ({sum(obs['help_discard'].values())} discarded); "
        f"mischief deck: {plural(obs['mischief_deck'], 'card')} ({sum(obs['mischief_discard'].values())} discarded)"
    )
    return lines


def _hand_line(obs: dict[str, Any], game: SavingWaddlesGame) -> str | None:
    hand = obs.get("hand")
    if not hand or obs["variant"] != "standard":
        return None
    held = [help_name(game, k) + (f" x{c}" if c > 1 else "") for k, c in hand["cards"].items() if c]
    return escape(f"Your help cards: {'; '.join(held) or 'none'}")


def render_text(observation: dict[str, Any], game: Game) -> str:
    """The terminal view (Rich markup): the track as one line of symbols, tokens, cards."""
    obs = observation
    game = cast(SavingWaddlesGame, game)
    names = seat_names(obs, game)
    rules = " (simple rules)" if obs["variant"] == "simple" else ""
    lines = [f"[bold]Saving Waddles[/bold]{rules}, turn {obs['turns_taken']}", escape(prompt(obs, game))]
    lines += ["", *_track_lines(obs, game, names), *_legend(obs, game), ""]
    lines += _cards_lines(obs, game, names)
    lines += [_seat_line(obs, game, seat, name) for seat, name in enumerate(names)]
    hand = _hand_line(obs, game)
    if hand:
        lines.append(hand)
    return "\n".join(lines)
