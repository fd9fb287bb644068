"""Words and facts shared by the Gravity Falls views and board hooks, read from one observation.

Everything here turns the observation's identifiers (curse effects, ability codes, task names,
card codes) into the words printed in the game's data, and answers the questions a player asks
of the board (which roads leave a location, which monster is nearest to a character). It reads
the seat's observation and the game's public tables only, never a state.
"""

from __future__ import annotations

import re
from typing import Any

CHAR_COLOURS = {"Dipper": "#2a64a3", "Mabel": "#a8306c", "Stan": "#444444", "Soos": "#6e5129", "Wendy": "#236b43"}
CHAR_MARKS = {"Dipper": "D", "Mabel": "M", "Stan": "St", "Soos": "So", "Wendy": "W"}
LEVEL_COLOURS = {"easy": "#2f7d32", "medium": "#8a4b00", "hard": "#b3261e"}
TELEPORT = "T"
_EVENT_CARD = re.compile(r"^event \d+ \((\w+)\)$")


def slug(name: str) -> str:
    """A part-key form of a name: "Gideon's Telepathy Tent" -> "gideons-telepathy-tent"."""
    return re.sub(r"[^a-z0-9]+", "-", name.lower().replace("'", "")).strip("-")


def plural(count: int, word: str, many: str | None = None) -> str:
    """ "1 road", "2 roads", "0 cards"."""
    return f"{count} {word if count == 1 else many or word + 's'}"


def card_title(card: str) -> str:
    """An action card as a player names it: "2-2", or "Teleport"."""
    return "Teleport" if card == TELEPORT else card


def card_words(card: str, game: Any, character: str | None = None) -> str:
    """What an action card does: "travel 2 roads, roll 2 dice" (the Teleport by its character's text)."""
    tb = game.tables
    if card == TELEPORT:
        ch = _character(game, character)
        if ch is None:
            return "Teleport: move to the location its character's card names"
        return f"{ch.teleport_text} Roll {plural(ch.teleport_resourcefulness, 'die', 'dice')}."
    i = tb.card_names.index(card)
    return f"Travel exactly {plural(tb.card_distance[i], 'road')}, roll {plural(tb.card_res[i], 'die', 'dice')}."


def _character(game: Any, name: str | None) -> Any:
    return next((c for c in game.tables.data.characters if c.name == name), None)


def curse_short(game: Any, effect: str) -> str:
    cur = next(c for c in game.tables.data.curses if c.effect == effect)
    return str(cur.short or cur.name)


def curse_text(game: Any, effect: str) -> str:
    return str(next(c.name for c in game.tables.data.curses if c.effect == effect))


def event_text(game: Any, effect: str) -> str:
    return str(next(e.name for e in game.tables.data.events if e.effect == effect))


def movement_card_words(game: Any, card: str) -> str:
    """A monster movement deck card: its location, or "event: <its text>"."""
    match = _EVENT_CARD.match(card)
    return f"event: {event_text(game, match.group(1))}" if match else card


def monster_ability_words(game: Any, monster: dict[str, Any]) -> str:
    """The monster card's ability in words; under the young players' rules, none."""
    if monster["ability"] in (None, "none"):
        return "No special ability." if monster["ability"] else ""
    data = next(m for m in game.tables.data.monsters if m.name == monster["name"])
    return str(data.ability_text or "Special ability (see the rulebook).")


def character_ability_words(game: Any, name: str | None) -> str:
    ch = _character(game, name)
    return "" if ch is None else str(ch.ability_text)


def neighbours(game: Any, location: str) -> list[str]:
    """The locations one road away, in the board's order."""
    tb = game.tables
    i = tb.names.index(location)
    return [tb.names[j] for j in tb.adj[i]]


def roads_used(obs: dict[str, Any], game: Any) -> list[int]:
    """The roads (indexes into the data's road list) travelled so far in the current route."""
    used = obs["route"]["used"]
    return [k for k in range(len(game.tables.data.roads)) if used >> k & 1]


