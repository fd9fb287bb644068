"""How Gravity Falls is played on its drawn board (the contract of ``core/board.py``).

Every decision is a tap on the thing itself: an action card in the hand, a location (each road
of a route is one decision, so a route is one tap per location passed, each confirmed with the
roads left), a support or distrust token chip (rumors, disorder, setup pulls; a roll's arrows are
the chip then the neighbour it goes to), a courage die, a monster figure (the fight, the monster
that moves), a die of the roll (Dipper's re-roll), a curse chip (discarding curses, Soos), the
alarm track (the event's "raise the alarm"), the action deck or a discard pile card (drawing). The
choices with no thing (rest, leave the tokens, keep the roll, place a courage die or not, keep the
curses, skip an ability) are on-board buttons. Everything is read from one seat's observation.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from gravity_games.core.board import BoardHooks, BoardMove, InfoCard, SeatRole, changed_by_comparison

from .render_common import (
    CHAR_COLOURS,
    CHAR_MARKS,
    TELEPORT,
    card_title,
    card_words,
    curse_short,
    event_text,
    movement_card_words,
    nearest_words,
    next_moves,
    plural,
    slug,
    who,
)
from .render_svg import buttons_for, dice_shown

_CARD = {"teleport": TELEPORT}


def _task(obs: dict[str, Any]) -> tuple[str, int, int, int]:
    p = obs["prompt"] or {"task": "", "seat": -1, "x": 0, "y": 0}
    return p["task"], p["seat"], p["x"], p["y"]


def _here(obs: dict[str, Any], seat: int) -> str:
    chars = obs["characters"]
    return str(chars[seat]["location"]) if 0 <= seat < len(chars) else ""


def _seat_of(obs: dict[str, Any], name: str) -> int:
    return int(next(c["seat"] for c in obs["characters"] if c["name"] == name))


def _button_key(obs: dict[str, Any], task: str, which: int = 0) -> str:
    buttons = buttons_for(obs)
    return buttons[which][0] if len(buttons) > which else f"button:{task}"


def _one_move(obs: dict[str, Any], game: Any, action: int, text: str) -> BoardMove:
    """The taps and words of one legal action, from its notation and the pending decision."""
    task, seat, x, y = _task(obs)
    name = who(obs, seat)
    here = _here(obs, seat)
    tb = game.tables
    if text.startswith("play "):
        card = _CARD.get(text[5:], text[5:])
        words = f"{name} plays the {card_title(card)} card: {card_words(card, game, name).lower()}"
        return BoardMove(action, (f"card:{slug(card_title(card))}",), words)
    if text == "rest":
        return BoardMove(
            action, (_button_key(obs, task),), f"{name} rests and takes all action cards back", confirm=True
        )
    if text.startswith("go "):
        dest = text[3:]
        key = (f"loc:{slug(dest)}",)
        if task == "route":
            left = obs["route"]["left"] - 1
            after = "and stops there" if left == 0 else f"then {plural(left, 'more road')}"
            return BoardMove(action, key, f"{name} travels the road to {dest} {after}", confirm=True)
        if task == "ev_flee":
            return BoardMove(action, key, f"{name} runs from the monster to {dest}")
        return BoardMove(action, key, f"{name} teleports to {dest}", confirm=True)
    if text.startswith("remove die "):
        place = text[len("remove die ") :]
        return BoardMove(action, (f"courage:{slug(place)}",), f"remove the courage die at {place}")
    if text in ("pull support", "pull distrust"):
        kind = text.split()[1]
        frm = tb.names[x]
        if task == "rumor":
            words = f"{name} pulls a {kind} token from {frm} to {here}"
        else:
            mon = obs["monsters"][y]["name"] if 0 <= y < len(obs["monsters"]) else "the monster"
            words = f"{mon} pulls a {kind} token from {frm}"
        return BoardMove(action, (f"{kind}:{slug(frm)}",), words)
    if text == "leave":
        return BoardMove(
            action, (_button_key(obs, task),), f"leave the tokens at {tb.names[x]} (a courage die is there)"
        )
    match = re.match(r"move (support|distrust) to (.+)$", text)
    if match:
        kind, dest = match.groups()
        return BoardMove(
            action, (f"{kind}:{slug(here)}", f"loc:{slug(dest)}"), f"move a {kind} token from {here} to {dest}"
        )
    if text == "place die":
        return BoardMove(action, (_button_key(obs, task, 0),), f"place a courage die at {here}")
    if text == "pass":
        if task == "place_die":
            return BoardMove(action, (_button_key(obs, task, 1),), f"place no courage die at {here}")
        words = {
            "reroll_offer": f"{name} keeps the roll",
            "discard_curse": f"{name} keeps the other curses",
            "ability": f"{name} does not use the ability",
        }.get(task, f"{name} passes")
        return BoardMove(action, (_button_key(obs, task),), words)
    if text == "draw deck":
        return BoardMove(action, ("deck",), f"{name} draws the top card of the action deck")
    if text.startswith("take "):
        card = _CARD.get(text[5:], text[5:])
        return BoardMove(
            action, (f"discard:{slug(card_title(card))}",), f"{name} takes {card_title(card)} from the discard pile"
        )
    if text.startswith("discard "):
        card = _CARD.get(text[8:], text[8:])
        return BoardMove(
            action,
            (f"card:{slug(card_title(card))}",),
            f"{name} discards {card_title(card)} for the event",
            confirm=True,
        )
    if text == "raise alarm":
        return BoardMove(action, ("alarm",), f"{name} keeps the cards and raises the alarm by 1", confirm=True)
    if text.startswith("drop curse "):
        kind = text[len("drop curse ") :]
        return BoardMove(action, (f"curse:{seat}:{kind}",), f"{name} discards the curse '{curse_short(game, kind)}'")
    match = re.match(r"heal (\S+) (\w+)$", text)
    if match:
        other, kind = match.groups()
        return BoardMove(
            action,
            (f"curse:{_seat_of(obs, other)}:{kind}",),
            f"Soos removes {other}'s curse '{curse_short(game, kind)}'",
        )
    if text.startswith("die to "):
        dest = text[len("die to ") :]
        return BoardMove(action, (f"loc:{slug(dest)}",), f"{name} carries the courage die from {here} to {dest}")
    if text.startswith("die from "):
        frm = text[len("die from ") :]
        return BoardMove(action, (f"courage:{slug(frm)}",), f"{name} brings the courage die from {frm} to {here}")
    if text.startswith("reroll "):
        face = text.split()[1]
        return BoardMove(action, (f"die:{face}",), f"{name} re-rolls a die showing {face}")
    if text.startswith("monster "):
        mon = text[len("monster ") :]
        words = (
            f"{name} fights {mon}"
            if task == "roll_setup"
            else f"{mon} moves to {tb.names[x]}"
            if task == "choose_mover"
            else f"choose {mon}"
        )
        return BoardMove(action, (f"monster:{slug(mon)}",), words)
    return BoardMove(action, (), text)


def board_moves(obs: dict[str, Any], game: Any, legal: Sequence[tuple[int, str]]) -> list[BoardMove]:
    """One board move per legal action (see the module docstring for what is tapped)."""
    return [_one_move(obs, game, action, text) for action, text in legal]


def part_looks(obs: dict[str, Any], game: Any) -> dict[str, Any]:
    """What each drawn part shows in this observation (for ``changed_parts``)."""
    looks: dict[str, Any] = {}
    moves = next_moves(obs)
    mon_at = {m["location"]: m["name"] for m in obs["monsters"] if m["location"] and not m["defeated"]}
    chars_at: dict[str, list[str]] = {}
    for c in obs["characters"]:
        if c["location"]:
            chars_at.setdefault(c["location"], []).append(c["name"])
    for loc in obs["locations"]:
        s = slug(loc["name"])
        rank = moves.index(loc["name"]) + 1 if loc["name"] in moves else 0
        looks[f"loc:{s}"] = (sorted(chars_at.get(loc["name"], [])), mon_at.get(loc["name"]), rank)
        looks[f"support:{s}"] = loc["support"]
        looks[f"distrust:{s}"] = loc["distrust"]
        if loc["die"]:
            looks[f"courage:{s}"] = True
    for m in obs["monsters"]:
        if m["location"] and not m["defeated"]:
            looks[f"monster:{slug(m['name'])}"] = m["location"]
    looks["alarm"] = obs["alarm"]["level"]
    for c in obs["characters"]:
        for k in c["curses"]:
            looks[f"curse:{c['seat']}:{k}"] = True
    hand = obs.get("hand")
    if hand is not None:
        me = obs["characters"][hand["seat"]]
        for card in hand["cards"]:
            looks[f"card:{slug(card_title(card))}"] = True
        for card in me["discard"]:
            looks[f"discard:{slug(card_title(card))}"] = True
        looks["deck"] = me["deck_size"]
    if dice_shown(obs):
        for face, count in zip(("success", "move", "curse"), obs["roll"], strict=True):
            if count:
                looks[f"die:{face}"] = count
    return looks


def changed_parts(before: dict[str, Any], after: dict[str, Any], game: Any) -> list[str]:
    """The parts whose look differs between two observations of one seat."""
    return changed_by_comparison(part_looks(before, game), part_looks(after, game))


def seat_roles(obs: dict[str, Any], game: Any) -> list[SeatRole]:
    """Each seat's character, its colour and letter, and what everybody sees of it."""
    roles = []
    for c in obs["characters"]:
        if c["name"] is None:
            roles.append(SeatRole("no character yet"))
            continue
        facts = [
            f"at {c['location']}" if c["location"] else "not on the board yet",
            f"{plural(c['hand_size'], 'card')} in hand",
            plural(len(c["curses"]), "curse"),
            f"nearest monster: {nearest_words(obs, game, c['location'])}",
        ]
        roles.append(
            SeatRole(
                c["name"],
                CHAR_COLOURS.get(c["name"]),
                CHAR_MARKS.get(c["name"]),
                tuple(facts),
                f"character:{slug(c['name'])}",
            )
        )
    return roles


