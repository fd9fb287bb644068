"""core.seeding's ``randbelow``, ``shuffle`` and ``reseed`` draw exactly what ``random.Random`` draws.

The engines and the bots' compiled hot paths call them instead of ``randrange`` and ``shuffle``
(for speed: those run random.py's Python frames); every seeded game, record and bot move depends on
the draws being the very same, numbers and generator state alike, over many seeds and sizes.
"""

from __future__ import annotations

import random

import pytest

from gravity_games.core.seeding import randbelow, reseed, shuffle

SIZES = (1, 2, 3, 5, 7, 8, 9, 16, 17, 31, 32, 33, 52, 100, 127, 128, 129, 1000, (1 << 30) - 1, 1 << 30, 1 << 53, 3**40)


@pytest.mark.parametrize("seed", range(200))
def test_randbelow_is_randrange(seed: int) -> None:
    mine, stdlib = random.Random(seed), random.Random(seed)
    sizes = random.Random(-seed).choices(SIZES, k=60)
    assert [randbelow(mine, n) for n in sizes] == [stdlib.randrange(n) for n in sizes]
    assert mine.getstate() == stdlib.getstate()  # the same draws consumed, not only the same results


@pytest.mark.parametrize("seed", range(200))
def test_shuffle_is_random_shuffle(seed: int) -> None:
    mine, stdlib = random.Random(seed), random.Random(seed)
    for size in (0, 1, 2, 3, 10, 47, 108):
        ours, theirs = list(range(size)), list(range(size))
        shuffle(mine, ours)
        stdlib.shuffle(theirs)
        assert ours == theirs
    assert mine.getstate() == stdlib.getstate()


def test_draws_mixed_with_other_calls_stay_in_step() -> None:
    mine, stdlib = random.Random(99), random.Random(99)
    for n in range(1, 400):
        assert randbelow(mine, n) == stdlib.randrange(n)
        assert mine.random() == stdlib.random()
        deck_a, deck_b = list(range(n % 30)), list(range(n % 30))
        shuffle(mine, deck_a)
        stdlib.shuffle(deck_b)
        assert deck_a == deck_b


@pytest.mark.parametrize("seed", [0, 1, 7, 2**31, 2**63 - 1, 2**64 + 5, 10**30])
def test_a_reseeded_generator_draws_as_a_fresh_one(seed: int) -> None:
    used = random.Random(123)
    used.random()
    used.gauss(0.0, 1.0)  # leaves a cached normal deviate, which seeding must clear
    assert reseed(used, seed) is used
    fresh = random.Random(seed)
    assert used.getstate() == fresh.getstate()
    assert [randbelow(used, 1000) for _ in range(20)] == [fresh.randrange(1000) for _ in range(20)]
    assert used.gauss(0.0, 1.0) == fresh.gauss(0.0, 1.0)


def test_an_empty_range_is_refused_like_randrange() -> None:
    with pytest.raises(ValueError):
        random.Random(0).randrange(0)
    for n in (0, -3):
        with pytest.raises(ValueError):
            randbelow(random.Random(0), n)


class Biased(random.Random):
    """A generator of another class: its own random() (random.py then draws without getrandbits)."""

    def random(self) -> float:
        return 0.25


def test_another_generator_class_gets_its_own_randrange_and_shuffle() -> None:
    assert [randbelow(Biased(1), n) for n in (4, 10, 100)] == [Biased(1).randrange(n) for n in (4, 10, 100)]
    ours, theirs = list(range(12)), list(range(12))
    shuffle(Biased(1), ours)
    Biased(1).shuffle(theirs)
    assert ours == theirs
    assert reseed(Biased(1), 5).getstate() == Biased(5).getstate()
