"""The position of Saving Waddles: every field, its ids and records; no rule logic.

Layers (each imports only those before it): ``data.py`` (components) <- ``tables.py`` (the
track of positions and the draw cache, no rule) <- ``state.py`` <- ``rules_*.py`` <- ``rules.py``.
The ids of actions, phases and cards are ``IntEnum`` classes; a position stores plain ints
(their values), and the rules compare against the module-level ``Final`` ints of the same
values (an enum's attribute look-up costs several times a global's).

Decks are counts per card kind: drawing "the top card of a shuffled deck" is a chance node
over the kinds left, weighted by their counts (the same distribution, and nothing about the
order is ever seen). A mischief card lying in front of a player is its kind, plus
:data:`HIDDEN` when it lies face down without anyone having seen it.
"""

from __future__ import annotations

from enum import IntEnum, StrEnum
from typing import Final, Self

from gravity_games.core.api import Game, State

from .data import HELP_KINDS, HEROES, MISCHIEF_KINDS, SLOTS
from .tables import Track


class Action(IntEnum):
    """The player actions (the same ids in every phase)."""

    EXCHANGE_CARDS = 0
    """Start of turn: 3 mischief cards (Wendy: 2) for 1 help card."""
    ROLL = 1
    ACCEPT = 2
    """Use the die as it shows now."""
    PLAY_REROLL = 3
    PLAY_PLUS = 4
    PLAY_MINUS = 5
    PLAY_SET_THREE = 6
    MABEL_PLUS = 7
    PLAY_ANOTHER_TURN = 8
    PLAY_FACE_DOWN = 9
    TAKE_MISCHIEF = 10
    END_TURN = 11
    DISCARD = 12
    """12..16: discard a help card of kind 0..4."""
    HELP_SPACE_PLUS = 17
    """Simple rules: started the turn on a help symbol, add 1 to the die."""
    COUNT = 18


EXCHANGE_CARDS: Final = int(Action.EXCHANGE_CARDS)
ROLL: Final = int(Action.ROLL)
ACCEPT: Final = int(Action.ACCEPT)
PLAY_REROLL: Final = int(Action.PLAY_REROLL)
PLAY_PLUS: Final = int(Action.PLAY_PLUS)
PLAY_MINUS: Final = int(Action.PLAY_MINUS)
PLAY_SET_THREE: Final = int(Action.PLAY_SET_THREE)
MABEL_PLUS: Final = int(Action.MABEL_PLUS)
PLAY_ANOTHER_TURN: Final = int(Action.PLAY_ANOTHER_TURN)
PLAY_FACE_DOWN: Final = int(Action.PLAY_FACE_DOWN)
TAKE_MISCHIEF: Final = int(Action.TAKE_MISCHIEF)
END_TURN: Final = int(Action.END_TURN)
DISCARD_BASE: Final = int(Action.DISCARD)
HELP_SPACE_PLUS: Final = int(Action.HELP_SPACE_PLUS)
NUM_ACTIONS: Final = int(Action.COUNT)


class HelpKind(IntEnum):
    """The help cards, in the order of ``data.HELP_KINDS`` (counts and discard actions)."""

    ANOTHER_TURN = 0
    REROLL = 1
    PLUS_MINUS = 2
    SET_THREE = 3
    FACE_DOWN = 4


H_ANOTHER: Final = int(HelpKind.ANOTHER_TURN)
H_REROLL: Final = int(HelpKind.REROLL)
H_PLUS_MINUS: Final = int(HelpKind.PLUS_MINUS)
H_SET_THREE: Final = int(HelpKind.SET_THREE)
H_FACE_DOWN: Final = int(HelpKind.FACE_DOWN)


class MischiefKind(IntEnum):
    """The mischief cards, in the order of ``data.MISCHIEF_KINDS`` (counts and chance actions)."""

    BACK_TWO = 0
    BACK_ROLL = 1
    DISCARD_HELP = 2
    DISCARD_MISCHIEF = 3
    SKIP = 4
    TAKE_TWO = 5


M_BACK_TWO: Final = int(MischiefKind.BACK_TWO)
M_BACK_ROLL: Final = int(MischiefKind.BACK_ROLL)
M_DISCARD_HELP: Final = int(MischiefKind.DISCARD_HELP)
M_DISCARD_MISCHIEF: Final = int(MischiefKind.DISCARD_MISCHIEF)
M_SKIP: Final = int(MischiefKind.SKIP)
M_TAKE_TWO: Final = int(MischiefKind.TAKE_TWO)

