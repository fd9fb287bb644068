"""Gravity-falls' ``apply_action`` time by the kind of the step's task (issue 19, docs/sim.md).

Random games as the bench plays them; each ``apply_action`` timed alone (a timer pair, about 70 ns,
is in each figure), grouped by the front task's kind before the step.

    .venv/bin/python scripts/gravity_falls_step_kinds.py --games 3000
"""

from __future__ import annotations

import argparse
import collections
import random
import time

from gravity_games.core.api import CHANCE, TERMINAL
from gravity_games.core.registry import load
from gravity_games.games.gravity_falls.state import TASK_NAMES, front_task


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    game = load("gravity-falls")
    rng = random.Random(args.seed)
    clock = time.perf_counter_ns
    total_ns: collections.Counter[str] = collections.Counter()
    steps: collections.Counter[str] = collections.Counter()
    for _ in range(args.games):
        state = game.new_initial_state()
        while (player := state.current_player()) != TERMINAL:
            if player == CHANCE:
                outcomes = state.chance_outcomes()
                action = outcomes[rng.randrange(len(outcomes))][0]
            else:
                legal = state.legal_actions()
                action = legal[rng.randrange(len(legal))]
            kind = TASK_NAMES[front_task(state).kind]
            start = clock()
            state.apply_action(action)
            total_ns[kind] += clock() - start
            steps[kind] += 1
    all_ns, all_steps = sum(total_ns.values()), sum(steps.values())
    print(f"{all_steps / args.games:.1f} steps a game, {all_ns / all_steps:.0f} ns per apply_action")
    for kind, ns in total_ns.most_common():
        share = 100 * ns / all_ns
        print(f"{kind:22s} {steps[kind] / args.games:6.1f} a game {ns / steps[kind]:7.0f} ns {share:5.1f} %")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
