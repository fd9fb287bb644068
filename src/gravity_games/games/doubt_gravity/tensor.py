"""The observation tensor: a flat, fixed-length encoding of one seat's observation.

It is computed from the observation dict itself, so it holds exactly what the seat sees: equal
observations give equal tensors, and every field of the observation has its slots.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from gravity_games.core.api import CHANCE
from gravity_games.games.gravity_three import DIE_FACES

from .data import COLOUR_LETTERS
from .ids import PHASE_NAMES, SAID_WORDS, TOKENS

_WHERE = ("seat 0", "seat 1", "seat 2", "stack", "out", "removed", "unused")
_TOKEN_WIDTH = len(_WHERE) + 6 + 1 + 1 + 3 + 1  # where, number (5 + unknown), revealed, in-stack, owner, height
_ROUND_WIDTH = 3 + 5 + 1 + TOKENS * 5 + 3 * 3 + 4  # first, designated, G, per token, said, taker
_HEAD_WIDTH = len(PHASE_NAMES) + 5 + 1 + 4 + 7 + 6 + 3 * 4 + 3 * 4 + 4 + 3 + 1 + 3 * 3 + 4 + 3 + 3 + 3 * 7
_READING_WIDTH = 2 + TOKENS


def observation_tensor_size(max_rounds: int) -> int:
    return _HEAD_WIDTH + TOKENS * _TOKEN_WIDTH + max_rounds * (_ROUND_WIDTH + _READING_WIDTH)


def _one_hot(out: list[float], index: int | None, width: int) -> None:
    """Append ``width`` slots with a 1 at ``index`` (None or out of range: all zero)."""
    block = [0.0] * width
    if index is not None and 0 <= index < width:
        block[index] = 1.0
    out.extend(block)


def encode_observation(obs: Mapping[str, Any]) -> list[float]:
    """A flat, fixed-length encoding of an observation (everything in it, nothing else)."""
    out: list[float] = []
    max_rounds = int(obs["max_rounds"])
    letters = COLOUR_LETTERS
    _one_hot(out, PHASE_NAMES.index(obs["phase"]), len(PHASE_NAMES))
    to_act = obs["to_act"]
    _one_hot(out, to_act if to_act >= 0 else (3 if to_act == CHANCE else 4), 5)
    out.append(obs["round"] / max_rounds)
    _one_hot(out, obs["first_player"] if obs["first_player"] is not None else 3, 4)
    die = obs["die"]
    _one_hot(out, DIE_FACES.index(die) if die is not None else 6, 7)
    _one_hot(out, obs["designated"] - 1 if obs["designated"] else 5, 6)
    for key in ("colours", "extra_colours"):
        values = list(obs[key]) + [None] * (3 - len(obs[key]))
        for c in values:
            _one_hot(out, letters.index(c) if c is not None else 3, 4)
    _one_hot(out, obs["doubt_card"] if obs["doubt_card"] is not None else 3, 4)
    counts = list(obs["hand_counts"]) + [0] * (3 - len(obs["hand_counts"]))
    out.extend(c / 12.0 for c in counts)
    out.append(obs["placed_this_turn"] / 12.0)
    said = [2] * 3
    for s, word in obs["said"]:
        said[s] = SAID_WORDS.index(word)
    for w in said:
        _one_hot(out, w, 3)
    _one_hot(out, obs["viewer"] if obs["viewer"] is not None else 3, 4)
    winners = obs.get("winners", [])
    out.extend(1.0 if s in winners else 0.0 for s in range(3))
    rolloff = obs["rolloff"] or {"contenders": [], "rolls": []}
    out.extend(1.0 if s in rolloff["contenders"] else 0.0 for s in range(3))
    rolls = list(rolloff["rolls"]) + [None] * (3 - len(rolloff["rolls"]))
    for face in rolls:
        _one_hot(out, face if face is not None else 6, 7)
    # Tokens, by id (absent ids are still in the box: all zero).
    by_id = {t["id"]: t for t in obs["tokens"]}
    heights = {t["id"]: (i, t["owner"]) for i, t in enumerate(obs["stack"])}
    for p in range(TOKENS):
        tok = by_id.get(p)
        if tok is None:
            out.extend([0.0] * _TOKEN_WIDTH)
            continue
        _one_hot(out, _WHERE.index(tok["where"]), len(_WHERE))
        _one_hot(out, tok["number"] - 1 if tok["number"] is not None else 5, 6)
        out.append(1.0 if tok["revealed"] else 0.0)
        height, owner = heights.get(p, (None, None))
        out.append(0.0 if height is None else 1.0)
        _one_hot(out, owner, 3)
        out.append(0.0 if height is None else (height + 1) / TOKENS)
    # Finished rounds, one block each.
    rounds = obs["rounds"]
    for r in range(max_rounds):
        if r >= len(rounds):
            out.extend([0.0] * _ROUND_WIDTH)
            continue
        info = rounds[r]
        _one_hot(out, info["first"], 3)
        _one_hot(out, info["designated"] - 1, 5)
        out.append(1.0 if info["die"] == "G" else 0.0)
        block = [0.0] * (TOKENS * 5)
        for height, (p, owner) in enumerate(info["stack"]):
            block[p * 5] = (height + 1) / TOKENS
            block[p * 5 + 1 + owner] = 1.0
        for p in info["revealed"]:
            block[p * 5 + 4] = 1.0
        out.extend(block)
        said = [2] * 3
        for s, word in info["said"]:
            said[s] = SAID_WORDS.index(word)
        for w in said:
            _one_hot(out, w, 3)
        _one_hot(out, info["taker"] if info["taker"] is not None else 3, 4)
    # The viewer's own readings, one slot per round.
    slots: list[list[float]] = [[0.0] * _READING_WIDTH for _ in range(max_rounds)]
    for reading in obs.get("readings", []):
        slot = slots[reading["round"] - 1]
        slot[0] = 1.0
        slot[1] = reading["level"] / 320.0
        for p in reading["stack"]:
            slot[2 + p] = 1.0
    for slot in slots:
        out.extend(slot)
    return out
