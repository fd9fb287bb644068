"""``gravity bench``: seeded random playouts of every game, side by side with OpenSpiel.

Each engine is driven by the same Python loop: ask ``current_player()``; at a chance node
draw from ``chance_outcomes()`` by inverse CDF, otherwise pick uniformly from
``legal_actions()``; ``apply_action``; until the game ends. OpenSpiel's C++ games
``maedn`` and ``hanabi`` run through that loop in the same process and the same run, so
the ratio (our steps per second over maedn's) holds on a noisy, shared machine where
absolute figures do not.

The budget of each engine is cut into ``rounds`` slices played in turn (game A, game B,
..., maedn, hanabi, then again), so a burst of load elsewhere hits every engine alike.
Games are always played to the end; a slice ends at the first game end after its time.
Rates are per second of this process's CPU time (``time.process_time``), so other jobs on
a shared machine do not count against an engine; wall seconds are kept alongside.

The document says which build ran (``build``: the mypyc-compiled engines or the source, see
:mod:`gravity_games.compiled`). :func:`interpreted_rates` runs the same bench in a child process
with ``GRAVITY_BUILD=interpreted``, so one ``gravity bench`` shows both builds side by side.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from gravity_games.compiled import BUILD
from gravity_games.core.api import CHANCE, TERMINAL, GravityError, InvalidParameterError
from gravity_games.core.registry import list_games, load
from gravity_games.core.seeding import derive_seed

ANCHORS = ("maedn", "hanabi")
"""OpenSpiel C++ games measured in the same run (names as ``pyspiel.load_game`` takes them)."""

FLOOR = 0.25
"""The slowest engine must reach this fraction of maedn's steps per second (either build)."""

TARGET = 1.0
"""The compiled build's goal: every engine at least as fast as maedn (issue 19)."""


@dataclass
class Tally:
    """Steps, finished games and CPU seconds (and wall seconds) of one engine, over its slices."""

    steps: int = 0
    games: int = 0
    seconds: float = 0.0
    wall_seconds: float = 0.0

    def rates(self) -> dict[str, float]:
        s = self.seconds or 1e-9
        return {
            "steps_per_s": self.steps / s,
            "games_per_s": self.games / s,
            "steps": self.steps,
            "games": self.games,
            "seconds": self.seconds,
            "wall_seconds": self.wall_seconds,
        }


def playout(new_state: Callable[[], Any], rng: random.Random) -> int:
    """One random game to the end with the loop every engine shares; returns its steps."""
    state = new_state()
    steps = 0
    while True:
        player = state.current_player()
        if player == TERMINAL:
            return steps
        if player == CHANCE:
            outcomes = state.chance_outcomes()
            x = rng.random()
            action = outcomes[-1][0]
            acc = 0.0
            for a, p in outcomes:
                acc += p
                if x < acc:
                    action = a
                    break
        else:
            legal = state.legal_actions()
            action = legal[rng.randrange(len(legal))]
        state.apply_action(action)
        steps += 1


def _slice(new_state: Callable[[], Any], rng: random.Random, seconds: float, tally: Tally) -> None:
    # CPU time of this process, not wall time: on a machine shared with other jobs the
    # wall clock also counts the time other processes held the core.
    clock = time.process_time
    start, wall = clock(), time.perf_counter()
    while True:
        tally.steps += playout(new_state, rng)
        tally.games += 1
        if clock() - start >= seconds:
            break
    tally.seconds += clock() - start
    tally.wall_seconds += time.perf_counter() - wall


def _openspiel_factories() -> tuple[dict[str, Callable[[], Any]], str | None]:
    try:
        import pyspiel
    except ImportError as exc:
        return {}, f"open-spiel is not installed ({exc}); install the rl extra: pip install 'gravity-games[rl]'"
    factories: dict[str, Callable[[], Any]] = {}
    for name in ANCHORS:
        game = pyspiel.load_game(name)
        factories[f"open_spiel/{name}"] = game.new_initial_state
    return factories, None


