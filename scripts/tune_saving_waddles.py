"""Tune Saving Waddles' hard level: each spec against the plain heuristic, seats rotated, on tuning seeds.

Each spec is played as ``scripts/bot_strength.py`` plays it (game ``i`` seats the spec in seat ``i % players``,
the deal ``derive_seed(seed, "game", i // players)``), and its whole run is written to
``docs/figures/bot-levels/saving-waddles-<players>-<spec>-vs-heuristic-<seed>.json`` (``:`` as ``_``).
One line per spec is printed (and appended to ``--log``). Seed 15 is the measuring seed: never tune on it.

    nice -n 19 .venv/bin/python scripts/tune_saving_waddles.py -n 2 --games 2000 --seed 41 \\
        heuristic:margin=3 heuristic:margin=4
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bot_strength import competitive  # type: ignore[import-not-found]

OUT = Path(__file__).resolve().parents[1] / "docs/figures/bot-levels"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("specs", nargs="+")
    parser.add_argument("-n", "--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=41)
    parser.add_argument("--opponent", default="heuristic")
    parser.add_argument("--log", type=Path, default=OUT / "tuning-saving-waddles.txt")
    args = parser.parse_args(argv)
    if args.seed == 15:
        parser.error("seed 15 is the measuring seed (scripts/bot_strength.py); tune on another")
    for spec in args.specs:
        started = [time.time()]
        name = f"saving-waddles-{args.players}-{spec}-vs-{args.opponent}-{args.seed}.json".replace(":", "_")
        head = {"game": "saving-waddles", "players": args.players, "agent": spec, "opponent": args.opponent}
        head |= {"seed": args.seed, "games_requested": args.games, "purpose": "tuning"}

        def save(
            partial: dict[str, Any],
            complete: bool = False,
            head: dict[str, Any] = head,
            name: str = name,
            t0: list[float] = started,
        ) -> None:
            doc = {**head, **partial, "complete": complete, "wall_seconds": round(time.time() - t0[0], 1)}
            (OUT / name).write_text(json.dumps(doc) + "\n")

        doc = competitive("saving-waddles", args.players, spec, args.opponent, args.games, args.seed, save)
        save(doc, complete=True)
        a, t = doc["all"], doc["time_per_decision"]
        line = (
            f"{args.players} {args.seed} {spec} {a['wins']} {a['games']} {a['rate']:.3f} "
            f"({a['low']:.3f}-{a['high']:.3f}) median {1000 * t['median_s']:.1f} ms"
        )
        print(line, flush=True)
        with args.log.open("a") as log:
            log.write(line + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
