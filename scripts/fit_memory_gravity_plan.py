"""Count how often a memory-gravity plan's target numbers really come true (the heuristic's ``plan=1``).

Plays ``--agent`` (a spec of the game's heuristic) in one seat against heuristic bots, seats
rotated. At each keep with colours still to come (stages ``keep2``, ``keep1``) and at each turn's
first lift (``lift3``, ``lift2``, ``lift1``: colours still wanted), the agent's best plan gives a
target number per colour still to come and its own estimate of the chance to complete it (the
``hit_chances`` before any fitting). At the end of the game each such target is counted as met or
not, in the tenth of the estimate it had, and a miss counts the number the seat ended with there.

    nice -n 10 .venv/bin/python scripts/fit_memory_gravity_plan.py 2 2000 --seed 777 \\
        --agent heuristic:explore=0:fitted=1:power=4:blocked=1 > /tmp/plan-2.toml

The counts are written as TOML (``data/plan.toml`` holds the packaged ones).
"""

from __future__ import annotations

import argparse
import random
from collections import defaultdict

from gravity_games import load
from gravity_games.agents import make_agent
from gravity_games.core.agent import SeatView
from gravity_games.core.api import CHANCE, TERMINAL, sample_chance
from gravity_games.core.seeding import derive_seed
from gravity_games.games.memory_gravity.bots import HeuristicAgent, _token_index
from gravity_games.games.memory_gravity.bots_plan import BINS
from gravity_games.games.memory_gravity.state import KEEP_BASE, TOKENS_PER_COLOUR

Record = tuple[str, int, int, float]
"""(stage, colour, target number 0-4, the agent's own estimate of completing it)."""


def plan_records(agent: HeuristicAgent, view: SeatView, action: int) -> list[Record]:
    """The targets of the agent's plan at this decision (it has just chosen ``action`` here)."""
    obs = view.observation()
    beliefs = agent.beliefs(obs)
    kept = agent.kept_tokens(obs)
    kept_colours = {t // TOKENS_PER_COLOUR for t in kept}
    fixed = [beliefs[t] for t in kept]
    if action >= KEEP_BASE:
        token = action - KEEP_BASE
        colour = token // TOKENS_PER_COLOUR
        rest = [c for c in range(3) if c not in kept_colours and c != colour]
        if not rest:
            return []
        stage = f"keep{len(rest)}"
        future = [agent.hit_chances(obs, beliefs, c) for c in rest]
        colours = [t // TOKENS_PER_COLOUR for t in kept] + [colour, *rest] if agent.holdings else None
        targets = agent.best_plan([*fixed, beliefs[token]], future, colours, stage)[1]
    elif not obs["this_turn"]:
        rest = [c for c in range(3) if c not in kept_colours]
        stage = f"lift{len(rest)}"
        later = (len(rest) - 1) / len(rest)
        future = [agent.hit_chances(obs, beliefs, c, later) for c in rest]
        colours = [t // TOKENS_PER_COLOUR for t in kept] + rest if agent.holdings else None
        targets = agent.best_plan(fixed, future, colours, stage)[1]
    else:
        return []
    return [(stage, c, t, chances[t]) for c, t, chances in zip(rest, targets, future, strict=True)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("players", type=int)
    parser.add_argument("games", type=int)
    parser.add_argument("--seed", type=int, default=777)
    parser.add_argument("--agent", default="heuristic:explore=0:fitted=1:power=4:blocked=1")
    args = parser.parse_args()
    game = load("memory-gravity", players=args.players)
    games: dict[tuple[str, int], list[int]] = defaultdict(lambda: [0] * BINS)
    hits: dict[tuple[str, int], list[int]] = defaultdict(lambda: [0] * BINS)
    got: dict[tuple[str, int], list[int]] = defaultdict(lambda: [0] * 5)
    for g in range(args.games):
        gs = derive_seed(args.seed, "game", g)
        me = g % args.players
        rng = random.Random(gs)
        agents = [
            make_agent(args.agent if s == me else "heuristic", game, s, derive_seed(gs, "agent", s))
            for s in range(args.players)
        ]
        mine = agents[me]
        if not isinstance(mine, HeuristicAgent):
            raise SystemExit(f"--agent must be a spec of the heuristic (heuristic:...), got {args.agent!r}")
        state = game.new_initial_state()
        records: list[Record] = []
        while state.current_player() != TERMINAL:
            player = state.current_player()
            if player == CHANCE:
                state.apply_action(sample_chance(state, rng))
                continue
            view = SeatView(state, player)
            action = agents[player].act(view)
            if player == me and len(view.legal_actions()) > 1:
                records.extend(plan_records(mine, view, action))
            state.apply_action(action)
        numbers = state.to_json()["state"]["numbers"]
        ended = {
            _token_index(name) // TOKENS_PER_COLOUR: numbers[_token_index(name)] - 1
            for name in state.observation(me)["kept"][me]
        }
        for stage, colour, target, estimate in records:
            b = min(BINS - 1, int(estimate * BINS))
            games[(stage, target)][b] += 1
            if ended[colour] == target:
                hits[(stage, target)][b] += 1
            else:
                got[(stage, target)][ended[colour]] += 1
    print(f"[players.{args.players}]")
    print(f'fitted = "{args.games} games of {args.agent} against heuristic bots (seed {args.seed}), seats rotated"')
    for stage in sorted({s for s, _ in games}):
        print(f"[players.{args.players}.{stage}]")
        for target in range(5):
            key = (stage, target)
            if key in games:
                print(f'"{target + 1}" = {{games = {games[key]}, hits = {hits[key]}, got = {got[key]}}}')


if __name__ == "__main__":
    main()
