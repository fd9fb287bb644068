"""Drive one game: chance drawn from a seeded RNG, seats asked through their agents.

>>> from gravity_games import load
>>> from gravity_games.agents import make_agents
>>> game = load("doubt-gravity", players=3)
>>> state, record = play_game(game, make_agents(["random"] * 3, game, seed=5), seed=5)
>>> state.is_terminal() and record.replay().to_json() == state.to_json()
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from gravity_games.core.agent import Agent, SeatView
from gravity_games.core.api import CHANCE, TERMINAL, Game, GravityError, State, sample_chance
from gravity_games.core.record import GameRecord
from gravity_games.core.seeding import derive_seed

StepHook = Callable[[State, int, int], None]


def play_game(
    game: Game,
    agents: Sequence[Agent],
    seed: int,
    *,
    state: State | None = None,
    on_step: StepHook | None = None,
) -> tuple[State, GameRecord]:
    """Play to the end. Chance uses ``random.Random(derive_seed(seed, "chance"))``.

    ``on_step(state_before, player, action)`` is called before each action is applied.
    """
    if len(agents) != game.players:
        raise GravityError(f"{game.ID} with {game.players} players needs {game.players} agents, got {len(agents)}")
    chance_rng = random.Random(derive_seed(seed, "chance"))
    state = game.new_initial_state() if state is None else state
    limit = game.spec.max_game_length
    steps = 0
    while True:
        player = state.current_player()
        if player == TERMINAL:
            break
        if player == CHANCE:
            action = sample_chance(state, chance_rng)
        else:
            action = agents[player].act(SeatView(state, player))
        if on_step is not None:
            on_step(state, player, action)
        state.apply_action(action)
        steps += 1
        if steps > limit:
            raise GravityError(f"{game.ID} passed its max_game_length of {limit} steps")
    return state, GameRecord.from_state(state, seed)
