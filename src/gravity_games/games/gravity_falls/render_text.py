"""The terminal view of one seat's observation (Rich markup, at most 100 columns a line).

It shows the alarm track, the next monster moves, every location with its tokens, who stands
there and the roads that leave it (so a route and its rumors can be planned), each monster with
its ability, each character with its nearest monster, the seat's own hand and what the game waits
for, all in the words of the game's data.
"""

from __future__ import annotations

from typing import Any

from .render_common import (
    acting_seat,
    card_title,
    character_ability_words,
    curse_short,
    event_text,
    monster_ability_words,
    movement_card_words,
    nearest_words,
    neighbours,
    next_moves,
    plural,
    prompt_words,
    result_words,
    who,
    wrap,
)

WIDTH = 100


def _alarm_bar(obs: dict[str, Any]) -> str:
    al = obs["alarm"]
    cells = []
    for i in range(al["bus"] + 1):
        mark = "B" if i == al["bus"] else "M" if i == al["curse_space"] else "3" if i == al["shrink_space"] else "·"
        cells.append(f"[bold red]{'●' if mark == '·' else mark}[/]" if i == al["level"] else mark)
    return " ".join(cells)


def _header(obs: dict[str, Any], game: Any) -> list[str]:
    rules = "standard rules" if obs["variant"] == "standard" else "young players' rules"
    active = who(obs, obs["active"])
    result = result_words(obs)
    al = obs["alarm"]
    lines = [
        f"[bold]Gravity Falls[/] ({rules}) - turn {obs['turn'] + 1}, {active}'s turn"
        + (f" - [bold]{result}[/]" if result else ""),
        f"Alarm {al['level']}/{al['bus']}: {_alarm_bar(obs)}",
        f"   (M = everyone takes a curse, 3 = only {plural(2, 'card')} revealed, B = the bus: the game is lost)",
    ]
    moves = next_moves(obs)
    shown = " | ".join(f"{i + 1} {movement_card_words(game, c)}" for i, c in enumerate(moves)) or "none"
    lines.append(f"Next monster moves: {shown}")
    lines.append(
        f"   movement deck {plural(obs['movement_deck_size'], 'card')}, "
        f"discard {plural(len(obs['movement_discard']), 'card')}; "
        f"courage dice in the supply: {obs['supply']}; curse deck: {plural(obs['curse_deck_size'], 'card')}"
    )
    if obs["event"]:
        lines.append(f"[magenta]Event now: {event_text(game, obs['event'])}[/]")
    return lines


def _who_at(obs: dict[str, Any]) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for m in obs["monsters"]:
        if m["location"] and not m["defeated"]:
            out.setdefault(m["location"], []).append(f"[bold magenta]{m['name']}[/]")
    for c in obs["characters"]:
        if c["location"]:
            out.setdefault(c["location"], []).append(f"[bold cyan]{c['name']}[/]")
    return out


def _locations(obs: dict[str, Any], game: Any) -> list[str]:
    """One line per location (tokens, courage die, who is there, its place in the next moves),
    then its roads, wrapped at ``WIDTH``."""
    moves = next_moves(obs)
    here = _who_at(obs)
    width = max(len(loc["name"]) for loc in obs["locations"])
    lines = ["[bold]Locations[/] (☺ support, ☹ distrust tokens; die = courage die; next = monster moves there)"]
    for loc in obs["locations"]:
        name = loc["name"]
        tokens = f"[green]☺{loc['support']:>2}[/] [red]☹{loc['distrust']:>2}[/]"
        die = "die" if loc["die"] else "   "
        nxt = f"next {moves.index(name) + 1}" if name in moves else "      "
        who = ", ".join(here.get(name, []))
        lines.append(f"{name:<{width}}  {tokens}  {die}  {nxt}  {who}".rstrip())
        roads = wrap("roads to: " + ", ".join(neighbours(game, name)), WIDTH - 6)
        lines += ["      " + r for r in roads]
    return lines


def _monsters(obs: dict[str, Any], game: Any) -> list[str]:
    lines = ["[bold]Monsters[/]"]
    for m in obs["monsters"]:
        if m["name"] is None:
            continue
        where = "defeated" if m["defeated"] else f"at {m['location']}" if m["location"] else "not placed yet"
        lines.append(f"[bold magenta]{m['name']}[/] ({m['difficulty']}), {where}")
        ability = monster_ability_words(game, m)
        if ability:
            lines += ["      " + r for r in wrap(ability, WIDTH - 6)]
    return lines


def _characters(obs: dict[str, Any], game: Any) -> list[str]:
    lines = ["[bold]Characters[/]"]
    seat = obs["seat"]
    for c in obs["characters"]:
        if c["name"] is None:  # during setup, before the characters are dealt
            lines.append(f"seat {c['seat']}: no character yet")
            continue
        you = ", you" if c["seat"] == seat else ""
        discard = ", ".join(card_title(x) for x in c["discard"]) or "empty"
        curses = ", ".join(curse_short(game, k) for k in c["curses"]) or "none"
        where = f"at {c['location']}" if c["location"] else "not on the board yet"
        lines.append(
            f"[bold cyan]{c['name']}[/] (seat {c['seat']}{you}) {where}: "
            f"{plural(c['hand_size'], 'card')} in hand, {c['deck_size']} in the deck"
        )
        facts = f"discard pile: {discard}; curses: {curses}; nearest monster: {nearest_words(obs, game, c['location'])}"
        lines += ["      " + r for r in wrap(facts, WIDTH - 6)]
        ability = character_ability_words(game, c["name"])
        if ability:
            lines += ["      " + r for r in wrap("ability: " + ability, WIDTH - 6)]
    return lines


def _roll(obs: dict[str, Any]) -> list[str]:
    s, m, c = obs["roll"]
    p = obs["prompt"]
    if not (s or m or c) or p is None or p["task"] not in ("reroll_offer", "move_token", "reroll", "resolve_roll"):
        return []
    return [f"Roll: {plural(s, 'success', 'successes')}, {plural(m, 'move')}, {plural(c, 'curse')}"]


def render_text(observation: dict[str, Any], game: Any) -> str:
    """A terminal view: alarm, next monster moves, locations with their roads, monsters, characters,
    the seat's own hand and the decision the game waits for."""
    obs = observation
    lines = _header(obs, game)
    lines.append("")
    lines += _locations(obs, game)
    lines.append("")
    lines += _monsters(obs, game)
    lines += _characters(obs, game)
    lines += _roll(obs)
    hand = obs.get("hand")
    if hand is not None:
        cards = ", ".join(card_title(c) for c in hand["cards"]) or "empty"
        lines.append(f"[bold]Your hand[/] (seat {hand['seat']}): {cards}")
    if obs["prompt"] and obs["result"] == "ongoing":
        seat = acting_seat(obs)
        lines.append(f"[bold]Now:[/] {prompt_words(obs, game)} (seat {seat})")
    return "\n".join(lines)
