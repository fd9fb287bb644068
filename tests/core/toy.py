"""A tiny game for testing the core: two seats race to 5 by choosing +1 or +2, a coin may add 1.

Each seat's bonus draw (chance) is private to it, so the core's privacy tools have something to hide.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from gravity_games.core.api import CHANCE, TERMINAL, Game, Outcome, Param, State


class ToyGame(Game):
    ID = "toy-race"
    TITLE = "Toy Race"
    MIN_PLAYERS = 2
    MAX_PLAYERS = 3
    PARAMS = (
        Param("target", 5, "points to win", kind=int, low=2, high=20),
        Param("variant", "standard", "rules", choices=("standard", "fast")),
    )
    PRIVATE_FIELDS = ("bonus",)

    def _dimensions(self) -> tuple[int, int, int]:
        return 4 * self.params["target"] * self.players + 4, 2, 2

    def new_initial_state(self) -> ToyState:
        return ToyState(self)

    def _state_from_body(self, body: Mapping[str, Any]) -> ToyState:
        state = ToyState(self)
        state.scores = [int(x) for x in body["scores"]]
        state.bonus = [int(x) for x in body["bonus"]]
        state.turn = int(body["turn"])
        state.pending = bool(body["pending"])
        return state


class ToyState(State):
    def __init__(self, game: ToyGame) -> None:
        super().__init__(game)
        self.scores = [0] * game.players
        self.bonus = [0] * game.players
        self.turn = 0
        self.pending = False

    def current_player(self) -> int:
        if max(self.scores) >= self.game.params["target"]:
            return TERMINAL
        return CHANCE if self.pending else self.turn

    def _legal_actions(self) -> list[int]:
        return [0, 1]

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return [(0, 0.5), (1, 0.5)] if self.pending else []

    def _apply(self, action: int) -> None:
        if self.pending:
            self.bonus[self.turn] += action
            self.scores[self.turn] += action
            self._note(f"seat {self.turn} draws a bonus of {action}", seat=self.turn)
            self.pending = False
            self.turn = (self.turn + 1) % self.game.players
        else:
            self.scores[self.turn] += action + 1
            self._note(f"seat {self.turn} moves {action + 1}")
            self.pending = True

    def is_terminal(self) -> bool:
        return self.current_player() == TERMINAL

    def outcome(self) -> Outcome | None:
        if not self.is_terminal():
            return None
        best = max(self.scores)
        return Outcome(tuple(s for s, v in enumerate(self.scores) if v == best), "target reached")

    def observation(self, seat: int | None) -> dict[str, Any]:
        obs: dict[str, Any] = {"scores": list(self.scores), "turn": self.turn}
        if seat is not None:
            obs["bonus"] = self.bonus[seat]
        return obs

    def private_values(self, seat: int) -> dict[str, Any]:
        return {"bonus": self.bonus[seat]}

    def _to_json_body(self) -> dict[str, Any]:
        return {"scores": list(self.scores), "bonus": list(self.bonus), "turn": self.turn, "pending": self.pending}

    def clone(self) -> ToyState:
        new = ToyState.__new__(ToyState)
        State.__init__(new, self.game)
        new.scores = list(self.scores)
        new.bonus = list(self.bonus)
        new.turn = self.turn
        new.pending = self.pending
        self._copy_base_into(new)
        return new

    def _action_text(self, action: int) -> str:
        return f"bonus {action}" if self.pending else f"step {action + 1}"

    def resample_from_infostate(self, seat: int, rng: random.Random) -> ToyState:
        return self.clone()
