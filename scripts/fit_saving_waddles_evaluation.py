"""Fit the Saving Waddles evaluation (``games/saving_waddles/bots_evaluation.py``) by self-play, with NumPy.

Plays ``--games`` seeded games of heuristic bots (each decision with a real choice a random legal
move with chance ``--noise``, so the samples cover more than the heuristic's own lines), and takes
one sample each time a turn passes to another seat: the features of the observation of the seat
whose turn just ended, labelled 1 if that seat went on to win. A network with one hidden layer of
``--hidden`` tanh units and a logistic output is fitted to them by Adam on the log-loss (10 % of the
games held out to report it against a plain logistic regression and a constant), and its weights
are written into ``data/evaluation.toml`` under ``[players.N]`` (other player counts kept).

    nice -n 19 .venv/bin/python scripts/fit_saving_waddles_evaluation.py --players 2 --games 20000
"""

from __future__ import annotations

import argparse
import random
import sys
import time
import tomllib
from pathlib import Path
from typing import Any

import numpy as np

from gravity_games import load
from gravity_games.core.agent import SeatView
from gravity_games.core.api import CHANCE, TERMINAL, sample_chance
from gravity_games.core.seeding import derive_seed
from gravity_games.games.saving_waddles.bots import HeuristicAgent
from gravity_games.games.saving_waddles.bots_evaluation import Track, feature_names, features

DATA = Path(__file__).resolve().parents[1] / "src/gravity_games/games/saving_waddles/data/evaluation.toml"


