"""The observation tensor: a flat, fixed-length encoding of one seat's observation, and its layout.

It is computed from the observation dict itself, so it holds exactly what the seat sees: equal
observations give equal tensors, and every field of the observation has its slots.
:func:`observation_tensor_layout` names the parts in the encoder's order, slot by slot;
``tests/interop/test_tensor_layout.py`` checks that they add up to the tensor's length and that
every one-hot part and flag holds only 0s and 1s along real games.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from gravity_games.core.api import CHANCE, Game, TensorPart, tensor_layout
from gravity_games.games.gravity_three import DIE_FACES
from gravity_games.games.gravity_three.tensor import PartRow, append_one_hot
from gravity_games.games.gravity_three.tokens import COLOUR_LETTERS

from .state import PHASE_NAMES, SAID_WORDS, TOKEN_COUNT

_WHERE = ("seat 0", "seat 1", "seat 2", "stack", "out", "removed", "unused")
_TOKEN_WIDTH = len(_WHERE) + 6 + 1 + 1 + 3 + 1  # where, number (5 + unknown), revealed, in-stack, owner, height
_ROUND_WIDTH = 3 + 5 + 1 + TOKEN_COUNT * 5 + 3 * 3 + 4  # first, designated, G, per token, said, taker
_HEAD_WIDTH = len(PHASE_NAMES) + 5 + 1 + 4 + 7 + 6 + 3 * 4 + 3 * 4 + 4 + 3 + 1 + 3 * 3 + 4 + 3 + 3 + 3 * 7
_READING_WIDTH = 2 + TOKEN_COUNT


def observation_tensor_size(max_rounds: int) -> int:
    """The tensor's length for a game of at most ``max_rounds`` rounds."""
    return _HEAD_WIDTH + TOKEN_COUNT * _TOKEN_WIDTH + max_rounds * (_ROUND_WIDTH + _READING_WIDTH)


def encode_observation(obs: Mapping[str, Any]) -> list[float]:
    """A flat, fixed-length encoding of an observation (everything in it, nothing else)."""
    out: list[float] = []
    max_rounds = int(obs["max_rounds"])
    letters = COLOUR_LETTERS
    append_one_hot(out, PHASE_NAMES.index(obs["phase"]), len(PHASE_NAMES))
    to_act = obs["to_act"]
    append_one_hot(out, to_act if to_act >= 0 else (3 if to_act == CHANCE else 4), 5)
    out.append(obs["round"] / max_rounds)
    append_one_hot(out, obs["first_player"] if obs["first_player"] is not None else 3, 4)
    die = obs["die"]
    append_one_hot(out, DIE_FACES.index(die) if die is not None else 6, 7)
    append_one_hot(out, obs["designated"] - 1 if obs["designated"] else 5, 6)
    for key in ("colours", "extra_colours"):
        values = list(obs[key]) + [None] * (3 - len(obs[key]))
        for c in values:
            append_one_hot(out, letters.index(c) if c is not None else 3, 4)
    append_one_hot(out, obs["doubt_card"] if obs["doubt_card"] is not None else 3, 4)
    counts = list(obs["hand_counts"]) + [0] * (3 - len(obs["hand_counts"]))
    out.extend(c / 12.0 for c in counts)
    out.append(obs["placed_this_turn"] / 12.0)
    said = [2] * 3
    for s, word in obs["said"]:
        said[s] = SAID_WORDS.index(word)
    for w in said:
        append_one_hot(out, w, 3)
    append_one_hot(out, obs["viewer"] if obs["viewer"] is not None else 3, 4)
    winners = obs.get("winners", [])
    out.extend(1.0 if s in winners else 0.0 for s in range(3))
    rolloff = obs["rolloff"] or {"contenders": [], "rolls": []}
    out.extend(1.0 if s in rolloff["contenders"] else 0.0 for s in range(3))
    rolls = list(rolloff["rolls"]) + [None] * (3 - len(rolloff["rolls"]))
    for face in rolls:
        append_one_hot(out, face if face is not None else 6, 7)
    # Tokens, by id (absent ids are still in the box: all zero).
    by_id = {t["id"]: t for t in obs["tokens"]}
    heights = {t["id"]: (i, t["owner"]) for i, t in enumerate(obs["stack"])}
    for p in range(TOKEN_COUNT):
        tok = by_id.get(p)
        if tok is None:
            out.extend([0.0] * _TOKEN_WIDTH)
            continue
        append_one_hot(out, _WHERE.index(tok["where"]), len(_WHERE))
        append_one_hot(out, tok["number"] - 1 if tok["number"] is not None else 5, 6)
        out.append(1.0 if tok["revealed"] else 0.0)
        height, owner = heights.get(p, (None, None))
        out.append(0.0 if height is None else 1.0)
        append_one_hot(out, owner, 3)
        out.append(0.0 if height is None else (height + 1) / TOKEN_COUNT)
    # Finished rounds, one block each.
    rounds = obs["rounds"]
    for r in range(max_rounds):
        if r >= len(rounds):
            out.extend([0.0] * _ROUND_WIDTH)
            continue
        info = rounds[r]
        append_one_hot(out, info["first"], 3)
        append_one_hot(out, info["designated"] - 1, 5)
        out.append(1.0 if info["die"] == "G" else 0.0)
        block = [0.0] * (TOKEN_COUNT * 5)
        for height, (p, owner) in enumerate(info["stack"]):
            block[p * 5] = (height + 1) / TOKEN_COUNT
            block[p * 5 + 1 + owner] = 1.0
        for p in info["revealed"]:
            block[p * 5 + 4] = 1.0
        out.extend(block)
        said = [2] * 3
        for s, word in info["said"]:
            said[s] = SAID_WORDS.index(word)
        for w in said:
            append_one_hot(out, w, 3)
        append_one_hot(out, info["taker"] if info["taker"] is not None else 3, 4)
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


