"""The skeleton game's position: every field declared, typed and named in full words.

No rule logic lives here: the rules (``rules.py``) are functions over this position, and the
API class ``SkeletonState`` derives from it. The class suits a compiler such as mypyc: single
inheritance, every attribute set in ``__init__`` with its type, no attribute narrowed in a
subclass (the components are kept as ``components``, not by narrowing ``game``).
"""

from __future__ import annotations

from enum import IntEnum
from typing import NamedTuple, Self

from gravity_games.core.api import Game, State

from .data import Components, token_names, token_values


class Phase(IntEnum):
    """What the game is doing: dealing, rolling the round's die, playing tokens, or over."""

    DEAL = 0
    ROLL = 1
    PLAY = 2
    OVER = 3


PHASE_NAMES: tuple[str, ...] = tuple(phase.name.lower() for phase in Phase)
"""The phases as the observation and the position document name them."""


class Result(IntEnum):
    """Why the game ended (``UNDECIDED`` while it goes on)."""

    UNDECIDED = 0
    MOST_ROUNDS = 1


RESULT_REASONS: dict[Result, str] = {Result.UNDECIDED: "", Result.MOST_ROUNDS: "won the most rounds"}
"""The outcome's reason, in words, for each result."""


class Play(NamedTuple):
    """A token played face up to the table."""

    seat: int
    token: int


class RoundResult(NamedTuple):
    """A finished round: the die's face, the tokens played in order, and who took the round."""

    die_face: int
    plays: tuple[Play, ...]
    winner: int


NO_FACE = 0
"""``die_face`` before the round's die is rolled (``data.py`` allows faces from 1 up only)."""


class SkeletonPosition(State):
    """Where everything is: the hands, the bag, the table, the finished rounds and the result."""

    def __init__(self, game: Game, components: Components) -> None:
        super().__init__(game)
        self.components: Components = components
        self.values: tuple[int, ...] = token_values(components)
        self.names: tuple[str, ...] = token_names(components)
        self.faces: tuple[int, ...] = components.die.faces
        self.hand_size: int = components.deal.hand_size
        self.phase: Phase = Phase.DEAL
        self.hands: list[list[int]] = [[] for _ in range(game.players)]
        """Each seat's tokens, by id, sorted (private to the seat)."""
        self.bag: list[int] = list(range(len(components.tokens)))
        """Tokens not dealt, by id, sorted (hidden from everyone until the end)."""
        self.round_number: int = 0
        self.die_face: int = NO_FACE
        self.table: list[Play] = []
        """This round's tokens, face up, in the order played."""
        self.finished_rounds: list[RoundResult] = []
        self.rounds_won: list[int] = [0] * game.players
        self.winners: tuple[int, ...] = ()
        self.result: Result = Result.UNDECIDED

    def clone(self) -> Self:
        """A copy sharing nothing mutable (records and tuples are immutable, lists are copied)."""
        other = type(self)(self.game, self.components)
        self._copy_base_into(other)
        other.phase = self.phase
        other.hands = [list(hand) for hand in self.hands]
        other.bag = list(self.bag)
        other.round_number = self.round_number
        other.die_face = self.die_face
        other.table = list(self.table)
        other.finished_rounds = list(self.finished_rounds)
        other.rounds_won = list(self.rounds_won)
        other.winners = self.winners
        other.result = self.result
        return other
