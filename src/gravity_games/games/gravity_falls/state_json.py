"""The canonical JSON form of a Gravity Falls state (documented in docs/games/gravity-falls.md).

Names are used instead of numbers wherever a person reads or writes a position by hand
(locations, monsters, characters, cards, curses); ``tasks`` lists what is pending, front first.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from gravity_games.core.api import InvalidStateError

from .data import COURAGE_DICE, TOKENS_IN_BOX
from .state import GravityFallsPosition


def _cards(state: GravityFallsPosition, mask: int) -> list[str]:
    return [("T" if c == 5 else state.tables.card_names[c]) for c in range(6) if mask >> c & 1]


def _mask(state: GravityFallsPosition, names: list[str], where: str) -> int:
    lookup = {n: i for i, n in enumerate(state.tables.card_names)}
    mask = 0
    for name in names:
        if name not in lookup:
            raise InvalidStateError(f"{where}: unknown action card {name!r}; cards: {', '.join(lookup)}")
        mask |= 1 << lookup[name]
    return mask


def _kinds(state: GravityFallsPosition, mask: int) -> list[str]:
    return [e for k, e in enumerate(state.tables.curse_kinds) if mask >> k & 1]


def _kind_mask(state: GravityFallsPosition, names: list[str], where: str) -> int:
    kinds = state.tables.curse_kinds
    mask = 0
    for name in names:
        if name not in kinds:
            raise InvalidStateError(f"{where}: unknown curse {name!r}; curses: {', '.join(kinds)}")
        mask |= 1 << kinds.index(name)
    return mask


def _card_id(state: GravityFallsPosition, name: str, where: str) -> int:
    if name in state.tables.names:
        return state.tables.names.index(name)
    for c in range(state.rule_tables.location_count, state.rule_tables.movement_card_count):
        if state.card_name(c) == name:
            return c
    raise InvalidStateError(f"{where}: unknown monster movement or event card {name!r}")


def _loc_id(state: GravityFallsPosition, name: str | None, where: str) -> int:
    if name is None:
        return -1
    if name not in state.tables.names:
        raise InvalidStateError(f"{where}: unknown location {name!r}")
    return state.tables.names.index(name)


def dump(state: GravityFallsPosition) -> dict[str, Any]:
    """The position's canonical document (the body of ``to_json``)."""
    from .state import DEFEATED, RESULT_TEXT, TASK_NAMES, task_arguments, tasks_front_first

    tables = state.tables
    return {
        "active": state.active,
        "turn": state.turn,
        "result": RESULT_TEXT[state.result],
        "alarm": state.alarm,
        "row_capacity": state.revealed_capacity,
        "supply": state.supply,
        "locations": {
            tables.names[i]: {
                "support": state.support[i],
                "distrust": state.distrust[i],
                "die": bool(state.courage_dice[i]),
            }
            for i in range(state.rule_tables.location_count)
        },
        "monsters": [
            {
                "name": tables.monster_names[state.monsters[m]] if state.monsters[m] >= 0 else None,
                "location": "defeated"
                if state.monster_locations[m] == DEFEATED
                else (tables.names[state.monster_locations[m]] if state.monster_locations[m] >= 0 else None),
            }
            for m in range(3)
        ],
        "characters": [
            {
                "name": tables.char_names[state.characters[s]] if state.characters[s] >= 0 else None,
                "location": tables.names[state.character_locations[s]] if state.character_locations[s] >= 0 else None,
                "hand": _cards(state, state.hands[s]),
                "deck": _cards(state, state.action_decks[s]),
                "discard": _cards(state, state.action_discards[s]),
                "curses": _kinds(state, state.curses[s]),
                "new_curses": _kinds(state, state.new_curses[s]),
            }
            for s in range(state.players)
        ],
        "curse_deck": dict(zip(tables.curse_kinds, state.curse_deck, strict=True)),
        "curse_discard": dict(zip(tables.curse_kinds, state.curse_discard, strict=True)),
        "movement_deck": [state.card_name(c) for c in state.movement_deck],
        "revealed": [state.card_name(c) for c in state.revealed],
        "movement_discard": [state.card_name(c) for c in state.movement_discard],
        "box": [state.card_name(c) for c in state.box],
        "turn_state": {
            "card": state.card_played,
            "start": state.route_start,
            "route_pos": state.route_position,
            "route_left": state.route_left,
            "route_used": state.route_used,
            "foe": state.fought_monster,
            "roll": [state.roll_successes, state.roll_arrows, state.roll_curses],
            "extra": state.extra_dice,
            "event_used": state.event_used,
            "alarm_due": state.alarm_due,
            "current_event": state.current_event,
        },
        "tasks": [[TASK_NAMES[t.kind], t.seat, *task_arguments(t)] for t in tasks_front_first(state)],
    }


