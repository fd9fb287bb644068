#!/usr/bin/env python3
"""Server CPU per action, in process: what one person's move costs ``gravity serve``, without HTTP.

The load script (``scripts/loadtest.py``) measures the whole server through sockets, where the
client's CPU and the machine's other load blur the figure. This drives the same path in one
process: ``Hub.act`` for a person's move (apply on a copy, the undo check, chance, the store's
write in its writer thread), the answer's view for the actor, and the pushed view of every
subscribed seat, for ``--games`` games played by random legal moves to the end.

The figure is the process's CPU time (every thread) per action, so it does not depend on how
busy the machine is; ``--profile FILE`` writes a cProfile of the main thread as well.

    .venv/bin/python scripts/server_cpu.py --game doubt-gravity --games 30
    .venv/bin/python scripts/server_cpu.py --game gravwell --players 3 --json -
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import json
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from gravity_games.compiled import BUILD
from gravity_games.web.service import Hub
from gravity_games.web.storage import Storage


async def play_games(hub: Hub, game_id: str, players: int | None, games: int, seed: int) -> tuple[int, list[float]]:
    """Play ``games`` games of random people to the end; returns the actions and each one's CPU ms."""
    rng = random.Random(seed)
    actions = 0
    costs: list[float] = []
    for g in range(games):
        live, tokens = await hub.create(game_id, players, {}, seed + g, [])
        for seat in range(live.game.players):
            hub.subscribe(live, seat, svg=False)
        while not live.state.is_terminal():
            seat = live.state.current_player()
            token = tokens[seat]
            assert token is not None
            action = rng.choice(live.state.legal_actions())
            start = time.process_time()
            await hub.act(live, token, action, live.state.move_number())
            hub.view(live, seat)  # the answer to the POST
            costs.append((time.process_time() - start) * 1000)
            actions += 1
            for queues in live.subscribers.values():
                for queue in queues:
                    while not queue.empty():
                        queue.get_nowait()
    return actions, costs


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="doubt-gravity")
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--games", type=int, default=30)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--db", default=None, help="a database URL (default: a fresh SQLite file)")
    parser.add_argument("--profile", type=Path, default=None, help="write a cProfile of the run here")
    parser.add_argument("--json", default=None, help="write the figures as JSON ('-' = standard output)")
    args = parser.parse_args(argv)

    with tempfile.TemporaryDirectory() as tmp:
        storage = Storage(args.db or f"sqlite:///{tmp}/cpu.db")
        hub = Hub(storage, bot_delay=0.0, search_workers=0)
        profiler = cProfile.Profile() if args.profile else None
        cpu0, wall0 = time.process_time(), time.perf_counter()
        if profiler:
            profiler.enable()
        actions, costs = asyncio.run(play_games(hub, args.game, args.players, args.games, args.seed))
        if profiler:
            profiler.disable()
            profiler.dump_stats(str(args.profile))
        cpu, wall = time.process_time() - cpu0, time.perf_counter() - wall0
        storage.close()
    costs.sort()
    figures: dict[str, Any] = {
        "game": args.game,
        "games": args.games,
        "actions": actions,
        "build": BUILD.kind,
        "cpu_ms_per_action": round(cpu * 1000 / actions, 3),
        "act_ms_median": round(statistics.median(costs), 3),
        "act_ms_p95": round(costs[int(0.95 * (len(costs) - 1))], 3),
        "wall_s": round(wall, 2),
    }
    if args.json == "-":
        json.dump(figures, sys.stdout, indent=2)
        sys.stdout.write("\n")
    else:
        if args.json:
            Path(args.json).write_text(json.dumps(figures, indent=2) + "\n")
        for key, value in figures.items():
            print(f"{key:>18}: {value}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
