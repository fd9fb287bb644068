"""The observation tensor of Comparison × Gravity: its encoding and its layout.

The tensor is computed from the observation dict, so equal observations give equal tensors. The
layout names the parts in the encoder's order, slot by slot; ``tests/interop/test_tensor_layout.py``
checks that they add up to ``OBS_SIZE`` and that one-hot parts and flags hold only 0s and 1s along
real games.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from gravity_games.core.api import Game, TensorPart, tensor_layout
from gravity_games.games.gravity_three.tensor import PartRow, set_one_hot

from .data import SPOTS
from .state import PHASE_NAMES, ROUNDS

_ROUND_SIZE = 3 + 9 + 4 + 4  # first, cards (3 seats x 3), first match (3 seats + level), winner
OBS_SIZE = 3 + 2 + len(PHASE_NAMES) + 6 + 3 + 3 + 9 + 3 + 9 + 3 + 6 + 4 + ROUNDS * _ROUND_SIZE + 5 + 5 + 3 + 5 * 3


def _result_slot(value: Any) -> int | None:
    if value is None:
        return None
    return 3 if value == "level" else int(value)


def encode_observation(obs: Mapping[str, Any]) -> list[float]:
    """Flat encoding of a comparison-gravity observation (length ``OBS_SIZE``)."""
    out = [0.0] * OBS_SIZE
    i = 0

    set_one_hot(out, i, obs["seat"])
    i += 3
    set_one_hot(out, i, obs["players"] - 2)
    i += 2
    set_one_hot(out, i, PHASE_NAMES.index(obs["phase"]))
    i += len(PHASE_NAMES)
    set_one_hot(out, i, obs["round"])
    i += 6
    set_one_hot(out, i, obs["first_player"])
    i += 3
    set_one_hot(out, i, obs["round_first"])
    i += 3
    for s, counts in enumerate(obs["cards_left"]):
        for j, spot in enumerate(SPOTS):
            out[i + 3 * s + j] = counts[spot] / 2.0
    i += 9
    for s, left in enumerate(obs["tokens_left"]):
        out[i + s] = left / 5.0
    i += 3
    for s, card in enumerate(obs["announced"]):
        set_one_hot(out, i + 3 * s, None if card is None else SPOTS.index(card))
    i += 9
    for s, played in enumerate(obs["has_played"]):
        out[i + s] = float(played)
    i += 3
    for token in obs["seesaw"]:
        out[i + 3 * token["side"] + SPOTS.index(token["spot"])] = 1.0
    i += 6
    set_one_hot(out, i, _result_slot(obs["first_match"]))
    i += 4
    for r, record in enumerate(obs["rounds"]):
        base = i + r * _ROUND_SIZE
        set_one_hot(out, base, record["first"])
        for s, card in enumerate(record["cards"]):
            set_one_hot(out, base + 3 + 3 * s, SPOTS.index(card))
        set_one_hot(out, base + 12, _result_slot(record["first_match"]))
        set_one_hot(out, base + 16, _result_slot(record["winner"]))
    i += ROUNDS * _ROUND_SIZE
    if "hand" in obs:
        for number in obs["hand"]["tokens"]:
            out[i + number - 1] = 1.0
        for r, number in enumerate(obs["hand"]["played"]):
            out[i + 5 + r] = number / 5.0
    i += 10
    for s, won in enumerate(obs["rounds_won"]):
        out[i + s] = won / 5.0
    i += 3
    if "revealed" in obs:
        for r, tokens in enumerate(obs["revealed"]["tokens_by_round"]):
            for s, number in enumerate(tokens):
                out[i + 3 * r + s] = number / 5.0
    return out


_RESULT = "seat 0-2 or 'level'"


def observation_tensor_layout(game: Game) -> tuple[TensorPart, ...]:
    """Header, the cards and tokens left, the see-saw, finished rounds, own hand, the reveal."""
    spots = ", ".join(SPOTS)
    parts: list[PartRow] = [
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