def load(state: GravityFallsPosition, body: Mapping[str, Any]) -> None:
    """Fill a fresh ``state`` from a document; every count is checked against the components in the box."""
    from .state import DEFEATED, RESULT_TEXT, TASK_KINDS, Result, task_from_arguments

    tables = state.tables
    state.active = int(body["active"])
    state.turn = int(body["turn"])
    if body["result"] not in RESULT_TEXT:
        raise InvalidStateError(f"result must be one of {RESULT_TEXT}, got {body['result']!r}")
    state.result = Result(RESULT_TEXT.index(body["result"]))
    state.alarm = int(body["alarm"])
    state.revealed_capacity = int(body.get("row_capacity", 3))
    state.supply = int(body["supply"])
    locs = body["locations"]
    for name in locs:
        _loc_id(state, name, "locations")
    for i, name in enumerate(tables.names):
        entry = locs.get(name, {"support": 0, "distrust": 0, "die": False})
        state.support[i] = int(entry.get("support", 0))
        state.distrust[i] = int(entry.get("distrust", 0))
        state.courage_dice[i] = 1 if entry.get("die", False) else 0
    monsters = body["monsters"]
    if len(monsters) != 3:
        raise InvalidStateError("monsters: a game has exactly 3 monsters")
    for m, entry in enumerate(monsters):
        name = entry["name"]
        state.monsters[m] = (
            -1 if name is None else tables.monster_names.index(name) if name in tables.monster_names else -9
        )
        if state.monsters[m] == -9:
            raise InvalidStateError(f"monsters: unknown monster {name!r}; monsters: {', '.join(tables.monster_names)}")
        where = entry["location"]
        state.monster_locations[m] = DEFEATED if where == "defeated" else _loc_id(state, where, "monsters")
    chars = body["characters"]
    if len(chars) != state.players:
        raise InvalidStateError(f"characters: {state.players} players need {state.players} entries, got {len(chars)}")
    for s, entry in enumerate(chars):
        name = entry["name"]
        if name is not None and name not in tables.char_names:
            raise InvalidStateError(
                f"characters: unknown character {name!r}; characters: {', '.join(tables.char_names)}"
            )
        state.characters[s] = -1 if name is None else tables.char_names.index(name)
        state.character_locations[s] = _loc_id(state, entry["location"], "characters")
        state.hands[s] = _mask(state, entry.get("hand", []), "hand")
        state.action_decks[s] = _mask(state, entry.get("deck", []), "deck")
        state.action_discards[s] = _mask(state, entry.get("discard", []), "discard")
        state.curses[s] = _kind_mask(state, entry.get("curses", []), "curses")
        state.new_curses[s] = _kind_mask(state, entry.get("new_curses", []), "new_curses")
    state.curse_deck = [int(body["curse_deck"].get(k, 0)) for k in tables.curse_kinds]
    state.curse_discard = [int(body["curse_discard"].get(k, 0)) for k in tables.curse_kinds]
    state.movement_deck = sorted(_card_id(state, c, "movement_deck") for c in body["movement_deck"])
    state.revealed = [_card_id(state, c, "revealed") for c in body["revealed"]]
    state.movement_discard = [_card_id(state, c, "movement_discard") for c in body["movement_discard"]]
    state.box = sorted(_card_id(state, c, "box") for c in body["box"])
    ts = body["turn_state"]
    state.card_played = int(ts["card"])
    state.route_start = int(ts["start"])
    state.route_position = int(ts["route_pos"])
    state.route_left = int(ts["route_left"])
    state.route_used = int(ts["route_used"])
    state.fought_monster = int(ts["foe"])
    state.roll_successes, state.roll_arrows, state.roll_curses = (int(x) for x in ts["roll"])
    state.extra_dice = int(ts["extra"])
    state.event_used = int(ts["event_used"])
    state.alarm_due = int(ts["alarm_due"])
    state.current_event = int(ts["current_event"])
    tasks = []
    for t in body["tasks"]:
        if t[0] not in TASK_KINDS:
            raise InvalidStateError(f"tasks: unknown task {t[0]!r}")
        tasks.append(task_from_arguments(TASK_KINDS[t[0]], int(t[1]), int(t[2]), int(t[3])))
    tasks.reverse()  # the document lists the front task first; the state keeps a stack (state.front_task)
    state.tasks = tasks
    check_counts(state)


def check_counts(state: GravityFallsPosition) -> None:
    """Components are neither created nor lost: tokens, courage dice, cards."""
    problems = []
    tokens = sum(state.support) + sum(state.distrust)
    if tokens != TOKENS_IN_BOX:
        problems.append(f"{tokens} support/distrust tokens on the board, the box has {TOKENS_IN_BOX}")
    dice = state.supply + sum(state.courage_dice) + 1
    if dice != COURAGE_DICE:
        problems.append(f"{dice} courage dice (supply + board + alarm marker), the box has {COURAGE_DICE}")
    if any(d not in (0, 1) for d in state.courage_dice):
        problems.append("a location holds more than one courage die")
    cards = sorted(state.movement_deck + state.revealed + state.movement_discard + state.box)
    if cards != list(range(state.rule_tables.movement_card_count)):
        problems.append(
            "monster movement and event cards must each be in exactly one of deck, revealed, discard and box"
        )
    held = [0] * len(state.curse_deck)
    for s in range(state.players):
        for k in range(len(held)):
            held[k] += state.curses[s] >> k & 1
        full = 0b111111 if state.rule_tables.standard else 0b011111
        parts = (state.hands[s], state.action_decks[s], state.action_discards[s])
        overlap = parts[0] & parts[1] or parts[0] & parts[2] or parts[1] & parts[2]
        if overlap or (parts[0] | parts[1] | parts[2]) != full:
            problems.append(f"seat {s}: each action card must be in exactly one of hand, deck and discard")
        if state.new_curses[s] & ~state.curses[s]:
            problems.append(f"seat {s}: new_curses must be held curses")
    for k, count in enumerate(state.tables.curse_counts):
        if state.curse_deck[k] + state.curse_discard[k] + held[k] != count:
            problems.append(f"curse {state.tables.curse_kinds[k]}: deck + discard + held must be {count}")
    if problems:
        raise InvalidStateError("gravity-falls state: " + "; ".join(problems))
