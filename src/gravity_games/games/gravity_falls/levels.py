"""Bot levels of this game: what ``easy``, ``medium`` and ``hard`` stand for (issue 15).

``easy`` is a fair beginner (the heuristic with a quarter of its decisions random), ``medium`` the
heuristic bot, ``hard`` the strongest agent this project has for the game within one second per
decision on one core, chosen by measurement (docs/sim.md, "Bot levels"). Settings written after a
level name (``hard:seconds=0.5``) are laid over the level's own.
"""

from gravity_games.agents.levels import level_agents

LEVEL_SPECS = {
    "easy": ("beginner:mistakes=0.25", "the heuristic, with a quarter of its decisions a random legal move"),
    "medium": ("heuristic", "the heuristic bot"),
    "hard": (
        "heuristic",
        "the heuristic itself: heuristic playouts for the team (playouts:worlds=2:top=3, 0.13 s a "
        "decision, about 18 s of CPU a game) won 0 of 3 measured games where the heuristic team won "
        "1, and IS-MCTS teams won 0 of 20; no stronger agent is known",
    ),
}

LEVELS = level_agents(LEVEL_SPECS)

__all__ = ["LEVELS", "LEVEL_SPECS"]
