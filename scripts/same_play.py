"""Same play, compiled or not: each bot's move at seeded positions, and its CPU time per decision.

Compiling a bot's hot path (``agents/ismcts_tree.py``, a game's ``bots_core.py``) must not change a
single move. ``record`` lets an agent decide once at each of ``--positions`` positions of seeded
heuristic games (those of ``scripts/bot_timing.py``), with a seed per position, and writes the
moves, the CPU time of each decision (``time.process_time``) and which build ran; ``compare`` checks
that two records chose exactly the same moves and prints the median and 95th-percentile times of
each. Record once with the source (``GRAVITY_BUILD=interpreted``, or another checkout's
``PYTHONPATH``) and once with the compiled build:

    GRAVITY_BUILD=interpreted PYTHONPATH=src nice .venv/bin/python scripts/same_play.py record \\
        gravwell -n 2 --positions 40 --agent ismcts:iterations=300 --out /tmp/source.json
    GRAVITY_BUILD=compiled PYTHONPATH=src nice .venv/bin/python scripts/same_play.py record ... --out /tmp/compiled.json
    .venv/bin/python scripts/same_play.py compare /tmp/source.json /tmp/compiled.json
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))


def record(game_id: str, players: int, count: int, every: int, seed: int, specs: list[str]) -> dict[str, Any]:
    """Each spec's move and CPU seconds at each position (the agent made afresh per position)."""
    from bot_timing import positions  # type: ignore[import-not-found]

    from gravity_games import load
    from gravity_games.agents import make_agent
    from gravity_games.compiled import BUILD
    from gravity_games.core.agent import SeatView
    from gravity_games.core.seeding import derive_seed

    game = load(game_id, players=players)
    states = positions(game, count, every, seed)
    runs: dict[str, Any] = {}
    for spec in specs:
        moves: list[int] = []
        seconds: list[float] = []
        for i, state in enumerate(states):
            seat = state.current_player()
            agent = make_agent(spec, game, seat, derive_seed(seed, "same-play", i))
            started = time.process_time()
            moves.append(int(agent.act(SeatView(state.clone(), seat))))
            seconds.append(time.process_time() - started)
        runs[spec] = {"moves": moves, "cpu_s": seconds}
        print(f"{game_id} -n {players} {spec}: {summary(seconds)}", file=sys.stderr)
    return {"build": BUILD.describe(), "game": game_id, "players": players, "seed": seed, "runs": runs}


def quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def summary(seconds: list[float]) -> str:
    ms = [1000.0 * s for s in seconds]
    return f"median {statistics.median(ms):.1f} ms, p95 {quantile(ms, 0.95):.1f} ms over {len(ms)} decisions"


def compare(first: dict[str, Any], second: dict[str, Any]) -> int:
    """0 when both records hold the same positions and every agent chose the same moves."""
    same = True
    for key in ("game", "players", "seed"):
        if first[key] != second[key]:
            print(f"the records differ in {key}: {first[key]!r} and {second[key]!r}")
            return 1
    for spec, run in first["runs"].items():
        other = second["runs"].get(spec)
        if other is None:
            print(f"{spec}: only in the first record")
            same = False
            continue
        differ = [i for i, (a, b) in enumerate(zip(run["moves"], other["moves"], strict=True)) if a != b]
        verdict = "same moves" if not differ else f"{len(differ)} moves differ (positions {differ[:10]})"
        same = same and not differ
        print(f"{first['game']} -n {first['players']} {spec}: {verdict} at {len(run['moves'])} positions")
        print(f"  {first['build']}: {summary(run['cpu_s'])}")
        print(f"  {second['build']}: {summary(other['cpu_s'])}")
    return 0 if same else 1


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    rec = commands.add_parser("record", help="play the positions and write the moves")
    rec.add_argument("game")
    rec.add_argument("-n", "--players", type=int, default=2)
    rec.add_argument("--positions", type=int, default=40)
    rec.add_argument("--every", type=int, default=3)
    rec.add_argument("--seed", type=int, default=15)
    rec.add_argument("--agent", action="append", required=True, help="agent spec (repeatable)")
    rec.add_argument("--out", type=Path, required=True)
    cmp = commands.add_parser("compare", help="check two records chose the same moves")
    cmp.add_argument("first", type=Path)
    cmp.add_argument("second", type=Path)
    args = parser.parse_args(argv)
    if args.command == "record":
        doc = record(args.game, args.players, args.positions, args.every, args.seed, args.agent)
        args.out.write_text(json.dumps(doc) + "\n", encoding="utf-8")
        return 0
    return compare(json.loads(args.first.read_text()), json.loads(args.second.read_text()))


if __name__ == "__main__":
    raise SystemExit(main())
