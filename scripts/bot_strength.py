"""Strength of one agent against another, seats rotated, with 95 % Wilson intervals (issue 15).

Competitive games: game ``i`` seats the tested agent in seat ``i % players`` and the opponent agent
in every other seat; a win is the tested seat among the outcome's winners (a shared win counts).
Cooperative games (``--team``): every seat plays the tested agent in one batch and the opponent
agent in another, on the same seeds, and the two team win rates are compared.

Every run is written whole to ``--json`` (default ``artifacts/strength/<game>-<n>-<agent>-vs-<opp>-<seed>.json``),
including each game's seed, seat and result and the tested agent's time per decision.

    nice .venv/bin/python scripts/bot_strength.py gravwell -n 3 --agent hard --opponent heuristic --games 400
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from gravity_games import load
from gravity_games.agents import make_agent
from gravity_games.core.agent import Agent, SeatView
from gravity_games.core.play import play_game
from gravity_games.core.seeding import derive_seed
from gravity_games.sim.parts import PartsError, join_parts
from gravity_games.sim.stats import wilson_interval


class Timed(Agent):
    """Wraps an agent and records its own time per decision (not the others')."""

    def __init__(self, inner: Agent, times: list[float]) -> None:
        self.inner, self.times = inner, times
        self.name = inner.name
        self.game, self.seat, self.rng, self.settings = inner.game, inner.seat, inner.rng, inner.settings

    def act(self, view: SeatView) -> int:
        start = time.process_time()
        action = self.inner.act(view)
        if len(view.legal_actions()) > 1:
            self.times.append(time.process_time() - start)
        return action


def percentile(values: list[float], q: float) -> float:
    """The ``q`` quantile (0-1) by the nearest rank; 0 for no values."""
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))]


def rate(wins: int, games: int) -> dict[str, Any]:
    low, high = wilson_interval(wins, games)
    return {"wins": wins, "games": games, "rate": wins / games if games else 0.0, "low": low, "high": high}


def timing(times: list[float]) -> dict[str, Any]:
    return {
        "median_s": statistics.median(times) if times else 0.0,
        "p95_s": percentile(times, 0.95),
        "decisions": len(times),
    }


Save = Callable[[dict[str, Any]], None]


