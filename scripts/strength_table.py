"""The strength runs kept as JSON (bot_strength.py, vs_openspiel.py) as one markdown table for docs/sim.md.

.venv/bin/python scripts/strength_table.py artifacts/strength/*.json
"""

from __future__ import annotations

import json
import sys
from pathlib import Path


def pct(x: float) -> str:
    return f"{100 * x:.1f} %"


def row(doc: dict) -> str:
    done = "" if doc.get("complete", True) else " (cut short)"
    if "difference_points" in doc:
        a, o = doc["team_agent"], doc["team_opponent"]
        t = a["time_per_decision"]
        return (
            f"| {doc['game']} | {doc['players']} | team of `{doc['agent']}` vs team of `{doc['opponent']}` | "
            f"{doc.get('seed', '')} | "
            f"{a['games']}{done} | {a['wins']} vs {o['wins']}: {pct(a['rate'])} ({pct(a['low'])}-{pct(a['high'])}) vs "
            f"{pct(o['rate'])} ({pct(o['low'])}-{pct(o['high'])}), {doc['difference_points']:+.1f} points | "
            f"{1000 * t['median_s']:.0f} / {1000 * t['p95_s']:.0f} |"
        )
    a = doc["all"]
    t = doc.get("time_per_decision", {})
    if "agent_median_s" in t:
        times = f"{1000 * t['agent_median_s']:.0f} (OpenSpiel {1000 * t['openspiel_median_s']:.0f})"
        players, opponent = 2, "OpenSpiel ISMCTSBot, same time"
    else:
        times = f"{1000 * t['median_s']:.0f} / {1000 * t['p95_s']:.0f}"
        players, opponent = doc["players"], f"{doc['players'] - 1} x `{doc['opponent']}`"
    sees = doc.get("sees")
    seeing = f" seeing {sees} (`ceiling.py`)" if sees else ""
    # What the spec alone does not say (which fit a `leaf=fitted` read), written into the run's JSON.
    note = f" ({doc['note']})" if doc.get("note") else ""
    return (
        f"| {doc['game']} | {players} | `{doc['agent']}`{note}{seeing} vs {opponent} | {doc.get('seed', '')} | "
        f"{a['games']}{done} | "
        f"{a['wins']}: {pct(a['rate'])} ({pct(a['low'])}-{pct(a['high'])}) | {times} |"
    )


def main(paths: list[str]) -> int:
    print("| game | seats | line | seed | games | wins (95 % Wilson) | ms per decision (median / p95) |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    shown: set[str] = set()
    for path in sorted(paths):
        doc = json.loads(Path(path).read_text())
        if "all" in doc or "team_agent" in doc:  # strength runs only (calibration and timing files sit alongside)
            line = row(doc)
            if line not in shown:  # one run kept under two names (by level and by spec) is one row
                shown.add(line)
                print(line)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
