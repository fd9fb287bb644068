"""The position of Memory × Gravity: every field, its records and its phases; no rule logic.

Token ids 0-14 are the places on the table (``K1``-``K5``, ``G1``-``G5``, ``R1``-``R5``, colour
``id // 5``); ``token_numbers[t]`` is the hidden number under place ``t`` (0 before the deal).
"""

from __future__ import annotations

from enum import IntEnum
from typing import Final

from gravity_games.core.api import Game, State
from gravity_games.games.gravity_three import RollOff
from gravity_games.games.gravity_three.perception import PerceptionReadings
from gravity_games.games.gravity_three.tokens import TOKEN_COUNT, TOKENS_PER_COLOUR

NUM_TOKENS: Final = TOKEN_COUNT
LIFTS_PER_TURN: Final = 3
TURNS_PER_PLAYER: Final = 3
KEEP_BASE: Final = NUM_TOKENS
"""Action ids: ``lift t`` is ``t`` (0-14), ``keep t`` is ``15 + t``."""


class Phase(IntEnum):
    """The step of the game; a position stores it as a plain int (its value here)."""

    DEAL = 0
    ROLL = 1
    LOTS = 2
    LIFT = 3
    READ = 4
    KEEP = 5
    OVER = 6


# The rules compare the phase at every step: plain ints under module names (an enum's attribute
# look-up costs several times a global's), the same values as the enum.
DEAL: Final = int(Phase.DEAL)
ROLL: Final = int(Phase.ROLL)
LOTS: Final = int(Phase.LOTS)
LIFT: Final = int(Phase.LIFT)
READ: Final = int(Phase.READ)
KEEP: Final = int(Phase.KEEP)
OVER: Final = int(Phase.OVER)

PHASE_NAMES: Final = ("deal", "roll-off", "lots", "lift", "reading", "keep", "over")
"""Each phase's name in observations and position documents, by its value."""

NO_SEAT: Final = -1
"""``first_player`` before the roll-off ends; ``kept_by`` of a token still on the table."""

PENDING: Final = -1
"""``Lift.level`` while the lift's reading is still to come (a chance node)."""


class Lift:
    """One lift: who lifted which token, and the level its reading gave (:data:`PENDING` until read).

    A native record, one made at every lift. Its reading completes it (``level`` set once, while
    it is the last lift and the phase is ``READ``); a read lift never changes again, so clones
    share those, and a clone taken while a reading is pending gets its own copy of that last lift.
    """

    __slots__ = ("level", "seat", "token")

    def __init__(self, seat: int, token: int, level: int) -> None:
        self.seat = seat
        self.token = token
        self.level = level

    def __repr__(self) -> str:
        return f"Lift(seat={self.seat}, token={self.token}, level={self.level})"


ALL_TOKENS: Final = (1 << NUM_TOKENS) - 1
"""The bit mask of all 15 tokens (bit t: token t)."""


class MemoryGravitySettings:
    """What a position reads of its game: the seats and the perception readings."""

    __slots__ = ("perception", "players")

    def __init__(self, players: int, perception: PerceptionReadings) -> None:
        self.players = players
        self.perception = perception


class MemoryGravityPosition(State):
    """One position of Memory × Gravity."""

    __slots__ = (
        "first_player",
        "kept_by",
        "kept_tokens",
        "lifted_this_turn",
        "lifts",
        "lot_seats",
        "phase",
        "players",
        "roll_off",
        "roll_off_passes",
        "settings",
        "token_numbers",
        "tokens_on_table",
        "turn_number",
    )

    def __init__(self, game: Game, settings: MemoryGravitySettings) -> None:
        super().__init__(game)
        self.settings = settings
        n = self.players = settings.players
        self.phase: int = DEAL
        self.token_numbers: list[int] = [0] * NUM_TOKENS
        """The number under each token (0 before its colour is dealt)."""
        self.roll_off = RollOff(list(range(n)))
        self.roll_off_passes = 0
        """Roll-off passes in a row that ended in a tie."""
        self.lot_seats: list[int] = []
        """The tied seats drawing lots (after the tie limit)."""
        self.first_player = NO_SEAT
        self.turn_number = 0
        """Turns played; the seat to play is ``(first_player + turn_number) % players``."""
        self.lifted_this_turn: list[int] = []
        """The tokens lifted this turn, in order."""
        self.lifts: list[Lift] = []
        """Every lift of the game, in order."""
        self.kept_by: list[int] = [NO_SEAT] * NUM_TOKENS
        self.kept_tokens: list[list[int]] = [[] for _ in range(n)]
        """Each seat's kept tokens, in the order kept."""
        self.tokens_on_table = ALL_TOKENS
        """Bit mask of the tokens still on the table (derived from ``kept_by``, not saved)."""

    def copy_position_into(self, new: MemoryGravityPosition) -> None:
        """Copy every field into ``new`` (a position of the same game), the lists copied too."""
        self._copy_base_into(new)
        new.game = self.game
        new.settings = self.settings
        new.players = self.players
        new.phase = self.phase
        new.token_numbers = list(self.token_numbers)
        new.roll_off = self.roll_off.copy()
        new.roll_off_passes = self.roll_off_passes
        new.lot_seats = list(self.lot_seats)
        new.first_player = self.first_player
        new.turn_number = self.turn_number
        new.lifted_this_turn = list(self.lifted_this_turn)
        new.lifts = list(self.lifts)  # read lifts never change: shared safely
        if self.phase == READ:  # the pending lift, which the reading completes, is each position's own
            pending = self.lifts[-1]
            new.lifts[-1] = Lift(pending.seat, pending.token, pending.level)
        new.kept_by = list(self.kept_by)
        new.kept_tokens = [list(k) for k in self.kept_tokens]
        new.tokens_on_table = self.tokens_on_table

    # -- what the fields say (no rules) --------------------------------------------

    def turn_seat(self) -> int:
        """The seat whose turn it is: clockwise from the first player."""
        return (self.first_player + self.turn_number) % self.players

    def kept_numbers(self) -> list[list[int]]:
        """Each seat's kept numbers, in the order kept."""
        return [[self.token_numbers[t] for t in tokens] for tokens in self.kept_tokens]


__all__ = [
    "ALL_TOKENS",
    "DEAL",
    "KEEP",
    "KEEP_BASE",
    "LIFT",
    "LIFTS_PER_TURN",
    "LOTS",
    "NO_SEAT",
    "NUM_TOKENS",
    "OVER",
    "PENDING",
    "PHASE_NAMES",
    "READ",
    "ROLL",
    "TOKENS_PER_COLOUR",
    "TURNS_PER_PLAYER",
    "Lift",
    "MemoryGravityPosition",
    "MemoryGravitySettings",
    "Phase",
]