def competitive(
    game_id: str,
    players: int,
    agent: str,
    opponent: str,
    games: int,
    seed: int,
    save: Save,
    earlier: dict[str, Any] | None = None,
    first: int = 0,
    wrap: Callable[[Agent], Agent] | None = None,
) -> dict[str, Any]:
    """Game ``i`` for ``i`` in ``range(first, games)``; with ``earlier`` (a run cut short), only the games it lacks.

    ``wrap`` (``scripts/ceiling.py``) wraps the tested agent before it plays.

    Game ``i`` is the same whichever process plays it, so one run can be played in parts
    (``--first``) on several cores and joined with ``--merge``.
    """
    game = load(game_id, players=players)
    times: list[float] = list((earlier or {}).get("decision_seconds", []))
    rows: list[dict[str, Any]] = list((earlier or {}).get("games", []))
    timed_from = 0 if earlier is None or "decision_seconds" in earlier else len(rows)

    def summary() -> dict[str, Any]:
        return competitive_summary(rows, times, players, timed_from)

    for i in range(first + len(rows), games):
        seat = i % players
        game_seed = derive_seed(seed, "game", i // players)  # one deal per rotation: the agents move round the table
        agents: list[Agent] = []
        for s in range(players):
            spec = agent if s == seat else opponent
            a = make_agent(spec, game, s, derive_seed(game_seed, "agent", s))
            if s == seat and wrap is not None:
                a = wrap(a)
            agents.append(Timed(a, times) if s == seat else a)
        state, _ = play_game(game, agents, seed=game_seed)
        outcome = state.outcome()
        won = outcome is not None and seat in outcome.winners
        rows.append({"index": i, "seed": game_seed, "seat": seat, "won": won})
        print(f"\r{game_id} {i + 1}/{games} wins {sum(r['won'] for r in rows)}", end="", file=sys.stderr)
        if (i + 1) % 10 == 0:
            save(summary())
    print(file=sys.stderr)
    return summary()


def competitive_summary(
    rows: list[dict[str, Any]], times: list[float], players: int, timed_from: int
) -> dict[str, Any]:
    """The rates (overall and per seat) and time per decision of the games in ``rows``."""
    per_seat = {
        str(s): rate(sum(r["won"] for r in rows if r["seat"] == s), sum(1 for r in rows if r["seat"] == s))
        for s in range(players)
    }
    return {
        "all": rate(sum(r["won"] for r in rows), len(rows)),
        "per_seat": per_seat,
        "fair_share": 1 / players,
        # A run resumed from a file without raw times has its times from that game on only.
        "time_per_decision": {**timing(times), "from_game": timed_from},
        "decision_seconds": [round(t, 5) for t in times],
        "games": rows,
    }


HEAD_KEYS = ("game", "players", "agent", "opponent", "seed", "sees")


def merge_parts(paths: list[Path]) -> dict[str, Any]:
    """One run from its parts (each played with ``--first``), checked to be one run with no game missing."""
    try:
        parts, rows = join_parts(paths, HEAD_KEYS)
    except PartsError as exc:
        raise SystemExit(f"--merge: {exc}") from exc
    head = {key: parts[0].get(key) for key in HEAD_KEYS}
    times = [t for part in parts for t in part.get("decision_seconds", [])]
    timed_from = parts[0].get("time_per_decision", {}).get("from_game", 0)
    doc = {
        **head,
        "games_requested": len(rows),
        "started_utc": min(part["started_utc"] for part in parts),
        "merged_from": [path.name for path in paths],
        **competitive_summary(rows, times, int(head["players"] or 0), timed_from),
        "complete": True,
        # CPU in parallel: the parts' wall times add up to the run's cost on one core
        "wall_seconds": round(sum(float(part.get("wall_seconds", 0.0)) for part in parts), 1),
    }
    return doc


def team(game_id: str, players: int, agent: str, opponent: str, games: int, seed: int, save: Save) -> dict[str, Any]:
    """Both teams play game ``i`` (the same seed) before game ``i + 1``, so a cut run stays paired."""
    game = load(game_id, players=players)
    times: dict[str, list[float]] = {"agent": [], "opponent": []}
    rows: dict[str, list[dict[str, Any]]] = {"agent": [], "opponent": []}

    def summary() -> dict[str, Any]:
        result: dict[str, Any] = {
            label: {
                **rate(sum(r["won"] for r in rows[label]), len(rows[label])),
                "time_per_decision": timing(times[label]),
                "results": rows[label],
            }
            for label in rows
        }
        return {
            "team_agent": result["agent"],
            "team_opponent": result["opponent"],
            "difference_points": 100 * (result["agent"]["rate"] - result["opponent"]["rate"]),
        }

    for i in range(games):
        game_seed = derive_seed(seed, "game", i)
        for label, spec in (("agent", agent), ("opponent", opponent)):
            agents: list[Agent] = [
                Timed(make_agent(spec, game, s, derive_seed(game_seed, "agent", s)), times[label])
                for s in range(players)
            ]
            state, _ = play_game(game, agents, seed=game_seed)
            outcome = state.outcome()
            rows[label].append({"index": i, "seed": game_seed, "won": bool(outcome and outcome.winners)})
        wins = [sum(r["won"] for r in rows[k]) for k in rows]
        print(f"\r{game_id} {i + 1}/{games} team wins {wins[0]} against {wins[1]}", end="", file=sys.stderr)
        if (i + 1) % 5 == 0:
            save(summary())
    print(file=sys.stderr)
    return summary()


def resumable(path: Path, head: dict[str, Any]) -> dict[str, Any]:
    """The run cut short in ``path``, checked to be the one ``head`` describes."""
    try:
        earlier: dict[str, Any] = json.loads(path.read_text())
    except (OSError, ValueError) as exc:
        raise SystemExit(f"--resume: cannot read {path}: {exc}") from exc
    for key in HEAD_KEYS:
        if earlier.get(key) != head.get(key):
            raise SystemExit(f"--resume: {path} has {key}={earlier.get(key)!r}, this run {head.get(key)!r}")
    if "games" not in earlier:
        raise SystemExit(f"--resume: {path} is not a competitive run")
    if earlier.get("first_index", 0) != head.get("first_index", 0):
        part = earlier.get("first_index", 0)
        raise SystemExit(f"--resume: {path} is the part from game {part}, this run's --first differs")
    return earlier


def main(
    argv: list[str] | None = None,
    wrap: Callable[[Agent], Agent] | None = None,
    sees: str | None = None,
    prog: str | None = None,
) -> int:
    """The command line; ``wrap`` and ``sees`` are ``scripts/ceiling.py``'s (the tested agent's wrapper, recorded)."""
    parser = argparse.ArgumentParser(prog=prog, description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("-n", "--players", type=int, default=2)
    parser.add_argument("--agent", default="hard")
    parser.add_argument("--opponent", default="heuristic")
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--seed", type=int, default=15)
    parser.add_argument("--team", action="store_true", help="cooperative: compare team win rates")
    parser.add_argument("--json", type=Path)
    parser.add_argument(
        "--resume",
        action="store_true",
        help="continue the run cut short in --json (same game, seats, agents and seed) from its next game",
    )
    parser.add_argument("--first", type=int, default=0, help="play games FIRST..GAMES-1 only (one part of a run)")
    parser.add_argument(
        "--merge", type=Path, nargs="+", metavar="PART", help="join the parts of one run into --json, then stop"
    )
    args = parser.parse_args(argv)
    if args.merge:
        if args.json is None:
            raise SystemExit("--merge needs --json, the file of the joined run")
        merged = merge_parts(args.merge)
        args.json.write_text(json.dumps(merged, indent=1) + "\n")
        print(json.dumps(merged["all"]), args.json)
        return 0
    if not 0 <= args.first < args.games:
        raise SystemExit(f"--first must be in 0..{args.games - 1} (below --games), got {args.first}")
    started = time.time()
    tested = args.agent + ("-ceiling" if sees else "")
    name = f"{args.game}-{args.players}-{tested}-vs-{args.opponent}-{args.seed}.json"
    out = args.json or Path("artifacts/strength") / name.replace(":", "_")
    out.parent.mkdir(parents=True, exist_ok=True)
    head = {
        "game": args.game,
        "players": args.players,
        "agent": args.agent,
        "opponent": args.opponent,
        "seed": args.seed,
        **({"sees": sees} if sees else {}),
        "games_requested": args.games,
        **({"first_index": args.first} if args.first else {}),
        "started_utc": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(started)),
    }

    earlier: dict[str, Any] | None = None
    if args.resume:
        earlier = resumable(out, head)
        head["started_utc"] = earlier["started_utc"]
        head["resumed_utc"] = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(started))
        started -= float(earlier.get("wall_seconds", 0.0))

    def save(partial: dict[str, Any], complete: bool = False) -> None:
        # Written every few games too, so a run cut short keeps what it played (complete: false).
        doc = {**head, **partial, "complete": complete, "wall_seconds": round(time.time() - started, 1)}
        out.write_text(json.dumps(doc, indent=1) + "\n")

    if args.team:
        if wrap is not None:
            raise SystemExit("--team runs are not wrapped")
        if args.first:
            raise SystemExit("--first is for competitive runs only")
        if earlier is not None:
            raise SystemExit("--resume is for competitive runs only")
        result = team(args.game, args.players, args.agent, args.opponent, args.games, args.seed, save)
    else:
        result = competitive(
            args.game, args.players, args.agent, args.opponent, args.games, args.seed, save, earlier, args.first, wrap
        )
    doc = {**head, **result}
    save(doc, complete=True)
    summary = doc.get("all") or {
        "agent": doc["team_agent"]["rate"],
        "opponent": doc["team_opponent"]["rate"],
        "difference": doc["difference_points"],
    }
    print(json.dumps({k: v for k, v in summary.items()} if isinstance(summary, dict) else summary), out)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
