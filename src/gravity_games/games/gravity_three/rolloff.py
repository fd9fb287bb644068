"""Who goes first: "Players each roll the dice; the player with the highest number goes first."

The die has faces 1-5 and "G". Interpretation (docs/games/memory-gravity.md): "G" shows no
number, so in the roll-off it counts as 0; players tied for the highest roll again, and only
they. Each roll is a chance node with six outcomes of probability 1/6.
"""

from __future__ import annotations

from typing import NamedTuple

DIE_FACES = ("1", "2", "3", "4", "5", "G")
G_FACE = 5
"""Outcome id of the "G" face (outcome ids 0-4 are the numbers 1-5)."""

ROLL_OUTCOMES: tuple[tuple[int, float], ...] = tuple((face, 1.0 / 6.0) for face in range(6))

TIE_LIMIT = 20
"""Engine rule of all three games: after this many roll-off passes in a row end in a tie, the
tied players draw lots (one chance node). The printed rule ("the player with the highest number
goes first") can tie forever; the cap makes ``max_game_length`` a true bound. The chance of
reaching it is below 1e-15."""


def face_value(face: int) -> int:
    """The number a face counts for in the roll-off (G counts as 0)."""
    return 0 if face == G_FACE else face + 1


_FACE_VALUES = tuple(face_value(face) for face in range(len(DIE_FACES)))


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
        values = [_FACE_VALUES[f] for f in self.rolls]
        best = max(values)
        top = [seat for seat, v in zip(self.contenders, values, strict=True) if v == best]
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


class RollOffStep(NamedTuple):
    """What one roll-off roll led to (see :func:`roll_off_with_tie_limit`)."""

    first: int | None
    """The first player, once decided."""
    passes: int
    """Passes in a row that ended in a tie, this roll's included."""
    tie: bool
    """This roll ended a pass in a tie: the tied players roll again ..."""
    lots: bool
    """... unless the tie limit is reached: then they draw lots."""


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


def tie_line(contenders: list[int], step: RollOffStep) -> str:
    """The log line of a pass that ended in a tie (memory-gravity's and comparison-gravity's wording)."""
    tied = ", ".join(map(str, contenders))
    if step.lots:
        return f"Seats {tied} tied {step.passes} times; they draw lots."
    return f"Seats {tied} tie for highest and roll again."


class FirstPlayerRoll(NamedTuple):
    """One roll of the setup roll-off, with the log lines it writes in order (memory's and comparison's words)."""

    step: RollOffStep
    lines: tuple[str, ...]


def roll_for_first_player(rolloff: RollOff, face: int, passes: int, limit: int = TIE_LIMIT) -> FirstPlayerRoll:
    """One roll of "Players each roll the dice; the player with the highest number goes first".

    The roller's face is logged; the highest roller goes first; a tied pass is rolled again and,
    at the tie limit, the tied seats draw lots (``step.lots``: the game then asks chance to pick
    one of ``rolloff.contenders``). The game applies the step to its own fields.
    """
    roller = rolloff.roller()
    step = roll_off_with_tie_limit(rolloff, face, passes, limit)
    lines = [f"Seat {roller} rolls {face_text(face)}."]
    if step.first is not None:
        lines.append(f"Seat {step.first} rolled highest and goes first.")
    elif step.tie:
        lines.append(tie_line(rolloff.contenders, step))
    return FirstPlayerRoll(step, tuple(lines))


def lots_line(seat: int) -> str:
    """The log line of the lots drawn after the tie limit (memory's and comparison's words)."""
    return f"Lots drawn: seat {seat} goes first."
