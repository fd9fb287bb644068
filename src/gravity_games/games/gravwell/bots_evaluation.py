"""A fitted estimate of each seat's chance to win a Gravwell position, for the search's cut playouts.

The IS-MCTS search (``agents/ismcts.py``) cuts its playouts after ``depth`` steps and, by default,
reads the standings: a softmax of minus each ship's distance to its goal over a fixed ``scale``.
That reading is the same in round 1 as in round 6 and ignores the cards in hand, though a ship with
a big Tractor still to play stands better than the same ship with a hand of Multipoints. This module
is the search's other reading (``ismcts`` setting ``leaf=fitted``): a conditional logit, one per
moment of the game (:func:`moment`), over features of every seat (:func:`seat_features`),

    chance(seat) = exp(w . x[seat]) / sum over seats s of exp(w . x[s]),

fitted by ``scripts/fit_gravwell_evaluation.py`` to who won games of heuristic bots, with NumPy.
Its weights are ``data/evaluation.toml``, one table per player count: a bot's parameters, not a
printed component. It reads the whole position, so only the search calls it, on its own
determinized worlds (the search owns those; a seat's view never reaches here).

Moments (48): a Movement Phase's start, before anyone has chosen (round 1-6 x phase 1-6); a round's
setup, dealing or mining, before its first phase (6); the end-of-round charges after its sixth (6).
"""

from __future__ import annotations

import math
import tomllib
from functools import cache
from importlib import resources

from gravity_games.core.api import State
from gravity_games.games.gravwell.rules import GravwellState
from gravity_games.games.gravwell.rules_moves import direction_of_gravity, distance_to_goal, sign
from gravity_games.games.gravwell.state import OUTER_GATE, Stage
from gravity_games.games.gravwell.tables import BeamType

FEATURES = (
    "distance",
    "behind_leader",
    "tractor_fuel",
    "repulsor_fuel",
    "multipoint_cards",
    "cards_in_hand",
    "stop_ready",
    "charged_abilities",
    "leader",
    "near_goal",
    "tractor_forward",
    "repulsor_forward",
    "max_tractor",
    "max_repulsor",
    "in_gate",
    "rank",
    "lead_over_next",
    "start_outer",
    "ship_rayken",
    "ship_rc71",
    "ship_trang",
    "ship_lehamarn",
    "ship_the_champion",
    "ship_gracie",
)
"""Every per-seat feature a fit may use, in the order of :func:`seat_features`.

``distance``: spaces to the seat's goal gate; ``behind_leader``: spaces behind the nearest rival
(0 when ahead); ``tractor_fuel`` / ``repulsor_fuel``: fuel of the Standard Tractor / Repulsor cards in
hand; ``multipoint_cards``, ``cards_in_hand``; ``stop_ready``: the Emergency Stop not yet used;
``charged_abilities``; ``leader``: 1 when no ship is nearer its goal; ``near_goal``: spaces under 12 to
go (12 minus the distance, at least 0: a big card's reach); ``tractor_forward`` / ``repulsor_forward``:
the fuel of those cards that would move the ship toward its goal if played now (a Tractor when the
nearest object lies ahead, a Repulsor when it lies behind); ``max_tractor`` / ``max_repulsor``: the
largest such card; ``in_gate``: the ship still in (or back in) a Warp Gate; ``rank``: how many ships
are nearer their goals; ``lead_over_next``: spaces ahead of the nearest rival (0 when behind);
``start_outer``: the ship started on the Outer Warp Gate (a choice at 5-6 seats); ``ship_rayken`` to
``ship_gracie``: 1 for the ship the seat flies, the ships of ``data/ships.toml`` in order (named after
the packaged ones). The ships' abilities are not equally strong: with heuristic bots in every seat and
ships drawn at random, six-seat win rates run from 8.8 % (T'Rang) to 23.0 % (RC71), so a fit that
knows them lets the search choose a ship by what it is worth (docs/sim.md).
A table in ``data/evaluation.toml`` names the features it was fitted on, so tables fitted on fewer
of them keep loading.
"""

SHIP_FEATURES = 6
"""How many ``ship_*`` features close :data:`FEATURES`: one per ship of the packaged data."""

MOMENTS = 48
PHASE_STARTS = 36
"""Moments 0-35: the start of round r's phase p, at (r - 1) * 6 + (p - 1)."""
SETUPS = 36
"""Moments 36-41: round r's deal or mining, before its first phase, at 36 + r - 1."""
CHARGES = 42
"""Moments 42-47: round r's end-of-round charges, after its sixth phase, at 42 + r - 1."""


def moment(state: GravwellState) -> int:
    """Which of the fitted moments ``state`` is at (it must be settled: between phases or rounds)."""
    round_index = min(max(state.round, 1), 6) - 1
    if state.stage == Stage.CHOOSE:
        return round_index * 6 + max(state.phase, 1) - 1
    if state.phase == 0:
        return SETUPS + round_index
    return CHARGES + round_index


NEAR_GOAL = 12
"""``near_goal`` counts the spaces under this many still to go: about the reach of one big card."""


