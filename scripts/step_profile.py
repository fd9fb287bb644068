"""Where a step's time goes: each engine call timed inside the bench's random-playout loop.

``gravity bench`` gives steps per second; this splits a step into the four calls the loop makes
(``current_player``, ``chance_outcomes``, ``legal_actions``, ``apply_action``, plus
``new_initial_state`` per game) and the loop around them, for whichever build runs (the
compiled one when it is fresh; ``GRAVITY_BUILD=interpreted`` for the source). A compiled
function is one C call to a Python profiler, so this is the split a profiler cannot give.

    .venv/bin/python scripts/step_profile.py gravity-falls gravwell --seconds 2

Each timer pair costs about 0.15 µs on an idle machine, several times that on a loaded one: it
is measured (printed) and taken off every timed call, so the figures are the calls' own cost.
"""

from __future__ import annotations

import argparse
import random
import time

import gravity_games
from gravity_games import CHANCE, TERMINAL, load

CALLS = ("new_state", "current_player", "chance_outcomes", "legal_actions", "apply_action")


def profile_steps(game_id: str, seconds: float, seed: int, timer_pair: float = 0.0) -> dict[str, float]:
    """Nanoseconds per step of each call and of the whole step, over ``seconds`` of CPU time.

    ``timer_pair`` (nanoseconds) is taken off each timed call.
    """
    game = load(game_id)
    rng = random.Random(seed)
    spent = dict.fromkeys(CALLS, 0.0)
    calls = dict.fromkeys(CALLS, 0)
    clock = time.perf_counter
    steps = 0
    started = clock()
    end = time.process_time() + seconds
    while time.process_time() < end:
        t = clock()
        state = game.new_initial_state()
        spent["new_state"] += clock() - t
        calls["new_state"] += 1
        while True:
            t = clock()
            player = state.current_player()
            spent["current_player"] += clock() - t
            calls["current_player"] += 1
            if player == TERMINAL:
                break
            if player == CHANCE:
                t = clock()
                outcomes = state.chance_outcomes()
                spent["chance_outcomes"] += clock() - t
                calls["chance_outcomes"] += 1
                x, acc, action = rng.random(), 0.0, outcomes[-1][0]
                for outcome, p in outcomes:
                    acc += p
                    if x < acc:
                        action = outcome
                        break
            else:
                t = clock()
                legal = state.legal_actions()
                spent["legal_actions"] += clock() - t
                calls["legal_actions"] += 1
                action = legal[rng.randrange(len(legal))]
            t = clock()
            state.apply_action(action)
            spent["apply_action"] += clock() - t
            calls["apply_action"] += 1
            steps += 1
    total = clock() - started
    result = {name: (1e9 * value - timer_pair * calls[name]) / steps for name, value in spent.items()}
    # the step less the timers (their bookkeeping, a few dict updates a call, stays in the loop's share)
    result["step"] = (1e9 * total - timer_pair * sum(calls.values())) / steps
    result["steps"] = steps
    return result


def timer_pair_ns() -> float:
    """What a timed region with nothing in it records: the part of each figure the timers add."""
    clock = time.perf_counter
    inside = 0.0
    for _ in range(100_000):
        t = clock()
        inside += clock() - t
    return 1e9 * inside / 100_000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="+")
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    timer_pair = timer_pair_ns()
    build = gravity_games.BUILD.describe()
    print(f"build: {build}; a timer pair records about {timer_pair:.0f} ns (taken off each call)")
    for game_id in args.games:
        r = profile_steps(game_id, args.seconds, args.seed, timer_pair)
        engine = sum(r[name] for name in CALLS)
        calls = ", ".join(f"{name} {r[name]:.0f}" for name in CALLS)
        print(f"{game_id}: {r['step']:.0f} ns per step, {100 * engine / r['step']:.0f} % in the engine ({calls} ns)")


if __name__ == "__main__":
    main()
