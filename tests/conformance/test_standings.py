"""The optional ``standings()`` hook ranks like the rules do, in every competitive game that has it.

The balance report counts lead changes by it and the IS-MCTS search turns it into leaf values,
so at the end of a game its leaders must be exactly the winners, and it must follow the game.
"""

from __future__ import annotations

import pytest

from gravity_games.agents import make_agents
from gravity_games.core.play import play_game

from .checks import Config, configs

RANKED = [c for c in configs() if not c.make().COOPERATIVE and hasattr(c.make().new_initial_state(), "standings")]


def test_the_games_with_a_score_or_a_distance_have_standings() -> None:
    assert {c.game for c in RANKED} >= {"gravwell", "saving-waddles", "comparison-gravity", "doubt-gravity"}


@pytest.mark.parametrize("config", RANKED, ids=[c.id for c in RANKED])
def test_the_leaders_at_the_end_are_the_winners(config: Config) -> None:
    moved = 0
    for seed in range(12):
        game = config.make()
        first = list(game.new_initial_state().standings())
        state, _ = play_game(game, make_agents(["random"], game, seed), seed)
        final = list(state.standings())
        assert len(final) == config.players
        best = max(final)
        leaders = {s for s, v in enumerate(final) if v == best}
        assert leaders == set(state.outcome().winners), f"{config.id} seed {seed}: standings {final}"
        moved += final != first
    assert moved == 12, f"{config.id}: standings did not change over a whole game"
