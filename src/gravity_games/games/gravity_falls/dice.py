"""Chance tables: the courage dice (faces, their chances, a roll's outcomes, cached per dice count)
and the uniform draw of one card among several.

A roll of ``n`` dice is one chance step whose outcome id is ``8 * successes + moves`` (the curse
faces are the rest); the curse-removal roll counts successes only.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from functools import lru_cache
from itertools import repeat
from math import comb, factorial

FACES = ("success", "move", "curse")
FACE_P = (0.5, 1.0 / 3.0, 1.0 / 6.0)


class Outcomes(list):  # type: ignore[type-arg]
    """A chance step's ``(outcome, probability)`` pairs, and in ``ids`` exactly its outcomes.

    ``ids`` answers apply_action's legality check (``_chance_actions``) without building a lookup
    table at every chance step. Tables shared by many states (dice rolls, curse draws) must never
    be changed; ``chance_outcomes`` hands out plain copies.
    """

    __slots__ = ("ids",)

    def __init__(self, pairs: Iterable[tuple[int, float]], ids: Collection[int] | None = None) -> None:
        super().__init__(pairs)
        self.ids: Collection[int] = frozenset(a for a, _ in self) if ids is None else ids


REROLL_OUTCOMES = Outcomes(enumerate(FACE_P))  # one re-rolled die: (face, probability); shared


@lru_cache(maxsize=16)
def dice_distribution(n: int) -> Outcomes:
    """Outcomes of rolling ``n`` dice as ids ``8*successes + moves`` with multinomial weights.

    The list is shared by every caller: never change it (``chance_outcomes`` hands out copies).
    """
    out = []
    for s in range(n + 1):
        for m in range(n - s + 1):
            c = n - s - m
            w = factorial(n) / (factorial(s) * factorial(m) * factorial(c))
            out.append((8 * s + m, w * FACE_P[0] ** s * FACE_P[1] ** m * FACE_P[2] ** c))
    return Outcomes(out)


@lru_cache(maxsize=16)
def successes_distribution(n: int) -> Outcomes:
    """Number of successes among ``n`` dice (the curse-removal roll counts nothing else); shared, never change it."""
    return Outcomes((k, comb(n, k) / 2**n) for k in range(n + 1))


UNIFORM_IDS = 64
"""Ids below this (every card, monster and character id of the printed game) draw their pairs from
``_UNIFORM_PAIRS``; larger ones (a user's data file with many more cards) build them."""

# _UNIFORM_PAIRS[n][i] is the pair (i, 1/n), built once: a draw among n items then allocates no
# pair. Card draws are a quarter of all steps of a random playout.
_UNIFORM_PAIRS = [[]] + [[(i, 1.0 / n) for i in range(UNIFORM_IDS)] for n in range(1, UNIFORM_IDS + 1)]
_new_outcomes = list.__new__


def uniform(items: list[int]) -> Outcomes:
    """Each of ``items`` (ids >= 0) with the same chance (a card drawn from a shuffled pile), in their order.

    >>> uniform([4, 0, 7])
    [(4, 0.3333333333333333), (0, 0.3333333333333333), (7, 0.3333333333333333)]
    """
    n = len(items)
    out = _new_outcomes(Outcomes)  # not Outcomes(...): its __init__ would build the ids again
    try:
        out += map(_UNIFORM_PAIRS[n].__getitem__, items)
    except IndexError:  # more than UNIFORM_IDS items, or an id beyond: build the pairs
        return Outcomes(zip(items, repeat(1.0 / n)), tuple(items))
    # ids: a copy, as ``items`` may be a list of the state (a clone keeps these outcomes)
    out.ids = tuple(items)
    return out
