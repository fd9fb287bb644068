"""Helpers for scenario tests: a state written as explicit JSON, actions by notation, fields to compare."""

from __future__ import annotations

from typing import Any

from gravity_games import load
from gravity_games.games.gravwell.rules import GravwellState


def body(players: int, **fields: Any) -> dict[str, Any]:
    """A full state body: a Movement Phase with nothing chosen yet, overridden by ``fields``."""
    n = players
    base: dict[str, Any] = {
        "stage": "choose",
        "actor": 0,
        "round": 1,
        "phase": 1,
        "pos": [0] * n,
        "start": ["inner"] * n,
        "ship": [None] * n,
        "junk": [26, 36],
        "hands": [[] for _ in range(n)],
        "known": [[] for _ in range(n)],
        "chosen": [None] * n,
        "revealed": False,
        "deck": [],
        "stacks": [],
        "taken": [],
        "form": 0,
        "dealt": 0,
        "mine_order": [],
        "mine_idx": 0,
        "charged": [[True, False, False, False] for _ in range(n)],
        "es_used": [False] * n,
        "order": [],
        "res_idx": 0,
        "delayed": [],
        "queue": [],
        "cloaked": [False] * n,
        "resolving": -1,
        "eff_type": "tractor",
        "eff_value": 0,
        "mods": [],
        "shielded": [],
        "coasted": [],
        "latchers": [],
        "drag": [],
        "echo": 0,
        "last_cards": [None] * n,
        "discards": [],
        "winners": [],
        "reason": "",
    }
    base.update(fields)
    return base


def state(players: int, variant: str = "classic", **fields: Any) -> GravwellState:
    game = load("gravwell", players=players, variant=variant)
    doc = {"game": "gravwell", "players": players, "state": body(players, **fields)}
    result = game.state_from_json(doc)
    assert isinstance(result, GravwellState)
    return result


def play(st: GravwellState, *moves: str) -> GravwellState:
    """Apply moves written in notation (each must be legal where it is applied)."""
    for move in moves:
        st.apply_action(st.string_to_action(move))
    return st


def go_until_choice(st: GravwellState) -> GravwellState:
    """Answer every ability window with 'go'/'pass' until the next card choice (or the end)."""
    while not st.is_terminal() and st._to_json_body()["stage"] in ("own", "response", "reveal", "charge"):
        play(st, "pass" if st._to_json_body()["stage"] != "own" else "go")
    return st


def fields(st: GravwellState, *names: str) -> dict[str, Any]:
    b = st._to_json_body()
    return {k: b[k] for k in names}
