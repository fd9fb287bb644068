"""The position of Comparison × Gravity: every field, its records and its enums; no rule logic.

Each seat holds the tokens 1-5 of its colour (``hands``) and the cards A, A, B, B, C
(``cards_left`` counts them by spot). A round's announced cards and played numbers are kept per
seat until the round ends; then the round is one :class:`RoundRecord`.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import IntEnum
from typing import Final

from gravity_games.core.api import Game, State
from gravity_games.games.gravity_three import RollOff

ROUNDS: Final = 5
TOKEN_BASE: Final = 3
"""Action ids: ``announce A/B/C`` are 0-2, ``play n`` is ``3 + n - 1`` (3-7)."""


class Phase(IntEnum):
    """The step of the game; a position stores it as a plain int (its value here)."""

    ROLL = 0
    LOTS = 1
    ANNOUNCE = 2
    PLAY = 3
    OVER = 4


# The rules compare the phase at every step: plain ints under module names (an enum's attribute
# look-up costs several times a global's), the same values as the enum.
ROLL: Final = int(Phase.ROLL)
LOTS: Final = int(Phase.LOTS)
ANNOUNCE: Final = int(Phase.ANNOUNCE)
PLAY: Final = int(Phase.PLAY)
OVER: Final = int(Phase.OVER)

PHASE_NAMES: Final = ("roll-off", "lots", "announce", "play", "over")
"""Each phase's name in observations and position documents, by its value."""


class MatchResult(IntEnum):
    """A match's result when no seat won it (a won match is the winner's seat number, 0-2)."""

    LEVEL = -1
    """The torques are equal: nobody tilts the see-saw down."""
    UNRESOLVED = -2
    """Not played to the end yet."""


LEVEL: Final = int(MatchResult.LEVEL)
UNRESOLVED: Final = int(MatchResult.UNRESOLVED)

NO_CARD: Final = -1
"""``announced_cards`` of a seat that has not announced this round."""
NOT_PLAYED: Final = 0
"""``played_numbers`` of a seat that has not played this round (tokens are 1-5)."""


class RoundRecord:
    """One finished round: its first player, each seat's card and token, the first match, the winner.

    A native record, never changed once made (a determinization replaces a whole one).
    """

    __slots__ = ("cards", "first_match", "first_player", "tokens", "winner")

    def __init__(self, first_player: int, cards: list[int], tokens: list[int], first_match: int, winner: int) -> None:
        self.first_player = first_player
        self.cards = cards
        """Card ids (0-2: A, B, C) by seat."""
        self.tokens = tokens
        """Token numbers by seat."""
        self.first_match = first_match
        """A seat, :data:`LEVEL` (3 players: the first match; 2 players: the round's only match)."""
        self.winner = winner
        """A seat, or :data:`LEVEL`."""

    def __repr__(self) -> str:
        return (
            f"RoundRecord(first_player={self.first_player}, cards={self.cards}, tokens={self.tokens}, "
            f"first_match={self.first_match}, winner={self.winner})"
        )


class ComparisonGravitySettings:
    """What a position reads of its game: the seats, the torque table and the starting cards."""

    __slots__ = ("players", "start_cards", "torque")

    def __init__(self, players: int, torque: list[list[float]], start_cards: Sequence[int]) -> None:
        self.players = players
        self.torque = torque
        """``torque[spot][number - 1]``: mass x arm (``data.torque_table``)."""
        self.start_cards = tuple(start_cards)


class ComparisonGravityPosition(State):
    """One position of Comparison × Gravity."""

    __slots__ = (
        "acted_this_phase",
        "announced_cards",
        "cards_left",
        "first_match_result",
        "first_player",
        "hands",
        "lot_seats",
        "phase",
        "played_numbers",
        "players",
        "roll_off",
        "roll_off_passes",
        "round_first_player",
        "rounds",
        "settings",
    )

    def __init__(self, game: Game, settings: ComparisonGravitySettings) -> None:
        super().__init__(game)
        self.settings = settings
        n = self.players = settings.players
        self.phase: int = ROLL
        self.roll_off = RollOff([seat for seat in range(n)])
        self.roll_off_passes = 0
        """Roll-off passes in a row that ended in a tie."""
        self.lot_seats: list[int] = []
        """The tied seats drawing lots (after the tie limit)."""
        self.first_player = -1
        self.round_first_player = -1
        self.acted_this_phase = 0
        """Seats that announced (or played) so far this round, clockwise from the round's first player."""
        self.hands: list[list[int]] = [[1, 2, 3, 4, 5] for _ in range(n)]
        """The numbers each seat still holds, in increasing order."""
        self.cards_left: list[list[int]] = [list(settings.start_cards) for _ in range(n)]
        """Each seat's cards left, counted by spot (A, B, C)."""
        self.announced_cards: list[int] = [NO_CARD] * n
        self.played_numbers: list[int] = [NOT_PLAYED] * n
        self.first_match_result = UNRESOLVED
        self.rounds: list[RoundRecord] = []

    def copy_position_into(self, new: ComparisonGravityPosition) -> None:
        """Copy every field into ``new`` (a position of the same game), the lists copied too."""
        self._copy_base_into(new)
        new.game = self.game
        new.settings = self.settings
        new.players = self.players
        new.phase = self.phase
        new.roll_off = self.roll_off.copy()
        new.roll_off_passes = self.roll_off_passes
        new.lot_seats = list(self.lot_seats)
        new.first_player = self.first_player
        new.round_first_player = self.round_first_player
        new.acted_this_phase = self.acted_this_phase
        new.hands = [list(h) for h in self.hands]
        new.cards_left = [list(c) for c in self.cards_left]
        new.announced_cards = list(self.announced_cards)
        new.played_numbers = list(self.played_numbers)
        new.first_match_result = self.first_match_result
        new.rounds = list(self.rounds)  # records are never changed (a resample replaces one whole)

    # -- what the fields say (no rules) --------------------------------------------

    def acting_seat(self) -> int:
        """Announcements and plays both go clockwise from the round's first player."""
        return (self.round_first_player + self.acted_this_phase) % self.players

    def take_from_hand(self, seat: int, number: int) -> None:
        """The token ``number`` leaves ``seat``'s hand (the others stay in increasing order)."""
        hand = self.hands[seat]
        for index in range(len(hand)):
            if hand[index] == number:
                hand.pop(index)
                return


__all__ = [
    "ANNOUNCE",
    "LEVEL",
    "LOTS",
    "NOT_PLAYED",
    "NO_CARD",
    "OVER",
    "PHASE_NAMES",
    "PLAY",
    "ROLL",
    "ROUNDS",
    "TOKEN_BASE",
    "UNRESOLVED",
    "ComparisonGravityPosition",
    "ComparisonGravitySettings",
    "MatchResult",
    "Phase",
    "RoundRecord",
]
