"""How much of a bench step is the bench's own loop, given each game's shape (issue 19).

``gravity bench`` drives every engine, and OpenSpiel's ``maedn``, through one Python loop
(``gravity_games.sim.bench.playout``). That loop's own cost depends on the game's shape: how
many steps are chance steps and how long their outcome lists are (the loop walks the list to
pick an outcome), how many decisions there are (each one draws a ``randrange``). A game that
deals cards from a deck of 26 makes the loop walk further than one that rolls a die.

This script records random games of each engine (every call's answer: the player to act, the
chance outcomes, the legal actions) and runs the same loop over a *tape*: a stand-in state whose
four methods are C-level iterators over the recorded answers, so they cost about what a compiled
method call does and no game logic runs. The loop's time over the tape is the share of a bench
step that no engine can remove; the rest is the engine's.

    .venv/bin/python scripts/bench_loop_shape.py gravity-falls gravwell --seconds 3
"""

from __future__ import annotations

import argparse
import itertools
import random
from collections.abc import Callable
from types import SimpleNamespace
from typing import Any

from gravity_games import CHANCE, TERMINAL, load
from gravity_games.compiled import BUILD
from gravity_games.sim.bench import Tally, _slice

Recording = tuple[list[int], list[list[tuple[int, float]]], list[list[int]]]


def record(new_state: Callable[[], Any], games: int, seed: int) -> list[Recording]:
    """Every call's answer in ``games`` random games, in the order the bench loop makes them."""
    rng = random.Random(seed)
    tapes: list[Recording] = []
    for _ in range(games):
        state = new_state()
        players: list[int] = []
        outcomes: list[list[tuple[int, float]]] = []
        legals: list[list[int]] = []
        while True:
            player = state.current_player()  # pyspiel's chance (-1) and terminal (-4) are ours too
            players.append(player)
            if player == TERMINAL:
                break
            if player == CHANCE:
                options = list(state.chance_outcomes())
                outcomes.append(options)
                action = rng.choices([a for a, _ in options], [p for _, p in options])[0]
            else:
                legal = list(state.legal_actions())
                legals.append(legal)
                action = legal[rng.randrange(len(legal))]
            state.apply_action(action)
        tapes.append((players, outcomes, legals))
    return tapes


def tape_factory(tapes: list[Recording]) -> Callable[[], Any]:
    """``new_state`` for the loop: each call hands out the next recorded game as a tape."""
    games = itertools.cycle(tapes)
    sink: list[int] = []

    def new_state() -> Any:
        players, outcomes, legals = next(games)
        sink.clear()
        return SimpleNamespace(
            current_player=iter(players).__next__,
            chance_outcomes=iter(outcomes).__next__,
            legal_actions=iter(legals).__next__,
            apply_action=sink.append,
        )

    return new_state


def steps_per_second(new_state: Callable[[], Any], seconds: float, seed: int) -> float:
    """Steps per CPU second of the bench's own slice of playouts (``gravity bench``'s measure)."""
    tally = Tally()
    _slice(new_state, random.Random(seed), seconds, tally)
    return tally.steps / tally.seconds


def shape(tapes: list[Recording]) -> dict[str, float]:
    steps = sum(len(players) - 1 for players, _, _ in tapes)
    chance = sum(len(outcomes) for _, outcomes, _ in tapes)
    walked = sum(len(options) for _, outcomes, _ in tapes for options in outcomes)
    return {
        "steps_per_game": steps / len(tapes),
        "chance_share": chance / steps,
        "outcomes_per_chance": walked / chance if chance else 0.0,
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", default=["gravity-falls", "gravwell"])
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--record", type=int, default=300, help="random games recorded per engine")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    import pyspiel  # the anchor, as in ``gravity bench``

    engines: list[tuple[str, Callable[[], Any]]] = [(g, load(g).new_initial_state) for g in args.games]
    engines.append(("open_spiel/maedn", pyspiel.load_game("maedn").new_initial_state))
    print(f"build: {BUILD.describe()}")
    columns = ("steps/game", "chance", "outcomes", "step ns", "loop ns", "engine ns")
    print(f"{'engine':18} " + " ".join(f"{c:>10}" for c in columns))
    rows: dict[str, tuple[float, float]] = {}
    for name, new_state in engines:
        tapes = record(new_state, args.record, args.seed)
        loop = 1e9 / steps_per_second(tape_factory(tapes), args.seconds, args.seed)
        step = 1e9 / steps_per_second(new_state, args.seconds, args.seed)
        rows[name] = (step, loop)
        s = shape(tapes)
        print(
            f"{name:18} {s['steps_per_game']:10.1f} {s['chance_share']:10.2f} {s['outcomes_per_chance']:10.1f}"
            f" {step:10.0f} {loop:10.0f} {step - loop:10.0f}"
        )
    step_m, loop_m = rows["open_spiel/maedn"]
    for name, (step, loop) in rows.items():
        if name != "open_spiel/maedn":
            print(
                f"{name}: bench ratio {step_m / step:.3f}x; with the engine free it could reach "
                f"{step_m / loop:.2f}x; engine alone against maedn's engine {(step_m - loop_m) / (step - loop):.2f}x"
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
