"""The observation tensor of Memory × Gravity: its encoding and its layout.

The tensor is computed from the observation dict, so equal observations give equal tensors. The
layout names the parts in the encoder's order, slot by slot; ``tests/interop/test_tensor_layout.py``
checks that they add up to ``observation_size`` and that one-hot parts and flags hold only 0s and
1s along real games.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from gravity_games.core.api import Game, TensorPart, tensor_layout
from gravity_games.games.gravity_three.tensor import PartRow, set_one_hot

from .state import LIFTS_PER_TURN, NUM_TOKENS, PHASE_NAMES, TURNS_PER_PLAYER

_PHASES = len(PHASE_NAMES)
_HEADER = 3 + 2 + _PHASES + 10 + 3 + 3  # seat, players, phase, turn, first player, seat to act
_LIFT = 3 + NUM_TOKENS + 1  # lifter, token, own reading (grams / 25; 0 when not this seat's or pending)


def observation_size(players: int) -> int:
    """Length of the tensor: header, keepers, every lift in order, this turn's lifts, keeps in order, reveal."""
    lifts = players * TURNS_PER_PLAYER * LIFTS_PER_TURN
    return _HEADER + NUM_TOKENS * 3 + lifts * _LIFT + LIFTS_PER_TURN * NUM_TOKENS + 3 * 3 * NUM_TOKENS + 9


def encode_observation(obs: Mapping[str, Any]) -> list[float]:
    """Flat encoding of a memory-gravity observation: every lift in order (who, which token, and the
    seat's own reading), so the tensor carries the whole observation except the roll-off's rolls."""
    players = obs["players"]
    out = [0.0] * observation_size(players)
    index = {token["id"]: k for k, token in enumerate(obs["tokens"])}

    set_one_hot(out, 0, obs["seat"])
    set_one_hot(out, 3, players - 2)
    set_one_hot(out, 5, PHASE_NAMES.index(obs["phase"]))
    i = 5 + _PHASES
    set_one_hot(out, i, obs["turn"])
    set_one_hot(out, i + 10, obs["first_player"])
    set_one_hot(out, i + 13, obs["turn_seat"])
    i = _HEADER
    for k, token in enumerate(obs["tokens"]):
        set_one_hot(out, i + 3 * k, token["kept_by"])
    i += NUM_TOKENS * 3
    mine = {r["lift"]: r["grams"] for r in obs.get("readings", {}).get("lifts", [])}
    for n, lift in enumerate(obs["lifts"]):
        base = i + n * _LIFT
        set_one_hot(out, base, lift["seat"])
        set_one_hot(out, base + 3, index[lift["token"]])
        out[base + 3 + NUM_TOKENS] = mine.get(n, 0.0) / 25.0
    i += players * TURNS_PER_PLAYER * LIFTS_PER_TURN * _LIFT
    for order, name in enumerate(obs["this_turn"]):
        set_one_hot(out, i + order * NUM_TOKENS, index[name])
    i += LIFTS_PER_TURN * NUM_TOKENS
    for seat, kept in enumerate(obs["kept"]):
        for order, name in enumerate(kept):
            set_one_hot(out, i + (seat * 3 + order) * NUM_TOKENS, index[name])
    i += 3 * 3 * NUM_TOKENS
    if "revealed" in obs:
        for seat, numbers in enumerate(obs["revealed"]["numbers"]):
            for j, number in enumerate(numbers):
                out[i + seat * 3 + j] = number / 5.0
    return out


def observation_tensor_layout(game: Game) -> tuple[TensorPart, ...]:
    """Header, keepers, every lift in order, this turn's lifts, keeps in order, the reveal."""
    players = game.players
    parts: list[PartRow] = [
        ("viewer", 3, "one-hot", "the observing seat (all zero: spectator)"),
        ("players", 2, "one-hot", "2 or 3 players"),
        ("phase", len(PHASE_NAMES), "one-hot", f"the phase: {', '.join(PHASE_NAMES)}"),
        ("turn", 10, "one-hot", "the turn number"),
        ("first_player", 3, "one-hot", "the first player"),
        ("turn_seat", 3, "one-hot", "the seat whose turn it is"),
    ]
    parts += [
        (f"token[{k}].kept_by", 3, "one-hot", "who kept this token (tokens in order K1-K5, G1-G5, R1-R5)")
        for k in range(NUM_TOKENS)
    ]
    for n in range(players * TURNS_PER_PLAYER * LIFTS_PER_TURN):
        parts += [
            (f"lift[{n}].seat", 3, "one-hot", "who made this lift (the game's lifts in order)"),
            (f"lift[{n}].token", NUM_TOKENS, "one-hot", "the token lifted"),
            (f"lift[{n}].reading", 1, "scaled", "the viewer's own reading of it, grams / 25 (0: not its lift)"),
        ]
    parts += [
        (f"this_turn[{i}]", NUM_TOKENS, "one-hot", "a lift of this turn, in order: the token")
        for i in range(LIFTS_PER_TURN)
    ]
    parts += [
        (f"kept[{s}][{i}]", NUM_TOKENS, "one-hot", "a seat's keeps, in order: the token")
        for s in range(3)
        for i in range(3)
    ]
    parts.append(("revealed", 9, "scaled", "at the end: each seat's three kept numbers / 5"))
    return tensor_layout(parts)
