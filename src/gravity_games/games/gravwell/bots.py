"""The Gravwell heuristic agent: look ahead to the end of the Movement Phase on sampled worlds.

It reasons the way a player does: "where will the nearest object be when my card resolves?". For a
card choice it draws a few worlds consistent with what its seat has seen (``view.sample_state``: the
other players' hidden cards redrawn), lets the seats that choose after it pick plausible cards, resolves
the phase and measures how far each candidate card carried its ship toward its goal compared with the
others. Ability windows (Emergency Stop, responses, the order of ships dragged from a gate) are judged
the same way, one phase ahead. Mining takes the stack with the most fuel; the bot never reads the
state itself, only its seat's view and the worlds it samples from it.
"""

from __future__ import annotations

import random
from typing import Any

from gravity_games.core.agent import Agent, SeatView
from gravity_games.core.api import Game, InvalidParameterError, State
from gravity_games.games.gravwell.bots_core import (
    SHIP_PREFERENCE,
    WIN,
    evaluate_phase_end,
    finish_phase,
    gravwell_state,
    greedy_card,
    infer_hidden_choices,
    lookahead_choice,
    model_action,
    model_world,
    rollout_action,
    standings_settled,
)
from gravity_games.games.gravwell.bots_evaluation import fitted_win_chances
from gravity_games.games.gravwell.rules import Gravwell, GravwellState
from gravity_games.games.gravwell.state import INNER_GATE, NO_CARD, OUTER_GATE, Stage
from gravity_games.games.gravwell.tables import (
    DIR_LEFT,
    GATE_ACTION0,
    MINE0,
    PASS,
    SHIP0,
    BeamType,
    Tables,
)

# -- the rules of the simple choices, shared with the full opponent model ------------


def join_fuller_gate(counts: list[int], legal: list[int]) -> int:
    """The Warp Gate with more of the ships already placed (``counts`` per gate), the Inner one
    among equals: ships that share a gate drag each other along, so the emptier one has fewer helpers
    (the Space Junk is symmetric enough not to matter)."""
    best = INNER_GATE if counts[INNER_GATE] >= counts[OUTER_GATE] else OUTER_GATE
    return GATE_ACTION0 + best if GATE_ACTION0 + best in legal else legal[0]


def best_looking_stack(face_up: list[list[int]], legal: list[int], tables: Tables) -> int:
    """The mining action whose stack looks richest from its face-up cards (``face_up[i]`` of
    ``legal[i]``): fuel, 2 more for each Repulsor or Multipoint (the flexible cards a leader needs),
    and about an average card (4.5) for the face-down one; the lowest action among equals."""
    values, types = tables.card_value, tables.card_type

    def worth(cards: list[int]) -> float:
        return 4.5 + sum(values[c] + (2.0 if types[c] != BeamType.TRACTOR else 0.0) for c in cards)

    scored = [(worth(cards), -action, action) for cards, action in zip(face_up, legal, strict=True)]
    return max(scored)[2]


def random_charge(legal: list[int], rng: random.Random) -> int:
    """End of a round with the Emergency Stop unused: charge one of the other abilities at random."""
    options = [a for a in legal if a != PASS]
    return options[rng.randrange(len(options))] if options else PASS


def full_model_action(state: State, legal: list[int], rng: random.Random) -> int:
    """The IS-MCTS search's ``opponents=heuristic``: every decision of the acting seat the heuristic
    bot's way, where :func:`model_action` models only its fuel cards.

    Heuristic bots use an ability in about a third of the windows they are offered (in 100 six-seat
    games: 3,461 of 9,560 own-turn windows, 1,551 of 6,518 responses), and :func:`model_action`
    passes every one. Here a window and a drag order are judged as the bot judges them, by
    :func:`lookahead_choice` on one world redrawn from the actor's information set (the bot draws
    two); the Warp Gate, the mining stack and the end-of-round charge by the bot's own rules, from
    what the seat can see. Fuel cards and Preact's replacement card are :func:`model_action`'s.
    """
    position = gravwell_state(state)
    stage = position.stage
    me = position.actor
    if stage == Stage.CHOOSE or stage == Stage.PREACT:
        return model_action(position, legal, rng)
    if stage == Stage.GATE:
        counts = [0, 0]
        for s in range(me):
            counts[position.start_gate[s]] += 1
        return join_fuller_gate(counts, legal)
    if stage == Stage.MINE:
        # cards 1 and 2 of a stack lie face up (rules.py's view), card 0 face down
        face_up = [[c for c in position.stacks[a - MINE0][1:] if c != NO_CARD] for a in legal]
        return best_looking_stack(face_up, legal, position.tables)
    if stage == Stage.CHARGE:
        return random_charge(legal, rng)
    if stage in (Stage.REVEAL, Stage.OWN, Stage.TRIM, Stage.RESPONSE, Stage.DRAG):
        world, seed = model_world(position, rng)
        return lookahead_choice([world], [seed], legal, me)
    return rollout_action(position, legal, rng)


