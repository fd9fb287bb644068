"""Real-game positions shared by the search tests, reached by seeded random play."""

from __future__ import annotations

import random

from gravity_games import load
from gravity_games.core.api import CHANCE, State, sample_chance
from gravity_games.games.gravwell.state import Stage


def gravwell_choice_of_seat(seat: int, seed: int) -> State:
    """A 3-seat Gravwell position where ``seat`` chooses a fuel card, reached by random play."""
    game = load("gravwell", players=3)
    rng = random.Random(seed)
    state = game.new_initial_state()
    while True:
        player = state.current_player()
        if player == CHANCE:
            state.apply_action(sample_chance(state, rng))
            continue
        if player == seat and state.stage == Stage.CHOOSE and len(state.legal_actions()) > 1:
            return state
        legal = state.legal_actions()
        state.apply_action(legal[rng.randrange(len(legal))])
