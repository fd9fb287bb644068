"""The ``lookahead`` bot of Saving Waddles: every move tried to the end of the turn, scored by the fitted evaluation.

For a decision with a real choice the agent draws ``worlds`` determinizations from its view
(``view.sample_state``: the game's ``resample_from_infostate``, so nothing the seat cannot see is
kept). On each world it plays every legal move and then the rest of its turn (its own later
choices in the turn by the heuristic, chance from the world's own streams) until the turn passes
to another seat or the game ends, and scores the position reached with the fitted win chance of
its own observation (``bots_evaluation.py``; a finished game scores 1 or 0). The move with the best
mean wins; the heuristic's move is kept unless another beats it by more than ``keep``.

Common random numbers: on one world every move meets the same dice and the same card draws (the
n-th die rolled, the n-th mischief card, the n-th help card), so moves are compared on the same
luck and only the move differs. The seed of a decision depends on the agent's seed and the move
number only, so two states the seat cannot tell apart get the same decision (the twin-state test).

Settings: ``worlds`` (default 24) determinizations per decision, ``keep`` (default 0) the mean
win chance another move needs above the heuristic's; the heuristic's own settings (``margin``,
``door``, ...) are handed to every heuristic the lookahead plays.
"""

from __future__ import annotations

import math
import random
from typing import Any

from gravity_games.core.agent import Agent, SeatView
from gravity_games.core.api import CHANCE, TERMINAL, Game, InvalidParameterError, State, chance_outcome_at
from gravity_games.core.seeding import derive_seed

from .bots import SETTINGS as HEURISTIC_SETTINGS
from .bots import HeuristicAgent
from .bots_evaluation import Evaluation
from .rules import SavingWaddlesGame
from .state import P_HELP_DRAW, P_MISCHIEF_DRAW, P_ROLL

_SETTINGS = ("worlds", "keep")
STEP_LIMIT = 400
"""Steps a turn may take in the lookahead before it is scored where it stands (a safety net)."""


class Luck:
    """One world's chance: ``streams`` streams of uniforms (the lookahead: one per kind of draw, dice,
    mischief cards, help cards and the rest; the rollouts: one per seat and kind)."""

    __slots__ = ("_rng", "draws")

    def __init__(self, seed: int, streams: int = 4) -> None:
        self._rng = random.Random(seed)
        self.draws: list[list[float]] = [[] for _ in range(streams)]

    def uniform(self, stream: int, index: int) -> float:
        """The ``index``-th uniform of ``stream``, the same for every move tried on this world."""
        draws = self.draws[stream]
        while len(draws) <= index:
            draws.append(self._rng.random())
        return draws[index]


def checked_agent_settings(agent: str, game: Game, settings: dict[str, Any], own: tuple[str, ...]) -> SavingWaddlesGame:
    """``game``, once ``settings`` hold only what ``agent`` (its ``own``) or the heuristic it plays knows,
    and ``game`` is saving-waddles."""
    unknown = sorted(set(settings) - set(own) - set(HEURISTIC_SETTINGS))
    if unknown:
        allowed = ", ".join((*own, *HEURISTIC_SETTINGS))
        names = ", ".join(map(repr, unknown))
        raise InvalidParameterError(f"agent {agent!r} has no setting {names}; allowed: {allowed}")
    if not isinstance(game, SavingWaddlesGame):
        raise InvalidParameterError(f"agent {agent!r} of saving-waddles cannot play {game.ID}")
    return game


def whole_setting(agent: str, settings: dict[str, Any], name: str, default: int) -> int:
    """The setting ``name`` as a whole number >= 1."""
    value = settings.get(name, default)
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise InvalidParameterError(f"{agent} setting {name} must be a whole number >= 1, got {value!r}")
    return value


def number_setting(
    agent: str, settings: dict[str, Any], name: str, default: float, low: float, high: float | None = None
) -> float:
    """The setting ``name`` as a number from ``low`` to ``high`` (``None``: no upper bound)."""
    value = settings.get(name, default)
    bad = isinstance(value, bool) or not isinstance(value, int | float) or math.isnan(value)
    if bad or value < low or (high is not None and value > high):
        allowed = f">= {low:g}" if high is None else f"from {low:g} to {high:g}"
        raise InvalidParameterError(f"{agent} setting {name} must be a number {allowed}, got {value!r}")
    return float(value)


def chance_kind(state: State) -> int:
    # The world is the search's own determinization: which kind of draw is due is read off it.
    phase: int = getattr(state, "phase", -1)
    return 0 if phase == P_ROLL else 1 if phase == P_MISCHIEF_DRAW else 2 if phase == P_HELP_DRAW else 3


class LookaheadAgent(Agent):
    """Tries each move to the end of its turn on sampled worlds; keeps the best fitted win chance."""

    name = "lookahead"

    def __init__(self, game: Game, seat: int, seed: int, **settings: Any) -> None:
        saving_waddles = checked_agent_settings("lookahead", game, settings, _SETTINGS)
        super().__init__(game, seat, seed, **settings)
        self.worlds = whole_setting("lookahead", settings, "worlds", 24)
        self.keep = number_setting("lookahead", settings, "keep", 0.0, 0.0)
        base = {k: v for k, v in settings.items() if k in HEURISTIC_SETTINGS}
        try:
            self.evaluation = Evaluation(saving_waddles)
        except ValueError as exc:
            raise InvalidParameterError(
                f"agent 'lookahead': {exc} (scripts/fit_saving_waddles_evaluation.py fits one)"
            ) from exc
        self.heuristic = HeuristicAgent(game, seat, seed, **base)
        # The heuristic keeps no plan between decisions, so one per seat serves every world.
        self.players = [HeuristicAgent(game, s, derive_seed(seed, "playout", s), **base) for s in range(game.players)]
        self._seed = seed
        self._moves = 0
        self.last_values: dict[int, float] = {}

    def finish_turn(self, state: State, luck: Luck) -> None:
        """Play on until the turn has passed to another seat (or the game is over)."""
        seat = self.seat
        used = [0, 0, 0, 0]
        for _ in range(STEP_LIMIT):
            player = state.current_player()
            if player == TERMINAL or getattr(state, "turn", seat) != seat:
                return
            if player == CHANCE:
                kind = chance_kind(state)
                state.apply_action(chance_outcome_at(state, luck.uniform(kind, used[kind])))
                used[kind] += 1
            else:
                state.apply_action(self.players[player].act(SeatView(state, player)))

    def values(self, view: SeatView, seed: int, legal: list[int]) -> dict[int, float]:
        """Each move's mean fitted win chance at the end of the turn, over the worlds."""
        rng = random.Random(derive_seed(seed, "worlds"))
        totals = dict.fromkeys(legal, 0.0)
        for _ in range(self.worlds):
            world = view.sample_state(rng)
            luck = Luck(rng.getrandbits(64))
            for action in legal:
                state = world.clone()
                state.apply_action(action)
                self.finish_turn(state, luck)
                totals[action] += self.evaluation.win_chance(state.observation(self.seat))
        return {a: t / self.worlds for a, t in totals.items()}

    def act(self, view: SeatView) -> int:
        legal = view.legal_actions()
        if len(legal) == 1:
            return legal[0]
        seed = derive_seed(self._seed, "move", self._moves)
        self._moves += 1
        default = self.heuristic.act(view)
        values = self.values(view, seed, legal)
        self.last_values = values
        best = max(legal, key=lambda a: (values[a], a == default))
        return best if values[best] > values[default] + self.keep else default


__all__ = ["LookaheadAgent", "Luck"]