def route_start(obs: dict[str, Any], game: Any) -> str | None:
    """Where the current route began (a route may never come back there).

    The roads travelled so far form a trail from the start to the position, and the start is
    never entered again: it is the one location other than the position that an odd number of
    travelled roads touch (the position itself before the first road).
    """
    pos = obs["route"]["position"]
    if pos < 0:
        return None
    tb = game.tables
    degree: dict[str, int] = {}
    for k in roads_used(obs, game):
        road = tb.data.roads[k]
        for end in (road.a, road.b):
            degree[end] = degree.get(end, 0) + 1
    here = str(tb.names[pos])
    odd = [name for name, d in degree.items() if d % 2 and name != here]
    return odd[0] if odd else here


def nearest_monsters(obs: dict[str, Any], game: Any, location: str | None) -> tuple[list[str], int]:
    """The monsters in play nearest to ``location`` (by roads) and their distance; ([], -1) when none."""
    if location is None:
        return [], -1
    tb = game.tables
    here = tb.names.index(location)
    best: list[str] = []
    far = -1
    for m in obs["monsters"]:
        if m["location"] is None or m["defeated"]:
            continue
        d = tb.dist[here][tb.names.index(m["location"])]
        if far < 0 or d < far:
            best, far = [m["name"]], d
        elif d == far:
            best.append(m["name"])
    return best, far


def whereabouts(obs: dict[str, Any], game: Any, character: dict[str, Any]) -> str:
    """ "at Arcade · nearest monster: Gremoblin, 2 roads away", or "not on the board yet"."""
    if character["location"] is None:
        return "not on the board yet"
    return f"at {character['location']} · nearest monster: {nearest_words(obs, game, character['location'])}"


def nearest_words(obs: dict[str, Any], game: Any, location: str | None) -> str:
    names, far = nearest_monsters(obs, game, location)
    if not names:
        return "no monster in play"
    where = "here" if far == 0 else plural(far, "road") + " away"
    listed = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
    return f"{listed}, {where}"


def next_moves(obs: dict[str, Any]) -> list[str]:
    """The revealed monster movement cards, the one used next (furthest from the deck) first."""
    return list(reversed(obs["revealed"]))


def character_at(obs: dict[str, Any], seat: int) -> dict[str, Any] | None:
    chars = obs["characters"]
    return chars[seat] if 0 <= seat < len(chars) else None


def who(obs: dict[str, Any], seat: int) -> str:
    ch = character_at(obs, seat)
    return (ch["name"] if ch and ch["name"] else None) or f"seat {seat}"


def acting_seat(obs: dict[str, Any]) -> int:
    """The seat whose decision the game waits for (the prompt's seat, else the active one)."""
    p = obs["prompt"]
    if p is not None and p["seat"] >= 0:
        return int(p["seat"])
    cp = obs["current_player"]
    return cp if isinstance(cp, int) and cp >= 0 else int(obs["active"])


def location_name(game: Any, index: int) -> str:
    return str(game.tables.names[index])


def prompt_words(obs: dict[str, Any], game: Any) -> str:
    """What the game waits for, in a player's words ("Dipper: choose the next location, 2 roads left")."""
    p = obs["prompt"]
    if obs["result"] != "ongoing":
        return "Gravity Falls is saved: you win!" if obs["result"] == "won" else f"The game is {obs['result']}."
    if p is None:
        return "Waiting."
    task, seat, x, y = p["task"], p["seat"], p["x"], p["y"]
    name = who(obs, seat) if seat >= 0 else "The players"
    here = (character_at(obs, seat) or {}).get("location") if seat >= 0 else None
    words = _PROMPTS.get(task)
    if words is None:
        return "Chance decides (a die roll or a card)." if task in _CHANCE else f"{name} decides."
    return str(words(obs, game, name, here, x, y))


