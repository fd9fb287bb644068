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
from gravity_games.core.api import CHANCE, Game, InvalidParameterError, State
from gravity_games.games.gravwell.rules import Gravwell, GravwellState
from gravity_games.games.gravwell.rules_moves import direction_of_gravity, distance_to_goal
from gravity_games.games.gravwell.state import INNER_GATE, NO_CARD, OUTER_GATE, Result, Stage
from gravity_games.games.gravwell.tables import (
    ABILITY0,
    DIR_LEFT,
    GATE_ACTION0,
    MINE0,
    PASS,
    SHIP0,
    STOP,
    BeamType,
)

WIN = 1000.0

# The order in which the heuristic picks a ship: Gracie's and The Champion's cards change their own
# movement most often.
SHIP_PREFERENCE = (5, 4, 0, 3, 2, 1)
_MID_PHASE = frozenset({Stage.REVEAL, Stage.PREACT, Stage.OWN, Stage.TRIM, Stage.RESPONSE, Stage.DRAG})


def gravwell_state(state: State) -> GravwellState:
    """``state`` as the Gravwell state it is (a search or a view of another game is a mistake)."""
    if not isinstance(state, GravwellState):
        raise TypeError(f"the gravwell heuristic needs a gravwell state, got {type(state).__name__}")
    return state


def greedy_card(state: GravwellState, legal: list[int], rng: random.Random) -> int:
    """The card that would carry the ship furthest toward its goal from where the objects are now.

    A Standard Tractor moves toward the nearest object, a Repulsor away from it; Multipoints move the
    others and count as no progress. A random nudge below one space breaks ties and keeps playouts varied.
    """
    seat = state.actor
    toward = direction_of_gravity(state, seat) * state.forward_direction[seat]
    types, values = state.tables.card_type, state.tables.card_value
    best, best_score = legal[0], float("-inf")
    for card in legal:
        kind = types[card]
        if kind == BeamType.TRACTOR:
            gain = values[card] * toward
        elif kind == BeamType.REPULSOR:
            gain = -values[card] * toward
        else:
            gain = 0
        score = gain + rng.random()
        if score > best_score:
            best, best_score = card, score
    return best


def rollout_action(state: GravwellState, legal: list[int], rng: random.Random) -> int:
    """A cheap playout move for the IS-MCTS search, on the search's own determinized state.

    Fuel cards (and Preact's replacement) are picked greedily by :func:`greedy_card`, close to how
    the heuristic bots really choose (random cards modelled them worse: see docs/sim.md); the drag
    order is random; ability windows pass, because random abilities (an Emergency Stop
    thrown away, a Tractor Shield on nothing) add far more noise than they add play; mining takes
    the stack with the most fuel, as the heuristic does (here with the whole stack, which the
    determinized state holds; the search, not a seat, owns it).
    """
    stage = state.stage
    if stage == Stage.CHOOSE or stage == Stage.PREACT:
        return greedy_card(state, legal, rng)
    if stage == Stage.DRAG:
        return legal[rng.randrange(len(legal))]
    if PASS in legal:
        return PASS
    if stage == Stage.MINE:
        values = state.tables.card_value
        return max(legal, key=lambda a: (sum(values[c] for c in state.stacks[a - MINE0] if c != NO_CARD), -a))
    if stage == Stage.DIR:
        return DIR_LEFT
    if stage == Stage.SHIP:
        for k in SHIP_PREFERENCE:
            if SHIP0 + k in legal:
                return SHIP0 + k
    return legal[rng.randrange(len(legal))]


def standings_settled(state: GravwellState) -> bool:
    """Between movement phases (or rounds): no card chosen and none waiting to resolve.

    Halfway through a phase the ships whose cards resolve first have moved and the others not,
    so ``standings()`` would favour early symbols; the search reads them only here.
    """
    return state.stage not in _MID_PHASE and all(c == NO_CARD for c in state.chosen)


def finish_phase(sim: GravwellState, me: int, rng: random.Random) -> float:
    """Play the rest of the Movement Phase with plain moves and score the result for seat ``me``.

    The heuristic's lookahead: the seats still to choose pick random cards, drag orders are random,
    every ability window passes (the first option otherwise).
    """
    round_, phase = sim.round, sim.phase
    while not sim.is_terminal() and sim.round == round_ and sim.phase == phase:
        player = sim.current_player()
        if player == CHANCE:
            outs = sim.chance_outcomes()
            sim.apply_action(outs[rng.randrange(len(outs))][0])
            continue
        legal = sim.legal_actions()
        if sim.stage == Stage.CHOOSE or sim.stage == Stage.PREACT or sim.stage == Stage.DRAG:
            sim.apply_action(legal[rng.randrange(len(legal))])
        elif PASS in legal:
            sim.apply_action(PASS)
        else:
            sim.apply_action(legal[0])
    return evaluate_phase_end(sim, me)


