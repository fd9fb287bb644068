"""IS-MCTS plays a whole game of every registered rulebook game, at its largest table."""

from __future__ import annotations

import pytest

from gravity_games import list_games, load
from gravity_games.agents import make_agents
from gravity_games.core.play import play_game

RULEBOOK_GAMES = [g for g in list_games() if not g.startswith("toy-")]


@pytest.mark.parametrize("game_id", RULEBOOK_GAMES)
def test_ismcts_finishes_a_game_at_the_largest_table(game_id: str) -> None:
    game = load(game_id, players=load(game_id).spec.max_players)
    state, record = play_game(game, make_agents(["ismcts:iterations=3"], game, seed=1), seed=1)
    assert state.is_terminal()
    assert record.replay().to_json() == state.to_json()
