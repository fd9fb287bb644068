"""Round-robin tournaments with seat rotation: win rates with intervals and Elo ratings.

Seatings. With ``K`` distinct agents and ``P`` seats:

* ``K >= P``: every set of ``P`` different agents plays, once in each of its ``P`` cyclic
  rotations, so each agent of the set sits in every seat;
* ``K < P``: every multiset of ``P`` agents that holds at least two different agents (or
  the single agent, when ``K == 1``) plays in each of its distinct rotations.

All rotations of one line-up share a seed, so the same deals and dice are replayed with the
agents moved round the table (common random numbers make the seat comparison sharper).

Elo. Every game is turned into pairwise results between seats of different agents: a
winner over a non-winner is a win, two winners or two non-winners a draw. A Bradley-Terry
model is fitted to those results by minorisation-maximisation (Hunter 2004), with one
virtual draw between every pair of agents so an agent that never won still gets a finite
rating; ratings are ``400 * log10(strength)`` shifted to a mean of 1500. In a cooperative
game all seats share one result, so there are no pairwise results and no Elo: the
tournament reports each agent's team win rate instead.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from itertools import combinations, combinations_with_replacement
from typing import Any

from gravity_games.core.api import InvalidParameterError
from gravity_games.core.registry import load
from gravity_games.core.seeding import derive_seed

from .runner import run_batch
from .stats import wilson_interval


def _rotations(lineup: tuple[int, ...]) -> list[tuple[int, ...]]:
    seen: list[tuple[int, ...]] = []
    for r in range(len(lineup)):
        rotated = lineup[r:] + lineup[:r]
        if rotated not in seen:
            seen.append(rotated)
    return seen


def seatings(agents: int, players: int) -> list[list[tuple[int, ...]]]:
    """Line-ups (agent indices per seat), grouped by the rotations that share a seed."""
    if agents < 1 or players < 1:
        raise InvalidParameterError(f"a tournament needs at least one agent and one seat, got {agents}, {players}")
    if agents >= players:
        lineups = list(combinations(range(agents), players))
    elif agents == 1:
        lineups = [(0,) * players]
    else:
        lineups = [c for c in combinations_with_replacement(range(agents), players) if len(set(c)) > 1]
    return [_rotations(lineup) for lineup in lineups]


def elo_ratings(agents: int, results: Sequence[tuple[int, int, float]], *, iterations: int = 2000) -> list[float]:
    """Bradley-Terry ratings on the Elo scale (mean 1500) from ``(a, b, score of a)`` results."""
    wins = [[0.0] * agents for _ in range(agents)]
    for a, b, score in results:
        wins[a][b] += score
        wins[b][a] += 1.0 - score
    for a in range(agents):
        for b in range(agents):
            if a != b:
                wins[a][b] += 0.5  # the virtual draw: keeps every rating finite
    strength = [1.0] * agents
    for _ in range(iterations):
        new = []
        for a in range(agents):
            total = sum(wins[a][b] for b in range(agents) if b != a)
            denom = sum((wins[a][b] + wins[b][a]) / (strength[a] + strength[b]) for b in range(agents) if b != a)
            new.append(total / denom if denom > 0 else strength[a])
        norm = math.exp(sum(math.log(s) for s in new) / agents)
        new = [s / norm for s in new]
        done = max(abs(x - y) for x, y in zip(new, strength, strict=True)) < 1e-12
        strength = new
        if done:
            break
    return [1500.0 + 400.0 * math.log10(s) for s in strength]


def _pairwise(lineup: tuple[int, ...], winners: Sequence[int]) -> list[tuple[int, int, float]]:
    won = set(winners)
    results = []
    for i, j in combinations(range(len(lineup)), 2):
        if lineup[i] == lineup[j]:
            continue
        score = 0.5 if (i in won) == (j in won) else (1.0 if i in won else 0.0)
        results.append((lineup[i], lineup[j], score))
    return results


def run_tournament(
    game_id: str,
    agents: Sequence[str],
    *,
    games: int,
    players: int | None = None,
    params: dict[str, Any] | None = None,
    seed: int = 0,
    workers: int = 1,
    backend: str = "local",
    progress: Callable[[int], None] | None = None,
    **backend_options: Any,
) -> dict[str, Any]:
    """Play ``games`` games per line-up and rotation; return standings with intervals and Elo."""
    specs = [a.strip() for a in agents]
    if len(specs) < 1 or any(not s for s in specs):
        raise InvalidParameterError("a tournament needs agent specs, e.g. --agents heuristic,random,ismcts")
    if len(set(specs)) != len(specs):
        raise InvalidParameterError(f"tournament agents must differ; got {', '.join(specs)}")
    game = load(game_id, players=players, **(params or {}))
    cooperative = game.spec.cooperative
    appearances = [0] * len(specs)
    wins = [0] * len(specs)
    pairs: list[tuple[int, int, float]] = []
    played: list[dict[str, Any]] = []
    for group_index, group in enumerate(seatings(len(specs), game.players)):
        group_seed = derive_seed(seed, "lineup", group_index)
        for lineup in group:
            doc = run_batch(
                game_id,
                games=games,
                players=game.players,
                params=game.params,
                agents=[specs[i] for i in lineup],
                seed=group_seed,
                workers=workers,
                backend=backend,
                progress=progress,
                keep_games=True,
                **backend_options,
            )
            for seat, agent in enumerate(lineup):
                appearances[agent] += games
                wins[agent] += doc["wins"][seat]
            if not cooperative:
                for g in doc["per_game"]:
                    pairs.extend(_pairwise(lineup, g["winners"]))
            played.append(
                {
                    "seats": [specs[i] for i in lineup],
                    "seed": group_seed,
                    "games": games,
                    "wins": doc["wins"],
                    "mean_length": doc["mean_length"],
                }
            )
    elo = elo_ratings(len(specs), pairs) if not cooperative and len(specs) > 1 else None
    standings: list[dict[str, Any]] = []
    for i, spec in enumerate(specs):
        low, high = wilson_interval(wins[i], appearances[i])
        standings.append(
            {
                "agent": spec,
                "games": appearances[i],
                "wins": wins[i],
                "win_rate": {"rate": wins[i] / appearances[i] if appearances[i] else 0.0, "low": low, "high": high},
                "elo": None if elo is None else round(elo[i], 1),
            }
        )
    standings.sort(key=lambda s: (-(s["elo"] if s["elo"] is not None else s["win_rate"]["rate"]), s["agent"]))
    return {
        "game": game_id,
        "players": game.players,
        "params": {k: (list(v) if isinstance(v, tuple) else v) for k, v in game.params.items()},
        "cooperative": cooperative,
        "seed": seed,
        "games_per_seating": games,
        "agents": specs,
        "seatings": played,
        "standings": standings,
        "pairwise_results": len(pairs),
    }


__all__ = ["elo_ratings", "run_tournament", "seatings"]