def self_play(
    players: int, games: int, seed: int, noise: float, base: dict[str, float]
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Features, labels and game index of every turn passed in ``games`` noisy heuristic games."""
    game = load("saving-waddles", players=players)
    track = Track(game)  # type: ignore[arg-type]
    xs: list[list[float]] = []
    ys: list[float] = []
    gs: list[int] = []
    started = time.time()
    for g in range(games):
        gseed = derive_seed(seed, "game", g)
        rng = random.Random(derive_seed(gseed, "noise"))
        chance = random.Random(derive_seed(gseed, "chance"))
        agents = [HeuristicAgent(game, s, derive_seed(gseed, "agent", s), **base) for s in range(players)]
        state = game.new_initial_state()
        rows: list[tuple[int, list[float]]] = []
        turn = -1
        while True:
            player = state.current_player()
            if player == TERMINAL:
                break
            if player == CHANCE:
                state.apply_action(sample_chance(state, chance))
            else:
                view = SeatView(state, player)
                legal = view.legal_actions()
                action = agents[player].act(view)
                if len(legal) > 1 and rng.random() < noise:
                    action = legal[rng.randrange(len(legal))]
                state.apply_action(action)
            now = state.observation(None)["turn"] if not state.is_terminal() else turn
            if turn >= 0 and now != turn and not state.is_terminal():
                rows.append((turn, features(state.observation(turn), track)))
            turn = now
        outcome = state.outcome()
        winners = outcome.winners if outcome is not None else ()
        for seat, x in rows:
            xs.append(x)
            ys.append(1.0 if seat in winners else 0.0)
            gs.append(g)
        if (g + 1) % 1000 == 0:
            print(f"\r{g + 1}/{games} games, {len(xs)} samples, {time.time() - started:.0f} s", end="", file=sys.stderr)
    print(file=sys.stderr)
    return np.array(xs), np.array(ys), np.array(gs)


def log_loss(p: np.ndarray, y: np.ndarray) -> float:
    p = np.clip(p, 1e-6, 1 - 1e-6)
    return float(-np.mean(y * np.log(p) + (1 - y) * np.log(1 - p)))


def fit(x: np.ndarray, y: np.ndarray, hidden: int, epochs: int, seed: int, l2: float = 1e-5) -> dict[str, np.ndarray]:
    """A tanh layer and a logistic output by Adam on the log-loss (hidden = 0: logistic regression)."""
    rng = np.random.default_rng(seed)
    n, d = x.shape
    params: dict[str, np.ndarray] = {
        "w1": rng.normal(0, 1 / np.sqrt(d), (hidden, d)),
        "b1": np.zeros(hidden),
        "w2": rng.normal(0, 1 / np.sqrt(max(hidden, 1)), hidden),
        "b2": np.zeros(1),
        "wl": np.zeros(d),
    }
    m = {k: np.zeros_like(v) for k, v in params.items()}
    v2 = {k: np.zeros_like(v) for k, v in params.items()}
    step = 0
    batch = 512
    for epoch in range(epochs):
        lr = 3e-3 if epoch < epochs * 0.6 else 1e-3 if epoch < epochs * 0.85 else 3e-4
        order = rng.permutation(n)
        for start in range(0, n, batch):
            idx = order[start : start + batch]
            xb, yb = x[idx], y[idx]
            h = np.tanh(xb @ params["w1"].T + params["b1"]) if hidden else np.zeros((len(idx), 0))
            logit = (h @ params["w2"] if hidden else 0.0) + params["b2"][0] + xb @ params["wl"] * (hidden == 0)
            p = 1 / (1 + np.exp(-logit))
            g = (p - yb) / len(idx)
            grads = {k: np.zeros_like(v) for k, v in params.items()}
            grads["b2"] = np.array([g.sum()])
            if hidden:
                grads["w2"] = h.T @ g + l2 * params["w2"]
                gh = np.outer(g, params["w2"]) * (1 - h**2)
                grads["w1"] = gh.T @ xb + l2 * params["w1"]
                grads["b1"] = gh.sum(axis=0)
            else:
                grads["wl"] = xb.T @ g + l2 * params["wl"]
            step += 1
            for k in params:
                m[k] = 0.9 * m[k] + 0.1 * grads[k]
                v2[k] = 0.999 * v2[k] + 0.001 * grads[k] ** 2
                mh = m[k] / (1 - 0.9**step)
                vh = v2[k] / (1 - 0.999**step)
                params[k] -= lr * mh / (np.sqrt(vh) + 1e-8)
    return params


def predict(params: dict[str, np.ndarray], x: np.ndarray) -> np.ndarray:
    if params["w1"].shape[0]:
        logit = np.tanh(x @ params["w1"].T + params["b1"]) @ params["w2"] + params["b2"][0]
    else:
        logit = x @ params["wl"] + params["b2"][0]
    return 1 / (1 + np.exp(-logit))


def toml_table(players: int, table: dict[str, Any]) -> str:
    """One ``[players.N]`` table: the fit's description, the feature names, the weights."""

    def row(values: Any) -> str:
        return "[" + ", ".join(f"{float(v):.6g}" for v in values) + "]"

    names = ", ".join(f'"{n}"' for n in table["features"])
    lines = [f"[players.{players}]", f'fitted = "{table["fitted"]}"', f"features = [{names}]"]
    lines += [f"mean = {row(table['mean'])}", f"scale = {row(table['scale'])}", "w1 = ["]
    lines += [f"  {row(r)}," for r in table["w1"]]
    lines += ["]", f"b1 = {row(table['b1'])}", f"w2 = {row(table['w2'])}", f"b2 = {float(table['b2']):.6g}"]
    return "\n".join(lines) + "\n"


HEADER = """# Saving Waddles: the fitted win-chance network of the lookahead bot
# (games/saving_waddles/bots_evaluation.py).
# Written by scripts/fit_saving_waddles_evaluation.py from self-play of heuristic bots: a bot's
# weights, not a printed component. One table per player count: features standardised by mean and
# scale (z = (x - mean) * scale), one tanh layer (w1 rows, b1), a logistic output (w2, b2).
"""


def write(players: int, table: dict[str, Any]) -> None:
    """``table`` as ``[players.N]`` of the data file, the other player counts' tables kept."""
    tables: dict[int, dict[str, Any]] = {}
    if DATA.exists():
        tables = {int(n): t for n, t in tomllib.loads(DATA.read_text()).get("players", {}).items()}
    tables[players] = table
    DATA.write_text(HEADER + "".join("\n" + toml_table(n, tables[n]) for n in sorted(tables)))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=20000)
    parser.add_argument("--seed", type=int, default=500)
    parser.add_argument("--noise", type=float, default=0.05)
    parser.add_argument("--hidden", type=int, default=24)
    parser.add_argument("--epochs", type=int, default=12)
    parser.add_argument("--base", default="", help="the heuristic's settings, e.g. margin=3,door=20")
    parser.add_argument("--dry-run", action="store_true", help="report the fit, write nothing")
    args = parser.parse_args()
    base = {k: float(v) for k, v in (kv.split("=") for kv in args.base.split(",") if kv)}
    x, y, g = self_play(args.players, args.games, args.seed, args.noise, base)
    mean = x.mean(axis=0)
    std = x.std(axis=0)
    scale = np.where(std > 1e-9, 1 / np.maximum(std, 1e-9), 0.0)
    z = (x - mean) * scale
    held = g % 10 == 0
    base = log_loss(np.full(held.sum(), y[~held].mean()), y[held])
    logistic = fit(z[~held], y[~held], 0, max(3, args.epochs // 3), args.seed)
    net = fit(z[~held], y[~held], args.hidden, args.epochs, args.seed)
    lr_loss = log_loss(predict(logistic, z[held]), y[held])
    net_loss = log_loss(predict(net, z[held]), y[held])
    print(
        f"{len(y)} samples; held-out log-loss: constant {base:.4f}, logistic {lr_loss:.4f}, "
        f"network ({args.hidden} tanh) {net_loss:.4f}"
    )
    if args.dry_run:
        return 0
    final = fit(z, y, args.hidden, args.epochs, args.seed)
    fitted = (
        f"{args.games} games of heuristic:{args.base.replace(',', ':')} (seed {args.seed}, noise {args.noise}), "
        f"{len(y)} samples; held-out log-loss: "
        f"constant {base:.4f}, logistic {lr_loss:.4f}, network {net_loss:.4f}"
    )
    table = {
        "fitted": fitted,
        "features": feature_names(args.players),
        "mean": mean,
        "scale": scale,
        "w1": final["w1"],
        "b1": final["b1"],
        "w2": final["w2"],
        "b2": float(final["b2"][0]),
    }
    write(args.players, table)
    print("wrote", DATA)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
