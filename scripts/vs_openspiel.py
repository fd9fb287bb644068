"""Our ``hard`` level against OpenSpiel's own ISMCTSBot, through the OpenSpiel adapter (issue 15).

The game is the adapter's ``python_gravity_<id>`` (``gravity_games.interop.openspiel``); OpenSpiel's
``open_spiel.python.algorithms.ismcts.ISMCTSBot`` (random-rollout evaluator, ``uct_c`` 1.4) plays one
seat and ``hard`` the other, seats rotated. "The same time per move": OpenSpiel's bot searches for
the wall time ``hard`` spent on its previous decision in this game (the first: ``--first`` seconds),
so both take about as long per move whatever the machine's load. Each game's seed, seat and result
and both bots' time per decision are written to ``--json`` after every game, so a run cut short keeps
its games; ``--resume`` continues it from its next game. The games are independent (each has its
own seeds), but the time match makes a replayed game differ, so a resumed run is new games after
the old ones, never a replay. The file names the concrete spec the level stood for. A run can be
split across cores: each part plays games ``--start`` to ``--games`` - 1 into its own file, and
``--merge`` joins the parts into one run, checked to hold every game once.

    nice .venv/bin/python scripts/vs_openspiel.py memory-gravity --games 400
    nice .venv/bin/python scripts/vs_openspiel.py gravwell --games 200 --json p0.json &
    nice .venv/bin/python scripts/vs_openspiel.py gravwell --start 200 --games 400 --json p1.json &
    .venv/bin/python scripts/vs_openspiel.py gravwell --merge p0.json p1.json --json run.json
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

from gravity_games import load
from gravity_games.agents import make_agent
from gravity_games.agents.levels import level_spec
from gravity_games.core.agent import SeatView
from gravity_games.core.seeding import derive_seed
from gravity_games.interop import openspiel
from gravity_games.sim.parts import PartsError, join_parts
from gravity_games.sim.stats import wilson_interval


class TimedISMCTSBot(ismcts.ISMCTSBot):  # type: ignore[misc]
    """OpenSpiel's ISMCTSBot with a wall-clock budget per search instead of a simulation count."""

    budget = 0.1

    def run_search(self, state: Any) -> Any:
        self.reset()
        legal = state.legal_actions()
        if len(legal) == 1:
            return [(legal[0], 1.0)]
        self._root_node = self.create_new_node(state)
        deadline = time.perf_counter() + self.budget
        sims = 0
        while sims < 2 or time.perf_counter() < deadline:
            self.run_simulation(self.sample_root_state(state))
            sims += 1
        self.simulations = sims
        return self.get_final_policy(state, self._root_node)


