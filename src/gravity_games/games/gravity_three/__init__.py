"""Gravity Three (itten): the components shared by its three games.

The box holds 15 weight tokens (numbers 1-5 in black, grey and red; heavier with the
number), a see-saw (the inner box, spots A, B and C on both ends), 15 cards (A, A, B, B, C
in each colour) and a die with faces 1-5 and "G". Three games use them, each registered as
its own game: ``memory-gravity``, ``comparison-gravity`` and ``doubt-gravity``.

This package is not a game. It holds what the three share, once: the component data
(``data/components.toml``, masses and see-saw arms reconstructed), the tokens' colours and ids
(``tokens.py``), the perception model and each game's reading tables (``perception.py``: a lifted
token or stack gives the lifter alone a noisy reading), the first-player roll-off and its log
lines (``rolloff.py``), token sets as bit masks (``tables.py``), the roll-off and phase parts of the position documents
(``state_json.py``), the tensor helpers (``tensor.py``), the board's drawing pieces
(``board_common.py``) and the designers' hooks (``design.py``).
"""

from .data import Components, load_components
from .perception import PerceptionModel, posterior_numbers
from .rolloff import DIE_FACES, G_FACE, ROLL_OUTCOMES, RollOff, face_text, face_value
from .tokens import COLOUR_LETTERS

__all__ = [
    "COLOUR_LETTERS",
    "DIE_FACES",
    "G_FACE",
    "ROLL_OUTCOMES",
    "Components",
    "PerceptionModel",
    "RollOff",
    "face_text",
    "face_value",
    "load_components",
    "posterior_numbers",
]
