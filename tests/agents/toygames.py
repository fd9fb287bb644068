"""Tiny games with known answers, registered for the agent and simulation tests.

They go through the same registry and API as the real games, so the search, the
batch runner, the Ray backend and the report are tested before (and independently of)
the rulebook games.

* ``toy-nim``: 2-6 seats take 1-3 stones from a pile of 7 in turn; whoever takes the last
  stone wins. Perfect information; with two seats the first move "take 3" wins by force.
* ``toy-cards``: a chance deals each seat one card of 0..9 (hidden from the others); then
  every seat says "stay" or "fold"; the highest card among the stayers wins (nobody
  staying: seat 0 wins). A card is private: ``resample_from_infostate`` redraws the others.
* ``toy-push``: a cooperative push-your-luck game for 1-5 seats: in turn a seat "banks"
  or "rolls" a die 1-6; a 1 loses the unbanked points, anything else adds to them. The team
  wins on 20 banked points within 6 turns. Exposes the ``standings`` hook (banked points).
* ``toy-race``: 2-4 seats race to 10 by "walk" (1 step) or "roll" (a die 0-3); exposes
  ``standings`` (positions) for lead changes and an outcome detail ``track``.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from gravity_games.core.agent import SeatView
from gravity_games.core.api import CHANCE, TERMINAL, Game, Outcome, Param, State
from gravity_games.core.registry import register


class _Base(State):
    __slots__ = ()

    def _to_json_body(self) -> dict[str, Any]:
        return {k: getattr(self, k) for k in self.FIELDS}  # type: ignore[attr-defined]

    def observation(self, seat: int | None) -> dict[str, Any]:
        return self._to_json_body()

    def resample_from_infostate(self, seat: int, rng: random.Random) -> State:
        return self.clone()

    def outcome(self) -> Outcome | None:
        return None


# --- toy-nim -----------------------------------------------------------------


class NimState(_Base):
    __slots__ = ("pile", "turn", "winner")
    FIELDS = ("pile", "turn", "winner")

    def __init__(self, game: Game) -> None:
        super().__init__(game)
        self.pile = game.params["pile"]
        self.turn = 0
        self.winner = -1

    def current_player(self) -> int:
        return TERMINAL if self.winner >= 0 else self.turn

    def _legal_actions(self) -> list[int]:
        return [a for a in (0, 1, 2) if a + 1 <= self.pile]

    def _apply(self, action: int) -> None:
        self.pile -= action + 1
        if self.pile == 0:
            self.winner = self.turn
        self.turn = (self.turn + 1) % self.game.players

    def is_terminal(self) -> bool:
        return self.winner >= 0

    def outcome(self) -> Outcome | None:
        return Outcome((self.winner,), "last stone") if self.winner >= 0 else None

    def clone(self) -> State:
        new = NimState.__new__(NimState)
        State.__init__(new, self.game)
        self._copy_base_into(new)
        new.pile, new.turn, new.winner = self.pile, self.turn, self.winner
        return new

    def _action_text(self, action: int) -> str:
        return f"take {action + 1}"


class Nim(Game):
    ID = "toy-nim"
    TITLE = "Toy Nim"
    MIN_PLAYERS = 2
    MAX_PLAYERS = 6
    PARAMS = (Param("pile", 7, "stones", int, low=1, high=40),)

    def _dimensions(self) -> tuple[int, int, int]:
        return self.params["pile"] + 1, 3, 1

    def new_initial_state(self) -> State:
        return NimState(self)

    def _state_from_body(self, body: Mapping[str, Any]) -> State:
        s = NimState(self)
        s.pile, s.turn, s.winner = body["pile"], body["turn"], body["winner"]
        return s


# --- toy-cards ---------------------------------------------------------------


class CardsState(_Base):
    __slots__ = ("cards", "choices")
    FIELDS = ("cards", "choices")

    def __init__(self, game: Game) -> None:
        super().__init__(game)
        self.cards: list[int] = []
        self.choices: list[int] = []

    def current_player(self) -> int:
        n = self.game.players
        if len(self.cards) < n:
            return CHANCE
        if len(self.choices) < n:
            return len(self.choices)
        return TERMINAL

    def chance_outcomes(self) -> list[tuple[int, float]]:
        free = [c for c in range(10) if c not in self.cards]
        return [(c, 1 / len(free)) for c in free]

    def _legal_actions(self) -> list[int]:
        return [0, 1]  # 0 fold, 1 stay

    def _apply(self, action: int) -> None:
        if len(self.cards) < self.game.players:
            self.cards.append(action)
        else:
            self.choices.append(action)

    def is_terminal(self) -> bool:
        return self.current_player() == TERMINAL

    def outcome(self) -> Outcome | None:
        if not self.is_terminal():
            return None
        stayers = [s for s, c in enumerate(self.choices) if c == 1]
        if not stayers:
            return Outcome((0,), "all folded")
        return Outcome((max(stayers, key=lambda s: self.cards[s]),), "showdown")

    def observation(self, seat: int | None) -> dict[str, Any]:
        mine = self.cards[seat] if seat is not None and seat < len(self.cards) else None
        return {"my_card": mine, "choices": list(self.choices), "dealt": len(self.cards)}

    def resample_from_infostate(self, seat: int, rng: random.Random) -> State:
        new = self.clone()
        assert isinstance(new, CardsState)
        free = [c for c in range(10) if c != self.cards[seat]] if seat < len(self.cards) else list(range(10))
        rng.shuffle(free)
        for s in range(len(new.cards)):
            if s != seat:
                new.cards[s] = free.pop()
        return new

    def clone(self) -> State:
        new = CardsState.__new__(CardsState)
        State.__init__(new, self.game)
        self._copy_base_into(new)
        new.cards, new.choices = list(self.cards), list(self.choices)
        return new

    def _action_text(self, action: int) -> str:
        if self.current_player() == CHANCE:
            return f"deal {action}"
        return ("fold", "stay")[action]


class Cards(Game):
    ID = "toy-cards"
    TITLE = "Toy Cards"
    MIN_PLAYERS = 2
    MAX_PLAYERS = 6
    PRIVATE_FIELDS = ("my_card",)

    def _dimensions(self) -> tuple[int, int, int]:
        return 2 * self.players, 2, 10

    def new_initial_state(self) -> State:
        return CardsState(self)

    def _state_from_body(self, body: Mapping[str, Any]) -> State:
        s = CardsState(self)
        s.cards, s.choices = list(body["cards"]), list(body["choices"])
        return s


# --- toy-push ----------------------------------------------------------------


class PushState(_Base):
    __slots__ = ("banked", "pending", "rolling", "turns")
    FIELDS = ("banked", "pending", "rolling", "turns")

    def __init__(self, game: Game) -> None:
        super().__init__(game)
        self.banked = 0
        self.pending = 0
        self.rolling = False
        self.turns = 0

    def current_player(self) -> int:
        if self.banked >= 20 or self.turns >= 6:
            return TERMINAL
        if self.rolling:
            return CHANCE
        return self.turns % self.game.players

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return [(face, 1 / 6) for face in range(1, 7)]

    def _legal_actions(self) -> list[int]:
        return [0, 1]  # 0 bank, 1 roll

    def _apply(self, action: int) -> None:
        if self.rolling:
            self.rolling = False
            if action == 1:
                self.pending = 0
                self.turns += 1
            else:
                self.pending += action
        elif action == 0:
            self.banked += self.pending
            self.pending = 0
            self.turns += 1
        else:
            self.rolling = True

    def is_terminal(self) -> bool:
        return self.current_player() == TERMINAL

    def outcome(self) -> Outcome | None:
        if not self.is_terminal():
            return None
        # A label for the report's break-downs, like a game's setup name.
        start = {"start": "bank" if self._history and self._history[0] == 0 else "roll"}
        if self.banked >= 20:
            return Outcome(tuple(range(self.game.players)), "target banked", start)
        return Outcome((), "out of turns", start)

    def standings(self) -> list[float]:
        return [float(self.banked)] * self.game.players

    def clone(self) -> State:
        new = PushState.__new__(PushState)
        State.__init__(new, self.game)
        self._copy_base_into(new)
        new.banked, new.pending, new.rolling, new.turns = self.banked, self.pending, self.rolling, self.turns
        return new

    def _action_text(self, action: int) -> str:
        if self.rolling:
            return f"die {action}"
        return ("bank", "roll")[action]


class Push(Game):
    ID = "toy-push"
    TITLE = "Toy Push"
    MIN_PLAYERS = 1
    MAX_PLAYERS = 5
    COOPERATIVE = True

    def _dimensions(self) -> tuple[int, int, int]:
        return 12 * 20, 2, 7

    def new_initial_state(self) -> State:
        return PushState(self)

    def _state_from_body(self, body: Mapping[str, Any]) -> State:
        s = PushState(self)
        s.banked, s.pending, s.rolling, s.turns = body["banked"], body["pending"], body["rolling"], body["turns"]
        return s


# --- toy-race ----------------------------------------------------------------


class RaceState(_Base):
    __slots__ = ("pos", "rolling", "turn")
    FIELDS = ("pos", "rolling", "turn")

    def __init__(self, game: Game) -> None:
        super().__init__(game)
        self.pos = [0] * game.players
        self.rolling = False
        self.turn = 0

    def _winner(self) -> int:
        for s, p in enumerate(self.pos):
            if p >= 10:
                return s
        return -1

    def current_player(self) -> int:
        if self._winner() >= 0:
            return TERMINAL
        return CHANCE if self.rolling else self.turn

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return [(face, 0.25) for face in range(4)]

    def _legal_actions(self) -> list[int]:
        return [0, 1]  # 0 walk, 1 roll

    def _apply(self, action: int) -> None:
        if self.rolling:
            self.rolling = False
            self.pos[self.turn] += action
        elif action == 0:
            self.pos[self.turn] += 1
        else:
            self.rolling = True
            return
        self.turn = (self.turn + 1) % self.game.players

    def is_terminal(self) -> bool:
        return self._winner() >= 0

    def outcome(self) -> Outcome | None:
        w = self._winner()
        if w < 0:
            return None
        margin = self.pos[w] - max(p for s, p in enumerate(self.pos) if s != w)
        close = "close" if margin <= 2 else "clear"
        return Outcome((w,), "finish", {"track": self.game.params["track"], "finish": close, "margin": margin})

    def standings(self) -> list[float]:
        return [float(p) for p in self.pos]

    def clone(self) -> State:
        new = RaceState.__new__(RaceState)
        State.__init__(new, self.game)
        self._copy_base_into(new)
        new.pos, new.rolling, new.turn = list(self.pos), self.rolling, self.turn
        return new

    def _action_text(self, action: int) -> str:
        if self.rolling:
            return f"die {action}"
        return ("walk", "roll")[action]


class Race(Game):
    ID = "toy-race"
    TITLE = "Toy Race"
    MIN_PLAYERS = 2
    MAX_PLAYERS = 4
    PARAMS = (Param("track", "short", "track name", str, choices=("short", "long")),)

    def _dimensions(self) -> tuple[int, int, int]:
        return 2 * 10 * self.players + 2, 2, 4

    def new_initial_state(self) -> State:
        return RaceState(self)

    def _state_from_body(self, body: Mapping[str, Any]) -> State:
        s = RaceState(self)
        s.pos, s.rolling, s.turn = list(body["pos"]), body["rolling"], body["turn"]
        return s


TOY_GAMES = (Nim, Cards, Push, Race)


def register_all() -> None:
    """Register the toy games (idempotent; also the Ray worker setup hook of the tests)."""
    for cls in TOY_GAMES:
        register(cls)


def unregister_all() -> None:
    """Take the toy games out of the registry again, so other test folders never see them."""
    from gravity_games.core import registry

    for cls in TOY_GAMES:
        registry._ENTRIES.pop(cls.ID, None)


class OnlyView:
    """Exactly the documented SeatView surface the search may use, nothing else to reach the state
    by; counts the determinizations drawn."""

    def __init__(self, state: State, seat: int) -> None:
        self._view = SeatView(state, seat)
        self.seat = seat
        self.game = state.game
        self.samples = 0

    def legal_actions(self) -> list[int]:
        return self._view.legal_actions()

    def sample_state(self, rng: random.Random) -> State:
        self.samples += 1
        return self._view.sample_state(rng)