# What makes two files parts of one run (for --resume and --merge).
HEAD_KEYS = ("game", "agent", "agent_spec", "opponent", "seed")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--seed", type=int, default=15)
    parser.add_argument("--agent", default="hard")
    parser.add_argument("--first", type=float, default=0.2)
    parser.add_argument("--json", type=Path)
    parser.add_argument("--resume", action="store_true", help="continue the run cut short in --json from its next game")
    parser.add_argument("--start", type=int, default=0, help="this part plays games --start to --games - 1")
    parser.add_argument("--merge", type=Path, nargs="+", help="join these parts' files into --json and stop")
    args = parser.parse_args(argv)
    started = time.time()
    if not 0 <= args.start < args.games:
        parser.error(f"--start must be at least 0 and below --games ({args.games}), not {args.start}")
    if args.merge:
        if args.json is None:
            parser.error("--merge needs --json, the file to write the joined run to")
        doc = merge_parts(args.merge)
        save(args.json, doc)
        print(json.dumps(doc["all"]), json.dumps(doc["time_per_decision"]), args.json)
        return 0
    out = args.json or Path("artifacts/strength") / f"{args.game}-2-{args.agent}-vs-openspiel-ismcts-{args.seed}.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    spec = level_spec(args.game, args.agent, 2) if args.agent in ("easy", "medium", "hard") else args.agent
    head: dict[str, Any] = {
        "game": args.game,
        "agent": args.agent,
        "agent_spec": spec,
        "opponent": "open_spiel ISMCTSBot (uct_c=1.4, random rollouts), same wall time per move",
        "seed": args.seed,
    }
    rows: list[dict[str, Any]] = []
    ours: list[float] = []
    theirs: list[float] = []
    sims: list[int] = []
    if args.resume:
        earlier = resumable(out, head)
        rows = list(earlier["games"])
        raw = earlier.get("decisions", {})
        ours, theirs, sims = list(raw.get("agent_s", [])), list(raw.get("openspiel_s", [])), list(raw.get("sims", []))
        head["started_utc"] = earlier.get("started_utc")
        head["resumed_utc"] = [*earlier.get("resumed_utc", []), utc(started)]
    else:
        head["started_utc"] = utc(started)
    openspiel.register(args.game)
    spiel_game = pyspiel.load_game(openspiel.game_name(args.game), {"players": 2})
    game = load(args.game, players=2)
    for i in range(args.start + len(rows), args.games):
        seat = i % 2
        game_seed = derive_seed(args.seed, "game", i // 2)
        won = play_one(args, spiel_game, game, seat, game_seed, ours, theirs, sims)
        rows.append({"index": i, "seed": game_seed, "seat": seat, "won": won})
        print(f"\r{args.game} {i + 1}/{args.games} wins {sum(r['won'] for r in rows)}", end="", file=sys.stderr)
        save(out, summary(head, rows, ours, theirs, sims, started, complete=i + 1 == args.games))
    print(file=sys.stderr)
    doc = summary(head, rows, ours, theirs, sims, started, complete=len(rows) >= args.games - args.start)
    save(out, doc)
    print(json.dumps(doc["all"]), json.dumps(doc["time_per_decision"]), out)
    return 0


def play_one(
    args: argparse.Namespace,
    spiel_game: Any,
    game: Any,
    seat: int,
    game_seed: int,
    ours: list[float],
    theirs: list[float],
    sims: list[int],
) -> bool:
    """One game, ``hard`` in ``seat``; each side's time per decision is appended to the lists."""
    rng = np.random.RandomState(derive_seed(game_seed, "openspiel") % (1 << 32))
    chance = random.Random(derive_seed(game_seed, "chance"))
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bot = TimedISMCTSBot(spiel_game, evaluator, uct_c=1.4, max_simulations=1, random_state=rng)
    agent = make_agent(args.agent, game, seat, derive_seed(game_seed, "agent", seat))
    budget = args.first
    state = spiel_game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            x, acc = chance.random(), 0.0
            pick = outcomes[-1][0]
            for action, p in outcomes:
                acc += p
                if x < acc:
                    pick = action
                    break
            state.apply_action(pick)
            continue
        player = state.current_player()
        many = len(state.legal_actions()) > 1
        t0 = time.perf_counter()
        if player == seat:
            action = agent.act(SeatView(state.gravity_state, seat))
            if many:
                budget = time.perf_counter() - t0
                ours.append(budget)
        else:
            bot.budget = budget
            action = int(bot.step(state))
            if many:
                theirs.append(time.perf_counter() - t0)
                sims.append(bot.simulations)
        state.apply_action(action)
    outcome = state.gravity_state.outcome()
    return outcome is not None and seat in outcome.winners


def summary(
    head: dict[str, Any],
    rows: list[dict[str, Any]],
    ours: list[float],
    theirs: list[float],
    sims: list[int],
    started: float,
    *,
    complete: bool,
) -> dict[str, Any]:
    wins = sum(r["won"] for r in rows)
    low, high = wilson_interval(wins, len(rows))
    return {
        **head,
        "all": {"wins": wins, "games": len(rows), "rate": wins / max(len(rows), 1), "low": low, "high": high},
        "time_per_decision": {
            "agent_median_s": statistics.median(ours) if ours else 0.0,
            "openspiel_median_s": statistics.median(theirs) if theirs else 0.0,
            "openspiel_median_simulations": statistics.median(sims) if sims else 0,
        },
        "complete": complete,
        "wall_seconds": round(time.time() - started, 1),
        "decisions": {"agent_s": ours, "openspiel_s": theirs, "sims": sims},
        "games": rows,
    }


def merge_parts(paths: list[Path]) -> dict[str, Any]:
    """One run from its parts (each played with ``--start``), checked to hold games 0..n-1 once each."""
    try:
        parts, rows = join_parts(paths, HEAD_KEYS)
    except PartsError as exc:
        raise SystemExit(f"--merge: {exc}") from exc
    head = {key: parts[0].get(key) for key in HEAD_KEYS}
    raw = [part.get("decisions", {}) for part in parts]
    ours = [t for d in raw for t in d.get("agent_s", [])]
    theirs = [t for d in raw for t in d.get("openspiel_s", [])]
    sims = [n for d in raw for n in d.get("sims", [])]
    doc = summary(head, rows, ours, theirs, sims, time.time(), complete=True)
    doc["started_utc"] = min(str(part.get("started_utc")) for part in parts)
    doc["merged_from"] = [path.name for path in paths]
    # CPU in parallel: the parts' wall times add up to the run's cost on one core
    doc["wall_seconds"] = round(sum(float(part.get("wall_seconds", 0.0)) for part in parts), 1)
    return doc


def resumable(path: Path, head: dict[str, Any]) -> dict[str, Any]:
    """The run cut short in ``path``, checked to be the one ``head`` describes."""
    try:
        earlier: dict[str, Any] = json.loads(path.read_text())
    except (OSError, ValueError) as exc:
        raise SystemExit(f"--resume: cannot read {path}: {exc}") from exc
    for key in HEAD_KEYS:
        if earlier.get(key) != head[key]:
            raise SystemExit(f"--resume: {path} has {key}={earlier.get(key)!r}, this run {head[key]!r}")
    return earlier


def save(path: Path, doc: dict[str, Any]) -> None:
    """Write ``doc`` whole or not at all: a run killed mid-write keeps its last complete file."""
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps(doc, indent=1) + "\n")
    tmp.replace(path)


def utc(t: float) -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(t))


if __name__ == "__main__":
    raise SystemExit(main())
