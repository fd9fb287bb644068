"""Balance under different play: the same figures with random, heuristic and strong agents.

A balance figure measured with random agents says how the rules behave under chance; players
are better than that. ``compare_play`` runs one extra batch per agent spec, that spec in every
seat, on the same seeds, and keeps each batch's balance figures (win rate per seat, length,
endings, roles), so a report can show whether a seat or role advantage grows, shrinks or flips
with the strength of play. ``simulate --compare random,heuristic,hard`` adds them as ``by_play``; a level (``easy``,
``medium``, ``hard``) also names the agent it stands for in that game (``plays_as``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from gravity_games.agents.levels import LEVELS, level_spec
from gravity_games.core.api import InvalidParameterError

from .runner import run_batch

KEPT = (
    "games",
    "wins",
    "win_rate",
    "no_winner",
    "mean_length",
    "mean_decisions",
    "length_min",
    "length_max",
    "terminations",
    "by_role",
)


def compare_play(
    game_id: str,
    specs: Sequence[str],
    *,
    games: int,
    players: int,
    params: dict[str, Any],
    seed: int,
    workers: int = 1,
    backend: str = "local",
    progress: Callable[[int], None] | None = None,
    **backend_options: Any,
) -> list[dict[str, Any]]:
    """``[{"agent": spec, figures...}]`` in the order given (a list: JSON keeps it), one batch of
    ``games`` per spec with the spec in every seat, root seed ``seed``."""
    if not specs:
        raise InvalidParameterError("--compare needs agent specs, e.g. random,heuristic,hard")
    if len(set(specs)) != len(specs):
        raise InvalidParameterError(f"--compare names an agent twice: {', '.join(specs)}")
    out: list[dict[str, Any]] = []
    for spec in specs:
        doc = run_batch(
            game_id,
            games=games,
            players=players,
            params=params,
            agents=[spec],
            seed=seed,
            workers=workers,
            backend=backend,
            progress=progress,
            **backend_options,
        )
        figures: dict[str, Any] = {"agent": spec, **{key: doc[key] for key in KEPT}}
        if spec in LEVELS:
            # A level is a name; say which agent it stood for here, so "hard" can be read.
            figures["plays_as"] = level_spec(game_id, spec, players)
        out.append(figures)
    return out


__all__ = ["compare_play"]
