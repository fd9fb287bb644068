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
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from gravity_games.games.gravity_three.tokens import parse_token_label

from .data import NUM_TOKENS, TOKENS_PER_COLOUR

LIFTS_PER_TURN = 3
"""Every turn is three lifts, then a keep (the rulebook's step 1), so the public lifts split into turns."""


@cache
def _token_id(name: str) -> int:
    # cached: an observation names every lift afresh, at every decision of every playout
    label = parse_token_label(name)
    if label is None:
        raise ValueError(f"{name!r} is not a token id; ids are K1-K5, G1-G5, R1-R5")
    return label[0] * TOKENS_PER_COLOUR + label[1] - 1


@dataclass(frozen=True)
class FinishedTurn:
    """One turn another seat has finished: the tokens it lifted, the one it kept, the colours it held before."""

    seat: int
    lifted: tuple[int, ...]
    kept: int
    held: frozenset[int]


def _public_turns(obs: dict[str, Any]) -> tuple[list[list[tuple[int, int]]], list[list[int]]]:
    """The public lifts cut into turns of (seat, token), and every seat's kept tokens in order."""
    lifts = [(entry["seat"], _token_id(entry["token"])) for entry in obs["lifts"]]
    kept = [[_token_id(name) for name in names] for names in obs["kept"]]
    return [lifts[i : i + LIFTS_PER_TURN] for i in range(0, len(lifts), LIFTS_PER_TURN)], kept


def finished_turns(obs: dict[str, Any]) -> list[FinishedTurn]:
    """The turns the seats other than ``obs["seat"]`` have finished (lifted three and kept), in order."""
    me = obs["seat"]
    turns, kept = _public_turns(obs)
    turns_done = [0] * len(kept)
    finished: list[FinishedTurn] = []
    for turn in turns:
        seat = turn[0][0]
        done = turns_done[seat]
        if len(turn) < LIFTS_PER_TURN or done >= len(kept[seat]):
            continue  # a turn still going on: no keep yet
        turns_done[seat] += 1
        if seat != me:
            held = frozenset(t // TOKENS_PER_COLOUR for t in kept[seat][:done])
            finished.append(FinishedTurn(seat, tuple(token for _, token in turn), kept[seat][done], held))
    return finished


def opponent_evidence(obs: dict[str, Any]) -> list[str]:
    """Each token's feature from what the seats other than ``obs["seat"]`` did in public.

    ``k``: 0, or which keep of its keeper (1-3) took it, if another seat kept it; ``l``: how often
    other seats lifted it (up to 3); ``p``: how often another seat lifted it in a turn where it
    could keep its colour and kept another token instead (up to 2).
    """
    me = obs["seat"]
    turns, kept = _public_turns(obs)
    kept_stage = [0] * NUM_TOKENS
    for seat, tokens in enumerate(kept):
        if seat != me:
            for index, token in enumerate(tokens):
                kept_stage[token] = index + 1
    lifted = [0] * NUM_TOKENS
    for turn in turns:
        if turn[0][0] != me:
            for _, token in turn:
                lifted[token] += 1
    passed = [0] * NUM_TOKENS
    for finished in finished_turns(obs):
        for token in finished.lifted:
            if token != finished.kept and token // TOKENS_PER_COLOUR not in finished.held:
                passed[token] += 1
    return [f"k{kept_stage[t]}l{min(lifted[t], 3)}p{min(passed[t], 2)}" for t in range(NUM_TOKENS)]


def kept_over(obs: dict[str, Any]) -> list[tuple[int, int]]:
    """(kept, passed) pairs of one colour: another seat lifted both in a turn and kept the first.

    A heuristic bot keeps the best of what it felt, so the kept token's number is likely better for
    it than the passed one's; per-token features cannot say that the two are ordered (``pairs``).
    """
    return [
        (finished.kept, token)
        for finished in finished_turns(obs)
        for token in finished.lifted
        if token != finished.kept and token // TOKENS_PER_COLOUR == finished.kept // TOKENS_PER_COLOUR
    ]


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


@cache
def pair_ratios(players: int) -> tuple[tuple[float, ...], ...]:
    """P(kept n, passed m | kept over) / P(n, m) for two tokens of one colour (``data/evidence.toml``).

    Row: the kept token's number - 1, column: the passed one's. Two tokens of a colour never carry
    the same number, so the diagonal is 0; each other cell gets one pseudo-count. Without counts
    for ``players`` every ratio is 1 (no evidence).
    """
    text = resources.files(__package__).joinpath("data", "evidence.toml").read_text(encoding="utf-8")
    table: dict[str, Any] = tomllib.loads(text).get("players", {}).get(str(players), {})
    counts = table.get("pairs", {}).get("counts", [[0] * 5 for _ in range(5)])
    smoothed = [[0 if a == b else int(counts[a][b]) + 1 for b in range(5)] for a in range(5)]
    total = sum(map(sum, smoothed))
    return tuple(tuple(20.0 * c / total for c in row) for row in smoothed)
