"""standings(): the report's lead changes and a search's leaf values read it, so it must rank like the rules do."""

from __future__ import annotations

import random

import pytest

from gravity_games import load
from gravity_games.core.api import CHANCE, sample_chance


@pytest.mark.parametrize("players", [2, 3])
def test_the_leaders_at_the_end_are_the_winners(players: int) -> None:
    moved = 0
    for seed in range(40):
        state = load("doubt-gravity", players=players).new_initial_state()
        rng = random.Random(seed)
        first = state.standings()
        while not state.is_terminal():
            if state.current_player() == CHANCE:
                state.apply_action(sample_chance(state, rng))
            else:
                legal = state.legal_actions()
                state.apply_action(legal[rng.randrange(len(legal))])
        final = state.standings()
        assert len(final) == players
        best = max(final)
        assert {s for s, v in enumerate(final) if v == best} == set(state.outcome().winners), seed
        moved += final != first
    assert moved == 40  # standings follow the game, they are not a constant
