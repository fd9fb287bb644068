"""A tiny hidden-information game used only by the web tests (never registered outside them).

It has exactly the features the server must handle and that a test must be able to
steer: a chance deal of private cards, multi-step turns (``mark`` may be taken back),
a step that reveals hidden information (``peek``), a chance roll after each round
(undo must never cross it), private log lines, and an end.

Each seat is dealt a hidden card 1-9. On its turn a seat may ``mark`` (at most twice a
turn), ``peek`` at the next seat's card, or say ``done``. After every seat has said done
in a round, a die is rolled into the pot. After ``ROUNDS`` rounds the highest card plus
marks wins (ties: the lower seat).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from gravity_games.core.api import CHANCE, TERMINAL, Game, Outcome, Param, State
from gravity_games.core.board import BoardHooks, BoardMove
from gravity_games.core.registry import GameEntry, register

TOY_ID = "web-toy"
MARK, PEEK, DONE = 0, 1, 2
ROUNDS = 2


class ToyGame(Game):
    ID = TOY_ID
    TITLE = "Web Toy"
    MIN_PLAYERS = 2
    MAX_PLAYERS = 3
    PARAMS = (Param("variant", "standard", "which rules", str, choices=("standard", "short")),)
    PRIVATE_FIELDS = ("hand",)
    SUMMARY = "A test game: hidden cards, marks, peeks and a die."

    def _dimensions(self) -> tuple[int, int, int]:
        return (self.players + ROUNDS * (self.players * 4 + 1) + 1, 3, 9)

    def new_initial_state(self) -> ToyState:
        return ToyState(self)

    def _state_from_body(self, body: Mapping[str, Any]) -> ToyState:
        s = ToyState(self)
        s.hands = list(body["hands"])
        s.marks = list(body["marks"])
        s.turn_marks = body["turn_marks"]
        s.round = body["round"]
        s.turn = body["turn"]
        s.pot = list(body["pot"])
        s.seen = {int(k): v for k, v in body["seen"].items()}
        s.rolling = body["rolling"]
        return s


class ToyState(State):
    __slots__ = ("hands", "marks", "pot", "rolling", "round", "seen", "turn", "turn_marks")

    def __init__(self, game: Game) -> None:
        super().__init__(game)
        self.hands: list[int] = []
        self.marks = [0] * game.players
        self.turn_marks = 0
        self.round = 0
        self.turn = 0
        self.pot: list[int] = []
        self.seen: dict[int, list[int]] = {}
        self.rolling = False

    def current_player(self) -> int:
        if len(self.hands) < self.game.players or self.rolling:
            return CHANCE
        if self.round >= ROUNDS:
            return TERMINAL
        return self.turn

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if len(self.hands) < self.game.players:
            return [(c, 1 / 9) for c in range(9)]
        if self.rolling:
            return [(c, 1 / 6) for c in range(6)]
        return []

    def _legal_actions(self) -> list[int]:
        out = []
        if self.turn_marks < 2:
            out.append(MARK)
        if self.turn not in self.seen:
            out.append(PEEK)
        out.append(DONE)
        return out

    def _apply(self, action: int) -> None:
        n = self.game.players
        if len(self.hands) < n:
            self.hands.append(action + 1)
            seat = len(self.hands) - 1
            self._note(f"Seat {seat} is dealt a card.")
            self._note(f"You were dealt a {action + 1}.", seat)
            return
        if self.rolling:
            self.pot.append(action + 1)
            self.rolling = False
            self._note(f"The die shows {action + 1}.")
            return
        seat = self.turn
        if action == MARK:
            self.marks[seat] += 1
            self.turn_marks += 1
            self._note(f"Seat {seat} marks.")
        elif action == PEEK:
            other = (seat + 1) % n
            self.seen[seat] = [other, self.hands[other]]
            self._note(f"Seat {seat} peeks at seat {other}'s card.")
            self._note(f"Seat {other} holds a {self.hands[other]}.", seat)
        else:
            self._note(f"Seat {seat} is done.")
            self.turn_marks = 0
            self.turn = (seat + 1) % n
            if self.turn == 0:
                self.round += 1
                self.rolling = True

    def is_terminal(self) -> bool:
        return self.current_player() == TERMINAL

    def outcome(self) -> Outcome | None:
        if not self.is_terminal():
            return None
        scores = [h + m for h, m in zip(self.hands, self.marks, strict=True)]
        best = max(scores)
        return Outcome((scores.index(best),), "highest score", {"scores": scores})

    def observation(self, seat: int | None) -> dict[str, Any]:
        obs: dict[str, Any] = {
            "round": self.round,
            "turn": self.turn,
            "marks": list(self.marks),
            "pot": list(self.pot),
            "dealt": len(self.hands),
        }
        if seat is not None:
            obs["hand"] = self.hands[seat] if seat < len(self.hands) else None
            obs["seen"] = list(self.seen.get(seat, []))
        if self.is_terminal():
            obs["cards"] = list(self.hands)
        return obs

    def _to_json_body(self) -> dict[str, Any]:
        return {
            "hands": list(self.hands),
            "marks": list(self.marks),
            "turn_marks": self.turn_marks,
            "round": self.round,
            "turn": self.turn,
            "pot": list(self.pot),
            "seen": {str(k): list(v) for k, v in self.seen.items()},
            "rolling": self.rolling,
        }

    def clone(self) -> ToyState:
        new = ToyState(self.game)
        self._copy_base_into(new)
        new.hands = list(self.hands)
        new.marks = list(self.marks)
        new.turn_marks = self.turn_marks
        new.round = self.round
        new.turn = self.turn
        new.pot = list(self.pot)
        new.seen = {k: list(v) for k, v in self.seen.items()}
        new.rolling = self.rolling
        return new

    def _action_text(self, action: int) -> str:
        if self.current_player() == CHANCE:
            return f"deal {action + 1}" if len(self.hands) < self.game.players else f"roll {action + 1}"
        return ("mark", "peek", "done")[action]

    def resample_from_infostate(self, seat: int, rng: random.Random) -> ToyState:
        new = self.clone()
        known = {seat}
        if seat in self.seen:
            known.add(self.seen[seat][0])
        new.hands = [h if s in known else rng.randrange(1, 10) for s, h in enumerate(self.hands)]
        return new

    def private_values(self, seat: int) -> dict[str, Any]:
        if seat < len(self.hands) and not self.is_terminal():
            return {"hand": self.hands[seat]}
        return {}


TOY_BUTTONS = {MARK: "mark", PEEK: "peek", DONE: "done"}


def render_toy_svg(observation: dict[str, Any], game: Game) -> str:
    marks = "".join(
        f'<g data-part="seat:{s}"><rect x="{10 + 60 * s}" y="10" width="50" height="50" fill="#ddd"/>'
        f'<text x="{25 + 60 * s}" y="40" font-size="14">{m}</text></g>'
        for s, m in enumerate(observation["marks"])
    )
    buttons = "".join(
        f'<g data-part="button:{name}" aria-label="{name}">'
        f'<rect x="{10 + 62 * i}" y="70" width="56" height="26" fill="#eee"/>'
        f'<text x="{18 + 62 * i}" y="88" font-size="14">{name}</text></g>'
        for i, name in enumerate(TOY_BUTTONS.values())
    )
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 100" width="200" height="100" '
        f'class="toy-board">{marks}{buttons}</svg>'
    )


def toy_board_moves(observation: dict[str, Any], game: Any, legal: Sequence[tuple[int, str]]) -> list[BoardMove]:
    return [BoardMove(a, (f"button:{TOY_BUTTONS[a]}",), f"the toy move {t}") for a, t in legal]


def register_toy() -> GameEntry:
    return register(ToyGame, svg_view=render_toy_svg, board=BoardHooks(board_moves=toy_board_moves))
