"""Explicit memory-gravity positions for scenario tests, written as state documents."""

from __future__ import annotations

from typing import Any

from gravity_games import load
from gravity_games.games.memory_gravity.rules import MemoryGravityState

IDENTITY = [1, 2, 3, 4, 5] * 3
"""K1..K5, G1..G5, R1..R5 carry the numbers 1..5 in order (token X<n> has number n)."""


def memory_state(
    players: int = 2,
    *,
    phase: str = "lift",
    numbers: list[int] | None = None,
    first: int = 0,
    turn: int = 0,
    this_turn: list[str] | None = None,
    lifts: list[list[Any]] | None = None,
    kept: list[list[str]] | None = None,
    perception: str = "exact",
) -> MemoryGravityState:
    """A position given by its state document (the canonical format of docs/games/memory-gravity.md)."""
    game = load("memory-gravity", players=players, perception=perception)
    doc = {
        "game": "memory-gravity",
        "players": players,
        "state": {
            "phase": phase,
            "numbers": list(numbers or IDENTITY),
            "roll_off": {"contenders": [first], "rolls": []},
            "roll_off_passes": 0,
            "lots": [],
            "first_player": first,
            "turn": turn,
            "this_turn": list(this_turn or []),
            "lifts": [list(x) for x in (lifts or [])],
            "kept": [list(k) for k in (kept or [[] for _ in range(players)])],
        },
    }
    state = game.state_from_json(doc)
    assert isinstance(state, MemoryGravityState)
    return state


def play(state: MemoryGravityState, *moves: str) -> MemoryGravityState:
    """Apply moves by their notation (chance readings included, e.g. ``feel``)."""
    for move in moves:
        state.apply_action(state.string_to_action(move))
    return state
