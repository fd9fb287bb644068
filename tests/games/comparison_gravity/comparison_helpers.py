"""Explicit comparison-gravity positions for scenario tests, written as state documents."""

from __future__ import annotations

from typing import Any

from gravity_games import load
from gravity_games.games.comparison_gravity.rules import ComparisonGravityState

FULL_CARDS = {"A": 2, "B": 2, "C": 1}


def comparison_state(
    players: int = 2,
    *,
    phase: str = "announce",
    first: int = 0,
    round_first: int | None = None,
    step: int = 0,
    hands: list[list[int]] | None = None,
    cards: list[dict[str, int]] | None = None,
    announced: list[str | None] | None = None,
    played: list[int] | None = None,
    first_match: int = -2,
    rounds: list[dict[str, Any]] | None = None,
) -> ComparisonGravityState:
    """A position given by its state document (the canonical format of docs/games/comparison-gravity.md)."""
    game = load("comparison-gravity", players=players)
    doc = {
        "game": "comparison-gravity",
        "players": players,
        "state": {
            "phase": phase,
            "roll_off": {"contenders": [first], "rolls": []},
            "roll_off_passes": 0,
            "lots": [],
            "first_player": first,
            "round_first": first if round_first is None else round_first,
            "step": step,
            "hands": hands or [[1, 2, 3, 4, 5] for _ in range(players)],
            "cards": cards or [dict(FULL_CARDS) for _ in range(players)],
            "announced": announced or [None] * players,
            "played": played or [0] * players,
            "first_match": first_match,
            "rounds": rounds or [],
        },
    }
    state = game.state_from_json(doc)
    assert isinstance(state, ComparisonGravityState)
    return state


def play(state: ComparisonGravityState, *moves: str) -> ComparisonGravityState:
    for move in moves:
        state.apply_action(state.string_to_action(move))
    return state
