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
        "heuristic:alarm=4:trap=30:trap_dice=5:guard_next=7",
        "the heuristic that also looks at the monster move its turn leads to: the alarm the coming "
        "disorder is expected to raise (4 per space), and how much easier the moved monster is to "
        "defeat where it lands than where it stood (30 per unit of the chance of a 5-dice fight), "
        "with a courage die on the next monster card worth 7 instead of 14; fitted by team games on "
        "other deals than the ones it is measured on (docs/sim.md, Bot levels)",
    ),
}

LEVELS = level_agents(LEVEL_SPECS)

__all__ = ["LEVELS", "LEVEL_SPECS"]