def evaluate_phase_end(sim: GravwellState, me: int) -> float:
    """The heuristic's score of a position for seat ``me``: a win, an escape by another seat, else
    progress toward the goal and the gap to the best rival."""
    if sim.is_terminal():
        winners = sim.winners
        if me in winners:
            return WIN / len(winners)
        if sim.result == Result.ESCAPED:
            return -WIN
    n = len(sim.ship_spaces)
    mine = distance_to_goal(sim, me)
    others = [distance_to_goal(sim, s) for s in range(n) if s != me]
    # progress toward the goal, and being ahead of the best rival
    return -mine - 0.5 * max(0, mine - min(others))


def model_action(state: GravwellState, legal: list[int], rng: random.Random) -> int:
    """How a heuristic bot in the acting seat would choose, for the IS-MCTS search's opponent model.

    Runs on the search's determinized state, but a fuel card (or Preact's replacement) is chosen
    the heuristic's way from the actor's own information set in that world: one world redrawn with
    ``resample_from_infostate(actor)`` (so the card a seat chose face down before it is not seen),
    each card tried there and the phase finished as in :meth:`HeuristicAgent.lookahead` with one
    sample. Other decisions follow :func:`rollout_action`. Modelling the other seats by the rule the
    heuristic bots really use won far more games than the greedy card (docs/sim.md).
    """
    stage = state.stage
    if stage != Stage.CHOOSE and stage != Stage.PREACT:
        return rollout_action(state, legal, rng)
    me = state.actor
    world = state.resample_from_infostate(me, rng)
    seed = rng.randrange(1 << 30)
    best, best_score = legal[0], float("-inf")
    for action in legal:
        sim = world.clone()
        sim.apply_action(action)
        score = finish_phase(sim, me, random.Random(seed))
        if score > best_score:
            best, best_score = action, score
    return best


class HeuristicAgent(Agent):
    """One-phase lookahead over sampled worlds; settings: ``samples`` (worlds per decision, default 4)."""

    name = "heuristic"
    # Hooks for the game-agnostic IS-MCTS search (agents/ismcts.py reaches them through the registry).
    rollout_policy = staticmethod(rollout_action)
    rollout_settled = staticmethod(standings_settled)
    opponent_model = staticmethod(model_action)
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
        # Ships that share a gate drag each other along; the emptier gate has fewer helpers, so join
        # the fuller one (the Space Junk is symmetric enough not to matter).
        counts = [0, 0]
        for s in obs["ships"][: self.seat]:
            counts[INNER_GATE if s["start"] == "inner" else OUTER_GATE] += 1
        best = INNER_GATE if counts[INNER_GATE] >= counts[OUTER_GATE] else OUTER_GATE
        return GATE_ACTION0 + best if GATE_ACTION0 + best in legal else legal[0]

    def pick_stack(self, obs: dict[str, Any], legal: list[int]) -> int:
        index = self.tables.symbol_index
        values = self.tables.card_value
        types = self.tables.card_type

        def worth(k: int) -> float:
            st = obs["stacks"][k - MINE0]
            total = 4.5  # the face-down card: about an average card
            for sym in st["face_up"]:
                c = index[sym]
                # repulsors and multipoints are the flexible cards a leader needs; value is fuel
                total += values[c] + (2.0 if types[c] != BeamType.TRACTOR else 0.0)
            return total

        return max(legal, key=lambda a: (worth(a), -a))

    def pick_charge(self, legal: list[int]) -> int:
        options = [a for a in legal if a != PASS]
        return options[self.rng.randrange(len(options))] if options else PASS

    # -- lookahead ---------------------------------------------------------------

    def lookahead(self, view: SeatView, legal: list[int], samples: int) -> int:
        worlds = [gravwell_state(view.sample_state(self.rng)) for _ in range(samples)]
        seeds = [self.rng.randrange(1 << 30) for _ in range(samples)]
        best, best_score = legal[0], float("-inf")
        for action in legal:
            score = 0.0
            for world, seed in zip(worlds, seeds, strict=True):
                sim = world.clone()
                sim.apply_action(action)
                score += self.finish_phase(sim, random.Random(seed))
            # a small bias against spending abilities keeps them for when they matter
            if action == STOP or action >= ABILITY0:
                score -= 0.5 * samples
            if score > best_score:
                best, best_score = action, score
        return best

    def finish_phase(self, sim: GravwellState, rng: random.Random) -> float:
        """Play the rest of the Movement Phase with plain moves and score the result for this seat."""
        return finish_phase(sim, self.seat, rng)

    @staticmethod
    def evaluate(sim: GravwellState, me: int) -> float:
        """The heuristic's score of ``sim`` for seat ``me`` (see :func:`evaluate_phase_end`)."""
        return evaluate_phase_end(sim, me)
