"""Bot levels of the skeleton game: what ``easy``, ``medium`` and ``hard`` stand for.

A real game chooses each level by measurement (docs/sim.md, "Bot levels") and says so here; the
skeleton only shows the shape: ``easy`` the heuristic with a quarter of its decisions random,
``medium`` the heuristic, ``hard`` an IS-MCTS search. Its strength was not measured.
"""

from gravity_games.agents.levels import level_agents

LEVEL_SPECS = {
    "easy": ("beginner:mistakes=0.25", "the heuristic, with a quarter of its decisions a random legal move"),
    "medium": ("heuristic", "the heuristic bot"),
    "hard": ("ismcts:iterations=100", "IS-MCTS, 100 iterations (an example level: its strength is not measured)"),
}

LEVELS = level_agents(LEVEL_SPECS)

__all__ = ["LEVELS", "LEVEL_SPECS"]
