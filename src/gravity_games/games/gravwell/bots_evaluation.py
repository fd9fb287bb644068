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
from gravity_games.games.gravwell.rules_moves import distance_to_goal
from gravity_games.games.gravwell.state import Stage
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
)
"""The per-seat features, in the order of :func:`seat_features` and of the weights' rows."""

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


def seat_features(state: GravwellState, seat: int, distances: list[int]) -> list[float]:
    """The features of ``seat`` (named in :data:`FEATURES`); ``distances`` are every ship's to its goal."""
    tables = state.tables
    types, values = tables.card_type, tables.card_value
    tractor = repulsor = multipoint = 0
    hand = state.hands[seat]
    for card in hand:
        kind = types[card]
        if kind == BeamType.TRACTOR:
            tractor += values[card]
        elif kind == BeamType.REPULSOR:
            repulsor += values[card]
        else:
            multipoint += 1
    mine = distances[seat]
    best_rival = min(d for s, d in enumerate(distances) if s != seat)
    charged = sum(1 for ready in state.charged[seat] if ready)
    return [
        float(mine),
        float(max(0, mine - best_rival)),
        float(tractor),
        float(repulsor),
        float(multipoint),
        float(len(hand)),
        0.0 if state.emergency_stop_used[seat] else 1.0,
        float(charged),
    ]


class Evaluation:
    """The fitted weights for one player count: ``weights[moment][feature]``."""

    __slots__ = ("players", "weights")

    def __init__(self, players: int, weights: list[list[float]]) -> None:
        if len(weights) != MOMENTS or any(len(row) != len(FEATURES) for row in weights):
            raise ValueError(f"a gravwell evaluation needs {MOMENTS} rows of {len(FEATURES)} weights")
        self.players = players
        self.weights = weights

    def win_chances(self, state: GravwellState) -> list[float]:
        """Each seat's estimated chance to win ``state`` (they sum to 1)."""
        n = len(state.ship_spaces)
        distances = [distance_to_goal(state, s) for s in range(n)]
        row = self.weights[moment(state)]
        utilities = []
        for seat in range(n):
            x = seat_features(state, seat, distances)
            utilities.append(sum(w * v for w, v in zip(row, x, strict=True)))
        top = max(utilities)
        exps = [math.exp(u - top) for u in utilities]
        total = sum(exps)
        return [e / total for e in exps]


@cache
def _tables() -> dict[int, list[list[float]]]:
    text = resources.files("gravity_games.games.gravwell").joinpath("data", "evaluation.toml").read_text("utf-8")
    data = tomllib.loads(text)
    found: dict[int, list[list[float]]] = {}
    for players, table in data.get("players", {}).items():
        if list(table.get("features", [])) != list(FEATURES):
            raise ValueError(f"data/evaluation.toml [players.{players}]: features are not {', '.join(FEATURES)}")
        found[int(players)] = [[float(v) for v in row] for row in table["weights"]]
    return found


@cache
def evaluation_for(players: int) -> Evaluation:
    """The fitted evaluation of ``players`` seats; ``ValueError`` names the counts fitted when it is missing."""
    tables = _tables()
    if players not in tables:
        fitted = ", ".join(str(n) for n in sorted(tables)) or "none"
        raise ValueError(f"no fitted gravwell evaluation for {players} players (fitted: {fitted})")
    return Evaluation(players, tables[players])


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