def _monster_in_slot(obs: dict[str, Any], slot: int) -> str:
    mons = obs["monsters"]
    return (mons[slot]["name"] if 0 <= slot < len(mons) else None) or "the monster"


def _monster_place(obs: dict[str, Any], slot: int) -> str:
    mons = obs["monsters"]
    return (mons[slot]["location"] if 0 <= slot < len(mons) else None) or "its location"


def _remove_die_words(obs: dict[str, Any], game: Any, x: int, y: int) -> str:
    if x == 0:
        return f"Event: remove a courage die at {_monster_in_slot(obs, y)}'s location or next to it"
    return f"Event: remove a courage die at {who(obs, y)}'s location or next to it"


_CHANCE = {
    "pick_monster",
    "pick_character",
    "place_monster",
    "place_character",
    "setup_row",
    "pick_event",
    "roll",
    "reroll",
    "give_curse",
    "cleanse",
    "rest_return",
    "reveal",
    "draw_card",
}

_PROMPTS: dict[str, Any] = {
    "choose_card": lambda o, g, n, h, x, y: f"{n}: play an action card from the hand, or rest",
    "route": lambda o, g, n, h, x, y: (
        f"{n} travels: choose the next location ({plural(o['route']['left'], 'road')} left)"
    ),
    "teleport": lambda o, g, n, h, x, y: f"{n} teleports: choose the location",
    "rumor": lambda o, g, n, h, x, y: f"Rumors: which token does {n} pull from {location_name(g, x)}?",
    "setup_pull": lambda o, g, n, h, x, y: (
        f"Setup: which token does {_monster_in_slot(o, y)} take from {location_name(g, x)}?"
    ),
    "roll_setup": lambda o, g, n, h, x, y: f"{n}: choose the monster to fight here",
    "reroll_offer": lambda o, g, n, h, x, y: f"{n} may re-roll one die: tap a die, or keep the roll",
    "move_token": lambda o, g, n, h, x, y: (
        f"{n}: move {plural(x, 'token')} from {h} to a neighbour (tap a token, then a location)"
    ),
    "place_die": lambda o, g, n, h, x, y: f"{n}: place a courage die at {h}?",
    "draw": lambda o, g, n, h, x, y: f"{n}: draw from the action deck or take a card from the discard pile",
    "discard_curse": lambda o, g, n, h, x, y: f"{n}: discard up to {plural(x, 'old curse')} (tap a curse)",
    "ability": lambda o, g, n, h, x, y: (
        "Soos may remove a curse of a nearby character (tap the curse)"
        if n == "Soos"
        else f"{n} may move a courage die (tap a location or a die)"
    ),
    "choose_mover": lambda o, g, n, h, x, y: (
        f"Several monsters are nearest to {n}: choose the one that moves to {location_name(g, x)}"
    ),
    "disorder_pull": lambda o, g, n, h, x, y: (
        f"Disorder: which token does {_monster_in_slot(o, y)} pull from {location_name(g, x)}"
        f" into {_monster_place(o, y)}?"
    ),
    "ev_teleport": lambda o, g, n, h, x, y: f"Event: {n} uses the Teleport card: choose the location",
    "ev_discard_or_alarm": lambda o, g, n, h, x, y: (
        f"Event: {n} discards an action card, or raises the alarm by 1 (tap the alarm track)"
    ),
    "ev_remove_die": lambda o, g, n, h, x, y: _remove_die_words(o, g, x, y),
    "ev_flee": lambda o, g, n, h, x, y: f"Event: {n} runs one location further from the nearest monster",
}


def result_words(obs: dict[str, Any]) -> str:
    res = obs["result"]
    return str({"ongoing": "", "won": "won: Gravity Falls is saved"}.get(res, res))


def wrap(text: str, width: int) -> list[str]:
    """Greedy word wrap at ``width`` characters (never cuts a word)."""
    lines: list[str] = []
    line = ""
    for word in text.split():
        if line and len(line) + 1 + len(word) > width:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    if line:
        lines.append(line)
    return lines
