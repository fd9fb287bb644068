"""Seeds derived from one root seed, so results never depend on worker count or order."""

from __future__ import annotations

import _random
import hashlib
import random
from typing import TypeVar

T = TypeVar("T")


def derive_seed(root: int, *keys: object) -> int:
    """A 63-bit seed determined only by ``root`` and ``keys`` (stable across runs and machines).

    >>> derive_seed(7, "game", 0) == derive_seed(7, "game", 0)
    True
    >>> derive_seed(7, "game", 0) != derive_seed(7, "game", 1)
    True
    """
    text = "/".join([str(root), *(str(k) for k in keys)])
    digest = hashlib.sha256(text.encode("utf-8")).digest()
    return int.from_bytes(digest[:8], "big") & ((1 << 63) - 1)


def rng_for(root: int, *keys: object) -> random.Random:
    """A fresh ``random.Random`` seeded by :func:`derive_seed`."""
    return random.Random(derive_seed(root, *keys))


def randbelow(rng: random.Random, n: int) -> int:
    """``rng.randrange(n)`` (``n`` >= 1), the very same draw, but without random.py's Python frames.

    Compiled code calling ``randrange`` still runs two interpreted functions per draw (``randrange``
    and ``_randbelow``), a large share of a bot's search. This is CPython's
    ``Random._randbelow_with_getrandbits``, which ``randrange(n)`` comes down to for a plain
    ``random.Random``: ``getrandbits(n.bit_length())`` until it is below ``n``. Another class of
    generator (one that may draw differently) gets ``randrange`` itself.

    >>> mine, stdlib = random.Random(5), random.Random(5)
    >>> [randbelow(mine, 10) for _ in range(6)] == [stdlib.randrange(10) for _ in range(6)]
    True
    """
    if type(rng) is not random.Random:
        return rng.randrange(n)
    if n <= 0:
        raise ValueError(f"empty range for randbelow({n})")
    k = n.bit_length()  # not (n - 1): n may be 1
    r = rng.getrandbits(k)
    while r >= n:
        r = rng.getrandbits(k)
    return r


def shuffle(rng: random.Random, items: list[T]) -> None:
    """``rng.shuffle(items)``, the very same order, drawn with :func:`randbelow` (CPython's loop:
    each place from the last down to the second swapped with one at or before it)."""
    if type(rng) is not random.Random:
        rng.shuffle(items)
        return
    for i in range(len(items) - 1, 0, -1):
        j = randbelow(rng, i + 1)
        items[i], items[j] = items[j], items[i]


def reseed(rng: random.Random, seed: int) -> random.Random:
    """``rng.seed(seed)`` for a whole-number seed, and ``rng`` back: the generator then draws exactly
    as ``random.Random(seed)`` would.

    A bot that plays many short playouts from one seed each (Gravwell's lookahead) would otherwise
    build a fresh ``random.Random`` per playout, two Python frames (``__init__``, ``seed``) around
    the C seeding; this calls the C seeding directly, as ``Random.seed`` does for an ``int``, and
    clears the cached normal deviate as it does.

    >>> scratch = random.Random(1)
    >>> [reseed(scratch, 8).random() for _ in range(2)] == [random.Random(8).random()] * 2
    True
    """
    if type(rng) is not random.Random:
        rng.seed(seed)
        return rng
    _random.Random.seed(rng, seed)
    rng.gauss_next = None  # type: ignore[attr-defined]  # what Random.seed resets beside the C state
    return rng
