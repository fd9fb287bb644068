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
        "heuristic:margin=3:door=20",
        "the heuristic that keeps its help cards for bigger gains (a card is spent on the die only for a "
        "gain above three times its value, the heuristic's 0.6 times) and spends them all to open the Hut "
        "of Wonders' door; fitted against the heuristic on tuning deals (about 55 % at two seats, 38 % at "
        "three). IS-MCTS, heuristic playouts and a one-turn lookahead scored by a fitted evaluation "
        "measured no stronger than this",
    ),
}

LEVELS = level_agents(LEVEL_SPECS)

__all__ = ["LEVELS", "LEVEL_SPECS"]
