"""How often would a perfectly calibrated hint pass the decile check? The check's noise floor.

Draws ``--trials`` runs of N positions whose predictions follow those of a calibration run (its
rows' ``predicted``) and whose outcomes are won with exactly the predicted chance, so every
difference between a decile's prediction and its observed rate is sampling noise; prints, per N,
the share of runs in which all ten deciles are within 10 points, and the mean number that are.

    .venv/bin/python scripts/calibration_noise.py docs/figures/bot-levels/calibration-doubt-gravity-2-41.json
"""

from __future__ import annotations

import argparse
import json
import random
from pathlib import Path

from gravity_games.agents.hints import calibration_deciles


def passing(predictions: list[float], n: int, rng: random.Random) -> int:
    """Deciles within 10 points in one run of ``n`` perfectly calibrated positions."""
    drawn = [rng.choice(predictions) for _ in range(n)]
    rows = [{"predicted": p, "won": rng.random() < p} for p in drawn]
    return sum(t["within_10_points"] for t in calibration_deciles(rows) if t["positions"])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("runs", type=Path, nargs="+")
    parser.add_argument("--sizes", type=int, nargs="+", default=[300, 600, 1000, 2000])
    parser.add_argument("--trials", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    predictions = [float(r["predicted"]) for p in args.runs for r in json.loads(p.read_text())["rows"]]
    rng = random.Random(args.seed)
    for n in args.sizes:
        results = [passing(predictions, n, rng) for _ in range(args.trials)]
        all_ten = sum(r == 10 for r in results) / args.trials
        mean = sum(results) / args.trials
        print(f"{n} positions: all ten deciles within 10 points in {all_ten:.1%} of runs, {mean:.2f} on average")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
