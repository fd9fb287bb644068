"""The bots' own time per decision, per game and level (median and 95th percentile, CPU seconds).

Positions come from seeded heuristic games (decisions with more than one legal move, every
``--every``-th one); each level's agent decides at each position once, timed with
``time.process_time`` (the process's CPU time, so other jobs on a shared machine do not count).

    nice .venv/bin/python scripts/bot_timing.py --positions 30 --json docs/figures/bot-timing.json
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path

from gravity_games import list_games, load
from gravity_games.agents import make_agent
from gravity_games.agents.levels import LEVELS, level_spec
from gravity_games.core.agent import SeatView
from gravity_games.core.api import CHANCE, TERMINAL, Game, State, sample_chance
from gravity_games.core.seeding import derive_seed


def positions(game: Game, count: int, every: int, seed: int) -> list[State]:
    found: list[State] = []
    index = 0
    while len(found) < count:
        game_seed = derive_seed(seed, "game", index)
        index += 1
        agents = [make_agent("heuristic", game, s, derive_seed(game_seed, "agent", s)) for s in range(game.players)]
        chance = random.Random(derive_seed(game_seed, "chance"))
        state = game.new_initial_state()
        seen = 0
        while state.current_player() != TERMINAL and len(found) < count:
            player = state.current_player()
            if player == CHANCE:
                state.apply_action(sample_chance(state, chance))
                continue
            view = SeatView(state, player)
            if len(view.legal_actions()) > 1:
                seen += 1
                if seen % every == 0:
                    found.append(state.clone())
            state.apply_action(agents[player].act(view))
    return found


def quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*")
    parser.add_argument("-n", "--players", type=int, default=2)
    parser.add_argument("--positions", type=int, default=30)
    parser.add_argument("--every", type=int, default=3)
    parser.add_argument("--seed", type=int, default=15)
    parser.add_argument("--json", type=Path, default=Path("docs/figures/bot-timing.json"))
    args = parser.parse_args(argv)
    games = args.games or [g for g in list_games() if not g.startswith("toy-")]
    doc: dict[str, object] = {
        "measured_utc": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
        "players": args.players,
        "positions": args.positions,
        "games": {},
    }
    for game_id in games:
        game = load(game_id, players=args.players)
        states = positions(game, args.positions, args.every, args.seed)
        result = {}
        for level in LEVELS:
            times = []
            for i, state in enumerate(states):
                seat = state.current_player()
                agent = make_agent(level, game, seat, derive_seed(args.seed, "timing", i))
                start = time.process_time()
                agent.act(SeatView(state, seat))
                times.append(time.process_time() - start)
            result[level] = {
                "spec": level_spec(game_id, level, args.players),
                "median_s": statistics.median(times),
                "p95_s": quantile(times, 0.95),
                "max_s": max(times),
            }
            print(game_id, level, json.dumps(result[level]), file=sys.stderr)
        doc["games"][game_id] = result  # type: ignore[index]
    args.json.parent.mkdir(parents=True, exist_ok=True)
    args.json.write_text(json.dumps(doc, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
