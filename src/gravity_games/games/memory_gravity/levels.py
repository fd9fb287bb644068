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
        "heuristic:explore=0:fitted=1:power=4:blocked=1:evidence=1",
        "the heuristic playing against what heuristic bots really end with (a table of their final "
        "combinations counted by self-play, data/opponents.toml, instead of opponents holding three "
        "random numbers), an opponent's combination made only of numbers this seat does not hold "
        "(holding 543 leaves no one a 555), valuing a combination by its chance to the fourth power "
        "(only the strongest count: it goes for triples and 543), without the bonus for lifting "
        "uncertain tokens, and reading the other seats' public lifts and keeps as evidence of the "
        "numbers (a token kept first is likely a 4 or 5, one lifted and passed over likely low; "
        "data/evidence.toml, counted by self-play). On fresh deals (seeds 60-63) 60.9 % of 1,600 "
        "two-seat games against the heuristic, 52.6 % of 800 three-seat games (seeds 60, 61) against "
        "two. Pairs of kept and passed tokens, playouts for close keeps, IS-MCTS, heuristic playouts "
        "and the plan settings (fitted completion chances, the opponents' holdings, lift lookahead) "
        "measured no stronger",
    ),
}

LEVELS = level_agents(LEVEL_SPECS)

__all__ = ["LEVELS", "LEVEL_SPECS"]
