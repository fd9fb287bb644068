"""Close keeps settled by playouts (the heuristic's ``playouts`` setting).

A keep decides a colour for good, and the heuristic's plan value is only a model of what the rest of
the game brings. When the two best keeps are within ``close`` of each other by that value, each is
tried on ``playouts`` worlds drawn from the seat's view (``view.sample_state``: the game's
``resample_from_infostate``, nothing the seat cannot see is kept) and the game is played to its end
by the same heuristic (without playouts) in this seat and the plain ``heuristic`` in the others, on
common random numbers (every candidate sees the same worlds and the same later luck). The keep that
wins most is kept; ties go to the heuristic's own choice. The engine plays every rule.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence

from gravity_games.core.agent import Agent, SeatView
from gravity_games.core.api import CHANCE, TERMINAL, Game, State, sample_chance
from gravity_games.core.seeding import derive_seed

AgentFactory = Callable[[Game, int, int], Agent]


def play_to_end(state: State, seat: int, own: AgentFactory, other: AgentFactory, seed: int) -> bool:
    """Play ``state`` out (``own`` in ``seat``, ``other`` elsewhere); True if ``seat`` is among the winners."""
    game = state.game
    chance = random.Random(derive_seed(seed, "chance"))
    agents: dict[int, Agent] = {}
    while True:
        player = state.current_player()
        if player == TERMINAL:
            outcome = state.outcome()
            return outcome is not None and seat in outcome.winners
        if player == CHANCE:
            state.apply_action(sample_chance(state, chance))
            continue
        agent = agents.get(player)
        if agent is None:
            make = own if player == seat else other
            agent = agents[player] = make(game, player, derive_seed(seed, "seat", player))
        state.apply_action(agent.act(SeatView(state, player)))


def keep_by_playouts(
    view: SeatView,
    candidates: Sequence[int],
    own: AgentFactory,
    other: AgentFactory,
    worlds: int,
    seconds: float,
    seed: int,
) -> int:
    """The candidate (the heuristic's choice first) that wins most playouts; the first on a tie."""
    rng = random.Random(derive_seed(seed, "worlds"))
    wins = dict.fromkeys(candidates, 0)
    deadline = time.process_time() + seconds
    for w in range(worlds):
        world = view.sample_state(rng)
        world_seed = derive_seed(seed, "world", w)
        for action in candidates:
            state = world.clone()
            state.apply_action(action)
            wins[action] += play_to_end(state, view.seat, own, other, world_seed)
        if time.process_time() >= deadline:
            break
    return max(candidates, key=lambda a: (wins[a], -candidates.index(a)))
