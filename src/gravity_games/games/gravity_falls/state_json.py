"""The canonical JSON form of a Gravity Falls state (documented in docs/games/gravity-falls.md).

Names are used instead of numbers wherever a person reads or writes a position by hand
(locations, monsters, characters, cards, curses); ``tasks`` lists what is pending, front first.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from gravity_games.core.api import InvalidStateError

from .data import COURAGE_DICE, TOKENS_IN_BOX


def _cards(state: Any, mask: int) -> list[str]:
    return [("T" if c == 5 else state.tb.card_names[c]) for c in range(6) if mask >> c & 1]


def _mask(state: Any, names: list[str], where: str) -> int:
    lookup = {n: i for i, n in enumerate(state.tb.card_names)}
    mask = 0
    for name in names:
        if name not in lookup:
            raise InvalidStateError(f"{where}: unknown action card {name!r}; cards: {', '.join(lookup)}")
        mask |= 1 << lookup[name]
    return mask


def _kinds(state: Any, mask: int) -> list[str]:
    return [e for k, e in enumerate(state.tb.curse_kinds) if mask >> k & 1]


def _kind_mask(state: Any, names: list[str], where: str) -> int:
    kinds = state.tb.curse_kinds
    mask = 0
    for name in names:
        if name not in kinds:
            raise InvalidStateError(f"{where}: unknown curse {name!r}; curses: {', '.join(kinds)}")
        mask |= 1 << kinds.index(name)
    return mask


def _card_id(state: Any, name: str, where: str) -> int:
    if name in state.tb.names:
        return state.tb.names.index(name)
    for c in range(state.g.n_loc, state.g.n_cards):
        if state.card_name(c) == name:
            return c
    raise InvalidStateError(f"{where}: unknown monster movement or event card {name!r}")


def _loc_id(state: Any, name: str | None, where: str) -> int:
    if name is None:
        return -1
    if name not in state.tb.names:
        raise InvalidStateError(f"{where}: unknown location {name!r}")
    return state.tb.names.index(name)


def to_body(state: Any) -> dict[str, Any]:
    from .rules import RESULTS, TASK_NAMES

    tb = state.tb
    return {
        "active": state.active,
        "turn": state.turn,
        "result": RESULTS[state.result],
        "alarm": state.alarm,
        "row_capacity": state.cap,
        "supply": state.supply,
        "locations": {
            tb.names[i]: {"support": state.sup[i], "distrust": state.dis[i], "die": bool(state.die[i])}
            for i in range(state.g.n_loc)
        },
        "monsters": [
            {
                "name": tb.monster_names[state.mon[m]] if state.mon[m] >= 0 else None,
                "location": "defeated" if state.mloc[m] == -2 else (
                    tb.names[state.mloc[m]] if state.mloc[m] >= 0 else None),
            }
            for m in range(3)
        ],
        "characters": [
            {
                "name": tb.char_names[state.char[s]] if state.char[s] >= 0 else None,
                "location": tb.names[state.cloc[s]] if state.cloc[s] >= 0 else None,
                "hand": _cards(state, state.hand[s]),
                "deck": _cards(state, state.adeck[s]),
                "discard": _cards(state, state.adisc[s]),
                "curses": _kinds(state, state.curses[s]),
                "new_curses": _kinds(state, state.newc[s]),
            }
            for s in range(state.np)
        ],
        "curse_deck": dict(zip(tb.curse_kinds, state.cdeck, strict=True)),
        "curse_discard": dict(zip(tb.curse_kinds, state.cdisc, strict=True)),
        "movement_deck": [state.card_name(c) for c in state.mdeck],
        "revealed": [state.card_name(c) for c in state.row],
        "movement_discard": [state.card_name(c) for c in state.mdisc],
        "box": [state.card_name(c) for c in state.mbox],
        "turn_state": {
            "card": state.card,
            "start": state.start,
            "route_pos": state.rpos,
            "route_left": state.rleft,
            "route_used": state.rused,
            "foe": state.foe,
            "roll": [state.ds, state.dm, state.dc],
            "extra": state.extra,
            "event_used": state.event_used,
            "alarm_due": state.alarm_due,
            "current_event": state.cur_event,
        },
        "tasks": [[TASK_NAMES[t[0]], t[1], t[2], t[3]] for t in state.tasks],
    }


def load_body(state: Any, body: Mapping[str, Any]) -> None:
    """Fill ``state`` from a body; every count is checked against the components in the box."""
    from .rules import RESULTS, T

    tb = state.tb
    state.active = int(body["active"])
    state.turn = int(body["turn"])
    if body["result"] not in RESULTS:
        raise InvalidStateError(f"result must be one of {RESULTS}, got {body['result']!r}")
    state.result = RESULTS.index(body["result"])
    state.alarm = int(body["alarm"])
    state.cap = int(body.get("row_capacity", 3))
    state.supply = int(body["supply"])
    locs = body["locations"]
    for name in locs:
        _loc_id(state, name, "locations")
    for i, name in enumerate(tb.names):
        entry = locs.get(name, {"support": 0, "distrust": 0, "die": False})
        state.sup[i] = int(entry.get("support", 0))
        state.dis[i] = int(entry.get("distrust", 0))
        state.die[i] = 1 if entry.get("die", False) else 0
    monsters = body["monsters"]
    if len(monsters) != 3:
        raise InvalidStateError("monsters: a game has exactly 3 monsters")
    for m, entry in enumerate(monsters):
        name = entry["name"]
        state.mon[m] = -1 if name is None else tb.monster_names.index(name) if name in tb.monster_names else -9
        if state.mon[m] == -9:
            raise InvalidStateError(f"monsters: unknown monster {name!r}; monsters: {', '.join(tb.monster_names)}")
        where = entry["location"]
        state.mloc[m] = -2 if where == "defeated" else _loc_id(state, where, "monsters")
    chars = body["characters"]
    if len(chars) != state.np:
        raise InvalidStateError(f"characters: {state.np} players need {state.np} entries, got {len(chars)}")
    for s, entry in enumerate(chars):
        name = entry["name"]
        if name is not None and name not in tb.char_names:
            raise InvalidStateError(f"characters: unknown character {name!r}; characters: {', '.join(tb.char_names)}")
        state.char[s] = -1 if name is None else tb.char_names.index(name)
        state.cloc[s] = _loc_id(state, entry["location"], "characters")
        state.hand[s] = _mask(state, entry.get("hand", []), "hand")
        state.adeck[s] = _mask(state, entry.get("deck", []), "deck")
        state.adisc[s] = _mask(state, entry.get("discard", []), "discard")
        state.curses[s] = _kind_mask(state, entry.get("curses", []), "curses")
        state.newc[s] = _kind_mask(state, entry.get("new_curses", []), "new_curses")
    state.cdeck = [int(body["curse_deck"].get(k, 0)) for k in tb.curse_kinds]
    state.cdisc = [int(body["curse_discard"].get(k, 0)) for k in tb.curse_kinds]
    state.mdeck = sorted(_card_id(state, c, "movement_deck") for c in body["movement_deck"])
    state.row = [_card_id(state, c, "revealed") for c in body["revealed"]]
    state.mdisc = [_card_id(state, c, "movement_discard") for c in body["movement_discard"]]
    state.mbox = sorted(_card_id(state, c, "box") for c in body["box"])
    ts = body["turn_state"]
    state.card = int(ts["card"])
    state.start = int(ts["start"])
    state.rpos = int(ts["route_pos"])
    state.rleft = int(ts["route_left"])
    state.rused = int(ts["route_used"])
    state.foe = int(ts["foe"])
    state.ds, state.dm, state.dc = (int(x) for x in ts["roll"])
    state.extra = int(ts["extra"])
    state.event_used = int(ts["event_used"])
    state.alarm_due = int(ts["alarm_due"])
    state.cur_event = int(ts["current_event"])
    tasks = []
    for t in body["tasks"]:
        if t[0] not in T:
            raise InvalidStateError(f"tasks: unknown task {t[0]!r}")
        tasks.append((T[t[0]], int(t[1]), int(t[2]), int(t[3])))
    state.tasks = tasks
    check_counts(state)


def check_counts(state: Any) -> None:
    """Components are neither created nor lost: tokens, courage dice, cards."""
    problems = []
    tokens = sum(state.sup) + sum(state.dis)
    if tokens != TOKENS_IN_BOX:
        problems.append(f"{tokens} support/distrust tokens on the board, the box has {TOKENS_IN_BOX}")
    dice = state.supply + sum(state.die) + 1
    if dice != COURAGE_DICE:
        problems.append(f"{dice} courage dice (supply + board + alarm marker), the box has {COURAGE_DICE}")
    if any(d not in (0, 1) for d in state.die):
        problems.append("a location holds more than one courage die")
    cards = sorted(state.mdeck + state.row + state.mdisc + state.mbox)
    if cards != list(range(state.g.n_cards)):
        problems.append("monster movement and event cards must each be in exactly one of deck, revealed, "
                        "discard and box")
    held = [0] * len(state.cdeck)
    for s in range(state.np):
        for k in range(len(held)):
            held[k] += state.curses[s] >> k & 1
        full = 0b111111 if state.g.standard else 0b011111
        parts = (state.hand[s], state.adeck[s], state.adisc[s])
        overlap = parts[0] & parts[1] or parts[0] & parts[2] or parts[1] & parts[2]
        if overlap or (parts[0] | parts[1] | parts[2]) != full:
            problems.append(f"seat {s}: each action card must be in exactly one of hand, deck and discard")
        if state.newc[s] & ~state.curses[s]:
            problems.append(f"seat {s}: new_curses must be held curses")
    for k, count in enumerate(state.tb.curse_counts):
        if state.cdeck[k] + state.cdisc[k] + held[k] != count:
            problems.append(f"curse {state.tb.curse_kinds[k]}: deck + discard + held must be {count}")
    if problems:
        raise InvalidStateError("gravity-falls state: " + "; ".join(problems))
