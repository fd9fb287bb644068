"""A tiny game used only by the interop tests, so the adapters are exercised before (and
besides) the real games: hidden cards dealt by chance, one decision per seat, and a
cooperative twin so the identical-utility path is covered too.

Rules (high card): chance deals each seat one card from 0..3 without replacement; then
each seat in turn says ``stay`` or ``fold``. The highest card among the seats that
stayed wins; if everyone folded, nobody wins. In the cooperative twin the team wins
when exactly the seat with the highest card stays.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from gravity_games.core.api import CHANCE, JSON, TERMINAL, Game, Outcome, State, normalise
from gravity_games.core.registry import _ENTRIES, GameEntry, register

DECK = 4
STAY, FOLD = 0, 1


class ToyGame(Game):
    ID = "interop-toy"
    TITLE = "Interop toy (high card)"
    MIN_PLAYERS = 2
    MAX_PLAYERS = 3
    PRIVATE_FIELDS = ("my_card",)

    def _dimensions(self) -> tuple[int, int, int]:
        return 2 * self.players, 2, DECK

    def _observation_shape(self) -> tuple[int, ...]:
        # my card one-hot, then one (stay, fold) pair per seat, then whose turn
        return (DECK + 2 * self.players + self.players,)

    def new_initial_state(self) -> ToyState:
        return ToyState(self)

    def _state_from_body(self, body: Mapping[str, Any]) -> ToyState:
        state = ToyState(self)
        state.cards = [int(c) for c in body["cards"]]
        state.calls = [int(c) for c in body["calls"]]
        return state


class ToyTeamGame(ToyGame):
    ID = "interop-toy-team"
    TITLE = "Interop toy (cooperative)"
    COOPERATIVE = True


class ToyState(State):
    __slots__ = ("calls", "cards")

    def __init__(self, game: Game) -> None:
        super().__init__(game)
        self.cards: list[int] = []
        self.calls: list[int] = []

    def current_player(self) -> int:
        n = self.game.players
        if len(self.cards) < n:
            return CHANCE
        if len(self.calls) < n:
            return len(self.calls)
        return TERMINAL

    def _legal_actions(self) -> list[int]:
        return [STAY, FOLD]

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if self.current_player() != CHANCE:
            return []
        return normalise([(c, 1.0) for c in range(DECK) if c not in self.cards])

    def _apply(self, action: int) -> None:
        if self.current_player() == CHANCE:
            self.cards.append(action)
            self._note(f"a card is dealt to seat {len(self.cards) - 1}")
        else:
            self.calls.append(action)
            self._note(f"seat {len(self.calls) - 1} says {'stay' if action == STAY else 'fold'}")

    def is_terminal(self) -> bool:
        return self.current_player() == TERMINAL

    def outcome(self) -> Outcome | None:
        if not self.is_terminal():
            return None
        stayed = [s for s, c in enumerate(self.calls) if c == STAY]
        best = max(range(self.game.players), key=lambda s: self.cards[s])
        if self.game.COOPERATIVE:
            won = stayed == [best]
            return Outcome(tuple(range(self.game.players)) if won else (), "team" if won else "lost")
        if not stayed:
            return Outcome((), "everyone folded")
        return Outcome((max(stayed, key=lambda s: self.cards[s]),), "high card")

    def observation(self, seat: int | None) -> dict[str, JSON]:
        obs: dict[str, JSON] = {"calls": list(self.calls), "to_act": self.current_player()}
        if self.is_terminal():
            obs["cards"] = list(self.cards)
        elif seat is not None and seat < len(self.cards):
            obs["my_card"] = self.cards[seat]
        return obs

    def observation_tensor(self, seat: int | None) -> list[float]:
        n = self.game.players
        out = [0.0] * (DECK + 3 * n)
        if seat is not None and seat < len(self.cards):
            out[self.cards[seat]] = 1.0
        for s, call in enumerate(self.calls):
            out[DECK + 2 * s + call] = 1.0
        player = self.current_player()
        if player >= 0:
            out[DECK + 2 * n + player] = 1.0
        if self.is_terminal():  # all cards are shown at the end: fold them into the card slots
            for c in self.cards:
                out[c] = max(out[c], 0.5)
        return out

    def private_values(self, seat: int) -> dict[str, JSON]:
        return {"my_card": self.cards[seat]} if seat < len(self.cards) else {}

    def _to_json_body(self) -> dict[str, JSON]:
        return {"cards": list(self.cards), "calls": list(self.calls)}

    def clone(self) -> ToyState:
        new = ToyState(self.game)
        new.cards = list(self.cards)
        new.calls = list(self.calls)
        self._copy_base_into(new)
        return new

    def _action_text(self, action: int) -> str:
        if self.current_player() == CHANCE:
            return f"card {action}"
        return "stay" if action == STAY else "fold"

    def resample_from_infostate(self, seat: int, rng: random.Random) -> ToyState:
        new = self.clone()
        if self.is_terminal():
            return new
        others = [c for c in range(DECK) if not (seat < len(self.cards) and c == self.cards[seat])]
        rng.shuffle(others)
        for s in range(len(self.cards)):
            if s != seat:
                new.cards[s] = others.pop()
        return new


def render_text(observation: dict[str, Any], game: Game) -> str:
    calls = " ".join("stay" if c == STAY else "fold" for c in observation["calls"]) or "-"
    return f"[bold]calls[/bold]: {calls}  to act: {observation['to_act']}"


def install() -> list[GameEntry]:
    """Register both toys (tests remove them again with :func:`uninstall`)."""
    return [register(ToyGame, text_view=render_text), register(ToyTeamGame)]


def uninstall() -> None:
    # The registry has no public removal on purpose; only these tests add games at run time.
    for game_id in (ToyGame.ID, ToyTeamGame.ID):
        _ENTRIES.pop(game_id, None)
