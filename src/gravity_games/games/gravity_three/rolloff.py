"""Who goes first: "Players each roll the dice; the player with the highest number goes first."

The die has faces 1-5 and "G". Interpretation (docs/games/memory-gravity.md): "G" shows no
number, so in the roll-off it counts as 0; players tied for the highest roll again, and only
they. Each roll is a chance node with six outcomes of probability 1/6.
"""

from __future__ import annotations

DIE_FACES = ("1", "2", "3", "4", "5", "G")
G_FACE = 5
"""Outcome id of the "G" face (outcome ids 0-4 are the numbers 1-5)."""

ROLL_OUTCOMES: tuple[tuple[int, float], ...] = tuple((face, 1.0 / 6.0) for face in range(6))


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

    def to_json(self) -> dict[str, list[int]]:
        return {"contenders": list(self.contenders), "rolls": list(self.rolls)}

    @classmethod
    def from_json(cls, doc: dict[str, list[int]]) -> RollOff:
        return cls([int(s) for s in doc["contenders"]], [int(f) for f in doc["rolls"]])
