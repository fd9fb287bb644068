"""Who goes first: "Players each roll the dice; the player with the highest number goes first."

The die has faces 1-5 and "G". Interpretation (docs/games/memory-gravity.md): "G" shows no
number, so in the roll-off it counts as 0; players tied for the highest roll again, and only
they. Each roll is a chance node with six outcomes of probability 1/6.
"""

from __future__ import annotations

from typing import Final, NamedTuple

from gravity_games.core.api import State

DIE_FACES: Final = ("1", "2", "3", "4", "5", "G")
G_FACE: Final = 5
"""Outcome id of the "G" face (outcome ids 0-4 are the numbers 1-5)."""

ROLL_OUTCOMES: Final[tuple[tuple[int, float], ...]] = tuple([(face, 1.0 / 6.0) for face in range(6)])

TIE_LIMIT: Final = 20
"""Engine rule of all three games: after this many roll-off passes in a row end in a tie, the
tied players draw lots (one chance node). The printed rule ("the player with the highest number
goes first") can tie forever; the cap makes ``max_game_length`` a true bound. The chance of
reaching it is below 1e-15."""


def face_value(face: int) -> int:
    """The number a face counts for in the roll-off (G counts as 0)."""
    return 0 if face == G_FACE else face + 1


def face_text(face: int) -> str:
    return DIE_FACES[face]


class RollOff:
    """The roll-off in progress: who still rolls, and what was rolled this pass.

    Flat data so that a game's state can hold it and copy it cheaply.
    """

    __slots__ = ("contenders", "rolls")

    def __init__(self, contenders: list[int], rolls: list[int] | None = None) -> None:
        self.contenders = contenders
        self.rolls = rolls if rolls is not None else []

    def copy(self) -> RollOff:
        return RollOff(list(self.contenders), list(self.rolls))

    def roller(self) -> int:
        """The seat whose roll is next."""
        return self.contenders[len(self.rolls)]

    def add(self, face: int) -> int | None:
        """Record one roll; returns the first player once decided, else None."""
        self.rolls.append(face)
        if len(self.rolls) < len(self.contenders):
            return None
        best = 0  # the highest value rolled this pass
        for face in self.rolls:
            if face_value(face) > best:
                best = face_value(face)
        top = [self.contenders[i] for i in range(len(self.rolls)) if face_value(self.rolls[i]) == best]
        if len(top) == 1:
            return top[0]
        self.contenders = top
        self.rolls = []
        return None

    def view(self) -> dict[str, list[int] | list[str]]:
        """The roll-off as memory's and comparison's observations show it: faces as their text."""
        return {"contenders": list(self.contenders), "rolls": [DIE_FACES[f] for f in self.rolls]}

    def to_json(self) -> dict[str, list[int]]:
        return {"contenders": list(self.contenders), "rolls": list(self.rolls)}

    @classmethod
    def from_json(cls, doc: dict[str, list[int]]) -> RollOff:
        return cls([int(s) for s in doc["contenders"]], [int(f) for f in doc["rolls"]])


class RollOffStep:
    """What one roll-off roll led to (see :func:`roll_off_with_tie_limit`); a native record."""

    __slots__ = ("first", "lots", "passes", "tie")

    def __init__(self, first: int | None, passes: int, tie: bool, lots: bool) -> None:
        self.first = first
        """The first player, once decided."""
        self.passes = passes
        """Passes in a row that ended in a tie, this roll's included."""
        self.tie = tie
        """This roll ended a pass in a tie: the tied players roll again ..."""
        self.lots = lots
        """... unless the tie limit is reached: then they draw lots."""

    def __repr__(self) -> str:
        return f"RollOffStep(first={self.first}, passes={self.passes}, tie={self.tie}, lots={self.lots})"


def roll_off_with_tie_limit(rolloff: RollOff, face: int, passes: int, limit: int = TIE_LIMIT) -> RollOffStep:
    """Record one roll of the roll-off, with the engine's tie limit.

    "Players each roll the dice; the player with the highest number goes first": the tied
    highest roll again (:meth:`RollOff.add`); ``passes`` counts the passes in a row that ended
    in a tie, and at ``limit`` of them the tied players draw lots instead. Each game writes its
    own log lines from the returned :class:`RollOffStep`.
    """
    first = rolloff.add(face)
    if first is not None or rolloff.rolls:  # decided, or the pass goes on
        return RollOffStep(first, passes, False, False)
    passes += 1
    return RollOffStep(None, passes, True, passes >= limit)


class RollOffWords(NamedTuple):
    """How a game's log words the roll-off: ``%``-formats, written lazily (``State._note_later``).

    The three games word it differently (their logs are part of their records); the rule is one.
    """

    roll: str
    """A roll: the roller's seat (``%d``) and the face (``%s``)."""
    first: str
    """The pass that decided: the first player's seat (``%d``); empty when the game says it elsewhere."""
    tie: str
    """A tied pass rolled again: the tied seats (``%s``, ``"0, 2"``)."""
    lots: str
    """The tie limit reached: the tied seats (``%s``) and the passes tied (``%d``)."""


def roll_for_first_player(
    position: State, rolloff: RollOff, face: int, passes: int, words: RollOffWords, limit: int = TIE_LIMIT
) -> RollOffStep:
    """One roll of "Players each roll the dice; the player with the highest number goes first".

    The roller's face is logged; the highest roller goes first; a tied pass is rolled again and,
    at the tie limit, the tied seats draw lots (``step.lots``: the game then asks chance to pick
    one of ``rolloff.contenders``). Each game applies the step to its own fields.
    """
    position._note_later(words.roll, rolloff.roller(), DIE_FACES[face])
    step = roll_off_with_tie_limit(rolloff, face, passes, limit)
    if step.first is not None:
        if words.first:
            position._note_later(words.first, step.first)
    elif step.tie:
        tied = ", ".join([str(seat) for seat in rolloff.contenders])
        if step.lots:
            position._note_later(words.lots, tied, step.passes)
        else:
            position._note_later(words.tie, tied)
    return step


LOTS_LINE: Final = "Lots drawn: seat %d goes first."
"""The log line of the lots drawn after the tie limit (memory's and comparison's words)."""

FIRST_PLAYER_WORDS: Final = RollOffWords(
    roll="Seat %d rolls %s.",
    first="Seat %d rolled highest and goes first.",
    tie="Seats %s tie for highest and roll again.",
    lots="Seats %s tied %d times; they draw lots.",
)
"""Memory's and comparison's words for the roll-off."""
