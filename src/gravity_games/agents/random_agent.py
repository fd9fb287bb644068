"""The uniform random agent: the baseline every bot must beat."""

from __future__ import annotations

from typing import Any

from mypy_extensions import mypyc_attr

from gravity_games.core.agent import Agent, SeatView
from gravity_games.core.api import Game, InvalidParameterError


@mypyc_attr(allow_interpreted_subclasses=True)
class RandomAgent(Agent):
    """Picks a legal action uniformly with its own seeded RNG."""

    name = "random"

    def __init__(self, game: Game, seat: int, seed: int, **settings: Any) -> None:
        if settings:
            raise InvalidParameterError(f"agent 'random' takes no settings, got {', '.join(settings)}")
        super().__init__(game, seat, seed)

    def act(self, view: SeatView) -> int:
        legal = view.legal_actions()
        return legal[self.rng.randrange(len(legal))]
