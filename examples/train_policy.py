"""Train a tiny policy on a gravity game through its PettingZoo environment, then show it beats random.

    python examples/train_policy.py                       # doubt-gravity, 2 players
    python examples/train_policy.py --game comparison-gravity --episodes 3000

The policy is a one-hidden-layer MLP written with NumPy (no deep-learning framework):
observation tensor -> tanh hidden layer -> one logit per action, with illegal actions
masked out by the environment's ``action_mask``. It learns by REINFORCE with a running
baseline: each training episode it takes one seat (chosen at random) against uniform
random opponents, and at the end every decision of that episode is pushed towards the
final reward (1 for a win, 0 otherwise).

Evaluation plays ``--eval`` games with the trained policy in every seat in turn against
random opponents, and the same games (same seeds) with a random player in its place, and
prints both win rates with 95% Wilson intervals as one JSON document.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from gravity_games.interop.pettingzoo import env as make_env

Chooser = Callable[[np.ndarray, np.ndarray], int]


@dataclass
class MLPPolicy:
    """Masked-softmax policy with one hidden layer; parameters are plain NumPy arrays."""

    n_inputs: int
    n_actions: int
    hidden: int
    rng: np.random.Generator
    w1: np.ndarray = field(init=False)
    b1: np.ndarray = field(init=False)
    w2: np.ndarray = field(init=False)
    b2: np.ndarray = field(init=False)

    def __post_init__(self) -> None:
        self.w1 = self.rng.normal(0.0, 1.0 / math.sqrt(self.n_inputs), (self.n_inputs, self.hidden))
        self.b1 = np.zeros(self.hidden)
        self.w2 = self.rng.normal(0.0, 0.1 / math.sqrt(self.hidden), (self.hidden, self.n_actions))
        self.b2 = np.zeros(self.n_actions)

    def forward(self, obs: np.ndarray, mask: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Hidden activations and action probabilities (zero on illegal actions)."""
        h = np.tanh(obs @ self.w1 + self.b1)
        logits = h @ self.w2 + self.b2
        logits = np.where(mask > 0, logits, -np.inf)
        logits -= logits.max()
        p = np.exp(logits)
        return h, p / p.sum()

    def sample(self, obs: np.ndarray, mask: np.ndarray) -> int:
        _, p = self.forward(obs, mask)
        return int(self.rng.choice(len(p), p=p))

    def reinforce(self, steps: Sequence[tuple[np.ndarray, np.ndarray, int]], advantage: float, lr: float) -> None:
        """One policy-gradient step: raise log-probability of the taken actions by ``advantage``."""
        if not steps or advantage == 0.0:
            return
        g_w1 = np.zeros_like(self.w1)
        g_b1 = np.zeros_like(self.b1)
        g_w2 = np.zeros_like(self.w2)
        g_b2 = np.zeros_like(self.b2)
        for obs, mask, action in steps:
            h, p = self.forward(obs, mask)
            d_logits = -p
            d_logits[action] += 1.0  # d log p(action) / d logits
            g_w2 += np.outer(h, d_logits)
            g_b2 += d_logits
            d_h = (self.w2 @ d_logits) * (1.0 - h * h)
            g_w1 += np.outer(obs, d_h)
            g_b1 += d_h
        scale = lr * advantage / len(steps)
        self.w1 += scale * g_w1
        self.b1 += scale * g_b1
        self.w2 += scale * g_w2
        self.b2 += scale * g_b2


def random_chooser(rng: random.Random) -> Chooser:
    def choose(obs: np.ndarray, mask: np.ndarray) -> int:
        return int(rng.choice(np.flatnonzero(mask).tolist()))

    return choose


def play_episode(
    env: Any, seed: int, choosers: dict[str, Chooser], record: str | None = None
) -> tuple[dict[str, float], list[tuple[np.ndarray, np.ndarray, int]]]:
    """Play one game; returns each agent's final reward and the recorded agent's decisions."""
    env.reset(seed=seed)
    rewards = dict.fromkeys(env.possible_agents, 0.0)
    trail: list[tuple[np.ndarray, np.ndarray, int]] = []
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, _ = env.last()
        rewards[agent] += float(reward)
        if terminated or truncated:
            env.step(None)
            continue
        action = choosers[agent](obs["observation"], obs["action_mask"])
        if agent == record:
            trail.append((obs["observation"].astype(np.float64), obs["action_mask"], action))
        env.step(action)
    return rewards, trail


def wilson(wins: float, n: int) -> dict[str, float]:
    """Win rate with a 95% Wilson score interval."""
    if n == 0:
        return {"rate": 0.0, "low": 0.0, "high": 1.0}
    z = 1.959964
    rate = wins / n
    centre = (rate + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(rate * (1 - rate) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return {"rate": rate, "low": max(0.0, centre - half), "high": min(1.0, centre + half)}


def evaluate(env: Any, chooser: Chooser, games: int, seed: int) -> dict[str, float]:
    """Win rate of ``chooser`` over ``games`` games, rotating through the seats, vs random."""
    agents = env.possible_agents
    opponents = random.Random(seed)
    wins = 0.0
    for i in range(games):
        seat = agents[i % len(agents)]
        choosers = {a: random_chooser(opponents) for a in agents}
        choosers[seat] = chooser
        rewards, _ = play_episode(env, 10_000_000 + seed * 100_003 + i, choosers)
        wins += rewards[seat] > 0
    return wilson(wins, games)


def train(args: argparse.Namespace) -> dict[str, Any]:
    env = make_env(args.game, players=args.players)
    env.reset(seed=args.seed)
    agents = env.possible_agents
    space = env.observation_space(agents[0])["observation"]
    n_actions = env.action_space(agents[0]).n
    policy = MLPPolicy(int(np.prod(space.shape)), n_actions, args.hidden, np.random.default_rng(args.seed))
    rng = random.Random(args.seed)
    baseline = 1.0 / len(agents)  # a random seat's expected win rate
    start = [w.copy() for w in (policy.w1, policy.w2)]
    for episode in range(args.episodes):
        learner = agents[rng.randrange(len(agents))]
        choosers = {a: random_chooser(rng) for a in agents}
        choosers[learner] = policy.sample
        rewards, trail = play_episode(env, args.seed * 1_000_003 + episode, choosers, record=learner)
        reward = rewards[learner]
        policy.reinforce(trail, reward - baseline, args.lr)
        baseline += 0.01 * (reward - baseline)
    trained = evaluate(env, policy.sample, args.eval, args.seed)
    untrained = evaluate(env, random_chooser(random.Random(args.seed + 1)), args.eval, args.seed)
    moved = float(sum(np.abs(w - s).sum() for w, s in zip((policy.w1, policy.w2), start, strict=True)))
    return {
        "game": args.game,
        "players": args.players,
        "episodes": args.episodes,
        "eval_games": args.eval,
        "seed": args.seed,
        "trained_vs_random": trained,
        "random_vs_random": untrained,
        "beats_random": trained["low"] > untrained["high"],
        "weight_change": moved,
    }


def parse(argv: Sequence[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="doubt-gravity", help="a registered game id")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--episodes", type=int, default=2000, help="training games")
    parser.add_argument("--eval", type=int, default=600, help="evaluation games per player")
    parser.add_argument("--hidden", type=int, default=32, help="hidden units")
    parser.add_argument("--lr", type=float, default=0.05, help="learning rate")
    parser.add_argument("--seed", type=int, default=0)
    return parser.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> dict[str, Any]:
    result = train(parse(argv))
    json.dump(result, sys.stdout, indent=2)
    sys.stdout.write("\n")
    return result


if __name__ == "__main__":
    main()
