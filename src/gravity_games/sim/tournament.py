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
rating; ratings are ``400 * log10(strength)`` shifted to a mean of 1500. Each rating has a 95 %
bootstrap interval (the games resampled with replacement and the model refitted, ``bootstrap``
times, from a seed derived from the tournament's), and the head-to-head table gives every pair
of agents' score against each other with a Wilson interval. In a cooperative
game all seats share one result, so there are no pairwise results and no Elo: the
tournament reports each agent's team win rate instead.
"""

from __future__ import annotations

import math
import random
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


def _score_matrix(agents: int, results: Sequence[tuple[int, int, float]]) -> list[list[float]]:
    """``wins[a][b]``: a's score against b summed over the results."""
    wins = [[0.0] * agents for _ in range(agents)]
    for a, b, score in results:
        wins[a][b] += score
        wins[b][a] += 1.0 - score
    return wins


def elo_ratings(agents: int, results: Sequence[tuple[int, int, float]], *, iterations: int = 2000) -> list[float]:
    """Bradley-Terry ratings on the Elo scale (mean 1500) from ``(a, b, score of a)`` results."""
    return _elo_from_scores(_score_matrix(agents, results), iterations=iterations)


def _elo_from_scores(scores: list[list[float]], *, iterations: int = 2000) -> list[float]:
    agents = len(scores)
    wins = [row[:] for row in scores]
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


def elo_intervals(
    agents: int, games: Sequence[Sequence[tuple[int, int, float]]], *, samples: int, seed: int
) -> list[tuple[float, float]]:
    """95 % bootstrap intervals of the Elo ratings: games drawn again with replacement, refitted.

    Whole games are resampled (not single pairwise results), since the results of one game's
    seats depend on each other. The draws come from ``seed``, so the intervals are reproducible.
    """
    if samples < 1 or not games:
        return [(math.nan, math.nan)] * agents
    per_game = [_score_matrix(agents, g) for g in games]
    rng = random.Random(seed)
    fits: list[list[float]] = []
    n = len(per_game)
    for _ in range(samples):
        total = [[0.0] * agents for _ in range(agents)]
        for _ in range(n):
            game = per_game[rng.randrange(n)]
            for a in range(agents):
                row, out = game[a], total[a]
                for b in range(agents):
                    out[b] += row[b]
        fits.append(_elo_from_scores(total, iterations=500))
    bounds = []
    for a in range(agents):
        values = sorted(f[a] for f in fits)
        bounds.append((_quantile(values, 0.025), _quantile(values, 0.975)))
    return bounds


def _quantile(values: Sequence[float], q: float) -> float:
    """Linear-interpolation quantile of sorted values."""
    pos = q * (len(values) - 1)
    low = math.floor(pos)
    high = min(low + 1, len(values) - 1)
    return values[low] + (values[high] - values[low]) * (pos - low)


def head_to_head(agents: Sequence[str], results: Sequence[tuple[int, int, float]]) -> list[dict[str, Any]]:
    """Every ordered pair of agents: pairwise results between them, a's score and its 95 % interval.

    A score is 1 for a win over the other (won while the other did not), 0.5 for a draw (both
    or neither won), 0 for a loss, as in the Elo fit.
    """
    scores = _score_matrix(len(agents), results)
    counts = [[0] * len(agents) for _ in agents]
    for a, b, _score in results:
        counts[a][b] += 1
        counts[b][a] += 1
    rows = []
    for a, name in enumerate(agents):
        for b, other in enumerate(agents):
            if a == b or not counts[a][b]:
                continue
            n, score = counts[a][b], scores[a][b]
            low, high = wilson_interval(score, n)
            rows.append(
                {
                    "agent": name,
                    "opponent": other,
                    "results": n,
                    "score": score,
                    "rate": score / n,
                    "low": low,
                    "high": high,
                }
            )
    return rows


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
    bootstrap: int = 200,
    **backend_options: Any,
) -> dict[str, Any]:
    """Play ``games`` games per line-up and rotation; return standings with intervals and Elo.

    ``bootstrap`` resamples of the games give each Elo rating its 95 % interval (0: none).
    """
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
    game_pairs: list[list[tuple[int, int, float]]] = []
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
                    game_pairs.append(_pairwise(lineup, g["winners"]))
                    pairs.extend(game_pairs[-1])
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
    bounds = (
        elo_intervals(len(specs), game_pairs, samples=bootstrap, seed=derive_seed(seed, "bootstrap"))
        if elo is not None and bootstrap > 0
        else None
    )
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
                "elo_low": None if bounds is None else round(bounds[i][0], 1),
                "elo_high": None if bounds is None else round(bounds[i][1], 1),
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
        "head_to_head": [] if cooperative else head_to_head(specs, pairs),
        "bootstrap_samples": bootstrap if bounds is not None else 0,
    }


__all__ = ["elo_intervals", "elo_ratings", "head_to_head", "run_tournament", "seatings"]
