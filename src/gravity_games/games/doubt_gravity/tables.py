"""Precomputed tables of Doubt × Gravity, out of the rule functions.

A colour's next deal is decided by which of its numbers have left the box already: the chance
outcomes of every such case are built once here, indexed by ``colour * 32 + mask`` (bit ``k - 1``
of ``mask``: number ``k`` is out of the box), instead of per deal.
"""

from __future__ import annotations

from typing import Final

from gravity_games.games.gravity_three.perception import Outcomes
from gravity_games.games.gravity_three.rolloff import DIE_FACES
from gravity_games.games.gravity_three.tokens import COLOUR_NAMES

from .state import COLOURS, TOKEN_COUNT, TOKENS_PER_COLOUR

NUMBER_MASKS: Final = 1 << TOKENS_PER_COLOUR
"""How many sets of a colour's numbers there are (bit ``k - 1``: number ``k``)."""


def _deal_outcomes(colour: int, drawn: int) -> Outcomes:
    """The next token of ``colour`` dealt: any number still in the box, equally likely."""
    base = colour * TOKENS_PER_COLOUR
    free = [k for k in range(1, TOKENS_PER_COLOUR + 1) if not drawn >> (k - 1) & 1]
    return tuple([(base + k - 1, 1.0 / len(free)) for k in free])


DEAL_OUTCOMES: Final[tuple[Outcomes, ...]] = tuple(
    [_deal_outcomes(colour, drawn) for colour in range(COLOURS) for drawn in range(NUMBER_MASKS)]
)
"""The chance outcomes of a deal, by ``colour * NUMBER_MASKS + numbers drawn`` (empty when none is left)."""

PLACE_ACTION_BASE: Final[tuple[int, ...]] = tuple([p - p % TOKENS_PER_COLOUR - 1 for p in range(TOKEN_COUNT)])
"""Placing token p is action ``colour * 5 + number - 1``: ``PLACE_ACTION_BASE[p] + number``."""

FACE_COUNT: Final = len(DIE_FACES)
"""The die's faces (roll actions are 0 to this, exclusive)."""

FACE_NAME: Final[tuple[str, ...]] = DIE_FACES
"""Each face as the log writes it."""

COLOUR_NAME: Final[tuple[str, ...]] = COLOUR_NAMES
"""Each colour's name, for the log lines of the setup."""

__all__ = ["COLOUR_NAME", "DEAL_OUTCOMES", "FACE_COUNT", "FACE_NAME", "NUMBER_MASKS", "PLACE_ACTION_BASE"]
