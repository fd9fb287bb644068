"""Fit Gravwell's leaf evaluation (``games/gravwell/bots_evaluation.py``) by self-play, with NumPy.

Plays ``--games`` seeded games of heuristic bots (each real choice a random legal move with chance
``--noise``, so the samples cover more than the heuristic's own lines) and takes one sample at every
settled step (between Movement Phases or rounds, ``standings_settled``): the moment of the game and
every seat's features, labelled with each seat's share of the win. One conditional logit per moment
(the seats' utilities ``w . x``, their softmax the win chances) is fitted by Newton's method on the
log-loss with a small ridge, 10 % of the games held out to report it against the search's default
reading (the standings' softmax at ``scale=10``) and against equal chances. The weights are written
into ``data/evaluation.toml`` under ``[players.N]`` (other player counts kept).

    nice -n 19 .venv/bin/python scripts/fit_gravwell_evaluation.py --players 4 --games 4000 --workers 2
"""

from __future__ import annotations

import argparse
import random
import sys
import time
import tomllib
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

import numpy as np

from gravity_games import load
from gravity_games.core.agent import SeatView
from gravity_games.core.api import CHANCE, TERMINAL, sample_chance
from gravity_games.core.seeding import derive_seed
from gravity_games.games.gravwell.bots import HeuristicAgent
from gravity_games.games.gravwell.bots_core import standings_settled
from gravity_games.games.gravwell.bots_evaluation import FEATURES, MOMENTS, moment, seat_features
from gravity_games.games.gravwell.rules import GravwellState
from gravity_games.games.gravwell.rules_moves import distance_to_goal
from gravity_games.games.gravwell.state import Stage

DATA = Path(__file__).resolve().parents[1] / "src/gravity_games/games/gravwell/data/evaluation.toml"
Samples = tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]


def sample(state: GravwellState) -> tuple[int, list[list[float]]]:
    """The moment of ``state`` and every seat's features."""
    n = len(state.ship_spaces)
    distances = [distance_to_goal(state, s) for s in range(n)]
    return moment(state), [seat_features(state, s, distances) for s in range(n)]


def play(players: int, seed: int, first: int, games: int, noise: float, random_setup: bool = False) -> Samples:
    """Moments, features (samples x seats x features), win shares and game index of ``games`` games.

    With ``random_setup`` every ship and Warp Gate is chosen at random: the heuristic's fixed ship
    preference would give each seat the same ship in every game, and the fit could not tell a ship's
    worth from its seat's.
    """
    game = load("gravwell", players=players)
    moments: list[int] = []
    xs: list[list[list[float]]] = []
    ys: list[list[float]] = []
    gs: list[int] = []
    for g in range(first, first + games):
        gseed = derive_seed(seed, "game", g)
        rng = random.Random(derive_seed(gseed, "noise"))
        chance = random.Random(derive_seed(gseed, "chance"))
        setup_rng = random.Random(derive_seed(gseed, "setup"))
        agents = [HeuristicAgent(game, s, derive_seed(gseed, "agent", s)) for s in range(players)]
        state = game.new_initial_state()
        assert isinstance(state, GravwellState)
        rows: list[tuple[int, list[list[float]]]] = []
        while True:
            player = state.current_player()
            if player == TERMINAL:
                break
            if player == CHANCE:
                state.apply_action(sample_chance(state, chance))
            else:
                view = SeatView(state, player)
                legal = view.legal_actions()
                if random_setup and state.stage in (Stage.SHIP, Stage.GATE):
                    action = legal[setup_rng.randrange(len(legal))]
                else:
                    action = agents[player].act(view)
                if len(legal) > 1 and rng.random() < noise:
                    action = legal[rng.randrange(len(legal))]
                state.apply_action(action)
            if not state.is_terminal() and standings_settled(state):
                rows.append(sample(state))
        winners = state.winners
        share = [1.0 / len(winners) if s in winners else 0.0 for s in range(players)]
        for m, x in rows:
            moments.append(m)
            xs.append(x)
            ys.append(share)
            gs.append(g)
    return np.array(moments), np.array(xs), np.array(ys), np.array(gs)


def self_play(players: int, games: int, seed: int, noise: float, workers: int, random_setup: bool = False) -> Samples:
    """:func:`play` over ``workers`` processes, in chunks of 100 games."""
    chunks = [(players, seed, first, min(100, games - first), noise, random_setup) for first in range(0, games, 100)]
    started = time.time()
    parts: list[Samples] = []
    with ProcessPoolExecutor(max_workers=workers) as pool:
        for done, part in enumerate(pool.map(play, *zip(*chunks, strict=True)), 1):
            parts.append(part)
            print(f"\r{min(done * 100, games)}/{games} games, {time.time() - started:.0f} s", end="", file=sys.stderr)
    print(file=sys.stderr)
    return tuple(np.concatenate([p[k] for p in parts]) for k in range(4))  # type: ignore[return-value]


def chances(x: np.ndarray, w: np.ndarray) -> np.ndarray:
    """Softmax over seats of ``x @ w`` (x: samples x seats x features)."""
    u = x @ w
    u -= u.max(axis=1, keepdims=True)
    e = np.exp(u)
    return e / e.sum(axis=1, keepdims=True)


def fit_moment(x: np.ndarray, y: np.ndarray, ridge: float) -> np.ndarray:
    """The conditional logit's weights by Newton's method (x standardised inside, weights returned raw)."""
    k = x.shape[2]
    flat = x.reshape(-1, k)
    std = flat.std(axis=0)
    scale = np.where(std > 1e-9, 1 / np.maximum(std, 1e-9), 0.0)
    z = x * scale
    w = np.zeros(k)
    for _ in range(30):
        p = chances(z, w)
        zbar = np.einsum("ns,nsk->nk", p, z)
        grad = np.einsum("ns,nsk->k", p - y, z) / len(z) + ridge * w
        centred = z - zbar[:, None, :]
        hess = np.einsum("ns,nsk,nsl->kl", p, centred, centred) / len(z) + ridge * np.eye(k)
        step = np.linalg.solve(hess, grad)
        w -= step
        if np.abs(step).max() < 1e-8:
            break
    return w * scale


