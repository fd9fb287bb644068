"""How much hint work fits in about a second of CPU? Measures the hint budgets of ``hint_budget.toml``.

On ``--positions`` positions of heuristic games (the calibration's, ``scripts/hint_calibration.py``
``collect``) it gives the hint a trial budget (``--trial`` playouts or iterations) with no time cap
to speak of, reads the CPU time of each hint (``time.process_time``: the load of other processes
does not count) and prints the median, and the budget at which the median hint would take
``--target`` seconds of CPU (the trial scaled, the work being close to linear in the count). The
target is half a second: the web page and the terminal ask for hints with a 1 s cap, and a hint
whose median is 1 s would be cut short by it half the time on a quiet machine.

    nice -n 19 .venv/bin/python scripts/hint_budget.py doubt-gravity -n 2 --trial 300
"""

from __future__ import annotations

import argparse
import json
import statistics
import time

from gravity_games import load
from gravity_games.agents.hints import advice, hint_unit
from gravity_games.core.agent import SeatView
from gravity_games.core.seeding import derive_seed


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("-n", "--players", type=int, default=2)
    parser.add_argument("--trial", type=int, required=True, help="playouts or iterations per trial hint")
    parser.add_argument("--positions", type=int, default=15)
    parser.add_argument("--target", type=float, default=0.5, help="CPU seconds of the median hint")
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args(argv)
    from hint_calibration import collect  # type: ignore[import-not-found]

    import gravity_games.compiled as compiled

    game = load(args.game, players=args.players)
    unit = hint_unit(args.game, args.players)
    cpu: list[float] = []
    for i, (state, seat, _) in enumerate(collect(game, args.positions, args.seed, 0.15)):
        started = time.process_time()
        found = advice(
            SeatView(state, seat), seconds=600.0, top=3, seed=derive_seed(args.seed, "hint", i), budget=args.trial
        )
        cpu.append(time.process_time() - started)
        assert found.done >= found.budget, found
    median = statistics.median(cpu)
    print(
        json.dumps(
            {
                "game": args.game,
                "players": args.players,
                "unit": unit,
                "trial": args.trial,
                "positions": len(cpu),
                "median_cpu_s": round(median, 3),
                "p90_cpu_s": round(sorted(cpu)[int(0.9 * (len(cpu) - 1))], 3),
                "max_cpu_s": round(max(cpu), 3),
                "budget_for_target": int(args.trial * args.target / median),
                "build": compiled.BUILD.kind,
                "date": time.strftime("%Y-%m-%d", time.gmtime()),
            }
        )
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