def seat_features(state: GravwellState, seat: int, distances: list[int]) -> list[float]:
    """The features of ``seat``, all of :data:`FEATURES` in order; ``distances`` are every ship's to its goal."""
    tables = state.tables
    types, values = tables.card_type, tables.card_value
    pull = direction_of_gravity(state, seat)
    forward = sign(state.goal_space[seat] - state.ship_spaces[seat])
    tractor = repulsor = multipoint = 0
    tractor_forward = repulsor_forward = max_tractor = max_repulsor = 0
    hand = state.hands[seat]
    for card in hand:
        kind = types[card]
        value = values[card]
        if kind == BeamType.TRACTOR:
            tractor += value
            max_tractor = max(max_tractor, value)
            if pull != 0 and pull == forward:
                tractor_forward += value
        elif kind == BeamType.REPULSOR:
            repulsor += value
            max_repulsor = max(max_repulsor, value)
            if pull != 0 and pull == -forward:
                repulsor_forward += value
        else:
            multipoint += 1
    mine = distances[seat]
    best_rival = min(d for s, d in enumerate(distances) if s != seat)
    charged = sum(1 for ready in state.charged[seat] if ready)
    space = state.ship_spaces[seat]
    return [
        float(mine),
        float(max(0, mine - best_rival)),
        float(tractor),
        float(repulsor),
        float(multipoint),
        float(len(hand)),
        0.0 if state.emergency_stop_used[seat] else 1.0,
        float(charged),
        1.0 if mine <= best_rival else 0.0,
        float(max(0, NEAR_GOAL - mine)),
        float(tractor_forward),
        float(repulsor_forward),
        float(max_tractor),
        float(max_repulsor),
        1.0 if space == 0 or space == state.track_length else 0.0,
        float(sum(1 for s, d in enumerate(distances) if s != seat and d < mine)),
        float(max(0, best_rival - mine)),
        1.0 if state.start_gate[seat] == OUTER_GATE else 0.0,
        *ship_indicators(state.ships[seat]),
    ]


def ship_indicators(ship: int) -> list[float]:
    """The ``ship_*`` features of a seat flying the ``ship``-th ship (all 0 before ships are chosen)."""
    return [1.0 if k == ship else 0.0 for k in range(SHIP_FEATURES)]


class Evaluation:
    """The fitted weights for one player count: ``weights[moment][i]`` of the feature ``features[i]``."""

    __slots__ = ("columns", "features", "players", "weights")

    def __init__(self, players: int, features: tuple[str, ...], weights: list[list[float]]) -> None:
        unknown = [name for name in features if name not in FEATURES]
        if unknown:
            raise ValueError(
                f"unknown gravwell evaluation features {', '.join(unknown)} (known: {', '.join(FEATURES)})"
            )
        if len(weights) != MOMENTS or any(len(row) != len(features) for row in weights):
            raise ValueError(f"a gravwell evaluation needs {MOMENTS} rows of {len(features)} weights")
        self.players = players
        self.features = features
        self.columns = [FEATURES.index(name) for name in features]
        self.weights = weights

    def win_chances(self, state: GravwellState) -> list[float]:
        """Each seat's estimated chance to win ``state`` (they sum to 1)."""
        n = len(state.ship_spaces)
        distances = [distance_to_goal(state, s) for s in range(n)]
        row = self.weights[moment(state)]
        columns = self.columns
        utilities = []
        for seat in range(n):
            x = seat_features(state, seat, distances)
            utilities.append(sum(w * x[c] for w, c in zip(row, columns, strict=True)))
        top = max(utilities)
        exps = [math.exp(u - top) for u in utilities]
        total = sum(exps)
        return [e / total for e in exps]


@cache
def _tables() -> dict[int, tuple[tuple[str, ...], list[list[float]]]]:
    text = resources.files("gravity_games.games.gravwell").joinpath("data", "evaluation.toml").read_text("utf-8")
    data = tomllib.loads(text)
    found: dict[int, tuple[tuple[str, ...], list[list[float]]]] = {}
    for players, table in data.get("players", {}).items():
        features = tuple(str(name) for name in table.get("features", []))
        if not features:
            raise ValueError(f"data/evaluation.toml [players.{players}]: no features named")
        found[int(players)] = (features, [[float(v) for v in row] for row in table["weights"]])
    return found


@cache
def evaluation_for(players: int) -> Evaluation:
    """The fitted evaluation of ``players`` seats; ``ValueError`` names the counts fitted when it is missing."""
    tables = _tables()
    if players not in tables:
        fitted = ", ".join(str(n) for n in sorted(tables)) or "none"
        raise ValueError(f"no fitted gravwell evaluation for {players} players (fitted: {fitted})")
    features, weights = tables[players]
    try:
        return Evaluation(players, features, weights)
    except ValueError as exc:
        raise ValueError(f"data/evaluation.toml [players.{players}]: {exc}") from None


def fitted_win_chances(state: State) -> list[float]:
    """The search hook of ``leaf=fitted``: each seat's chance to win ``state`` by its player count's fit."""
    if not isinstance(state, GravwellState):
        raise TypeError(f"the gravwell evaluation needs a gravwell state, got {type(state).__name__}")
    return evaluation_for(len(state.ship_spaces)).win_chances(state)


__all__ = [
    "FEATURES",
    "MOMENTS",
    "Evaluation",
    "evaluation_for",
    "fitted_win_chances",
    "moment",
    "seat_features",
]
