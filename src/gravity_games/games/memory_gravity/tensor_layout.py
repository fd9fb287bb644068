"""The named parts of the memory-gravity observation tensor (see ``rules.encode_observation``).

The order and sizes follow the encoder slot by slot; ``tests/interop/test_tensor_layout.py``
checks that they add up to ``observation_size`` and that one-hot parts and flags hold only 0s
and 1s along real games.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gravity_games.core.api import TensorPart, tensor_layout

from .rules import LIFTS_PER_TURN, NUM_TOKENS, PHASE_NAMES, TURNS_PER_PLAYER

if TYPE_CHECKING:
    from gravity_games.core.api import Game

Part = tuple[str, int, str, str]


def observation_tensor_layout(game: Game) -> tuple[TensorPart, ...]:
    """Header, keepers, every lift in order, this turn's lifts, keeps in order, the reveal."""
    players = game.players
    parts: list[Part] = [
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
