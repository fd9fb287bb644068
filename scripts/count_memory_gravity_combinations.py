"""Count the final combinations of heuristic bots in Memory x Gravity (the heuristic's ``fitted=1`` table).

Plays ``--games`` seeded games of heuristic bots at ``--players`` and writes how often each
combination was kept at the end into ``games/memory_gravity/data/opponents.toml`` under
``[players.N]`` (other player counts kept). The heuristic with ``fitted=1`` values a combination by
its chance to beat opponents drawn from this table (docs/sim.md, "Bot levels").

    nice -n 19 .venv/bin/python scripts/count_memory_gravity_combinations.py --players 2 --games 600
"""

from __future__ import annotations

import argparse
import tomllib
from collections import Counter
from pathlib import Path
from typing import Any

from gravity_games import load
from gravity_games.agents import make_agent
from gravity_games.core.play import play_game
from gravity_games.core.seeding import derive_seed

DATA = Path(__file__).resolve().parents[1] / "src/gravity_games/games/memory_gravity/data/opponents.toml"
HEADER = """# Memory x Gravity: how often heuristic bots ended with each combination (the heuristic's
# fitted=1 setting plays against this), counted by self-play: not a printed component.
"""


def count(players: int, games: int, seed: int) -> Counter[str]:
    game = load("memory-gravity", players=players)
    combos: Counter[str] = Counter()
    for i in range(games):
        gs = derive_seed(seed, "game", i)
        agents = [make_agent("heuristic", game, s, derive_seed(gs, "agent", s)) for s in range(players)]
        state, _ = play_game(game, agents, seed=gs)
        outcome = state.outcome()
        assert outcome is not None
        combos.update(str(c) for c in outcome.detail["combinations"])  # type: ignore[union-attr]
    return combos


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=600)
    parser.add_argument("--seed", type=int, default=777)
    args = parser.parse_args()
    combos = count(args.players, args.games, args.seed)
    tables: dict[str, Any] = tomllib.loads(DATA.read_text()).get("players", {}) if DATA.exists() else {}
    tables[str(args.players)] = {
        "fitted": f"{args.games} games of heuristic bots (seed {args.seed}), {sum(combos.values())} combinations",
        "combinations": dict(combos.most_common()),
    }
    out = HEADER
    for n in sorted(tables, key=int):
        out += f'\n[players.{n}]\nfitted = "{tables[n]["fitted"]}"\n[players.{n}.combinations]\n'
        out += "".join(f'"{k}" = {v}\n' for k, v in tables[n]["combinations"].items())
    DATA.write_text(out)
    print("wrote", DATA)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
