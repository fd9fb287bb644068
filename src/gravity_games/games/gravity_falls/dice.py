"""Chance tables: the courage dice (faces, their chances, a roll's outcomes, cached per dice count)
and the uniform draw of one card among several.

A roll of ``n`` dice is one chance step whose outcome id is ``8 * successes + moves`` (the curse
faces are the rest); the curse-removal roll counts successes only.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import repeat
from math import comb, factorial

FACES = ("success", "move", "curse")
FACE_P = (0.5, 1.0 / 3.0, 1.0 / 6.0)
REROLL_OUTCOMES = tuple(enumerate(FACE_P))  # one re-rolled die: (face, probability)


@lru_cache(maxsize=16)
def dice_distribution(n: int) -> list[tuple[int, float]]:
    """Outcomes of rolling ``n`` dice as ids ``8*successes + moves`` with multinomial weights.

    The list is shared by every caller: never change it (``chance_outcomes`` hands out copies).
    """
    out = []
    for s in range(n + 1):
        for m in range(n - s + 1):
            c = n - s - m
            w = factorial(n) / (factorial(s) * factorial(m) * factorial(c))
            out.append((8 * s + m, w * FACE_P[0] ** s * FACE_P[1] ** m * FACE_P[2] ** c))
    return out


@lru_cache(maxsize=16)
def successes_distribution(n: int) -> list[tuple[int, float]]:
    """Number of successes among ``n`` dice (the curse-removal roll counts nothing else); shared, never change it."""
    return [(k, comb(n, k) / 2**n) for k in range(n + 1)]


@lru_cache(maxsize=16)
def dice_outcome_ids(n: int) -> frozenset[int]:
    """The outcome ids of a roll of ``n`` dice (for the legality check of a chance step)."""
    return frozenset(a for a, _ in dice_distribution(n))


def uniform(items: list[int]) -> list[tuple[int, float]]:
    """Each of ``items`` with the same chance (a card drawn from a shuffled pile), in their order."""
    return list(zip(items, repeat(1.0 / len(items))))
