"""OpenSpiel's zero-sum algorithms on the adapter's zero-sum view (issue 18): figures for docs/api.md.

1. Tabular CFR on the interop toy (high card, two seats, small enough to walk its whole tree):
   exploitability of the average policy after 0, 10, 50, 100, 200 iterations.
2. Outcome-sampling MCCFR on doubt-gravity cut to one round (``max_rounds=1``, ``perception=exact``;
   none of the six games is small enough for full-tree CFR or an exploitability figure even so, the
   deal alone has millions of outcomes): iterations per second, information states met, and the
   average policy's win rate against uniform random play, seats alternated, with a 95 % interval.

    nice .venv/bin/python scripts/zero_sum_cfr.py --iterations 3000 --games 400
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from pathlib import Path

import numpy as np
from open_spiel.python.algorithms import cfr, exploitability
from open_spiel.python.algorithms import outcome_sampling_mccfr as os_mccfr

from gravity_games.interop import openspiel

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from tests.interop import toy_game  # the toy lives with the interop tests


def wilson(wins: float, n: int) -> tuple[float, float]:
    """95 % Wilson interval of a rate."""
    if n == 0:
        return (0.0, 1.0)
    p, z = wins / n, 1.96
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (centre - half, centre + half)


def toy_cfr() -> list[dict[str, float]]:
    toy_game.install()
    game = openspiel.load_game("interop-toy", zero_sum=True)
    solver = cfr.CFRSolver(game)
    rows = []
    done = 0
    for target in (0, 10, 50, 100, 200):
        while done < target:
            solver.evaluate_and_update_policy()
            done += 1
        rows.append(
            {"iterations": done, "exploitability": exploitability.exploitability(game, solver.average_policy())}
        )
        print(f"toy CFR {done:4d} iterations: exploitability {rows[-1]['exploitability']:.4f}", flush=True)
    return rows


def doubt_mccfr(iterations: int, games: int, seed: int) -> dict[str, object]:
    game = openspiel.load_game("doubt-gravity", zero_sum=True, max_rounds=1, perception="exact")
    solver = os_mccfr.OutcomeSamplingSolver(game)
    start = time.perf_counter()
    for _ in range(iterations):
        solver.iteration()
    seconds = time.perf_counter() - start
    policy = solver.average_policy()
    rng = np.random.RandomState(seed)
    wins = draws = 0
    for g in range(games):
        mccfr_seat = g % 2
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                actions, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(int(rng.choice(actions, p=probs)))
            elif state.current_player() == mccfr_seat:
                dist = policy.action_probabilities(state)
                actions, probs = zip(*dist.items(), strict=True)
                p = np.asarray(probs, dtype=float)
                state.apply_action(int(rng.choice(actions, p=p / p.sum())))
            else:
                state.apply_action(int(rng.choice(state.legal_actions())))
        r = state.returns()[mccfr_seat]
        wins += r > 0
        draws += r == 0
    lo, hi = wilson(wins, games)
    doc = {
        "iterations": iterations,
        "seconds": round(seconds, 1),
        "iterations_per_second": round(iterations / seconds, 1),
        "information_states": len(solver._infostates),
        "games": games,
        "wins": int(wins),
        "draws": int(draws),
        "win_rate": wins / games,
        "interval": [round(lo, 3), round(hi, 3)],
    }
    print(f"doubt-gravity (1 round) MCCFR: {doc}", flush=True)
    return doc


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--iterations", type=int, default=3000)
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--json", type=Path, default=None)
    args = parser.parse_args()
    doc = {"toy_cfr": toy_cfr(), "doubt_gravity_mccfr": doubt_mccfr(args.iterations, args.games, args.seed)}
    if args.json is not None:
        args.json.write_text(json.dumps(doc, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
