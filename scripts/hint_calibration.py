"""Are the hints' win chances right? The decile check of issue 15.

Positions come from seeded games of heuristic bots (each decision with a real choice is taken with
chance ``--take``). At each one the hint (``gravity_games.agents.hints.advice``, the game's ``hard``
level) gives its best move and that move's win chance; the move is played, and the game is played on
with ``hard`` in the hinted seat and the heuristic in the others (a cooperative game: ``hard`` in
every seat). The positions are grouped by decile of the predicted chance; in each decile the observed
win rate (with its 95 % Wilson interval) is compared with the mean predicted chance, and a decile
passes when the two are within 10 points. Everything is written to ``--json`` and the reliability
plot to ``--plot``.

The hint does the game's budget of playouts or iterations (``agents/hint_budget.toml``, the hint a
player gets; ``--budget`` for another), so the run measures the same hint on a busy machine as on a
quiet one; ``--seconds`` is only a wall-clock cap, high enough by default that it never cuts a hint
short (the rows say if one was: ``done`` < the budget).

    nice -n 19 .venv/bin/python scripts/hint_calibration.py doubt-gravity --positions 1000 --seed 15
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path
from typing import Any

from gravity_games import load
from gravity_games.agents import make_agent
from gravity_games.agents.hint_budget import budget_for
from gravity_games.agents.hints import advice, calibration_deciles, hint_unit
from gravity_games.core.agent import Agent, SeatView
from gravity_games.core.api import CHANCE, TERMINAL, Game, State, sample_chance
from gravity_games.core.seeding import derive_seed


def collect(game: Game, count: int, seed: int, take: float) -> list[tuple[State, int, int]]:
    """(position, seat to act, game seed) from heuristic games, at most ``1 / take`` apart on average."""
    found: list[tuple[State, int, int]] = []
    pick = random.Random(derive_seed(seed, "take"))
    index = 0
    while len(found) < count:
        game_seed = derive_seed(seed, "game", index)
        index += 1
        agents = [make_agent("heuristic", game, s, derive_seed(game_seed, "agent", s)) for s in range(game.players)]
        chance = random.Random(derive_seed(game_seed, "chance"))
        state = game.new_initial_state()
        while state.current_player() != TERMINAL:
            player = state.current_player()
            if player == CHANCE:
                state.apply_action(sample_chance(state, chance))
                continue
            view = SeatView(state, player)
            if len(view.legal_actions()) > 1 and pick.random() < take and len(found) < count:
                found.append((state.clone(), player, game_seed))
            state.apply_action(agents[player].act(view))
    return found


def play_on(state: State, seat: int, seed: int) -> bool:
    """Play to the end: ``hard`` in ``seat`` (every seat when cooperative), the heuristic elsewhere."""
    game = state.game
    agents: list[Agent] = []
    for s in range(game.players):
        spec = "hard" if s == seat or game.spec.cooperative else "heuristic"
        agents.append(make_agent(spec, game, s, derive_seed(seed, "agent", s)))
    chance = random.Random(derive_seed(seed, "chance"))
    while state.current_player() != TERMINAL:
        player = state.current_player()
        if player == CHANCE:
            state.apply_action(sample_chance(state, chance))
        else:
            state.apply_action(agents[player].act(SeatView(state, player)))
    outcome = state.outcome()
    if outcome is None:
        return False
    return bool(outcome.winners) if game.spec.cooperative else seat in outcome.winners


def plot(panels: dict[str, dict[str, list[dict[str, Any]]]], path: Path) -> None:
    """Reliability plot: one panel per game, observed win rate against predicted chance per decile,
    one line per run (``panels[game][run label] = deciles``)."""
    import math

    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    columns = min(3, len(panels))
    lines = math.ceil(len(panels) / columns)
    fig, axes = plt.subplots(lines, columns, figsize=(4.2 * columns, 4.2 * lines), dpi=100, squeeze=False)
    for ax in axes.flat[len(panels) :]:
        ax.set_visible(False)
    for ax, (game, runs) in zip(axes.flat, panels.items(), strict=False):
        ax.plot([0, 1], [0, 1], color="#888", linestyle="--", linewidth=1)
        ax.fill_between([0, 1], [-0.1, 0.9], [0.1, 1.1], color="#e4e4e4", label="within 10 points")
        for label, table in runs.items():
            rows = [t for t in table if t["positions"]]
            xs = [t["mean_predicted"] for t in rows]
            ys = [t["observed"] for t in rows]
            err = [
                [max(0.0, y - t["low"]) for y, t in zip(ys, rows, strict=True)],
                [max(0.0, t["high"] - y) for y, t in zip(ys, rows, strict=True)],
            ]
            passed = sum(t["within_10_points"] for t in rows)
            ax.errorbar(xs, ys, yerr=err, marker="o", markersize=4, capsize=2, label=f"{label}: {passed}/{len(rows)}")
        ax.set_xlim(0, 1)
        ax.set_ylim(0, 1)
        ax.set_title(game, fontsize=11)
        ax.set_xlabel("predicted chance (decile mean)", fontsize=9)
        ax.set_ylabel("observed win rate, 95 % interval", fontsize=9)
        ax.legend(loc="best", fontsize=7.5)
    fig.suptitle("Hint calibration: deciles of the hinted move's chance, and how many are within 10 points")
    fig.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path)
    plt.close(fig)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("-n", "--players", type=int, default=2)
    parser.add_argument("--positions", type=int, default=300)
    parser.add_argument(
        "--budget", type=int, help="hint playouts or iterations (default: the game's, hint_budget.toml)"
    )
    parser.add_argument("--seconds", type=float, default=120.0, help="wall-clock cap per hint")
    parser.add_argument("--take", type=float, default=0.15, help="chance a decision becomes a position")
    parser.add_argument("--seed", type=int, default=15)
    parser.add_argument("--json", type=Path)
    parser.add_argument("--plot", type=Path, help="reliability plot (PNG) of this run and any --with runs")
    parser.add_argument("--with", dest="others", type=Path, nargs="*", default=[], help="earlier runs for the plot")
    args = parser.parse_args(argv)
    started = time.time()
    game = load(args.game, players=args.players)
    unit = hint_unit(args.game, args.players)
    budget = args.budget if args.budget is not None else budget_for(args.game, args.players, unit)
    import gravity_games.compiled as compiled

    rows: list[dict[str, Any]] = []
    out = args.json or Path("artifacts/calibration") / f"{args.game}-{args.players}-{args.seed}.json"
    out.parent.mkdir(parents=True, exist_ok=True)

    def document(complete: bool) -> dict[str, Any]:
        table = calibration_deciles(rows)
        filled = [t for t in table if t["positions"]]
        tenths = calibration_deciles(rows, bins="tenths")
        sure = [r for r in rows if not r["unsure"]]
        doc = {
            "game": args.game,
            "players": args.players,
            "positions": len(rows),
            "hint_unit": unit,
            "hint_budget": budget,
            "hint_seconds": args.seconds,  # the wall-clock cap
            "capped": sum(1 for r in rows if r["done"] < budget),
            "build": compiled.BUILD.kind,
            "seed": args.seed,
            "started_utc": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(started)),
            "wall_seconds": round(time.time() - started, 1),
            "mean_predicted": sum(r["predicted"] for r in rows) / len(rows),
            "observed": sum(r["won"] for r in rows) / len(rows),
            "deciles": table,
            "deciles_within_10_points": sum(t["within_10_points"] for t in filled),
            "deciles_filled": len(filled),
            # fixed tenths of the chance (0-10 %, ...), as the runs before 2026-12-01 22:00 UTC were grouped
            "tenths": tenths,
            "tenths_within_10_points": sum(t["within_10_points"] for t in tenths if t["positions"]),
            "tenths_filled": sum(1 for t in tenths if t["positions"]),
            "unsure_share": 1 - len(sure) / len(rows),
            "rows": rows,
            "complete": complete,
        }
        out.write_text(json.dumps(doc, indent=1) + "\n")
        return doc

    for i, (state, seat, game_seed) in enumerate(collect(game, args.positions, args.seed, args.take)):
        hint = advice(
            SeatView(state, seat), seconds=args.seconds, top=2, seed=derive_seed(args.seed, "hint", i), budget=budget
        )
        action, predicted = hint.moves[0]
        after = state.clone()
        after.apply_action(action)
        won = play_on(after, seat, derive_seed(game_seed, "play-on", i))
        rows.append(
            {
                "position": i,
                "seat": seat,
                "move": state.move_number(),
                "predicted": predicted,
                # before the game's calibration map, for scripts/fit_hint_calibration.py
                "raw": hint.raw[0] if hint.raw else predicted,
                "won": won,
                "unsure": hint.unsure,
                "samples": hint.samples,
                "done": hint.done,
            }
        )
        print(f"\r{args.game} {i + 1}/{args.positions}", end="", file=sys.stderr)
        if (i + 1) % 20 == 0:
            document(complete=False)  # a run cut short keeps what it measured
    print(file=sys.stderr)
    doc = document(complete=True)
    if args.plot:
        panels: dict[str, dict[str, list[dict[str, Any]]]] = {}
        for d in [json.loads(other.read_text()) for other in args.others] + [doc]:
            label = f"seed {d['seed']}, {d['positions']} positions"
            panels.setdefault(f"{d['game']}, {d['players']} players", {})[label] = calibration_deciles(d["rows"])
        plot(panels, args.plot)
    print(
        json.dumps(
            {
                k: doc[k]
                for k in (
                    "game",
                    "positions",
                    "mean_predicted",
                    "observed",
                    "deciles_within_10_points",
                    "deciles_filled",
                )
            }
        ),
        out,
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