def _reconstructed(item: Any) -> bool:
    return getattr(item, "source", "") == "reconstructed"


def info_cards(obs: dict[str, Any], game: Any) -> dict[str, InfoCard]:
    """The text of every character, monster, curse, action card, the alarm track and the events."""
    data = game.tables.data
    cards: dict[str, InfoCard] = {}
    for ch in data.characters:
        text = (
            f"Ability: {ch.ability_text} Teleport card: {ch.teleport_text} "
            f"(rolls {plural(ch.teleport_resourcefulness, 'die', 'dice')}; reconstructed)."
        )
        cards[f"character:{slug(ch.name)}"] = InfoCard(ch.name, text, _reconstructed(ch))
    for m in data.monsters:
        text = f"{m.difficulty.capitalize()} monster. {m.ability_text}"
        if obs["variant"] != "standard":
            text += " (The young players' rules give monsters no ability.)"
        if _reconstructed(m):
            text += " (Its difficulty is reconstructed: measured by simulation.)"
        cards[f"monster:{slug(m.name)}"] = InfoCard(m.name, text, _reconstructed(m))
    for cur in data.curses:
        note = " (reconstructed: the mix of curse cards)" if _reconstructed(cur) else ""
        cards[f"curse:{cur.effect}"] = InfoCard(
            f"Curse: {cur.short or cur.name}",
            f"{cur.name}. {plural(cur.count, 'card')} in the curse deck{note}.",
            _reconstructed(cur),
        )
    for card in (*game.tables.card_names[:5], TELEPORT):
        title = card_title(card)
        owner = obs["characters"][obs["hand"]["seat"]]["name"] if obs.get("hand") else None
        reconstructed = card == TELEPORT
        text = card_words(card, game, owner) + (" (The Teleport cards are reconstructed.)" if reconstructed else "")
        cards[f"card:{slug(title)}"] = InfoCard(f"Action card {title}", text, reconstructed)
    al = data.alarm
    cards["alarm"] = InfoCard(
        "Alarm track",
        f"At space {al.curse_space} everyone takes a curse; from space {al.shrink_space} only 2 monster movement "
        f"cards stay revealed; at the bus (space {al.bus}) the game is lost. The spaces are reconstructed.",
        _reconstructed(al),
    )
    events = [movement_card_words(game, e) for e in obs["events_in_game"]]
    kinds = sorted({e.removeprefix("event: ") for e in events})
    text = (
        f"{plural(len(events), 'event card')} in the monster movement deck: " + "; ".join(kinds) + "."
        if events
        else "No event cards in this game."
    )
    cards["events"] = InfoCard(
        "Events", text + " (The event mix is reconstructed.)", any(_reconstructed(e) for e in data.events)
    )
    if obs["event"]:
        cards["event"] = InfoCard("Event now", event_text(game, obs["event"]))
    return cards


