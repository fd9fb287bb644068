"""What the other seats already hold, as evidence for the value of a combination and for the plan.

Two settings of the heuristic live here, both read only from the seat's own observation:

* ``holdings=1``: each opponent's final combination is drawn from what heuristic bots really end
  with (``data/opponents.toml``), colour by colour, avoiding the numbers this seat would hold (as
  ``blocked=1``) and weighed by how well it fits the tokens that opponent has already kept, as this
  seat believes them (its own readings of those tokens before they were kept). An opponent seen to
  keep a black and a grey 5 is likely on its way to 555: a 543 is then worth less, and the red 5,
  which blocks that, more. With no reading of an opponent's tokens this is ``blocked=1`` exactly.
* ``takes=1``: a number this seat wants in a colour may be kept by an opponent before this seat's
  next turn; the chance is the share of that number among the heuristic bots' final numbers, spread
  over the colours that opponent still needs. Heuristic bots hunt 5s and 4s, so a plan that needs
  them is worth a little less than one that needs 1s nobody else wants.
* ``plan=1``: the chance that a plan's target number in a colour is completed is what self-play
  found it to be (``data/plan.toml``, ``scripts/fit_memory_gravity_plan.py``), not the heuristic's
  own estimate (the sum of the two best-looking tokens' chances, capped at 0.95). Counted per stage
  (a keep with one or two colours still to come, a turn's first lift with one to three colours
  wanted), per target and per tenth of that estimate, with the numbers the seat ended with instead
  when it missed. The 1s it counts on come true more often than the heuristic thinks (nobody else
  wants them and a 1 is easy to tell), the 5s far less (the opponents hunt them too, and a 4 feels
  much like a 5). Counted at two seats only: where a player count has no table, ``plan=1`` keeps
  the heuristic's own estimate.
"""

from __future__ import annotations

import tomllib
from collections.abc import Sequence
from functools import cache
from importlib import resources
from itertools import permutations, product

import numpy as np

from .rules import combination_key

OURS: tuple[tuple[int, int, int], ...] = tuple((a, b, c) for a, b, c in product(range(1, 6), repeat=3))
"""Every three numbers a seat may end with, one per colour (black, grey, red), in a fixed order."""


@cache
def _opponent_rows(
    counts: tuple[tuple[str, int], ...], tie: float
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """The counted combinations spread over their colourings: (ways, prior weights, free, credit).

    ``ways[r]`` gives the opponent's number in each colour, ``prior[r]`` the count shared equally by
    the colourings of one combination, ``free[o, r]`` whether colouring ``r`` avoids the numbers of
    ``OURS[o]`` in every colour, ``credit[o, r]`` what ``OURS[o]`` scores against it (1 beats, ``tie``).
    """
    ways: list[tuple[int, ...]] = []
    prior: list[float] = []
    keys = []
    for text, n in counts:
        numbers = [int(ch) for ch in text]
        colourings = sorted(set(permutations(numbers)))
        key = combination_key(numbers)
        for way in colourings:
            ways.append(way)
            prior.append(n / len(colourings))
            keys.append(key)
    way_array = np.array(ways, dtype=np.int64)
    ours = np.array(OURS, dtype=np.int64)
    free = np.all(ours[:, None, :] != way_array[None, :, :], axis=2)
    credit = np.zeros((len(OURS), len(ways)))
    for o, ours_numbers in enumerate(OURS):
        mine = combination_key(ours_numbers)
        for r, key in enumerate(keys):
            credit[o, r] = 1.0 if key < mine else tie if key == mine else 0.0
    return way_array, np.array(prior), free, credit


def holdings_beat(
    counts: dict[str, int], tie: float, held: Sequence[Sequence[tuple[int, Sequence[float]]]]
) -> np.ndarray:
    """P(each of ``OURS`` beats each opponent): an array (opponents, 125).

    ``held[i]`` lists opponent i's kept tokens as (colour, this seat's belief over 1-5). A colouring
    of a counted combination is weighed by its prior and by the likelihood ratio of those beliefs
    (5 x the belief of the number it puts in that colour, 1 for an even belief).
    """
    ways, prior, free, credit = _opponent_rows(tuple(sorted(counts.items())), tie)
    result = np.ones((len(held), len(OURS)))
    for i, tokens in enumerate(held):
        weight = prior.copy()
        for colour, belief in tokens:
            weight = weight * (5.0 * np.asarray(belief))[ways[:, colour] - 1]
        weights = free * weight[None, :]
        total = weights.sum(axis=1)
        scored = (weights * credit).sum(axis=1)
        result[i] = np.where(total > 0.0, scored / np.where(total > 0.0, total, 1.0), 1.0)
    return result


@cache
def number_shares(counts: tuple[tuple[str, int], ...]) -> tuple[float, ...]:
    """The share of each number 1-5 among the counted combinations' numbers."""
    tally = [0.0] * 5
    for text, n in counts:
        for ch in text:
            tally[int(ch) - 1] += n
    total = sum(tally) or 1.0
    return tuple(t / total for t in tally)


BINS = 10
"""The tenths of the heuristic's own estimate that ``data/plan.toml`` counts completions in."""

PRIOR_GAMES = 4.0
"""Pseudo-games per bin at the heuristic's own estimate, so a sparse bin stays near it."""

CompletionTable = list[tuple[list[float], list[float]]]
"""Per target number 0-4: the completion chance at each bin's centre, and what a miss ends with."""


@cache
def completion_tables(players: int) -> dict[str, CompletionTable]:
    """The fitted completion chances of ``data/plan.toml`` at ``players``, per stage (``keep1`` ...)."""
    text = resources.files(__package__).joinpath("data", "plan.toml").read_text(encoding="utf-8")
    section = tomllib.loads(text).get("players", {}).get(str(players), {})
    tables: dict[str, CompletionTable] = {}
    for stage, targets in section.items():
        if not isinstance(targets, dict):
            continue
        table: CompletionTable = []
        for target in range(5):
            counted = targets.get(str(target + 1), {})
            games = counted.get("games", [0] * BINS)
            hits = counted.get("hits", [0] * BINS)
            rates = [
                (h + PRIOR_GAMES * (b + 0.5) / BINS) / (n + PRIOR_GAMES)
                for b, (n, h) in enumerate(zip(games, hits, strict=True))
            ]
            got = [0.0 if n == target else float(c) + 1.0 for n, c in enumerate(counted.get("got", [0] * 5))]
            total = sum(got)
            table.append((rates, [g / total for g in got]))
        tables[stage] = table
    return tables


def completion_dist(table: CompletionTable, target: int, estimate: float) -> list[float]:
    """The distribution of the number ending in a colour whose plan targets ``target``.

    The completion chance is read off the fitted bins at the heuristic's ``estimate`` (linear
    between bin centres); a miss ends with the other numbers as counted."""
    rates, misses = table[target]
    x = min(max(estimate * BINS - 0.5, 0.0), BINS - 1.0)
    low = int(x)
    high = min(low + 1, BINS - 1)
    hit = rates[low] + (rates[high] - rates[low]) * (x - low)
    dist = [(1.0 - hit) * m for m in misses]
    dist[target] = hit
    return dist


__all__ = ["OURS", "completion_dist", "completion_tables", "holdings_beat", "number_shares"]
