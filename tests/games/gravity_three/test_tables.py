"""The shared bit-mask tables: the ids of a mask, in order, as a list the caller owns."""

from __future__ import annotations

import random

from gravity_games.games.gravity_three.tables import MASK_IDS, ids_in_mask


def test_ids_in_mask_lists_every_set_bit_in_increasing_order() -> None:
    rng = random.Random(19)
    for mask in [
        0,
        1,
        1 << 7,
        1 << 8,
        1 << 15,
        (1 << MASK_IDS) - 1,
        *(rng.randrange(1 << MASK_IDS) for _ in range(200)),
    ]:
        assert ids_in_mask(mask) == [t for t in range(MASK_IDS) if mask >> t & 1]


def test_ids_in_mask_hands_out_a_new_list_each_time() -> None:
    first = ids_in_mask(0b1010_0000_0101)
    first.append(99)
    first[0] = -1
    assert ids_in_mask(0b1010_0000_0101) == [0, 2, 9, 11]
