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
        {2: "heuristic:tau=0.2:out_bonus=0", 3: "heuristic:out_bonus=20:free_ride=1:sure_doubt=1"},
        "the heuristic with settings fitted against the heuristic itself (scripts/tune_heuristic.py). "
        "Two players: it doubts only when the chance of taking the stack itself is below a fifth and "
        "does not bluff its last tokens away for the sake of going out. Three players: when an "
        "opponent is about to go out and a later player still holds tokens, it leaves the doubt "
        "(and the risk of a failed one) to that player; it puts no bluff on a stack somebody went out "
        "on (that stack will be doubted); going out is worth 20 tokens, not 30",
    ),
}

LEVELS = level_agents(LEVEL_SPECS)

__all__ = ["LEVELS", "LEVEL_SPECS"]
