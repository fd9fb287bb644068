"""Three variants of gravwell's ``hard`` tried at four seats (issue 15), through bot_strength.py.

None of them is a registered agent: they were tried on the tuning seed 41 and none beat ``hard``
(docs/sim.md, "gravwell, four seats"). The run is bot_strength.py's, seats rotated and every game
kept in the same JSON, with the tested agent named by one of these specs:

* ``variant:heuristic_at=mine`` (or ``own,response``, any stages): ``hard``, but the heuristic
  decides at the stages named, to see where the search's edge lies;
* ``variant:reply=W``: at a fuel-card choice, each card is tried on ``W`` worlds drawn from the seat's
  view and the Movement Phase is finished with the other seats choosing by the heuristic's own rule
  (the search's opponent model), scored by the heuristic's evaluation: a one-phase best reply to
  the heuristics; ``hard`` at every other decision;
* ``variant:modelled_rollouts=1``: ``hard`` whose playouts also move the other seats' fuel cards by
  the opponent model (the tree already does), not by the greedy card.

    .venv/bin/python scripts/gravwell_variants.py -n 4 --agent variant:reply=32 --games 100 --seed 41 \\
        --json docs/figures/bot-levels/gravwell-4-variant-reply32-vs-heuristic-41.json
"""

from __future__ import annotations

import random
import sys
from pathlib import Path
from typing import Any

from gravity_games.agents import make_agent
from gravity_games.core.agent import Agent, SeatView
from gravity_games.core.api import CHANCE, Game
from gravity_games.games.gravwell import bots
from gravity_games.games.gravwell.bots_core import evaluate_phase_end, model_action, rollout_action
from gravity_games.games.gravwell.rules import GravwellState
from gravity_games.games.gravwell.state import Stage

sys.path.insert(0, str(Path(__file__).parent))
import bot_strength

BASE = "ismcts:iterations=300"  # gravwell's hard


def sample_outcome(state: GravwellState, rng: random.Random) -> int:
    outcomes = state.chance_outcomes()
    x, acc = rng.random(), 0.0
    for action, p in outcomes:
        acc += p
        if x < acc:
            return action
    return outcomes[-1][0]


def finish_phase_modelled(sim: GravwellState, me: int, rng: random.Random) -> float:
    """The rest of the Movement Phase, the other seats' cards by the opponent model; the
    heuristic's score of its end for seat ``me``."""
    round_, phase = sim.round, sim.phase
    while not sim.is_terminal() and sim.round == round_ and sim.phase == phase:
        player = sim.current_player()
        if player == CHANCE:
            sim.apply_action(sample_outcome(sim, rng))
            continue
        legal = sim.legal_actions()
        if player != me and sim.stage in (Stage.CHOOSE, Stage.PREACT):
            sim.apply_action(model_action(sim, legal, rng))
        else:
            sim.apply_action(rollout_action(sim, legal, rng))
    return evaluate_phase_end(sim, me)


class Variant(Agent):
    name = "variant"

    def __init__(self, game: Game, seat: int, seed: int, **settings: Any) -> None:
        super().__init__(game, seat, seed, **settings)
        self.search = make_agent(BASE, game, seat, seed)
        self.heuristic = make_agent("heuristic", game, seat, seed)
        self.heuristic_at = set(str(settings.get("heuristic_at", "")).split(",")) - {""}
        self.reply = int(settings.get("reply", 0))
        self.reply_rng = random.Random(seed ^ 12345)

    def act(self, view: SeatView) -> int:
        legal = view.legal_actions()
        if len(legal) == 1:
            return legal[0]
        stage = view.observation()["stage"]
        if stage in self.heuristic_at:
            return self.heuristic.act(view)
        if self.reply and stage == "choose":
            return self.best_reply(view, legal)
        return self.search.act(view)

    def best_reply(self, view: SeatView, legal: list[int]) -> int:
        rng = self.reply_rng
        worlds = [bots.gravwell_state(view.sample_state(rng)) for _ in range(self.reply)]
        seeds = [rng.randrange(1 << 30) for _ in range(self.reply)]
        best, best_score = legal[0], float("-inf")
        for action in legal:
            score = 0.0
            for world, seed in zip(worlds, seeds, strict=True):
                sim = world.clone()
                sim.apply_action(action)
                score += finish_phase_modelled(sim, self.seat, random.Random(seed))
            if score > best_score:
                best, best_score = action, score
        return best


def make(spec: str, game: Game, seat: int, seed: int) -> Agent:
    if not spec.startswith("variant:"):
        return make_agent(spec, game, seat, seed)
    settings = dict(part.split("=", 1) for part in spec.removeprefix("variant:").split(":"))
    if settings.pop("modelled_rollouts", "0") == "1":
        return make_agent(BASE, game, seat, seed)  # with the hook swapped in main()
    return Variant(game, seat, seed, **settings)


TESTED_SEAT = [0]


def modelled_rollout(state: GravwellState, legal: list[int], rng: random.Random) -> int:
    if state.actor != TESTED_SEAT[0] and state.stage in (Stage.CHOOSE, Stage.PREACT):
        return model_action(state, legal, rng)
    return rollout_action(state, legal, rng)


def main(argv: list[str]) -> int:
    spec = argv[argv.index("--agent") + 1] if "--agent" in argv else ""
    if "modelled_rollouts=1" in spec:
        # The search reads the playout hook off the agent class when it is made; the heuristic
        # opponents never use it. The tested seat is game i % players (bot_strength's rotation).
        players = int(argv[argv.index("-n") + 1]) if "-n" in argv else 2
        bots.HeuristicAgent.rollout_policy = staticmethod(modelled_rollout)  # type: ignore[method-assign]
        counter = iter(range(10**9))

        def make_rotating(spec_: str, game: Game, seat: int, seed: int) -> Agent:
            if spec_ == spec:
                TESTED_SEAT[0] = next(counter) % players
            return make(spec_, game, seat, seed)

        bot_strength.make_agent = make_rotating  # type: ignore[assignment]
    else:
        bot_strength.make_agent = make  # type: ignore[assignment]
    return bot_strength.main(argv)


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
