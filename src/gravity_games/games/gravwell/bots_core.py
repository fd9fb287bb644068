"""The Gravwell bots' per-decision work, as plain functions mypyc compiles.

The agent class (``bots.HeuristicAgent``, found by its class attributes ``name``, the search hooks
``rollout_policy``/``opponent_model`` and ``search_defaults``) stays interpreted in ``bots.py``; what
it and the IS-MCTS search run many times per decision lives here: the greedy fuel card of the
playouts, the playout policy, the heuristic's one-phase lookahead and the opponent model built on
it. Plain functions over the position, no closures (mypyc 2.4.1 crashes on closures in a non-native
class's methods); each makes the same random draws in the same order as the interpreted code did,
so the bots choose the same moves compiled or not.
"""

from __future__ import annotations

import random

from gravity_games.core.api import CHANCE, State
from gravity_games.core.seeding import randbelow, reseed
from gravity_games.games.gravwell.rules import GravwellState
from gravity_games.games.gravwell.rules_moves import direction_of_gravity, distance_to_goal
from gravity_games.games.gravwell.state import NO_CARD, Result, Stage, remove_card
from gravity_games.games.gravwell.tables import ABILITY0, DIR_LEFT, MINE0, PASS, SHIP0, STOP, BeamType

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


def richest_stack(state: GravwellState, legal: list[int]) -> int:
    """The mining action of the stack with the most fuel (the lowest action among equals)."""
    values = state.tables.card_value
    best, best_fuel = legal[0], -1
    for action in legal:
        fuel = 0
        for card in state.stacks[action - MINE0]:
            if card != NO_CARD:
                fuel += values[card]
        # max over (fuel, -action): a later action wins only with strictly more fuel
        if fuel > best_fuel or (fuel == best_fuel and action < best):
            best, best_fuel = action, fuel
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
        return legal[randbelow(rng, len(legal))]
    if PASS in legal:
        return PASS
    if stage == Stage.MINE:
        return richest_stack(state, legal)
    if stage == Stage.DIR:
        return DIR_LEFT
    if stage == Stage.SHIP:
        for k in SHIP_PREFERENCE:
            if SHIP0 + k in legal:
                return SHIP0 + k
    return legal[randbelow(rng, len(legal))]


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
            sim.apply_action(outs[randbelow(rng, len(outs))][0])
            continue
        legal = sim.legal_actions()
        stage = sim.stage
        if stage == Stage.CHOOSE or stage == Stage.PREACT or stage == Stage.DRAG:
            sim.apply_action(legal[randbelow(rng, len(legal))])
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


def lookahead_choice(worlds: list[GravwellState], seeds: list[int], legal: list[int], me: int) -> int:
    """The heuristic's lookahead: each action tried on every world (its own playout seed), the
    phase finished by :func:`finish_phase`; the best total wins, the first among equals. A small
    bias against spending abilities keeps them for when they matter."""
    samples = len(worlds)
    # One generator, made for the first playout and reseeded for each later one: it draws as a
    # fresh random.Random(seed) would, without building one per playout.
    scratch: random.Random | None = None
    best, best_score = legal[0], float("-inf")
    for action in legal:
        score = 0.0
        for i in range(samples):
            sim = worlds[i].clone()
            sim.apply_action(action)
            scratch = random.Random(seeds[i]) if scratch is None else reseed(scratch, seeds[i])
            score += finish_phase(sim, me, scratch)
        if action == STOP or action >= ABILITY0:
            score -= 0.5 * samples
        if score > best_score:
            best, best_score = action, score
    return best


def model_world(state: GravwellState, rng: random.Random) -> tuple[GravwellState, int]:
    """The world and playout seed :func:`model_action` tries a fuel card on: the acting seat's
    information set redrawn (``resample_from_infostate(actor)``), then a seed drawn from ``rng``."""
    world = state.resample_from_infostate(state.actor, rng)
    return world, randbelow(rng, 1 << 30)


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
    world, seed = model_world(state, rng)
    # One generator, made for the first card and reseeded for each later one: it draws as a fresh
    # random.Random(seed) would, without building one per card.
    scratch: random.Random | None = None
    best, best_score = legal[0], float("-inf")
    for action in legal:
        sim = world.clone()
        sim.apply_action(action)
        scratch = random.Random(seed) if scratch is None else reseed(scratch, seed)
        score = finish_phase(sim, me, scratch)
        if score > best_score:
            best, best_score = action, score
    return best


INFER_SAMPLES = 4
"""Worlds per guessed card in :func:`infer_hidden_choices`: the heuristic bot's own ``samples``."""


def infer_hidden_choices(state: State, seat: int, rng: random.Random) -> State:
    """Redraw the cards chosen face down before ``seat``'s choice as heuristic players would choose them.

    For the IS-MCTS search's ``infer=model``. ``state`` is a world drawn from ``seat``'s information
    set at its own fuel-card choice: the seats before it have chosen, and ``resample_from_infostate``
    drew each of their face-down cards uniformly from the cards the world gives them. A player
    guesses better: "with those cards, what would they have played?". Each earlier seat's choice is
    made again here, in seat order, from the position as it was when that seat chose (its card and
    the later seats' back in their hands) by the heuristic's own rule on ``INFER_SAMPLES`` worlds
    redrawn from that seat's information (:func:`lookahead_choice`). Only cards the world already
    gives a seat are chosen, so nothing ``seat`` cannot see is read. Elsewhere ``state`` is returned as it is.
    """
    world = gravwell_state(state)
    if world.stage != Stage.CHOOSE or world.actor != seat or world.revealed:
        return world
    for earlier in range(seat):
        if world.chosen[earlier] == NO_CARD:
            continue
        then = world.clone()
        for later in range(earlier, seat):
            if then.chosen[later] != NO_CARD:
                then.hands[later].append(then.chosen[later])
                then.chosen[later] = NO_CARD
        then.actor = earlier
        legal = sorted(set(then.hands[earlier]))
        if len(legal) > 1:
            worlds = [then.resample_from_infostate(earlier, rng) for _ in range(INFER_SAMPLES)]
            seeds = [randbelow(rng, 1 << 30) for _ in range(INFER_SAMPLES)]
            card = lookahead_choice(worlds, seeds, legal, earlier)
        else:
            card = legal[0]
        world.hands[earlier].append(world.chosen[earlier])
        remove_card(world.hands[earlier], card)
        world.chosen[earlier] = card
    return world


__all__ = [
    "INFER_SAMPLES",
    "SHIP_PREFERENCE",
    "WIN",
    "evaluate_phase_end",
    "finish_phase",
    "gravwell_state",
    "greedy_card",
    "infer_hidden_choices",
    "lookahead_choice",
    "model_action",
    "model_world",
    "richest_stack",
    "rollout_action",
    "standings_settled",
]
