"""Helpers for Doubt × Gravity tests: games set up move by move in notation."""

from __future__ import annotations

from gravity_games import load
from gravity_games.games.doubt_gravity.rules import DoubtGravityGame, DoubtGravityState


def game(players: int = 2, **params: object) -> DoubtGravityGame:
    g = load("doubt-gravity", players=players, **params)
    assert isinstance(g, DoubtGravityGame)
    return g


def play(state: DoubtGravityState, *moves: str) -> DoubtGravityState:
    """Apply moves written in notation (chance outcomes too: ``remove K1``, ``roll 3``)."""
    for move in moves:
        state.apply_action(state.string_to_action(move))
    return state


TWO_PLAYER_DEAL = (
    "colour black",
    "colour grey",
    "deal K2",  # seat 0's four black tokens: the last one needs no step
    "deal K3",
    "deal K4",
    "deal G2",  # seat 1's four grey tokens
    "deal G3",
    "deal G4",
    "deal R2",  # red: two for seat 0, then two for seat 1
    "deal R3",
    "deal R4",
)


def two_player_start(perception: str = "exact", **params: object) -> DoubtGravityState:
    """2 players; K1, G1, R1 removed; seat 0 black (K2-K5), seat 1 grey (G2-G5);
    red: seat 0 R2 R3, seat 1 R4 R5; seat 0 wins the roll-off (5 against 2)."""
    state = game(2, perception=perception, **params).new_initial_state()
    return play(
        state,
        "remove K1",
        "remove G1",
        "remove R1",
        *TWO_PLAYER_DEAL,
        "roll 5",
        "roll 2",
    )


def three_player_start(perception: str = "exact", **params: object) -> DoubtGravityState:
    """3 players; K1, G1, R1 removed; seats 0/1/2 black/grey/red; extras grey/red/black.
    Seat 0: K2 K3 + G4; seat 1: G2 G3 + R4; seat 2: R2 R3 + K4. Seat 0 rolls highest."""
    state = game(3, perception=perception, **params).new_initial_state()
    return play(
        state,
        "remove K1",
        "remove G1",
        "remove R1",
        "colour black",
        "colour grey",
        "extra grey",
        "extra red",
        "extra black",
        "deal K2",  # black: seat 0, seat 0, then seat 2's extra
        "deal K3",
        "deal K4",
        "deal G4",  # grey: seat 0's extra comes first (seat order), then seat 1's two
        "deal G2",
        "deal G3",
        "deal R4",  # red: seat 1's extra, then seat 2's two
        "deal R2",
        "deal R3",
        "roll 5",
        "roll 3",
        "roll 1",
    )
