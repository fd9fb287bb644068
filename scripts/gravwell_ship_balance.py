"""Gravwell's ships, Warp Gates and seats among equals: heuristic bots in every seat, setup at random.

Every ship and Warp Gate choice is a uniformly random legal move, every other decision the heuristic
bot's, so each ship's win rate measures its abilities (and the bot's use of them), not the seat that
the heuristic's fixed ship preference would give it. Game ``g`` (counted from ``--seed``) draws chance
from ``random.Random(g)``, the setup from ``random.Random(1_000_000 + g)`` and seat ``s``'s bot is
seeded ``1000 * g + s``. Wins are shares (a joint victory splits its game). Run it in parts, one a core,
and join them with ``--merge``:

    .venv/bin/python scripts/gravwell_ship_balance.py --players 6 --games 10000 --seed 0 --json a.json
    .venv/bin/python scripts/gravwell_ship_balance.py --players 6 --games 10000 --seed 10000 --json b.json
    .venv/bin/python scripts/gravwell_ship_balance.py --merge a.json b.json --json ships-6.json

The six-seat figures feed the ``ship_*`` features of the fitted leaf (``bots_evaluation.py``).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

from gravity_games import load
from gravity_games.agents import make_agent
from gravity_games.core.agent import SeatView
from gravity_games.core.api import CHANCE, sample_chance
from gravity_games.sim.stats import wilson_interval


def play(players: int, first: int, games: int) -> list[dict[str, Any]]:
    """One record per game: each seat's ship and start gate, and its share of the win."""
    game = load("gravwell", players=players)
    records = []
    for g in range(first, first + games):
        chance, setup = random.Random(g), random.Random(1_000_000 + g)
        state = game.new_initial_state()
        agents = [make_agent("heuristic", game, s, 1000 * g + s) for s in range(players)]
        while not state.is_terminal():
            player = state.current_player()
            if player == CHANCE:
                state.apply_action(sample_chance(state, chance))
                continue
            legal = state.legal_actions()
            if state.observation(player)["stage"] in ("ship", "gate"):
                action = legal[setup.randrange(len(legal))]
            else:
                action = agents[player].act(SeatView(state, player)) if len(legal) > 1 else legal[0]
            state.apply_action(action)
        ships = state.observation(0)["ships"]
        records.append(
            {
                "ships": [s["ship"] for s in ships],
                "starts": [s["start"] for s in ships],
                "returns": [float(r) for r in state.returns()],
            }
        )
    return records


def summary(players: int, records: list[dict[str, Any]]) -> dict[str, Any]:
    """Win rates (share of games won, 95 % Wilson) by ship, start gate and seat."""
    kinds = ("ship", "start", "seat")
    tallies: dict[str, dict[str, list[float]]] = {kind: defaultdict(lambda: [0.0, 0]) for kind in kinds}
    for r in records:
        for seat in range(players):
            won = 1.0 if r["returns"][seat] > 0 else 0.0
            winners = sum(1 for x in r["returns"] if x > 0) or 1
            for kind, key in (("ship", r["ships"][seat]), ("start", r["starts"][seat]), ("seat", str(seat))):
                tallies[kind][key][0] += won / winners
                tallies[kind][key][1] += 1

    def rates(table: dict[str, list[float]]) -> dict[str, Any]:
        out = {}
        for key, (wins, n) in sorted(table.items(), key=lambda kv: -kv[1][0] / kv[1][1]):
            low, high = wilson_interval(wins, int(n))
            out[key] = {"wins": round(wins, 3), "games": int(n), "rate": wins / n, "low": low, "high": high}
        return out

    return {
        "game": "gravwell",
        "players": players,
        "games": len(records),
        "fair_share": 1 / players,
        "by_ship": rates(tallies["ship"]),
        "by_start_gate": rates(tallies["start"]),
        "by_seat": rates(tallies["seat"]),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=6)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=0, help="the first game's number")
    parser.add_argument("--json", type=Path, required=True, help="where the records and rates go")
    parser.add_argument("--merge", type=Path, nargs="+", help="join the records of earlier runs instead of playing")
    args = parser.parse_args()
    if args.merge:
        parts = [json.loads(p.read_text()) for p in args.merge]
        if len({p["players"] for p in parts}) != 1:
            parser.error("--merge: the parts were played with different player counts")
        players, records = parts[0]["players"], [r for p in parts for r in p["records"]]
    else:
        if not 2 <= args.players <= 6 or args.games < 1:
            parser.error("--players is 2-6 and --games at least 1")
        started = time.time()
        players, records = args.players, play(args.players, args.seed, args.games)
        print(f"{args.games} games in {time.time() - started:.0f} s", file=sys.stderr)
    # A part keeps its records for --merge; the joined figure keeps only the rates (20,000 records are megabytes).
    kept = {"merged_from": [str(p) for p in args.merge]} if args.merge else {"records": records}
    result = summary(players, records) | kept
    args.json.write_text(json.dumps(result, indent=1) + "\n")
    for kind in ("by_ship", "by_start_gate", "by_seat"):
        print(kind, ", ".join(f"{k} {v['rate']:.1%}" for k, v in result[kind].items()))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