HIDDEN: Final = 8
"""Added to a mischief kind lying face down without anyone having seen it."""


class Hero(IntEnum):
    """The hero cards, in the order of ``data.HEROES``; -1 in a position is "not dealt yet"."""

    WENDY = 0
    DIPPER = 1
    SOOS = 2
    MABEL = 3
    STAN = 4


NO_HERO: Final = -1
WENDY: Final = int(Hero.WENDY)
DIPPER: Final = int(Hero.DIPPER)
SOOS: Final = int(Hero.SOOS)
MABEL: Final = int(Hero.MABEL)
STAN: Final = int(Hero.STAN)


class Phase(IntEnum):
    """The step of the game; its name in observations and documents is ``PHASES[value]``."""

    SETUP_PATH = 0
    SETUP_HUT = 1
    SETUP_HEROES = 2
    START = 3
    ROLL = 4
    ADJUST = 5
    MISCHIEF_CHOICE = 6
    MISCHIEF_DRAW = 7
    HELP_DRAW = 8
    DISCARD = 9
    END = 10
    OVER = 11
    RESOLVING = -2
    """Transient, never seen outside ``apply``: a forward move is being carried out."""


P_SETUP_PATH: Final = int(Phase.SETUP_PATH)
P_SETUP_HUT: Final = int(Phase.SETUP_HUT)
P_SETUP_HERO: Final = int(Phase.SETUP_HEROES)
P_START: Final = int(Phase.START)
P_ROLL: Final = int(Phase.ROLL)
P_ADJUST: Final = int(Phase.ADJUST)
P_MISCHIEF_CHOICE: Final = int(Phase.MISCHIEF_CHOICE)
P_MISCHIEF_DRAW: Final = int(Phase.MISCHIEF_DRAW)
P_HELP_DRAW: Final = int(Phase.HELP_DRAW)
P_DISCARD: Final = int(Phase.DISCARD)
P_END: Final = int(Phase.END)
P_OVER: Final = int(Phase.OVER)
P_RESOLVING: Final = int(Phase.RESOLVING)
PHASES: Final[tuple[str, ...]] = (
    "setup_path", "setup_hut", "setup_heroes", "start", "roll", "adjust",
    "mischief_choice", "mischief_draw", "help_draw", "discard", "end", "over",
)  # fmt: skip
"""Each phase's name in observations and position documents, by its value."""
CHANCE_PHASES: Final[tuple[int, ...]] = (P_SETUP_PATH, P_SETUP_HUT, P_SETUP_HERO, P_ROLL, P_MISCHIEF_DRAW, P_HELP_DRAW)


class RollPurpose(IntEnum):
    """What a die roll is for; its name in observations and documents is ``ROLL_FOR[value]``."""

    NONE = 0
    MOVE = 1
    BACK = 2
    WADDLES = 3
    HUT = 4


R_NONE: Final = int(RollPurpose.NONE)
R_MOVE: Final = int(RollPurpose.MOVE)
R_BACK: Final = int(RollPurpose.BACK)
R_WADDLES: Final = int(RollPurpose.WADDLES)
R_HUT: Final = int(RollPurpose.HUT)
ROLL_FOR: Final[tuple[str, ...]] = ("none", "move", "back", "waddles", "hut")


class DiscardReason(IntEnum):
    """Why a help card is being discarded by choice."""

    MISCHIEF = 0
    """The mischief card "Discard 1 help card"."""
    HUT = 1
    """The Hut of Wonders asks for a help card at the door."""


D_MISCHIEF: Final = int(DiscardReason.MISCHIEF)
D_HUT: Final = int(DiscardReason.HUT)


class TurnStage(IntEnum):
    """Whether the turn's move roll has been made (what is owed then ends the turn)."""

    BEFORE_ROLL = 0
    AFTER_ROLL = 1


BEFORE_ROLL: Final = int(TurnStage.BEFORE_ROLL)
AFTER_ROLL: Final = int(TurnStage.AFTER_ROLL)


class HelpSpaceBonus(IntEnum):
    """Simple rules: the +1 for starting a turn on a help symbol."""

    NONE = 0
    MAY_ADD = 1
    ADDED = 2


class EndReason(StrEnum):
    """Why the game ended (``Outcome.reason`` and the document's ``reason``; "" while it goes on)."""

    VICTORY = "victory"
    """Waddles brought to the Hut of Wonders and its condition met."""
    TOTEM = "totem"
    """Simple rules: the first token at the totem."""
    TURN_LIMIT = "turn limit"
    """No winner after ``ROUND_LIMIT`` turns per seat (not in the rulebook)."""
    STEP_LIMIT = "step limit"
    """The hard step bound, a safety net never met in play."""


