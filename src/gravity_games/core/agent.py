"""The agent interface: an agent sees one seat's view, never the state itself.

A :class:`SeatView` hands an agent the seat's observation, its legal actions with
their notation, and determinizations (``sample_state``) drawn by
``resample_from_infostate``, so a search bot can look ahead without peeking at
hidden cards.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from typing import Any

from mypy_extensions import mypyc_attr

from gravity_games.core.api import JSON, Game, GameSpec, State


@mypyc_attr(allow_interpreted_subclasses=True)
class SeatView:
    """What one seat may know now. Holds the state privately and exposes only that."""

    __slots__ = ("__state", "_obs", "seat")

    def __init__(self, state: State, seat: int) -> None:
        self.__state = state
        self.seat = seat
        self._obs: dict[str, JSON] | None = None

    @property
    def game(self) -> Game:
        return self.__state.game

    @property
    def spec(self) -> GameSpec:
        return self.__state.game.spec

    def observation(self) -> dict[str, JSON]:
        if self._obs is None:
            self._obs = self.__state.observation(self.seat)
        return self._obs

    def legal_actions(self) -> list[int]:
        return self.__state.legal_actions()

    def action_to_string(self, action: int) -> str:
        return self.__state.action_to_string(action)

    def move_number(self) -> int:
        return self.__state.move_number()

    def sample_state(self, rng: random.Random) -> State:
        """A full state consistent with this seat's information (hidden parts redrawn)."""
        return self.__state.resample_from_infostate(self.seat, rng)


@mypyc_attr(allow_interpreted_subclasses=True)
class Agent(ABC):
    """A player program. Made once per seat and game with its own seed."""

    name: str = "agent"

    def __init__(self, game: Game, seat: int, seed: int, **settings: Any) -> None:
        self.game = game
        self.seat = seat
        self.rng = random.Random(seed)
        self.settings = settings

    @abstractmethod
    def act(self, view: SeatView) -> int:
        """Choose one of ``view.legal_actions()``."""

    def describe(self) -> str:
        extra = "".join(f":{k}={v}" for k, v in sorted(self.settings.items()))
        return f"{self.name}{extra}"
