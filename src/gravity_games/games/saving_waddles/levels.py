"""Bot levels of this game: what ``easy``, ``medium`` and ``hard`` stand for (issue 15).

``easy`` is a fair beginner (the heuristic with a quarter of its decisions random), ``medium`` the
heuristic bot, ``hard`` the strongest agent this project has for the game within one second per
decision on one core, chosen by measurement (docs/sim.md, "Bot levels"). Settings written after a
level name (``hard:seconds=0.5``) are laid over the level's own.
"""

from gravity_games.agents.levels import SpecChoice, level_agents

LEVEL_SPECS: dict[str, tuple[SpecChoice, str]] = {
    "easy": ("beginner:mistakes=0.25", "the heuristic, with a quarter of its decisions a random legal move"),
    "medium": ("heuristic", "the heuristic bot"),
    "hard": (
        {
            2: "rollouts:found=1:worlds=256:sure=1.5:keep=0.02:margin=3:door=20",
            3: "rollouts:found=1:worlds=160:sure=1.5:keep=0.02:margin=3:door=20",
        },
        "once Waddles has been found, every move tried by heuristic playouts to the end of the game on up to "
        "256 sampled worlds with the same luck per world (the others played as the plain heuristic); before "
        "that, and wherever the playouts find no clear gain, the heuristic that keeps its help cards for gains "
        "above three times their value and spends them all to open the Hut of Wonders' door. Another move "
        "replaces the heuristic's when it wins 2 % more of the worlds and is 1.5 standard errors clear. From "
        "three players on, up to 160 worlds, so that a decision stays well inside a second",
    ),
}

LEVELS = level_agents(LEVEL_SPECS)

__all__ = ["LEVELS", "LEVEL_SPECS"]
