"""The named parts of the comparison-gravity observation tensor (see ``rules.encode_observation``).

The order and sizes follow the encoder slot by slot; ``tests/interop/test_tensor_layout.py``
checks that they add up to ``OBS_SIZE`` and that one-hot parts and flags hold only 0s and 1s
along real games.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gravity_games.core.api import TensorPart, tensor_layout

from .rules import PHASE_NAMES, ROUNDS, SPOTS

if TYPE_CHECKING:
    from gravity_games.core.api import Game

Part = tuple[str, int, str, str]
_RESULT = "seat 0-2 or 'level'"


def observation_tensor_layout(game: Game) -> tuple[TensorPart, ...]:
    """Header, the cards and tokens left, the see-saw, finished rounds, own hand, the reveal."""
    spots = ", ".join(SPOTS)
    parts: list[Part] = [
        ("viewer", 3, "one-hot", "the observing seat (all zero: spectator)"),
        ("players", 2, "one-hot", "2 or 3 players"),
        ("phase", len(PHASE_NAMES), "one-hot", f"the phase: {', '.join(PHASE_NAMES)}"),
        ("round", 6, "one-hot", "the round number"),
        ("first_player", 3, "one-hot", "the game's first player"),
        ("round_first", 3, "one-hot", "who begins this round"),
    ]
    parts += [(f"cards_left[{s}]", 3, "scaled", f"a seat's cards {spots} left / 2") for s in range(3)]
    parts.append(("tokens_left", 3, "scaled", "tokens left per seat / 5"))
    parts += [(f"announced[{s}]", 3, "one-hot", f"the card a seat announced ({spots})") for s in range(3)]
    parts += [
        ("has_played", 3, "flags", "seats that placed their token this round"),
        ("seesaw", 6, "flags", f"tokens on the see-saw by side (2) and spot ({spots})"),
        ("first_match", 4, "one-hot", f"the first match's result: {_RESULT}"),
    ]
    for r in range(ROUNDS):
        parts.append((f"round[{r}].first", 3, "one-hot", "who began that finished round"))
        parts += [(f"round[{r}].card[{s}]", 3, "one-hot", "a seat's card that round") for s in range(3)]
        parts += [
            (f"round[{r}].first_match", 4, "one-hot", f"its first match: {_RESULT}"),
            (f"round[{r}].winner", 4, "one-hot", f"its winner: {_RESULT}"),
        ]
    parts += [
        ("hand.tokens", 5, "flags", "own tokens 1-5 still in hand"),
        ("hand.played", ROUNDS, "scaled", "own token played each round / 5"),
        ("rounds_won", 3, "scaled", "rounds won per seat / 5"),
        ("revealed", ROUNDS * 3, "scaled", "at the end: every round's tokens by seat / 5"),
    ]
    return tensor_layout(parts)
