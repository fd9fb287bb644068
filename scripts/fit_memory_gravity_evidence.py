"""Count what heuristic bots' public lifts and keeps say about a token's number (memory-gravity).

Plays heuristic bots against each other; at every decision of every seat, each token gets the
feature ``opponent_evidence`` gives it from what the *other* seats did in public (kept it, how
often they lifted it, how often they lifted it and kept another token of a colour they could
still keep), and the token's true number is counted under that feature. The bots' ``evidence=1``
setting reads the table back as a likelihood ratio P(number | feature) / P(number). Beside them it
counts the numbers of every (kept, passed) pair of one colour from one turn of another seat
(``kept_over``), which the ``pairs=1`` setting reads back as a 5 x 5 likelihood ratio.

    nice -n 19 .venv/bin/python scripts/fit_memory_gravity_evidence.py 2 3000 --seed 777 > /tmp/evidence-2.toml

The counts are written as TOML (``data/evidence.toml`` holds the packaged ones).
"""

from __future__ import annotations

import argparse
import random
from collections import defaultdict

from gravity_games import load
from gravity_games.agents import make_agent
from gravity_games.core.agent import SeatView
from gravity_games.core.api import CHANCE, TERMINAL, sample_chance
from gravity_games.core.seeding import derive_seed
from gravity_games.games.memory_gravity.bots_evidence import kept_over, opponent_evidence


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("players", type=int)
    parser.add_argument("games", type=int)
    parser.add_argument("--seed", type=int, default=777)
    parser.add_argument("--agent", default="heuristic")
    args = parser.parse_args()
    game = load("memory-gravity", players=args.players)
    counts: dict[str, list[int]] = defaultdict(lambda: [0] * 5)
    pairs = [[0] * 5 for _ in range(5)]
    for g in range(args.games):
        gs = derive_seed(args.seed, "game", g)
        rng = random.Random(gs)
        agents = [make_agent(args.agent, game, s, derive_seed(gs, "agent", s)) for s in range(args.players)]
        state = game.new_initial_state()
        while state.current_player() != TERMINAL:
            player = state.current_player()
            if player == CHANCE:
                state.apply_action(sample_chance(state, rng))
                continue
            view = SeatView(state, player)
            if len(view.legal_actions()) > 1:
                numbers = state.to_json()["state"]["numbers"]
                obs = view.observation()
                for token, feature in enumerate(opponent_evidence(obs)):
                    counts[feature][numbers[token] - 1] += 1
                for kept, passed in kept_over(obs):
                    pairs[numbers[kept] - 1][numbers[passed] - 1] += 1
            state.apply_action(agents[player].act(view))
    print(f"[players.{args.players}]")
    print(f'fitted = "{args.games} games of {args.agent} bots (seed {args.seed}), every decision of every seat"')
    print(f"[players.{args.players}.counts]")
    for feature in sorted(counts):
        print(f'"{feature}" = {counts[feature]}')
    print(f"[players.{args.players}.pairs]")
    print("# row: the kept token's number 1-5, column: the passed one's (same colour, same turn)")
    print(f"counts = {pairs}")


if __name__ == "__main__":
    main()
