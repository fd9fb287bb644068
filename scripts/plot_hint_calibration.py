"""The reliability plot of the hint calibration from recorded runs, one panel per game.

Each run (a ``scripts/hint_calibration.py`` document, or one written by
``scripts/fit_hint_calibration.py --check-out`` with a map applied) is one line in its game's panel,
labelled with its seed, positions and whether the figures are raw or mapped.

    .venv/bin/python scripts/plot_hint_calibration.py docs/figures/bot-levels/hint-calibration.png RUN.json ...
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from hint_calibration import plot  # type: ignore[import-not-found]

from gravity_games.agents.hints import calibration_deciles


def label(doc: dict[str, Any]) -> str:
    """What the run's line is: the hint's work, its seed and positions, and the figures' map."""
    if "map" in doc:
        kind = "raw" if doc["map"] is None else "map"
    else:  # a run as recorded: its figures are raw unless a map was in force then
        raw = all(float(r.get("raw", r["predicted"])) == float(r["predicted"]) for r in doc["rows"])
        kind = "raw" if raw else "map"
    work = f"{doc['hint_budget']} {doc['hint_unit']}" if "hint_budget" in doc else f"{doc['hint_seconds']:g} s wall"
    return f"{work}, seed {doc['seed']}, {doc['positions']}, {kind}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("runs", type=Path, nargs="+")
    args = parser.parse_args(argv)
    panels: dict[str, dict[str, list[dict[str, Any]]]] = {}
    for path in args.runs:
        doc = json.loads(path.read_text())
        panel = f"{doc['game']}, {doc['players']} players"
        panels.setdefault(panel, {})[label(doc)] = calibration_deciles(doc["rows"])
    plot(panels, args.out)
    print(args.out)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
