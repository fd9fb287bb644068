"""The ranking table of the Memory × Gravity Reference Card, as rule functions over three numbers.

The engine does not rank at every game end from these: ``tables.py`` runs them once over every
three numbers and the end of a game reads the rows (``COMBINATION_STRENGTH`` and its neighbours).
The bots, the board and the tests call them directly.
"""

from __future__ import annotations

from typing import Final

COMBINATION_KINDS: Final[tuple[str, ...]] = ("three-digit", "consecutive", "identical")
"""The rows of the ranking table by the first item of :func:`combination_key`, weakest first."""


def combination_key(numbers: list[int] | tuple[int, ...]) -> tuple[int, int]:
    """Strength of three kept numbers by the printed ranking table (bigger is stronger).

    Identical numbers beat consecutive numbers, which beat every other three-digit number;
    among identical numbers 111 is the strongest ("555 is beaten by 111"), then 555 ... 222;
    consecutive 543 > 432 > 321; the rest compare as three-digit numbers (554 ... 211).
    """
    a, b, c = sorted(numbers, reverse=True)
    if a == b == c:
        return (2, 6 if a == 1 else a)
    if a == b + 1 == c + 2:
        return (1, a)
    return (0, 100 * a + 10 * b + c)


def combination_kind(numbers: list[int] | tuple[int, ...]) -> str:
    """The row of the ranking table three numbers fall in: identical, consecutive or three-digit."""
    return COMBINATION_KINDS[combination_key(numbers)[0]]


def combination_text(numbers: list[int] | tuple[int, ...]) -> str:
    """The numbers placed "in order of the bigger numbers": ``[2, 4, 3]`` -> ``"432"``."""
    return "".join([str(n) for n in sorted(numbers, reverse=True)])


__all__ = ["COMBINATION_KINDS", "combination_key", "combination_kind", "combination_text"]
