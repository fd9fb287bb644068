"""The named parts of the saving-waddles observation tensor (see ``tensor.encode``).

The order and sizes follow the encoder slot by slot; ``tests/interop/test_tensor_layout.py``
checks that they add up to the tensor's length and that one-hot parts and flags hold only
0s and 1s along real games.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gravity_games.core.api import TensorPart, tensor_layout

from .data import HELP_KINDS, HEROES, MISCHIEF_KINDS, SLOTS
from .tensor import _PHASES, _ROLL_FOR, PER_SEAT

if TYPE_CHECKING:
    from gravity_games.core.api import Game

Part = tuple[str, int, str, str]


def _seat(s: int) -> list[Part]:
    parts: list[Part] = [
        (f"seat[{s}].position", 1, "scaled", "position / track length"),
        (f"seat[{s}].lying", 1, "flags", "lying down"),
        (f"seat[{s}].carries_waddles", 1, "flags", "carries Waddles"),
        (f"seat[{s}].hero", len(HEROES), "one-hot", f"the hero: {', '.join(HEROES)}"),
        (f"seat[{s}].hand_size", 1, "scaled", "help cards in hand / 21"),
        (f"seat[{s}].mischief_in_front", len(MISCHIEF_KINDS), "scaled", "face-up mischief cards by kind / 21"),
        (f"seat[{s}].mischief_face_down", 1, "scaled", "face-down mischief cards / 21"),
        (f"seat[{s}].to_play", 1, "flags", "this seat plays now"),
        (f"seat[{s}].is_viewer", 1, "flags", "this seat is the one observing"),
    ]
    assert sum(p[1] for p in parts) == PER_SEAT
    return parts


def observation_tensor_layout(game: Game) -> tuple[TensorPart, ...]:
    """Per seat, Waddles, the path and Hut cards, the own hand, the turn, the decks, the end."""
    n = game.players
    parts: list[Part] = []
    for s in range(n):
        parts += _seat(s)
    parts += [
        ("waddles.found", 1, "flags", "Waddles is on the board"),
        ("waddles.position", 1, "scaled", "his position / track length"),
    ]
    for slot in range(SLOTS):
        parts += [
            (f"path_card[{slot}].face_down", 1, "flags", "this path card is still face down"),
            (f"path_card[{slot}].card", SLOTS, "one-hot", "which path card lies here"),
        ]
    parts += [
        ("hut_card.face_down", 1, "flags", "the Hut of Wonders card is face down"),
        ("hut_card.card", 3, "one-hot", "which Hut card it is"),
        ("hand", len(HELP_KINDS), "scaled", f"own help cards by kind / 21: {', '.join(HELP_KINDS)}"),
        ("spectator", 1, "flags", "the view is the spectator's (no hand)"),
        ("phase", len(_PHASES), "one-hot", f"the phase: {', '.join(_PHASES)}"),
        ("roll_for", len(_ROLL_FOR), "one-hot", "what the die is rolled for: nothing, move, back, waddles, hut"),
        ("die", 1, "scaled", "the die / 6"),
        ("mabel_used", 1, "flags", "Mabel's ability used this turn"),
        ("help_plus", 3, "one-hot", "help bonus state"),
        ("pending_mischief", 1, "scaled", "mischief cards still to draw / 3"),
        ("pending_help", 1, "scaled", "help cards still to draw / 2"),
        ("extra_turns", 1, "scaled", "extra turns owed"),
        ("carried_steps", 1, "scaled", "steps carried / 3"),
        ("draw_face_down", 1, "flags", "the next mischief card is drawn face down"),
        ("help_deck", 1, "scaled", "help deck size / 21"),
        ("help_discard", len(HELP_KINDS), "scaled", "help discard by kind / 21"),
        ("mischief_deck", 1, "scaled", "mischief deck size / 21"),
        ("mischief_discard", len(MISCHIEF_KINDS), "scaled", "mischief discard by kind / 21"),
        ("turns_taken", 1, "scaled", "turns taken / turn limit"),
        ("variant_simple", 1, "flags", "the simple rules are played"),
        ("winner", n, "one-hot", "the winning seat"),
        ("no_winner", 1, "flags", "the game ended with no winner"),
    ]
    return tensor_layout(parts)
