"""Heuristic playouts (``playouts``): every move tried on worlds drawn from the seat's view, played on by the heuristic.

Flat Monte Carlo over determinizations ("perfect-information Monte Carlo" with a strong playout
policy). For each decision the agent draws ``worlds`` determinizations with ``view.sample_state``
(the game's ``resample_from_infostate``: nothing the seat cannot see is kept), and on each world it
tries every legal move, then plays the game to its end with the game's ``base`` agent (its
``heuristic``) in every seat, chance drawn from a stream shared by all moves of that world (common
random numbers: moves are compared on the same worlds and the same later luck). The move with the
best mean result wins; the base agent's own move is kept unless another beats it by more than
``margin`` (so a handful of noisy playouts does not talk the bot out of a sound move).

The playout agents see the world through :class:`SeatView` like any agent; the world belongs to
the search, so they learn nothing of the real hidden cards. Where the search reads the same
information set twice it draws the same worlds (the seeds depend on the agent seed and the move
number only), which is what the twin-state tests check.

Settings (agent spec ``playouts:worlds=8``): ``worlds`` determinizations per decision (default 8),
``seconds`` a time cap per decision (the worlds done by then count; at least one is always done),
``base`` the game's agent played in the playouts (default ``heuristic``), ``margin`` the mean result
in [0, 1] another move needs above the base agent's move (default 0.02), ``top`` how many moves the
playouts consider (0: all; else the base move plus the first ``top - 1`` others in legal order);
``base_<name>=value`` settings are handed to the base agent (``playouts:base_tau=0.2``).
"""

from __future__ import annotations

import functools
import math
import random
import time
from dataclasses import dataclass
from typing import Any

from mypy_extensions import mypyc_attr

from gravity_games.core.agent import Agent, SeatView
from gravity_games.core.api import CHANCE, TERMINAL, Game, InvalidParameterError, State, sample_chance
from gravity_games.core.registry import entry
from gravity_games.core.seeding import derive_seed

from . import register_agent

_SETTINGS = ("worlds", "seconds", "base", "margin", "top")


@mypyc_attr(native_class=False)  # frozen: a native one cannot be unpickled
@dataclass(frozen=True)
class MoveValue:
    """What the playouts found for one move: how many playouts and the mean result in [0, 1]."""

    action: int
    playouts: int
    value: float


def _base_factory(game: Game, base: str) -> Any:
    factory = entry(game.ID).agents.get(base)
    if factory is None or base in ("easy", "medium", "hard"):
        known = ", ".join(sorted(k for k in entry(game.ID).agents if k not in ("easy", "medium", "hard")))
        raise InvalidParameterError(
            f"playouts setting base must be one of {game.ID}'s own agents ({known}), got {base!r}"
        )
    return factory


def play_out(state: State, factory: Any, seed: int, limit: int, own: tuple[int, Any] | None = None) -> State:
    """Play ``state`` to its end with a fresh ``factory`` agent in every seat (seeded from ``seed``);
    ``own = (seat, factory)`` puts another agent in that seat."""
    game = state.game
    agents: dict[int, Agent] = {}
    chance_rng = random.Random(derive_seed(seed, "chance"))
    steps = 0
    while True:
        player = state.current_player()
        if player == TERMINAL or steps > limit:
            return state
        if player == CHANCE:
            state.apply_action(sample_chance(state, chance_rng))
        else:
            agent = agents.get(player)
            if agent is None:
                make = own[1] if own is not None and own[0] == player else factory
                agent = agents[player] = make(game, player, derive_seed(seed, "seat", player))
            state.apply_action(agent.act(SeatView(state, player)))
        steps += 1


def _with_settings(base: Any, settings: dict[str, Any], game: Game, seat: int, seed: int) -> Agent:
    """The base agent made with its own settings (a function, not a closure: mypyc compiles it)."""
    agent: Agent = base(game, seat, seed, **settings)
    return agent