def log_loss(p: np.ndarray, y: np.ndarray) -> float:
    """Mean over samples of minus the log chance given to the win shares."""
    return float(-np.mean(np.sum(y * np.log(np.clip(p, 1e-9, 1.0)), axis=1)))


def standings_chances(x: np.ndarray, scale: float) -> np.ndarray:
    """The search's default reading: softmax of minus distance over ``scale``."""
    w = np.zeros(x.shape[2])
    w[0] = -1.0 / scale  # distance comes first in every fit (main() checks it is chosen)
    return chances(x, w)


def fit_all(moments: np.ndarray, x: np.ndarray, y: np.ndarray, train: np.ndarray, ridge: float) -> np.ndarray:
    """One weight row per moment over ``x``'s features (zeros where a moment has under 50 samples)."""
    weights = np.zeros((MOMENTS, x.shape[2]))
    for m in range(MOMENTS):
        rows = train & (moments == m)
        if rows.sum() >= 50:
            weights[m] = fit_moment(x[rows], y[rows], ridge)
    return weights


def held_out_losses(moments: np.ndarray, x: np.ndarray, y: np.ndarray, weights: np.ndarray) -> dict[str, float]:
    """Held-out log-loss of the fit, the standings' reading at scale 10 and equal chances."""
    p = np.empty_like(y)
    for m in range(MOMENTS):
        rows = moments == m
        if rows.any():
            p[rows] = chances(x[rows], weights[m])
    equal = np.full_like(y, 1.0 / y.shape[1])
    return {
        "fitted": log_loss(p, y),
        "standings": log_loss(standings_chances(x, 10.0), y),
        "equal": log_loss(equal, y),
    }


def toml_table(players: int, fitted: str, features: list[str], weights: Any) -> str:
    """One ``[players.N]`` table: how it was fitted, the feature names, one weight row per moment."""
    names = ", ".join(f'"{n}"' for n in features)
    lines = [f"[players.{players}]", f'fitted = "{fitted}"', f"features = [{names}]", "weights = ["]
    lines += ["  [" + ", ".join(f"{float(v):.6g}" for v in row) + "]," for row in weights]
    return "\n".join([*lines, "]"]) + "\n"


HEADER = """# Gravwell: the fitted leaf evaluation of the IS-MCTS search's `leaf=fitted`
# (games/gravwell/bots_evaluation.py). Written by scripts/fit_gravwell_evaluation.py from self-play
# of heuristic bots: a bot's weights, not a printed component. One table per player count: for each
# of the 48 moments (bots_evaluation.py's docstring) the weights of the features, in order, of a
# conditional logit over the seats.
"""


def write(players: int, fitted: str, features: list[str], weights: Any) -> None:
    """``weights`` as ``[players.N]`` of the data file, the other player counts' tables kept as they are."""
    tables: dict[int, tuple[str, list[str], Any]] = {}
    if DATA.exists():
        for n, t in tomllib.loads(DATA.read_text()).get("players", {}).items():
            tables[int(n)] = (t["fitted"], list(t["features"]), t["weights"])
    tables[players] = (fitted, features, weights)
    DATA.write_text(HEADER + "".join("\n" + toml_table(n, *tables[n]) for n in sorted(tables)))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=4000)
    parser.add_argument("--seed", type=int, default=600)
    parser.add_argument("--noise", type=float, default=0.05)
    parser.add_argument("--ridge", type=float, default=1e-3)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument(
        "--features",
        default=",".join(FEATURES),
        help=f"comma-separated features to fit on (default all: {','.join(FEATURES)})",
    )
    parser.add_argument(
        "--random-setup",
        action="store_true",
        help="choose every ship and Warp Gate at random (to fit the ship_* features)",
    )
    parser.add_argument("--dry-run", action="store_true", help="report the fit, write nothing")
    args = parser.parse_args()
    if not 2 <= args.players <= 6 or args.games < 10 or args.workers < 1:
        parser.error("--players is 2-6, --games at least 10, --workers at least 1")
    chosen = [name.strip() for name in args.features.split(",") if name.strip()]
    unknown = [name for name in chosen if name not in FEATURES]
    features = [name for name in FEATURES if name in chosen]  # the catalogue's order: distance first
    if unknown or "distance" not in chosen:
        parser.error(f"--features must include distance and name only {', '.join(FEATURES)}; unknown: {unknown}")
    moments, x, y, g = self_play(args.players, args.games, args.seed, args.noise, args.workers, args.random_setup)
    x = x[:, :, [FEATURES.index(name) for name in features]]
    held = g % 10 == 0
    losses = held_out_losses(moments[held], x[held], y[held], fit_all(moments, x, y, ~held, args.ridge))
    summary = ", ".join(f"{k} {v:.4f}" for k, v in losses.items())
    print(f"{len(y)} samples of {args.games} games; held-out log-loss: {summary}")
    if args.dry_run:
        return 0
    weights = fit_all(moments, x, y, np.ones(len(y), dtype=bool), args.ridge)
    fitted = (
        f"{args.games} games of heuristic bots (seed {args.seed}, noise {args.noise}, ridge {args.ridge}"
        f"{', ships and gates at random' if args.random_setup else ''}), "
        f"{len(y)} samples; held-out log-loss {summary}"
    )
    write(args.players, fitted, features, weights)
    print("wrote", DATA)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
