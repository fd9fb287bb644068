"""Constants, action ids, phases and the track of Saving Waddles (shared by rules, views and bot)."""

from __future__ import annotations

from gravity_games.core.api import DataError

from .data import HELP_KINDS, SLOTS, Components, Space

# -- space kinds (codes of the precomputed track) -----------------------------
PLAIN, START, ARROW, POINTER, WADDLES_POINTER, TOTEM = 0, 1, 2, 3, 4, 5
MISCHIEF, HELP, EXCHANGE, ANOTHER_TURN, SKIP, DISCARD_HELP, VICTORY = 6, 7, 8, 9, 10, 11, 12
KIND_CODE = {
    "plain": PLAIN, "start": START, "arrow": ARROW, "pointer": POINTER, "waddles_pointer": WADDLES_POINTER,
    "totem": TOTEM, "mischief": MISCHIEF, "help": HELP, "exchange": EXCHANGE, "another_turn": ANOTHER_TURN,
    "skip": SKIP, "discard_help": DISCARD_HELP, "victory": VICTORY,
}  # fmt: skip
KIND_NAME = {v: k for k, v in KIND_CODE.items()}

# -- player actions -------------------------------------------------------------
EXCHANGE_CARDS = 0  # start of turn: 3 mischief cards (Wendy: 2) for 1 help card
ROLL = 1
ACCEPT = 2  # use the die as it shows now
PLAY_REROLL = 3
PLAY_PLUS = 4
PLAY_MINUS = 5
PLAY_SET_THREE = 6
MABEL_PLUS = 7
PLAY_ANOTHER_TURN = 8
PLAY_FACE_DOWN = 9
TAKE_MISCHIEF = 10
END_TURN = 11
DISCARD_BASE = 12  # 12..16: discard a help card of kind k
HELP_SPACE_PLUS = 17  # simple rules: started the turn on a help symbol
NUM_ACTIONS = 18

# help kinds and mischief kinds, by index
H_ANOTHER, H_REROLL, H_PLUS_MINUS, H_SET_THREE, H_FACE_DOWN = range(5)
M_BACK_TWO, M_BACK_ROLL, M_DISCARD_HELP, M_DISCARD_MISCHIEF, M_SKIP, M_TAKE_TWO = range(6)
HIDDEN = 8  # added to a mischief kind lying face down without anyone having seen it

WENDY, DIPPER, SOOS, MABEL, STAN = range(5)

# phases
P_SETUP_PATH, P_SETUP_HUT, P_SETUP_HERO, P_START, P_ROLL, P_ADJUST = range(6)
P_MISCHIEF_CHOICE, P_MISCHIEF_DRAW, P_HELP_DRAW, P_DISCARD, P_END, P_OVER = range(6, 12)
PHASES = (
    "setup_path", "setup_hut", "setup_heroes", "start", "roll", "adjust",
    "mischief_choice", "mischief_draw", "help_draw", "discard", "end", "over",
)  # fmt: skip
P_RESOLVING = -2  # transient, never seen outside _apply
CHANCE_PHASES = (P_SETUP_PATH, P_SETUP_HUT, P_SETUP_HERO, P_ROLL, P_MISCHIEF_DRAW, P_HELP_DRAW)

# what a die roll is for
R_NONE, R_MOVE, R_BACK, R_WADDLES, R_HUT = range(5)
ROLL_FOR = ("none", "move", "back", "waddles", "hut")

# why a help card is being discarded by choice
D_MISCHIEF, D_HUT = 0, 1

BEFORE_ROLL, AFTER_ROLL = 0, 1

CARRY_LIMIT = 3
ROUND_LIMIT = 100
"""Turns per seat before the game is declared a draw (endless play is possible in theory)."""
STEPS_PER_TURN = 60
"""Used only for the hard step bound ``max_game_length`` (a safety net never met in play)."""

# what stops a token moving forward (Track.stop_at); a value >= 0 is a pointer's slot
NO_STOP, STOP_TOTEM, STOP_VICTORY = -1, -2, -3

SpaceT = tuple[int, int, bool, int, int]  # kind, arrow offset, red, mischief symbols, Waddles number


def _space_tuple(sp: Space) -> SpaceT:
    return (KIND_CODE[sp.kind], sp.to or 0, sp.colour == "red", sp.symbols, sp.number or 0)