# -- the layout ------------------------------------------------------------------------


def _head() -> list[PartRow]:
    parts: list[PartRow] = [
        ("phase", len(PHASE_NAMES), "one-hot", f"the phase: {', '.join(PHASE_NAMES)}"),
        ("to_act", 5, "one-hot", "seat 0-2 to act, then chance, then nobody"),
        ("round", 1, "scaled", "round / max_rounds"),
        ("first_player", 4, "one-hot", "seat 0-2, or not yet known"),
        ("die", 7, "one-hot", "the die's face (six faces), or not rolled"),
        ("designated", 6, "one-hot", "designated number 1-5, or none"),
    ]
    parts += [(f"colours[{i}]", 4, "one-hot", "a colour in play (three colours), or none") for i in range(3)]
    parts += [(f"extra_colours[{i}]", 4, "one-hot", "an extra colour, or none") for i in range(3)]
    parts += [
        ("doubt_card", 4, "one-hot", "seat holding the doubt card, or nobody"),
        ("hand_counts", 3, "scaled", "tokens in each seat's hand / 12"),
        ("placed_this_turn", 1, "scaled", "tokens placed this turn / 12"),
    ]
    parts += [(f"said[{s}]", 3, "one-hot", "what a seat said: correct, doubt, or nothing yet") for s in range(3)]
    parts += [
        ("viewer", 4, "one-hot", "the observing seat, or the spectator"),
        ("winners", 3, "flags", "seats that won"),
        ("rolloff_contenders", 3, "flags", "seats still in the roll-off"),
    ]
    parts += [(f"rolloff_rolls[{s}]", 7, "one-hot", "a seat's roll-off face, or none") for s in range(3)]
    return parts


def _token(p: int) -> list[PartRow]:
    parts: list[PartRow] = [
        (f"token[{p}].where", len(_WHERE), "one-hot", f"where the token (by id) is: {', '.join(_WHERE)}"),
        (f"token[{p}].number", 6, "one-hot", "its number 1-5, or unknown to the viewer"),
        (f"token[{p}].revealed", 1, "flags", "its number is shown to all"),
        (f"token[{p}].in_stack", 1, "flags", "it is in the stack"),
        (f"token[{p}].owner", 3, "one-hot", "the seat that placed it in the stack"),
        (f"token[{p}].height", 1, "scaled", "its height in the stack / 15"),
    ]
    assert sum(part[1] for part in parts) == _TOKEN_WIDTH
    return parts


def _round(r: int) -> list[PartRow]:
    parts: list[PartRow] = [
        (f"round[{r}].first", 3, "one-hot", "who began that finished round"),
        (f"round[{r}].designated", 5, "one-hot", "its designated number"),
        (f"round[{r}].die_g", 1, "flags", "its die showed G"),
    ]
    for p in range(TOKEN_COUNT):
        parts += [
            (f"round[{r}].token[{p}].height", 1, "scaled", "height in that round's stack / 15"),
            (f"round[{r}].token[{p}].owner", 3, "one-hot", "who placed it"),
            (f"round[{r}].token[{p}].revealed", 1, "flags", "revealed that round"),
        ]
    parts += [(f"round[{r}].said[{s}]", 3, "one-hot", "what a seat said") for s in range(3)]
    parts.append((f"round[{r}].taker", 4, "one-hot", "who took the stack, or nobody"))
    assert sum(part[1] for part in parts) == _ROUND_WIDTH
    return parts


def _reading(r: int) -> list[PartRow]:
    return [
        (f"reading[{r}].taken", 1, "flags", "the viewer read the stack that round"),
        (f"reading[{r}].level", 1, "scaled", "the scale's level / 320"),
        (f"reading[{r}].tokens", _READING_WIDTH - 2, "flags", "the tokens on the scale"),
    ]


def observation_tensor_layout(game: Game) -> tuple[TensorPart, ...]:
    """Head, the 15 tokens by id, one block per possible round, then the viewer's readings."""
    max_rounds = int(game.params["max_rounds"])
    parts = _head()
    for p in range(TOKEN_COUNT):
        parts += _token(p)
    for r in range(max_rounds):
        parts += _round(r)
    for r in range(max_rounds):
        parts += _reading(r)
    return tensor_layout(parts)