def glossary(game: Any) -> list[tuple[str, str]]:
    """The move notation in words."""
    return [
        ("play 3-1", "play the action card 3-1: travel exactly 3 roads, roll 1 die (plus the support tokens there)"),
        ("play teleport", "play your character's Teleport card"),
        ("rest", "declare a rest: take all action cards back into the hand"),
        ("go Arcade", "travel the next road to the Arcade (or teleport, or run there at an event)"),
        ("pull support / pull distrust", "pull that token from the neighbour being asked (rumors, disorder, setup)"),
        ("leave", "leave the tokens of a location with a courage die"),
        ("move distrust to Town Hall", "a roll's arrow: move a token from your location to that neighbour"),
        ("place die / pass", "place a courage die here, or not (pass also keeps a roll or curses, skips abilities)"),
        ("draw deck / take 1-5", "draw from the action deck, or (Stan) take that card from the discard pile"),
        ("discard 4-0 / raise alarm", "the event: discard that action card, or raise the alarm by 1"),
        ("drop curse max_five_dice", "discard an old curse (after a roll on a courage die)"),
        ("heal Wendy flip_support", "Soos removes that curse of a nearby character"),
        ("die to / die from Arcade", "Wendy moves a courage die to or from that neighbour"),
        ("reroll curse", "Dipper re-rolls one die showing that face"),
        ("monster Gremoblin", "choose that monster (to fight, or to move when several are nearest)"),
        ("remove die Arcade", "the event: remove the courage die at that location"),
        *((f"drop curse {c.effect}", f"the curse '{c.short or c.name}': {c.name}") for c in game.tables.data.curses),
    ]


BOARD = BoardHooks(
    board_moves=board_moves,
    changed_parts=changed_parts,
    seat_roles=seat_roles,
    info_cards=info_cards,
    glossary=glossary,
)