def run_bench(
    game_ids: Sequence[str] | None = None,
    *,
    seconds: float = 1.0,
    seed: int = 0,
    rounds: int = 3,
    players: int | None = None,
) -> dict[str, Any]:
    """Measure every game in ``game_ids`` (default: all registered) and the anchors.

    ``seconds`` is each engine's total budget of CPU seconds. Returns the ``bench --json`` document.
    """
    if isinstance(seconds, bool) or not isinstance(seconds, int | float) or seconds <= 0:
        raise InvalidParameterError(f"--seconds must be a number > 0, got {seconds!r}")
    if rounds < 1:
        raise InvalidParameterError(f"rounds must be at least 1, got {rounds}")
    ids = list(game_ids) if game_ids else list_games()
    if not ids:
        raise GravityError("no game is registered; nothing to benchmark")
    engines: dict[str, Callable[[], Any]] = {}
    player_counts: dict[str, int] = {}
    for game_id in ids:
        game = load(game_id, players=players) if players is not None else load(game_id)
        engines[game_id] = game.new_initial_state
        player_counts[game_id] = game.players
    anchors, anchor_error = _openspiel_factories()
    engines.update(anchors)
    tallies = {name: Tally() for name in engines}
    rngs = {name: random.Random(derive_seed(seed, "bench", name)) for name in engines}
    for _ in range(rounds):
        for name, factory in engines.items():
            _slice(factory, rngs[name], seconds / rounds, tallies[name])
    anchor_rates = {name: tallies[name].rates() for name in anchors}
    maedn = anchor_rates.get("open_spiel/maedn", {}).get("steps_per_s")
    games: dict[str, Any] = {}
    for game_id in ids:
        rates: dict[str, Any] = dict(tallies[game_id].rates())
        rates["players"] = player_counts[game_id]
        rates["ratio"] = rates["steps_per_s"] / maedn if maedn else None
        games[game_id] = rates
    doc: dict[str, Any] = {
        "games": games,
        "anchors": anchor_rates,
        "ratio_to": "open_spiel/maedn steps_per_s",
        "clock": "process CPU time",
        "floor": FLOOR,
        "seconds": seconds,
        "rounds": rounds,
        "seed": seed,
        "build": BUILD.kind,
        "build_detail": BUILD.describe(),
        "target": TARGET,
    }
    if anchor_error:
        doc["anchor_error"] = anchor_error
    ratios = [g["ratio"] for g in games.values() if g["ratio"] is not None]
    if ratios:
        doc["slowest_ratio"] = min(ratios)
        doc["floor_met"] = min(ratios) >= FLOOR
        doc["target_met"] = min(ratios) >= TARGET
    return doc


def interpreted_rates(
    game_ids: Sequence[str] | None, *, seconds: float, seed: int, players: int | None
) -> dict[str, Any]:
    """The same bench on the source build, in a child process (a process imports one build only)."""
    command = [
        sys.executable,
        "-m",
        "gravity_games.cli.main",
        "bench",
        "--json",
        "-",
        "--seconds",
        str(seconds),
        "--seed",
        str(seed),
        "--builds",
        "current",
    ]
    if players is not None:
        command += ["--players", str(players)]
    command += list(game_ids or [])
    env = {**os.environ, "GRAVITY_BUILD": "interpreted"}
    done = subprocess.run(command, capture_output=True, text=True, env=env, check=False)
    if done.returncode != 0:
        raise GravityError(f"the interpreted bench failed: {done.stderr.strip()[-500:]}")
    document: dict[str, Any] = json.loads(done.stdout)
    return document


def profile_game(game_id: str, seconds: float, out_dir: Path, *, seed: int = 0, players: int | None = None) -> Path:
    """Profile random playouts of ``game_id`` with pyinstrument; writes text and HTML, returns the text file."""
    try:
        from pyinstrument import Profiler
    except ImportError as exc:
        raise GravityError(f"profiling needs pyinstrument ({exc}); install the sim extra") from None
    game = load(game_id, players=players) if players is not None else load(game_id)
    rng = random.Random(derive_seed(seed, "profile", game_id))
    profiler = Profiler(interval=0.0005)
    profiler.start()
    _slice(game.new_initial_state, rng, seconds, Tally())
    profiler.stop()
    out_dir.mkdir(parents=True, exist_ok=True)
    text = out_dir / f"{game_id}.txt"
    text.write_text(profiler.output_text(unicode=False, color=False, show_all=False), encoding="utf-8")
    (out_dir / f"{game_id}.html").write_text(profiler.output_html(), encoding="utf-8")
    return text


__all__ = ["ANCHORS", "FLOOR", "Tally", "playout", "profile_game", "run_bench"]
