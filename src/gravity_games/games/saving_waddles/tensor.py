"""The flat observation tensor: a fixed-length encoding computed from ``observation(seat)`` only.

Because it reads nothing but the observation dict, equal observations always give equal
tensors and nothing hidden can slip in. Layout (n = players):

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

from typing import TYPE_CHECKING, Any

from .data import HELP_KINDS, HEROES, MISCHIEF_KINDS, SLOTS

if TYPE_CHECKING:
    from .rules import SavingWaddlesGame

_PHASES = (
    "setup_path",
    "setup_hut",
    "setup_heroes",
    "start",
    "roll",
    "adjust",
    "mischief_choice",
    "mischief_draw",
    "help_draw",
    "discard",
    "end",
    "over",
)
_ROLL_FOR = (None, "move", "back", "waddles", "hut")
PER_SEAT = 18


def tensor_size(game: SavingWaddlesGame) -> int:
    n = game.players
    return n * PER_SEAT + 2 + SLOTS * 8 + 4 + 6 + 12 + 5 + 1 + 1 + 3 + 5 + 1 + 5 + 1 + 6 + 2 + n + 1


def _one_hot(index: int | None, size: int) -> list[float]:
    v = [0.0] * size
    if index is not None and 0 <= index < size:
        v[index] = 1.0
    return v


def encode(obs: dict[str, Any], game: SavingWaddlesGame) -> list[float]:
    track = game.track
    length = float(track.length)
    out: list[float] = []
    n = game.players
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
    out += _one_hot(_PHASES.index(obs["phase"]), len(_PHASES))
    out += _one_hot(_ROLL_FOR.index(obs["roll_for"]), len(_ROLL_FOR))
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
