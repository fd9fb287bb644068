"""Precomputed tables of Doubt × Gravity, out of the rule functions.

A colour's next deal is decided by which of its numbers have left the box already: the chance
outcomes of every such case are built once here, indexed by ``colour * 32 + mask`` (bit ``k - 1``
of ``mask``: number ``k`` is out of the box), instead of per deal; so are the numbers still in
the box and the log's words for what a seat was dealt.
"""

from __future__ import annotations

from typing import Final

from gravity_games.games.gravity_three.perception import Outcomes
from gravity_games.games.gravity_three.rolloff import DIE_FACES
from gravity_games.games.gravity_three.tokens import COLOUR_NAMES

from .state import COLOURS, DONE, TOKENS_PER_COLOUR

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


DONE_BIT: Final = 1 << DONE
"""``done``/``pass`` in the bit mask of a turn's legal moves, above the placements' bits 0-14
(``gravity_three.tables.ids_in_mask`` reads ids 0-15)."""

FACE_COUNT: Final = len(DIE_FACES)
"""The die's faces (roll actions are 0 to this, exclusive)."""

FACE_NAME: Final[tuple[str, ...]] = DIE_FACES
"""Each face as the log writes it."""

COLOUR_NAME: Final[tuple[str, ...]] = COLOUR_NAMES
"""Each colour's name, for the log lines of the setup."""

FREE_NUMBERS: Final[tuple[tuple[int, ...], ...]] = tuple(
    [tuple([k for k in range(1, TOKENS_PER_COLOUR + 1) if not drawn >> (k - 1) & 1]) for drawn in range(NUMBER_MASKS)]
)
"""A colour's numbers still in the box, in increasing order, by the mask of the drawn ones (bit ``k - 1``: ``k``)."""

DEALT_BASE: Final = TOKENS_PER_COLOUR + 1
"""A seat holds 0 to 5 tokens of a colour: one digit of this base per colour."""

DEALT_COLOUR_DIGIT: Final[tuple[int, ...]] = tuple([DEALT_BASE ** (COLOURS - 1 - c) for c in range(COLOURS)])
"""What one token of each colour adds to the index of :data:`DEALT_TOKENS_WORDS` (black is the first digit)."""


def _dealt_tokens_words(counts: list[int]) -> str:
    """``4 black and 2 grey tokens and looks at their numbers``: what a seat takes at the deal."""
    parts = " and ".join([f"{k} {COLOUR_NAMES[c]}" for c, k in enumerate(counts) if k])
    words = "token and looks at its number" if sum(counts) == 1 else "tokens and looks at their numbers"
    return f"{parts} {words}"


DEALT_TOKENS_WORDS: Final[tuple[str, ...]] = tuple(
    [
        _dealt_tokens_words([index // DEALT_BASE ** (COLOURS - 1 - c) % DEALT_BASE for c in range(COLOURS)])
        for index in range(DEALT_BASE**COLOURS)
    ]
)
"""The log's words for the tokens a seat takes at the deal, by ``sum(count[c] * DEALT_COLOUR_DIGIT[c])``."""

__all__ = [
    "COLOUR_NAME",
    "DEALT_COLOUR_DIGIT",
    "DEALT_TOKENS_WORDS",
    "DEAL_OUTCOMES",
    "DONE_BIT",
    "FACE_COUNT",
    "FACE_NAME",
    "FREE_NUMBERS",
    "NUMBER_MASKS",
]
