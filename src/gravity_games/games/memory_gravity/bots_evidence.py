"""What the other seats' public lifts and keeps say about the tokens' numbers (the ``evidence`` setting).

A heuristic bot lifts the tokens it thinks carry its targets and keeps the best of the three it
felt, so who lifted and kept what is evidence, even without their readings. Each token gets a
feature from the other seats' public actions only (:func:`opponent_evidence`); self-play counted
how often a token with that feature carried each number (``data/evidence.toml``, fitted by
``scripts/fit_memory_gravity_evidence.py``), and the ratio P(number | feature) / P(number) weighs
the 120 orders of a colour beside the likelihood of the seat's own readings.
"""

from __future__ import annotations

import tomllib
from functools import cache
from importlib import resources
from typing import Any

from gravity_games.games.gravity_three.tokens import parse_token_label

from .data import NUM_TOKENS, TOKENS_PER_COLOUR

LIFTS_PER_TURN = 3
"""Every turn is three lifts, then a keep (the rulebook's step 1), so the public lifts split into turns."""


def _token_id(name: str) -> int:
    label = parse_token_label(name)
    if label is None:
        raise ValueError(f"{name!r} is not a token id; ids are K1-K5, G1-G5, R1-R5")
    return label[0] * TOKENS_PER_COLOUR + label[1] - 1


def opponent_evidence(obs: dict[str, Any]) -> list[str]:
    """Each token's feature from what the seats other than ``obs["seat"]`` did in public.

    ``k``: 0, or which keep of its keeper (1-3) took it, if another seat kept it; ``l``: how often
    other seats lifted it (up to 3); ``p``: how often another seat lifted it in a turn where it
    could keep its colour and kept another token instead (up to 2).
    """
    me = obs["seat"]
    lifts = [(entry["seat"], _token_id(entry["token"])) for entry in obs["lifts"]]
    kept = [[_token_id(name) for name in names] for names in obs["kept"]]
    kept_stage = [0] * NUM_TOKENS
    for seat, tokens in enumerate(kept):
        if seat != me:
            for index, token in enumerate(tokens):
                kept_stage[token] = index + 1
    lifted = [0] * NUM_TOKENS
    passed = [0] * NUM_TOKENS
    turns_done = [0] * len(kept)
    for start in range(0, len(lifts), LIFTS_PER_TURN):
        turn = lifts[start : start + LIFTS_PER_TURN]
        seat = turn[0][0]
        if seat == me:
            if len(turn) == LIFTS_PER_TURN:
                turns_done[seat] += 1
            continue
        for _, token in turn:
            lifted[token] += 1
        done = turns_done[seat]
        if len(turn) < LIFTS_PER_TURN or done >= len(kept[seat]):
            continue  # a turn still going on: no keep yet
        keep = kept[seat][done]
        held = {t // TOKENS_PER_COLOUR for t in kept[seat][:done]}
        for _, token in turn:
            if token != keep and token // TOKENS_PER_COLOUR not in held:
                passed[token] += 1
        turns_done[seat] += 1
    return [f"k{kept_stage[t]}l{min(lifted[t], 3)}p{min(passed[t], 2)}" for t in range(NUM_TOKENS)]


@cache
def evidence_ratios(players: int) -> dict[str, tuple[float, ...]]:
    """P(number | feature) / P(number) for each feature counted at ``players`` (``data/evidence.toml``).

    Counts get one pseudo-count per number, so a rare feature stays close to no evidence.
    """
    text = resources.files(__package__).joinpath("data", "evidence.toml").read_text(encoding="utf-8")
    table: dict[str, Any] = tomllib.loads(text).get("players", {}).get(str(players), {})
    ratios: dict[str, tuple[float, ...]] = {}
    for feature, counts in table.get("counts", {}).items():
        smoothed = [int(c) + 1 for c in counts]
        total = sum(smoothed)
        ratios[str(feature)] = tuple(5.0 * c / total for c in smoothed)
    return ratios
