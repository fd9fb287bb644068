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
        "heuristic:explore=0:fitted=1:power=4",
        "the heuristic playing against what heuristic bots really end with (a table of their final "
        "combinations counted by self-play, data/opponents.toml, instead of opponents holding three "
        "random numbers), valuing a combination by that chance to the fourth power (only the strongest "
        "count: it goes for triples and 543), without the bonus for lifting uncertain tokens; on tuning "
        "deals 59.4 % of 500 two-seat and 51.6 % of 450 three-seat games against heuristics (the "
        "heuristic with explore=0: 51.3 % of 600 at two seats). IS-MCTS and heuristic playouts measured "
        "weaker",
    ),
}

LEVELS = level_agents(LEVEL_SPECS)

__all__ = ["LEVELS", "LEVEL_SPECS"]