class Track:
    """Positions, pointers and printed spaces, computed once per game from the components."""

    def __init__(self, comps: Components) -> None:
        self.board: dict[int, SpaceT] = {}
        self.slot_start: list[int] = []
        self.pointer_slot: dict[int, int] = {}
        self.number_pos: dict[int, int] = {}
        self.segment_of: list[tuple[str, int, int]] = []  # ("board"|"slot"|"hut", which, index)
        self.card_len = len(comps.path_cards[0].spaces)
        self.hut_len = len(comps.hut_cards[0].spaces)
        pos = 0
        for i, seg in enumerate(comps.board):
            for j, sp in enumerate(seg.spaces):
                t = _space_tuple(sp)
                self.board[pos] = t
                self.segment_of.append(("board", i, j))
                if t[0] in (POINTER, WADDLES_POINTER):
                    self.pointer_slot[pos] = i
                if t[4]:
                    self.number_pos[t[4]] = pos
                if t[0] == TOTEM:
                    self.totem = pos
                pos += 1
            if i < SLOTS:
                self.slot_start.append(pos)
                for j in range(self.card_len):
                    self.segment_of.append(("slot", i, j))
                pos += 1 * self.card_len
        self.hut_start = pos
        for j in range(self.hut_len):
            self.segment_of.append(("hut", 0, j))
        self.victory = pos + self.hut_len - 1
        self.length = self.victory + 1
        self.cards: list[tuple[SpaceT, ...]] = [tuple(map(_space_tuple, p.spaces)) for p in comps.path_cards]
        self.huts: list[tuple[SpaceT, ...]] = [tuple(map(_space_tuple, h.spaces)) for h in comps.hut_cards]
        self.hut_victory: list[str] = [h.victory for h in comps.hut_cards]
        self.card_names = [p.name for p in comps.path_cards]
        self.hut_names = [h.name for h in comps.hut_cards]
        self._check_backward_arrows()
        # Asked for at every space a token passes: the board spaces as a flat table.
        self.fixed: list[SpaceT | None] = [self.board.get(p) for p in range(len(self.segment_of))]
        # What may stop a token moving forward at each position, whatever the deal (pointers and
        # the totem are board spaces, Victory only the last space of the track; check_track
        # holds the data to that): the pointer's slot, STOP_TOTEM, STOP_VICTORY or NO_STOP.
        self.stop_at: list[int] = [NO_STOP] * self.length
        for pos, slot in self.pointer_slot.items():
            self.stop_at[pos] = slot
        self.stop_at[self.totem] = STOP_TOTEM
        self.stop_at[self.victory] = STOP_VICTORY
        # The next position after p that may stop a token (the track's length when none), so a
        # move visits only those instead of every space it passes.
        self.next_stop: list[int] = [self.length] * self.length
        ahead = self.length
        for pos in range(self.length - 1, -1, -1):
            self.next_stop[pos] = ahead
            if self.stop_at[pos] != NO_STOP:
                ahead = pos

    def _check_backward_arrows(self) -> None:
        spaces = list(self.board.items())
        for _k, start in enumerate(self.slot_start):
            for card in self.cards:
                spaces += [(start + j, t) for j, t in enumerate(card)]
        spaces += [(self.hut_start + j, t) for hut in self.huts for j, t in enumerate(hut)]
        for pos, t in spaces:
            if t[0] == ARROW and pos + t[1] < 0:
                raise DataError(f"an arrow at track position {pos} points {-t[1]} spaces back, past the start")

    def space(self, pos: int, slots: list[int], hut: int) -> SpaceT:
        """The printed space at ``pos`` given the deal (slot cards and Hut of Wonders card)."""
        fixed = self.fixed[pos]
        if fixed is not None:  # a board space: the same whatever the deal
            return fixed
        where, which, index = self.segment_of[pos]
        if where == "slot":
            return self.cards[slots[which]][index]
        return self.huts[hut][index]


_FIELDS = (
    "slots", "slot_up", "hut", "hut_up", "heroes", "pos", "lying", "waddles", "carrier", "hands",
    "help_deck", "help_discard", "mischief_deck", "mischief_discard", "front", "turn", "turns_taken",
    "steps", "phase", "die", "roll_for", "mabel_used", "help_plus", "pending_mischief", "pending_help",
    "extra_turns", "carried_steps", "draw_hidden", "discard_for", "stage", "winner", "reason",
)  # fmt: skip


ACTION_NAMES = {
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
}
for _k, _name in enumerate(HELP_KINDS):
    ACTION_NAMES[DISCARD_BASE + _k] = f"discard {_name.replace('_', ' ')}"


def action_name(action: int) -> str:
    """Notation of a player action (the same in every phase)."""
    return ACTION_NAMES.get(action, f"action {action}")
