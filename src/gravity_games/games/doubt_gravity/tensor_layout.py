"""The named parts of the doubt-gravity observation tensor (see ``tensor.encode_observation``).

The order and sizes here follow the encoder slot by slot; ``tests/interop/test_tensor_layout.py``
checks that they add up to the tensor's length and that every one-hot part and flag holds
only 0s and 1s along real games.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gravity_games.core.api import TensorPart, tensor_layout

from .ids import PHASE_NAMES, TOKENS
from .tensor import _READING_WIDTH, _ROUND_WIDTH, _TOKEN_WIDTH, _WHERE

if TYPE_CHECKING:
    from gravity_games.core.api import Game

Part = tuple[str, int, str, str]


def _head() -> list[Part]:
    parts: list[Part] = [
        ("phase", len(PHASE_NAMES), "one-hot", f"the phase: {', '.join(PHASE_NAMES)}"),
        ("to_act", 5, "one-hot", "seat 0-2 to act, then chance, then nobody"),
        ("round", 1, "scaled", "round / max_rounds"),
        ("first_player", 4, "one-hot", "seat 0-2, or not yet known"),
        ("die", 7, "one-hot", "the die's face (six faces), or not rolled"),
        ("designated", 6, "one-hot", "designated number 1-5, or none"),
    ]
    parts += [(f"colours[{i}]", 4, "one-hot", "a colour in play (three colours), or none") for i in range(3)]
    parts += [(f"extra_colours[{i}]", 4, "one-hot", "an extra colour, or none") for i in range(3)]
    parts += [
        ("doubt_card", 4, "one-hot", "seat holding the doubt card, or nobody"),
        ("hand_counts", 3, "scaled", "tokens in each seat's hand / 12"),
        ("placed_this_turn", 1, "scaled", "tokens placed this turn / 12"),
    ]
    parts += [(f"said[{s}]", 3, "one-hot", "what a seat said: correct, doubt, or nothing yet") for s in range(3)]
    parts += [
        ("viewer", 4, "one-hot", "the observing seat, or the spectator"),
        ("winners", 3, "flags", "seats that won"),
        ("rolloff_contenders", 3, "flags", "seats still in the roll-off"),
    ]
    parts += [(f"rolloff_rolls[{s}]", 7, "one-hot", "a seat's roll-off face, or none") for s in range(3)]
    return parts


def _token(p: int) -> list[Part]:
    parts: list[Part] = [
        (f"token[{p}].where", len(_WHERE), "one-hot", f"where the token (by id) is: {', '.join(_WHERE)}"),
        (f"token[{p}].number", 6, "one-hot", "its number 1-5, or unknown to the viewer"),
        (f"token[{p}].revealed", 1, "flags", "its number is shown to all"),
        (f"token[{p}].in_stack", 1, "flags", "it is in the stack"),
        (f"token[{p}].owner", 3, "one-hot", "the seat that placed it in the stack"),
        (f"token[{p}].height", 1, "scaled", "its height in the stack / 15"),
    ]
    assert sum(part[1] for part in parts) == _TOKEN_WIDTH
    return parts


def _round(r: int) -> list[Part]:
    parts: list[Part] = [
        (f"round[{r}].first", 3, "one-hot", "who began that finished round"),
        (f"round[{r}].designated", 5, "one-hot", "its designated number"),
        (f"round[{r}].die_g", 1, "flags", "its die showed G"),
    ]
    for p in range(TOKENS):
        parts += [
            (f"round[{r}].token[{p}].height", 1, "scaled", "height in that round's stack / 15"),
            (f"round[{r}].token[{p}].owner", 3, "one-hot", "who placed it"),
            (f"round[{r}].token[{p}].revealed", 1, "flags", "revealed that round"),
        ]
    parts += [(f"round[{r}].said[{s}]", 3, "one-hot", "what a seat said") for s in range(3)]
    parts.append((f"round[{r}].taker", 4, "one-hot", "who took the stack, or nobody"))
    assert sum(part[1] for part in parts) == _ROUND_WIDTH
    return parts


def _reading(r: int) -> list[Part]:
    return [
        (f"reading[{r}].taken", 1, "flags", "the viewer read the stack that round"),
        (f"reading[{r}].level", 1, "scaled", "the scale's level / 320"),
        (f"reading[{r}].tokens", _READING_WIDTH - 2, "flags", "the tokens on the scale"),
    ]


def observation_tensor_layout(game: Game) -> tuple[TensorPart, ...]:
    """Head, the 15 tokens by id, one block per possible round, then the viewer's readings."""
    max_rounds = int(game.params["max_rounds"])
    parts = _head()
    for p in range(TOKENS):
        parts += _token(p)
    for r in range(max_rounds):
        parts += _round(r)
    for r in range(max_rounds):
        parts += _reading(r)
    return tensor_layout(parts)
