"""Bot levels of this game: what ``easy``, ``medium`` and ``hard`` stand for (issue 15).

``easy`` is a fair beginner (the heuristic with a quarter of its decisions random), ``medium`` the
heuristic bot, ``hard`` the strongest agent this project has for the game within one second per
decision on one core, chosen by measurement (docs/sim.md, "Bot levels"). Settings written after a
level name (``hard:seconds=0.5``) are laid over the level's own.
"""

from gravity_games.agents.levels import SpecChoice, level_agents

LEVEL_SPECS: dict[str, tuple[SpecChoice, str]] = {
    # A quarter of random moves hardly hurts this heuristic (53 % and 46 % of 200 games against
    # it); half of them makes a beginner (42 % of 300 in comparison-gravity, 30.5 % of 200 in gravwell).
    "easy": ("beginner:mistakes=0.5", "the heuristic, with half of its decisions a random legal move"),
    "medium": ("heuristic", "the heuristic bot"),
    # At three seats 300 iterations took 1.15 s of CPU at the 95th percentile of 30 positions
    # (scripts/bot_timing.py, 2026-12-01), past the level's one second: 200 keep it inside.
    "hard": (
        {2: "ismcts:iterations=300", 3: "ismcts:iterations=200"},
        "IS-MCTS with random playouts to the end: 300 iterations at two seats, 200 at three "
        "(which keeps a decision under a second)",
    ),
}

LEVELS = level_agents(LEVEL_SPECS)

__all__ = ["LEVELS", "LEVEL_SPECS"]