CARRY_LIMIT: Final = 3
"""Spaces a token carrying Waddles may move in one turn."""
ROUND_LIMIT: Final = 100
"""Turns per seat before the game is declared a draw (endless play is possible in theory)."""
STEPS_PER_TURN: Final = 60
"""Used only for the hard step bound ``max_game_length`` (a safety net never met in play)."""

_HERO_NAMES: Final = tuple(h.capitalize() for h in HEROES)


def seat_names(heroes: list[int]) -> tuple[str, ...]:
    """How the log names each seat: its hero, or "Seat n" before heroes are dealt."""
    return tuple(_HERO_NAMES[h] if h >= 0 else f"Seat {seat}" for seat, h in enumerate(heroes))


ACTION_NAMES: Final[dict[int, str]] = {
    EXCHANGE_CARDS: "exchange",
    ROLL: "roll",
    ACCEPT: "accept",
    PLAY_REROLL: "reroll",
    PLAY_PLUS: "plus one",
    PLAY_MINUS: "minus one",
    PLAY_SET_THREE: "set three",
    MABEL_PLUS: "mabel plus one",
    PLAY_ANOTHER_TURN: "another turn",
    PLAY_FACE_DOWN: "face down",
    TAKE_MISCHIEF: "take mischief",
    END_TURN: "end turn",
    HELP_SPACE_PLUS: "help space plus one",
    **{DISCARD_BASE + k: f"discard {name.replace('_', ' ')}" for k, name in enumerate(HELP_KINDS)},
}


def action_name(action: int) -> str:
    """Notation of a player action (the same in every phase)."""
    return ACTION_NAMES.get(action, f"action {action}")


class SavingWaddlesSettings:
    """What a position reads of its game: seats, rules variant, the track, the card mixes and names, limits."""

    __slots__ = (
        "help_mix",
        "help_names",
        "last",
        "max_steps",
        "mischief_mix",
        "mischief_names",
        "players",
        "simple",
        "track",
        "turn_limit",
        "variant",
    )

    def __init__(
        self,
        players: int,
        variant: str,
        track: Track,
        help_mix: list[int],
        mischief_mix: list[int],
        help_names: tuple[str, ...],
        mischief_names: tuple[str, ...],
    ) -> None:
        self.players = players
        self.variant = variant
        self.simple = variant == "simple"
        self.track = track
        self.last = track.totem if self.simple else track.victory
        """The last position a token can reach: the totem under the simple rules, else Victory."""
        self.help_mix = help_mix
        self.mischief_mix = mischief_mix
        self.help_names = help_names
        """The help cards' names as printed in the data's texts, for the log (by kind)."""
        self.mischief_names = mischief_names
        self.turn_limit = ROUND_LIMIT * players
        self.max_steps = SLOTS + 1 + players + self.turn_limit * STEPS_PER_TURN
        """The hard step bound (``spec.max_game_length``), read at every step."""


