"""The Gravwell observation tensor: its encoding and its named parts.

:func:`observation_tensor` flattens one seat's observation (``observation(seat)``, never the state, so
equal views give equal tensors); :func:`observation_tensor_layout` names its parts in the same order
and sizes (``tests/interop/test_tensor_layout.py`` checks that they add up and that one-hot parts and
flags hold only 0s and 1s along real games).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from gravity_games.core.api import Game, TensorPart, tensor_layout
from gravity_games.games.gravwell.data import load_data
from gravity_games.games.gravwell.state import PHASES, ROUNDS, STAGE_NAMES, Result
from gravity_games.games.gravwell.tables import TYPE_NAMES, Tables

MOD_FLAGS = (
    "stop", "boost", "reverse", "trim", "swap", "waypoint", "echo", "flail", "dynamo", "invert", "redirect", "jam",
)  # fmt: skip
"""The modifiers a card can carry, one flag each (``boost+2`` and ``trim-1`` count as boost, trim)."""
REASONS = tuple(r.value for r in Result if r.value)
"""How a game can end, one flag each."""
SHIP_SLOTS = 6
"""The ships one-hot: the data holds exactly six ships."""
MAX_HAND = 9.0
"""The most cards a hand holds (three mined stacks): the hand size is scaled by it."""
MAX_VALUE = 20.0
"""The card value is scaled by this."""


def observation_tensor_size(players: int, cards: int) -> int:
    """The length of the tensor for ``players`` seats and ``cards`` Fuel Cards (the layout's sum)."""
    n = players
    per_seat = SHIP_SLOTS + 4 + 4 + 3 + 4 + 1 + 2 * cards
    return (
        2 + len(STAGE_NAMES) + (n + 1) + 2 + n * per_seat + n + (n + 1) + len(MOD_FLAGS) + len(TYPE_NAMES) + 1
        + 2 * n * (cards + 2) + 2 * cards + n + n + n + 2 * n * n + len(REASONS) + cards
    )  # fmt: skip


def observation_tensor(obs: Mapping[str, Any], t: Tables) -> list[float]:
    """Flatten one observation into ``observation_tensor_size`` floats (sized by the player count ``n``).

    Layout: round, phase; stage one-hot; seat to act (n + 1, last = nobody); junk; per seat: ship
    one-hot, start, position, in gate, distance, 4 charged flags, hand size, chosen, cloaked, shielded,
    coasting, latching, delayed, last phase's card (index scalar), revealed card one-hot, known cards;
    place in the resolution order; resolving seat (n + 1); modifier flags; card type one-hot and value;
    2n stacks (face-up cards, face-down present, taken); own hand, own face-down card; own seat;
    drag choices; winners; mining order (2n x n); result; discard pile.
    """
    n_cards = len(t.symbols)
    n = t.players
    idx = t.symbol_index
    L = float(t.length)
    v: list[float] = [obs["round"] / ROUNDS, obs["phase"] / PHASES]

    def one_hot(k: int | None, size: int) -> list[float]:
        out = [0.0] * size
        if k is not None and 0 <= k < size:
            out[k] = 1.0
        return out

    def card_bits(symbols: list[str]) -> list[float]:
        out = [0.0] * n_cards
        for s in symbols:
            if s is not None:
                out[idx[s]] = 1.0
        return out

    v += one_hot(STAGE_NAMES.index(obs["stage"]), len(STAGE_NAMES))
    v += one_hot(obs["to_act"] if obs["to_act"] is not None else n, n + 1)
    v += [j / L for j in obs["junk"]]
    for sh in obs["ships"]:
        ship_k = t.ship_names.index(sh["ship"]) if sh["ship"] is not None else None
        v += one_hot(ship_k, SHIP_SLOTS)
        v += [1.0 if sh["start"] == "outer" else 0.0, sh["position"] / L, float(sh["in_gate"]), sh["to_goal"] / L]
        v += [float(x) for x in sh["charged"]]
        v += [sh["hand_size"] / MAX_HAND, float(sh["has_chosen"]), float(sh["cloaked"])]
        v += [float(sh["shielded"]), float(sh["coasting"]), float(sh["latching"]), float(sh["delayed"])]
        v.append((idx[sh["last_card"]] + 1) / n_cards if sh["last_card"] else 0.0)
        v += card_bits([sh["card"]] if sh["card"] else [])
        v += card_bits(sh["known_cards"])
    order = obs["resolution_order"]
    v += [(order.index(s) + 1) / n if s in order else 0.0 for s in range(n)]
    v += one_hot(obs["resolving"] if obs["resolving"] is not None else n, n + 1)
    mods = obs["modifiers"]
    v += [1.0 if any(m.startswith(f) for m in mods) else 0.0 for f in MOD_FLAGS]
    v += one_hot(TYPE_NAMES.index(obs["card_type"]) if obs["card_type"] else None, len(TYPE_NAMES))
    v.append((obs["card_value"] or 0) / MAX_VALUE)
    stacks = obs["stacks"]
    for k in range(2 * n):
        if k < len(stacks):
            st = stacks[k]
            v += card_bits([c for c in st["face_up"] if c])
            v += [float(st["face_down"]), float(st["taken_by"] is not None)]
        else:
            v += [0.0] * (n_cards + 2)
    v += card_bits(obs.get("my_hand", []))
    v += card_bits([obs["my_card"]] if obs.get("my_card") else [])
    v += one_hot(obs.get("seat"), n)
    drag = obs["drag_choices"]
    v += [1.0 if s in drag else 0.0 for s in range(n)]
    v += [1.0 if s in obs["winners"] else 0.0 for s in range(n)]
    mining = obs["mining_order"]
    for i in range(2 * n):
        v += one_hot(mining[i] if i < len(mining) else None, n)
    v += [1.0 if obs["result"] == r else 0.0 for r in REASONS]
    v += card_bits(obs["discards"])
    return v


Part = tuple[str, int, str, str]


def _ship(s: int, cards: int) -> list[Part]:
    return [
        (f"ship[{s}].ship", SHIP_SLOTS, "one-hot", "which ship this seat flies"),
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
    n = game.players
    cards = len(load_data(game.params["data"]).cards)
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
