"""Settings of a game's heuristic against the heuristic itself: each spec plays seats rotated, game i
on the deal of seed derive_seed(99, "game", i // players), and prints its wins.

    nice .venv/bin/python scripts/tune_heuristic.py doubt-gravity 2 200 heuristic:tau=0.2 heuristic:out_bonus=0

Used to fit doubt-gravity's hard level (docs/sim.md, "Bot levels"); the runs' output is kept in
docs/figures/bot-levels/tuning-*.txt.
"""

import sys

from gravity_games import load
from gravity_games.agents import make_agent
from gravity_games.core.play import play_game
from gravity_games.core.seeding import derive_seed


def main() -> None:
    game_id, n, games, specs = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4:]
    game = load(game_id, players=n)
    for spec in specs:
        wins = 0
        for i in range(games):
            seat = i % n
            gs = derive_seed(99, "game", i // n)
            agents = [
                make_agent(spec if s == seat else "heuristic", game, s, derive_seed(gs, "agent", s)) for s in range(n)
            ]
            state, _ = play_game(game, agents, seed=gs)
            outcome = state.outcome()
            wins += outcome is not None and seat in outcome.winners
        print(spec, wins, games, round(wins / games, 3), flush=True)


if __name__ == "__main__":
    main()