class SavingWaddlesPosition(State):
    """One position of Saving Waddles: the deal, the tokens, Waddles, the cards, the turn."""

    __slots__ = (
        "carried_steps",
        "die",
        "discard_reason",
        "draw_face_down",
        "extra_turns",
        "hands",
        "help_deck",
        "help_discard",
        "help_space_bonus",
        "heroes",
        "hut_card",
        "hut_card_face_up",
        "lying",
        "mabel_used",
        "mischief_deck",
        "mischief_discard",
        "mischief_in_front",
        "path_card_face_up",
        "path_cards",
        "pending_help",
        "pending_mischief",
        "phase",
        "positions",
        "reason",
        "roll_purpose",
        "seat_names",
        "settings",
        "steps",
        "turn",
        "turn_stage",
        "turns_taken",
        "waddles_carrier",
        "waddles_position",
        "winner",
    )

    def __init__(
        self, game: Game, settings: SavingWaddlesSettings, source: SavingWaddlesPosition | None = None
    ) -> None:
        """The position before setup, or a copy of ``source`` (see :meth:`clone`)."""
        super().__init__(game)
        self.settings = settings
        if source is not None:
            self._copy_fields_of(source)
            return
        n = settings.players
        simple = settings.simple
        self.path_cards: list[int] = [-1] * SLOTS
        """The path card in each slot around the board (-1: not dealt yet)."""
        self.path_card_face_up: list[bool] = [False] * SLOTS
        self.hut_card = -1
        """The Hut of Wonders card beside the totem (-1: not dealt, or the simple rules)."""
        self.hut_card_face_up = False
        self.heroes: list[int] = [NO_HERO] * n
        """Each seat's :class:`Hero` value."""
        self.positions: list[int] = [0] * n
        """Each token's track position."""
        self.lying: list[bool] = [False] * n
        """The token lies on its side: it skips its next turn."""
        self.waddles_position = -1
        """Waddles' track position; -1 off the board (below it) until found."""
        self.waddles_carrier = -1
        """The seat carrying Waddles, -1 for none."""
        self.hands: list[list[int]] = [[0] * len(HELP_KINDS) for _ in range(n)]
        """Each seat's help cards, counted by :class:`HelpKind`."""
        self.help_deck: list[int] = [0] * len(HELP_KINDS) if simple else list(settings.help_mix)
        self.help_discard: list[int] = [0] * len(HELP_KINDS)
        self.mischief_deck: list[int] = [0] * len(MISCHIEF_KINDS) if simple else list(settings.mischief_mix)
        self.mischief_discard: list[int] = [0] * len(MISCHIEF_KINDS)
        self.mischief_in_front: list[list[int]] = [[] for _ in range(n)]
        """Each seat's mischief cards lying in front of it, oldest first (kind, + HIDDEN if unseen)."""
        self.turn = 0
        self.turns_taken = 0
        self.steps = 0
        self.phase: int = P_SETUP_PATH
        """A :class:`Phase` value."""
        self.die = 0
        """The die as it counts now (0: not rolled)."""
        self.roll_purpose: int = R_NONE
        """A :class:`RollPurpose` value."""
        self.mabel_used = False
        self.help_space_bonus = 0
        """A :class:`HelpSpaceBonus` value (simple rules)."""
        self.pending_mischief = 0
        """Mischief cards still to take this turn, one at a time."""
        self.pending_help = 0
        """Help cards still to take this turn."""
        self.extra_turns = 0
        self.carried_steps = 0
        """Spaces moved this turn carrying Waddles."""
        self.draw_face_down = False
        """The mischief card being taken goes face down unseen."""
        self.discard_reason: int = D_MISCHIEF
        """A :class:`DiscardReason` value."""
        self.turn_stage: int = BEFORE_ROLL
        """A :class:`TurnStage` value."""
        self.winner = -1
        self.reason = ""
        """An :class:`EndReason` value once the game is over, "" before."""
        self.seat_names: tuple[str, ...] = seat_names(self.heroes)
        """Derived from ``heroes`` (not saved): the log's names of the seats."""

    def clone(self) -> Self:
        """A copy that moves on its own (the history and log shared until either writes).

        Built by the constructor, not ``__new__``: a class compiled by mypyc runs ``__init__``
        from ``__new__`` too, so every subclass keeps the ``(game, settings, source)`` signature.
        """
        return type(self)(self.game, self.settings, self)

    def _copy_fields_of(self, source: SavingWaddlesPosition) -> None:
        """Every field of ``source``, its lists copied (the settings are the game's, shared)."""
        source._copy_base_into(self)
        self.path_cards = list(source.path_cards)
        self.path_card_face_up = list(source.path_card_face_up)
        self.hut_card = source.hut_card
        self.hut_card_face_up = source.hut_card_face_up
        self.heroes = list(source.heroes)
        self.positions = list(source.positions)
        self.lying = list(source.lying)
        self.waddles_position = source.waddles_position
        self.waddles_carrier = source.waddles_carrier
        self.hands = [list(hand) for hand in source.hands]
        self.help_deck = list(source.help_deck)
        self.help_discard = list(source.help_discard)
        self.mischief_deck = list(source.mischief_deck)
        self.mischief_discard = list(source.mischief_discard)
        self.mischief_in_front = [list(front) for front in source.mischief_in_front]
        self.turn = source.turn
        self.turns_taken = source.turns_taken
        self.steps = source.steps
        self.phase = source.phase
        self.die = source.die
        self.roll_purpose = source.roll_purpose
        self.mabel_used = source.mabel_used
        self.help_space_bonus = source.help_space_bonus
        self.pending_mischief = source.pending_mischief
        self.pending_help = source.pending_help
        self.extra_turns = source.extra_turns
        self.carried_steps = source.carried_steps
        self.draw_face_down = source.draw_face_down
        self.discard_reason = source.discard_reason
        self.turn_stage = source.turn_stage
        self.winner = source.winner
        self.reason = source.reason
        self.seat_names = source.seat_names
