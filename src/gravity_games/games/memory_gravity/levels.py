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
        "heuristic:explore=0",
        "the heuristic without its bonus for lifting uncertain tokens: no agent measured stronger than "
        "the heuristic (IS-MCTS 8 / 20, heuristic playouts 8 / 15, every setting within noise of 50 %; "
        "this one 50.7 % of 400), so hard plays as well as medium at its cost",
    ),
}

LEVELS = level_agents(LEVEL_SPECS)

__all__ = ["LEVELS", "LEVEL_SPECS"]
