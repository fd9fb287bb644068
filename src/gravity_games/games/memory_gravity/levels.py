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
        "heuristic:explore=0:fitted=1:power=4:blocked=1",
        "the heuristic playing against what heuristic bots really end with (a table of their final "
        "combinations counted by self-play, data/opponents.toml, instead of opponents holding three "
        "random numbers), an opponent's combination made only of numbers this seat does not hold "
        "(holding 543 leaves no one a 555), valuing a combination by its chance to the fourth power "
        "(only the strongest count: it goes for triples and 543), without the bonus for lifting "
        "uncertain tokens; on tuning deals (seeds 41, 42) 58.6 % of 800 two-seat and 55.5 % of 400 "
        "three-seat games against heuristics. Evidence from the opponents' lifts and keeps, playouts "
        "for close keeps, IS-MCTS, heuristic playouts and the plan settings (fitted completion chances, "
        "the opponents' holdings, lift lookahead) measured no stronger",
    ),
}

LEVELS = level_agents(LEVEL_SPECS)

__all__ = ["LEVELS", "LEVEL_SPECS"]
