"""Sensitivity of each game's balance to the reconstructed values that drive it (docs/games/*.md).

Runs a fixed list of sweeps (``gravity sweep`` through :func:`gravity_games.sim.sweep.run_sweep`),
each with the game's heuristic bot in every seat, writes one JSON document per sweep into
``--out`` and prints a Markdown table per sweep for the "Sensitivity" section of the game's page.

    .venv/bin/python scripts/sensitivity.py --out artifacts/sensitivity --workers 2 [--only gravwell]

Sizes are modest (40-200 games a point): the intervals in the tables say how far to trust them.
Every point of a sweep plays the same seeds, so differences between points come from the value.
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path
from typing import Any

from gravity_games.sim.roles import role_entry
from gravity_games.sim.sweep import run_sweep

WADDLES_HELP = [
    # 21 help cards over five kinds (the box's count); the packaged mix is the middle one.
    {"source": "user", "another_turn": 1, "reroll": 6, "plus_minus": 7, "set_three": 4, "face_down": 3},
    {"source": "reconstructed", "another_turn": 3, "reroll": 5, "plus_minus": 6, "set_three": 4, "face_down": 3},
    {"source": "user", "another_turn": 6, "reroll": 4, "plus_minus": 5, "set_three": 3, "face_down": 3},
]
MASSES = "masses.grams=[10,12,14,16,18],[10,13,16,19,22],[10,16,22,28,34]"

SWEEPS: list[dict[str, Any]] = [
    {"game": "gravity-falls", "players": 3, "vary": ["alarm.bus=14,16,18,20,22"], "games": 100},
    {"game": "gravity-falls", "players": 3, "vary": ["alarm.shrink_space=9,11,13,15,17"], "games": 100},
    {"game": "gravity-falls", "players": 3, "vary": ["alarm.curse_space=4,6,8,10,12"], "games": 100},
    {"game": "gravity-falls", "players": 3, "vary": ["events=0,2,4,6,8"], "games": 100},
    {"game": "gravwell", "players": 3, "vary": ["board.length=44,49,54,59,64"], "games": 60},
    {"game": "gravwell", "players": 3, "vary": ["board.merton_cloud=17,22,27,32,37"], "games": 60},
    {"game": "gravwell", "players": 5, "vary": ["cards[Ni].value=4,6,8,10"], "games": 40},
    {
        "game": "saving-waddles",
        "players": 3,
        "vary": ["help_cards=" + ",".join(json.dumps(h, separators=(",", ":")) for h in WADDLES_HELP)],
        "games": 200,
    },
    {"game": "saving-waddles", "players": 3, "vary": ["board[1].spaces[2].to=-1,-3,-5,-7"], "games": 200},
    {"game": "memory-gravity", "players": 2, "vary": ["perception.levels.normal=0.05,0.1,0.2,0.3"], "games": 60},
    {"game": "memory-gravity", "players": 2, "vary": [MASSES], "games": 60},
    {"game": "comparison-gravity", "players": 2, "vary": ["seesaw.arms_cm.C=8,10,12,14"], "games": 200},
    {"game": "comparison-gravity", "players": 2, "vary": [MASSES], "games": 200},
    {"game": "doubt-gravity", "players": 2, "vary": ["perception.levels.normal=0.05,0.1,0.2,0.3"], "games": 200},
    {"game": "doubt-gravity", "players": 2, "vary": [MASSES], "games": 200},
]


def _pct(r: dict[str, float]) -> str:
    return f"{100 * r['rate']:.0f} % ({100 * r['low']:.0f}-{100 * r['high']:.0f})"


def _short(value: Any) -> str:
    if isinstance(value, dict):
        return "another turn ×{another_turn}, reroll ×{reroll}, ±1 ×{plus_minus}".format(**value)
    if isinstance(value, list):
        return "/".join(f"{v:g}" for v in value)
    return str(value)


def markdown(doc: dict[str, Any]) -> str:
    """One table: the value, the team's or each seat's win rate, the first player's, and the length."""
    axis = doc["vary"][0]
    path = axis["path"]
    coop = doc["cooperative"]
    seats = [0] if coop else list(range(doc["players"]))
    head = ["`" + path + "`", *(["team win rate"] if coop else [f"seat {s} wins" for s in seats])]
    first = any(role_entry(p["by_role"], "first player", "yes") for p in doc["points"])
    if first:
        head.append("first player wins")
    head.append("mean length (steps)")
    lines = ["| " + " | ".join(head) + " |", "|" + " --- |" * len(head)]
    for p in doc["points"]:
        value = _short(p["values"][path]) + (" (packaged)" if p["values"][path] == axis["default"] else "")
        cells = [value, *(_pct(p["win_rate"][s]) for s in seats)]
        if first:
            held = role_entry(p["by_role"], "first player", "yes")
            cells.append("-" if held is None else _pct(held))
        length = p["length"]
        cells.append(f"{length['mean']:.0f} ({length['low']:.0f}-{length['high']:.0f})")
        lines.append("| " + " | ".join(cells) + " |")
    note = " Every point played the same games: the value never came into play." if doc.get("no_effect") else ""
    values = axis["values"]
    shown = (
        "..."
        if any(isinstance(v, dict) for v in values)
        else ",".join(json.dumps(v, separators=(",", ":")) if isinstance(v, list) else str(v) for v in values)
    )
    return (
        f"`gravity sweep {doc['game']} -n {doc['players']} --agents heuristic --games {doc['games_per_point']} "
        f"--seed {doc['seed']} --vary '{path}={shown}'`{note}\n\n" + "\n".join(lines) + "\n"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path("artifacts/sensitivity"))
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=18)
    parser.add_argument("--only", default=None, help="one game id")
    parser.add_argument("--scale", type=float, default=1.0, help="multiply every sweep's game count")
    parser.add_argument("--render", action="store_true", help="only print the tables of the JSON in --out")
    args = parser.parse_args()
    if args.render:
        for path in sorted(args.out.glob("*.json")):
            doc = json.loads(path.read_text(encoding="utf-8"))
            print(f"### {doc['game']}: {doc['vary'][0]['path']}\n")
            print(markdown(doc))
        return
    args.out.mkdir(parents=True, exist_ok=True)
    for sweep in SWEEPS:
        if args.only and sweep["game"] != args.only:
            continue
        started = time.perf_counter()
        doc = run_sweep(
            sweep["game"],
            sweep["vary"],
            games=max(1, round(sweep["games"] * args.scale)),
            players=sweep["players"],
            agents=["heuristic"],
            seed=args.seed,
            workers=args.workers,
        )
        slug = "".join(c if c.isalnum() else "_" for c in doc["vary"][0]["path"])
        (args.out / f"{sweep['game']}-{slug}.json").write_text(json.dumps(doc, indent=1, sort_keys=True) + "\n")
        print(f"### {sweep['game']}: {doc['vary'][0]['path']} ({time.perf_counter() - started:.0f} s)\n")
        print(markdown(doc), flush=True)


if __name__ == "__main__":
    main()
