"""Build explicit Gravity Falls positions for scenario tests.

A test writes the parts of the JSON state that matter (locations, monsters, characters, revealed
cards, pending tasks); ``complete`` fills in the rest exactly as the box demands (the 51 tokens not
mentioned lie as support tokens on a far ``filler`` location, the unused dice in the supply, the
curse cards not held in the curse deck) so every scenario obeys the component counts.
"""

from __future__ import annotations

import copy
from typing import Any

from gravity_games import load
from gravity_games.games.gravity_falls.rules import GravityFallsGame, GravityFallsState

TURN_STATE = {
    "card": -1,
    "start": -1,
    "route_pos": -1,
    "route_left": 0,
    "route_used": 0,
    "foe": -1,
    "roll": [0, 0, 0],
    "extra": 0,
    "event_used": 0,
    "alarm_due": 0,
    "current_event": -1,
}
ALL_CARDS = ["0-4", "1-5", "2-2", "3-1", "4-0", "T"]


def game(players: int = 1, **params: Any) -> GravityFallsGame:
    g = load("gravity-falls", players=players, **params)
    assert isinstance(g, GravityFallsGame)
    return g


def complete(g: GravityFallsGame, part: dict[str, Any], filler: str = "Mini Golf Course") -> dict[str, Any]:
    tb = g.tables
    body = copy.deepcopy(part)
    locs = {name: {"support": 0, "distrust": 0, "die": False} for name in tb.names}
    for name, entry in body.get("locations", {}).items():
        assert name in locs, name
        locs[name].update(entry)
    used = sum(v["support"] + v["distrust"] for v in locs.values())
    locs[filler]["support"] += 51 - used
    body["locations"] = locs
    dice = sum(1 for v in locs.values() if v["die"])
    body.setdefault("supply", 19 - dice)
    body.setdefault("active", 0)
    body.setdefault("turn", 0)
    body.setdefault("result", "ongoing")
    body.setdefault("alarm", 0)
    body.setdefault("row_capacity", 3)
    chars = []
    for ch in body["characters"]:
        ch = {"deck": [], "discard": [], "curses": [], "new_curses": [], **ch}
        if "hand" not in ch:
            ch["hand"] = [c for c in ALL_CARDS if c not in ch["deck"] and c not in ch["discard"]]
        chars.append(ch)
    body["characters"] = chars
    held = {k: 0 for k in tb.curse_kinds}
    for ch in chars:
        for k in ch["curses"]:
            held[k] += 1
    body.setdefault("curse_discard", {k: 0 for k in tb.curse_kinds})
    body.setdefault(
        "curse_deck",
        {k: c - held[k] - body["curse_discard"][k] for k, c in zip(tb.curse_kinds, tb.curse_counts, strict=True)},
    )
    body.setdefault("revealed", [])
    body.setdefault("movement_discard", [])
    taken = set(body["revealed"]) | set(body["movement_discard"])
    if "movement_deck" not in body:
        body["movement_deck"] = [n for n in tb.names if n not in taken]
    taken |= set(body["movement_deck"])
    probe = g.new_initial_state()
    every = [probe.card_name(c) for c in range(g.movement_card_count)]
    body.setdefault("box", [c for c in every if c not in taken])
    body["turn_state"] = {**TURN_STATE, **body.get("turn_state", {})}
    body.setdefault("tasks", [])
    return {
        "game": "gravity-falls",
        "version": g.VERSION,
        "players": g.players,
        "params": {},
        "state": body,
        "history": [],
        "log": [],
    }


def build(g: GravityFallsGame, part: dict[str, Any], filler: str = "Mini Golf Course") -> GravityFallsState:
    state = g.state_from_json(complete(g, part, filler))
    assert isinstance(state, GravityFallsState)
    return state


def play(state: GravityFallsState, *moves: str | int) -> GravityFallsState:
    """Apply moves by notation (player steps) or by id (chance outcomes)."""
    for move in moves:
        action = move if isinstance(move, int) else state.string_to_action(move)
        state.apply_action(action)
    return state


def loc(state: GravityFallsState, name: str) -> dict[str, Any]:
    return state.to_json()["state"]["locations"][name]


def texts(state: GravityFallsState) -> list[str]:
    return [state.action_to_string(a) for a in state.legal_actions()]


def roll_id(successes: int, moves: int) -> int:
    return 8 * successes + moves


def card_id(state: GravityFallsState, name: str) -> int:
    return next(c for c in range(state.rule_tables.movement_card_count) if state.card_name(c) == name)


def curse_id(state: GravityFallsState, effect: str) -> int:
    return state.tables.curse_kinds.index(effect)
