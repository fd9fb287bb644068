"""The flat observation tensor: a fixed-length encoding computed from ``observation(seat)`` only.

Because it reads nothing but the observation dict, equal observations always give equal
tensors and nothing hidden can slip in. Layout (n = players), named part by part in
:func:`observation_tensor_layout` (``tests/interop/test_tensor_layout.py`` checks that the
parts add up to the tensor's length and that one-hot parts and flags hold only 0s and 1s
along real games):

- per seat (n x 18): position / track length, lying, carrying Waddles, hero one-hot (5),
  hand size / 21, mischief cards in front by kind (6, / 21), face-down unseen ones / 21,
  the seat to play, the observing seat;
- Waddles: on the board, position / track length;
- path cards (7 x 8): face down, else one-hot of the card; Hut of Wonders card (4);
- own hand by kind (5, / 21) and a spectator flag;
- phase one-hot (12), roll purpose one-hot (5), die / 6, mabel_used, help_plus one-hot (3),
  pending mischief / 3, pending help / 2, extra turns, carried steps / 3, draw face down;
- decks: help deck / 21, help discard by kind (5), mischief deck / 21, mischief discard (6);
- turns taken / turn limit, variant simple, winner one-hot (n) and "no winner".
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from gravity_games.core.api import Game, TensorPart, tensor_layout

from .data import HELP_KINDS, HEROES, MISCHIEF_KINDS, SLOTS
from .state import PHASES, ROLL_FOR, SavingWaddlesSettings

ROLL_PURPOSES: Final[tuple[str | None, ...]] = (None, *ROLL_FOR[1:])
"""The observation's ``roll_for`` values, by roll purpose (None: no roll pending)."""
PER_SEAT: Final = 18


def tensor_size(players: int) -> int:
    """The tensor's length for ``players`` seats."""
    n = players
    return n * PER_SEAT + 2 + SLOTS * 8 + 4 + 6 + 12 + 5 + 1 + 1 + 3 + 5 + 1 + 5 + 1 + 6 + 2 + n + 1


def _one_hot(index: int | None, size: int) -> list[float]:
    v = [0.0] * size
    if index is not None and 0 <= index < size:
        v[index] = 1.0
    return v


def observation_tensor(obs: Mapping[str, Any], settings: SavingWaddlesSettings) -> list[float]:
    """The observation dict of one seat (or the spectator) as a flat list of floats."""
    track = settings.track
    length = float(track.length)
    out: list[float] = []
    n = settings.players
    for s in range(n):
        hero = obs["heroes"][s]
        front = obs["mischief_in_front"][s]
        out.append(obs["positions"][s] / length)
        out.append(float(obs["lying"][s]))
        out.append(float(obs["carried_by"] == s))
        out += _one_hot(HEROES.index(hero) if hero else None, len(HEROES))
        out.append(obs["hand_sizes"][s] / 21.0)
        out += [front.count(k) / 21.0 for k in MISCHIEF_KINDS]
        out.append(front.count("face down") / 21.0)
        out.append(float(obs["current_player"] == s))
        out.append(float(obs["seat"] == s))
    w = obs["waddles"]
    out += [float(w is not None), (w or 0) / length]
    for name in obs["path_cards"]:
        out += [float(name is None), *_one_hot(track.card_names.index(name) if name else None, SLOTS)]
    hut = obs["hut_card"]
    out += [float(hut is None), *_one_hot(track.hut_names.index(hut) if hut else None, 3)]
    hand = obs.get("hand")
    cards = hand["cards"] if hand else {}
    out += [cards.get(k, 0) / 21.0 for k in HELP_KINDS] + [float(hand is None)]
    out += _one_hot(PHASES.index(obs["phase"]), len(PHASES))
    out += _one_hot(ROLL_PURPOSES.index(obs["roll_for"]), len(ROLL_PURPOSES))
    out.append((obs["die"] or 0) / 6.0)
    out.append(float(obs["mabel_used"]))
    out += _one_hot(obs["help_plus"], 3)
    out += [
        obs["pending_mischief"] / 3.0,
        obs["pending_help"] / 2.0,
        float(obs["extra_turns"]),
        obs["carried_steps"] / 3.0,
        float(obs["draw_face_down"]),
    ]
    out.append(obs["help_deck"] / 21.0)
    out += [obs["help_discard"][k] / 21.0 for k in HELP_KINDS]
    out.append(obs["mischief_deck"] / 21.0)
    out += [obs["mischief_discard"][k] / 21.0 for k in MISCHIEF_KINDS]
    out += [obs["turns_taken"] / float(obs["turn_limit"]), float(obs["variant"] == "simple")]
    winner = obs["winner"]
    out += [*_one_hot(winner, n), float(obs["phase"] == "over" and winner is None)]
    return out


Part = tuple[str, int, str, str]


def _seat_parts(s: int) -> list[Part]:
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
        parts += _seat_parts(s)
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
        ("phase", len(PHASES), "one-hot", f"the phase: {', '.join(PHASES)}"),
        ("roll_for", len(ROLL_PURPOSES), "one-hot", "what the die is rolled for: nothing, move, back, waddles, hut"),
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