@mypyc_attr(allow_interpreted_subclasses=True)
class PlayoutAgent(Agent):
    """Tries each move on sampled worlds and plays on with the heuristic; keeps the best mean."""

    name = "playouts"

    def __init__(self, game: Game, seat: int, seed: int, **settings: Any) -> None:
        unknown = sorted(k for k in set(settings) - set(_SETTINGS) if not k.startswith("base_"))
        if unknown:
            raise InvalidParameterError(
                f"agent 'playouts' has no setting {', '.join(map(repr, unknown))}; allowed: {', '.join(_SETTINGS)}"
            )
        super().__init__(game, seat, seed, **settings)
        worlds = settings.get("worlds", 8)
        if isinstance(worlds, bool) or not isinstance(worlds, int) or worlds < 1:
            raise InvalidParameterError(f"playouts setting worlds must be a whole number >= 1, got {worlds!r}")
        seconds = settings.get("seconds")
        if seconds is not None and (isinstance(seconds, bool) or not isinstance(seconds, int | float) or seconds <= 0):
            raise InvalidParameterError(f"playouts setting seconds must be a number > 0, got {seconds!r}")
        margin = settings.get("margin", 0.02)
        if isinstance(margin, bool) or not isinstance(margin, int | float) or math.isnan(margin) or margin < 0:
            raise InvalidParameterError(f"playouts setting margin must be a number >= 0, got {margin!r}")
        top = settings.get("top", 0)
        if isinstance(top, bool) or not isinstance(top, int) or top < 0:
            raise InvalidParameterError(f"playouts setting top must be a whole number >= 0 (0: all moves), got {top!r}")
        self.worlds = worlds
        self.seconds = float(seconds) if seconds is not None else None
        self.margin = float(margin)
        self.top = top
        base = _base_factory(game, str(settings.get("base", "heuristic")))
        # base_<name>=value settings go to the playouts' agent (e.g. a tuned heuristic's own settings).
        base_settings = {k[5:]: v for k, v in settings.items() if k.startswith("base_")}
        self.factory = functools.partial(_with_settings, base, base_settings) if base_settings else base
        self.own: Any = None  # another agent for this seat in the playouts (hints: the hard level)
        self._seed = seed
        self._moves = 0
        self.last_values: list[MoveValue] = []
        lo, hi = game.spec.min_utility, game.spec.max_utility
        self._lo, self._span = lo, (hi - lo) if hi > lo else 1.0

    def base_move(self, view: SeatView, seed: int) -> int:
        """The base agent's move here, from a fresh agent (its plans must not leak between decisions)."""
        return int(self.factory(self.game, self.seat, derive_seed(seed, "base")).act(view))

    def evaluate(self, view: SeatView, seed: int, candidates: list[int]) -> list[MoveValue]:
        """Mean playout result of each candidate over the worlds (fewer when ``seconds`` runs out)."""
        rng = random.Random(derive_seed(seed, "worlds"))
        limit = self.game.spec.max_game_length
        totals = dict.fromkeys(candidates, 0.0)
        deadline = time.perf_counter() + self.seconds if self.seconds is not None else None
        done = 0
        for w in range(self.worlds):
            world = view.sample_state(rng)
            world_seed = derive_seed(seed, "world", w)
            for action in candidates:
                state = world.clone()
                state.apply_action(action)
                end = play_out(state, self.factory, world_seed, limit, (self.seat, self.own) if self.own else None)
                totals[action] += (end.returns()[self.seat] - self._lo) / self._span
            done += 1
            if deadline is not None and time.perf_counter() >= deadline:
                break
        return [MoveValue(a, done, totals[a] / done) for a in candidates]

    def act(self, view: SeatView) -> int:
        legal = view.legal_actions()
        if len(legal) == 1:
            return legal[0]
        seed = derive_seed(self._seed, "move", self._moves)
        self._moves += 1
        default = self.base_move(view, seed)
        candidates = list(legal)
        if self.top:
            candidates = [default, *[a for a in legal if a != default][: self.top - 1]]
        values = self.evaluate(view, seed, candidates)
        self.last_values = sorted(values, key=lambda m: (-m.value, m.action))
        best = self.last_values[0]
        base_value = next(m.value for m in values if m.action == default)
        return best.action if best.value > base_value + self.margin else default


register_agent("playouts", PlayoutAgent)

__all__ = ["MoveValue", "PlayoutAgent", "play_out"]
