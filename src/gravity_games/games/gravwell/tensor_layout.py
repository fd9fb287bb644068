"""The named parts of the gravwell observation tensor (see ``rules_views.encode_observation``).

The order and sizes follow the encoder slot by slot (``tables.tensor_size`` is their sum);
``tests/interop/test_tensor_layout.py`` checks that they add up and that one-hot parts and
flags hold only 0s and 1s along real games.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gravity_games.core.api import TensorPart, tensor_layout

from .rules_views import MOD_FLAGS, REASONS, STAGE_NAMES, TYPE_NAMES

if TYPE_CHECKING:
    from gravity_games.core.api import Game

Part = tuple[str, int, str, str]


def _ship(s: int, cards: int) -> list[Part]:
    return [
        (f"ship[{s}].ship", 6, "one-hot", "which ship this seat flies"),
        (f"ship[{s}].starts_outer", 1, "flags", "it started at the Outer Warp Gate"),
        (f"ship[{s}].position", 1, "scaled", "its space / track length"),
        (f"ship[{s}].in_gate", 1, "flags", "it is in a Warp Gate"),
        (f"ship[{s}].to_goal", 1, "scaled", "distance to its goal / track length"),
        (f"ship[{s}].charged", 4, "flags", "Emergency Stop and the three abilities charged"),
        (f"ship[{s}].hand_size", 1, "scaled", "cards in hand / 9"),
        (f"ship[{s}].has_chosen", 1, "flags", "it chose its card this phase"),
        (f"ship[{s}].cloaked", 1, "flags", "cloaked"),
        (f"ship[{s}].shielded", 1, "flags", "shielded"),
        (f"ship[{s}].coasting", 1, "flags", "coasting"),
        (f"ship[{s}].latching", 1, "flags", "latching"),
        (f"ship[{s}].delayed", 1, "flags", "delayed"),
        (f"ship[{s}].last_card", 1, "scaled", "the previous phase's card, (index + 1) / cards"),
        (f"ship[{s}].card", cards, "flags", "its revealed card this phase"),
        (f"ship[{s}].known_cards", cards, "flags", "its cards known to all"),
    ]


def observation_tensor_layout(game: Game) -> tuple[TensorPart, ...]:
    """Round and stage, the ships, the card resolving, the mining stacks, own hand, the end."""
    tables: Any = getattr(game, "tables")  # noqa: B009 - the Game base class does not declare it
    n = game.players
    cards = len(tables.symbols)
    parts: list[Part] = [
        ("round", 1, "scaled", "round / 6"),
        ("phase", 1, "scaled", "phase / 6"),
        ("stage", len(STAGE_NAMES), "one-hot", f"the stage: {', '.join(STAGE_NAMES)}"),
        ("to_act", n + 1, "one-hot", "the seat to act, last slot: nobody"),
        ("junk", 2, "scaled", "the two Space Junk positions / track length"),
    ]
    for s in range(n):
        parts += _ship(s, cards)
    parts += [
        ("resolution_order", n, "scaled", "each seat's place in this phase's resolution order / n"),
        ("resolving", n + 1, "one-hot", "the seat resolving its card, last slot: nobody"),
        ("modifiers", len(MOD_FLAGS), "flags", f"modifiers in play: {', '.join(MOD_FLAGS)}"),
        ("card_type", len(TYPE_NAMES), "one-hot", f"the resolving card's type: {', '.join(TYPE_NAMES)}"),
        ("card_value", 1, "scaled", "its value / 20"),
    ]
    for k in range(2 * n):
        parts += [
            (f"stack[{k}].face_up", cards, "flags", "a mining stack's face-up cards"),
            (f"stack[{k}].face_down", 1, "flags", "it has its face-down card"),
            (f"stack[{k}].taken", 1, "flags", "it was taken"),
        ]
    parts += [
        ("my_hand", cards, "flags", "own cards in hand"),
        ("my_card", cards, "flags", "own face-down card this phase"),
        ("viewer", n, "one-hot", "the observing seat (all zero: spectator)"),
        ("drag_choices", n, "flags", "seats still to choose a drag direction"),
        ("winners", n, "flags", "seats that won"),
    ]
    parts += [
        (f"mining_order[{i}]", n, "one-hot", "the seat choosing this stack, in the mining order") for i in range(2 * n)
    ]
    parts += [
        ("result", len(REASONS), "flags", f"how the game ended: {', '.join(REASONS)}"),
        ("discards", cards, "flags", "the discard pile"),
    ]
    return tensor_layout(parts)
