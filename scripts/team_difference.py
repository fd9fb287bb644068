"""The difference of two team win rates from a ``bot_strength.py --team`` run, with a paired 95 % interval.

Both teams play the same seeds, so the interval is that of the mean of the per-seed differences
(each -1, 0 or +1; normal approximation), narrower than two independent Wilson intervals would say.

    .venv/bin/python scripts/team_difference.py docs/figures/bot-levels/gravity-falls-2-hard-vs-heuristic-team-15.json
"""

from __future__ import annotations

import json
import math
import sys
from pathlib import Path
from typing import Any


def paired_difference(doc: dict[str, Any]) -> dict[str, float]:
    """Points of team win rate the tested team is ahead, and the 95 % interval of that figure."""
    agent = {r["seed"]: r["won"] for r in doc["team_agent"]["results"]}
    opponent = {r["seed"]: r["won"] for r in doc["team_opponent"]["results"]}
    seeds = [s for s in agent if s in opponent]
    if not seeds:
        raise SystemExit("no seed was played by both teams")
    diffs = [int(agent[s]) - int(opponent[s]) for s in seeds]
    n = len(diffs)
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1) if n > 1 else 0.0
    half = 1.96 * math.sqrt(var / n)
    return {
        "games": n,
        "agent_wins": sum(agent[s] for s in seeds),
        "opponent_wins": sum(opponent[s] for s in seeds),
        "points": 100 * mean,
        "low": 100 * (mean - half),
        "high": 100 * (mean + half),
    }


def main(argv: list[str]) -> int:
    if not argv:
        print(__doc__.strip().splitlines()[-1].strip(), file=sys.stderr)
        return 2
    for name in argv:
        doc = json.loads(Path(name).read_text())
        d = paired_difference(doc)
        print(
            f"{name}: {d['games']} games, {doc['agent']} {d['agent_wins']} wins, {doc['opponent']} "
            f"{d['opponent_wins']}: {d['points']:+.1f} points ({d['low']:+.1f} to {d['high']:+.1f})"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