class HeuristicAgent(Agent):
    """One-phase lookahead over sampled worlds; settings: ``samples`` (worlds per decision, default 4)."""

    name = "heuristic"
    # Hooks for the game-agnostic IS-MCTS search (agents/ismcts.py reaches them through the registry).
    rollout_policy = staticmethod(rollout_action)
    rollout_settled = staticmethod(standings_settled)
    opponent_model = staticmethod(model_action)
    opponent_model_full = staticmethod(full_model_action)
    infer_hidden_choices = staticmethod(infer_hidden_choices)
    leaf_value = staticmethod(fitted_win_chances)
    search_defaults: dict[str, Any] = {"depth": 15, "scale": 10.0, "opponents": "model"}

    def __init__(self, game: Game, seat: int, seed: int, **settings: Any) -> None:
        unknown = set(settings) - {"samples"}
        if unknown:
            raise InvalidParameterError(f"agent 'heuristic' takes only 'samples', got {', '.join(sorted(unknown))}")
        super().__init__(game, seat, seed, **settings)
        if not isinstance(game, Gravwell):
            raise InvalidParameterError(f"agent 'heuristic' of gravwell cannot play {game.ID}")
        self.tables = game.tables
        self.samples = int(settings.get("samples", 4))
        if self.samples < 1:
            raise InvalidParameterError("agent 'heuristic': samples must be at least 1")

    def act(self, view: SeatView) -> int:
        legal = view.legal_actions()
        if len(legal) == 1:
            return legal[0]
        obs = view.observation()
        stage = obs["stage"]
        if stage == "ship":
            return self.pick_ship(legal)
        if stage == "gate":
            return self.pick_gate(obs, legal)
        if stage == "mine":
            return self.pick_stack(obs, legal)
        if stage == "dir":
            return DIR_LEFT
        if stage == "charge":
            return self.pick_charge(legal)
        samples = self.samples if stage in ("choose", "preact") else max(2, self.samples // 3)
        return self.lookahead(view, legal, samples)

    # -- simple choices ---------------------------------------------------------

    def pick_ship(self, legal: list[int]) -> int:
        for k in SHIP_PREFERENCE:
            if SHIP0 + k in legal:
                return SHIP0 + k
        return legal[0]

    def pick_gate(self, obs: dict[str, Any], legal: list[int]) -> int:
        counts = [0, 0]
        for s in obs["ships"][: self.seat]:
            counts[INNER_GATE if s["start"] == "inner" else OUTER_GATE] += 1
        return join_fuller_gate(counts, legal)

    def pick_stack(self, obs: dict[str, Any], legal: list[int]) -> int:
        index = self.tables.symbol_index
        return best_looking_stack(
            [[index[sym] for sym in obs["stacks"][a - MINE0]["face_up"]] for a in legal], legal, self.tables
        )

    def pick_charge(self, legal: list[int]) -> int:
        return random_charge(legal, self.rng)

    # -- lookahead ---------------------------------------------------------------

    def lookahead(self, view: SeatView, legal: list[int], samples: int) -> int:
        worlds = [gravwell_state(view.sample_state(self.rng)) for _ in range(samples)]
        seeds = [self.rng.randrange(1 << 30) for _ in range(samples)]
        # The tries and their phase playouts run compiled (bots_core); a small bias there against
        # spending abilities keeps them for when they matter.
        return lookahead_choice(worlds, seeds, legal, self.seat)

    def finish_phase(self, sim: GravwellState, rng: random.Random) -> float:
        """Play the rest of the Movement Phase with plain moves and score the result for this seat."""
        return finish_phase(sim, self.seat, rng)

    @staticmethod
    def evaluate(sim: GravwellState, me: int) -> float:
        """The heuristic's score of ``sim`` for seat ``me`` (see :func:`evaluate_phase_end`)."""
        return evaluate_phase_end(sim, me)


# The per-decision functions live in bots_core (compiled); they are named here too, where the
# search hooks above and earlier callers found them.
__all__ = [
    "SHIP_PREFERENCE",
    "WIN",
    "HeuristicAgent",
    "best_looking_stack",
    "evaluate_phase_end",
    "finish_phase",
    "full_model_action",
    "gravwell_state",
    "greedy_card",
    "join_fuller_gate",
    "model_action",
    "model_world",
    "random_charge",
    "rollout_action",
    "standings_settled",
]
