"""The Memory × Gravity heuristic's per-decision arithmetic, as plain functions mypyc compiles.

The agent class (``bots.HeuristicAgent``, found by its class attributes) stays interpreted in
``bots.py``; what it runs at every decision, and so at every move of every hint playout, lives
here: the tokens' beliefs from the orders' weights, the expected utility of three distributions
and the search over a plan's target numbers. Plain functions, no closures (mypyc 2.4.1 crashes on
closures in a non-native class's methods); the arithmetic is the interpreted code's, operation for
operation and in the same order, so the floats and the chosen moves are the same compiled or not.
"""

from __future__ import annotations

import math
from itertools import product

from .bots_plan import CompletionTable, completion_dist
from .data import PERMUTATIONS, TOKENS_PER_COLOUR

Dist = list[float]


def colour_beliefs(weights: list[float]) -> list[Dist]:
    """Each token of one colour's distribution over the numbers 1-5 (index 0-4), from the weights
    of the colour's 120 orders."""
    total = sum(weights)
    perms = PERMUTATIONS  # a local: an imported module global is looked up by name at every use
    count = len(weights)
    result: list[Dist] = []
    for pos in range(TOKENS_PER_COLOUR):
        # Five local sums (unboxed floats in compiled code, where a list cell would box each
        # addition); each adds the orders' weights in order, as the list cells did.
        d1 = d2 = d3 = d4 = d5 = 0.0
        for i in range(count):
            number = perms[i][pos]
            w = weights[i]
            if number == 1:
                d1 += w
            elif number == 2:
                d2 += w
            elif number == 3:
                d3 += w
            elif number == 4:
                d4 += w
            else:
                d5 += w
        result.append([d1 / total, d2 / total, d3 / total, d4 / total, d5 / total])
    return result


def weigh_orders(
    weights: list[float],
    known: list[tuple[int, tuple[float, ...]]],
    pairs: list[tuple[int, int]],
    pair_table: tuple[tuple[float, ...], ...],
) -> list[float]:
    """The weights of a colour's 120 orders, each times the ratio ``r[n - 1]`` of the number ``n`` it
    puts at each ``(position, r)`` of ``known``, then times ``pair_table[a - 1][b - 1]`` for each pair
    of positions of ``pairs`` to which it gives the numbers ``a`` and ``b``; the weights unchanged if
    every product is 0."""
    perms = PERMUTATIONS
    out: list[float] = []
    total = 0.0
    for i in range(len(weights)):
        w = weights[i]
        perm = perms[i]
        for pos, ratios in known:
            w *= ratios[perm[pos] - 1]
        for first, second in pairs:
            w *= pair_table[perm[first] - 1][perm[second] - 1]
        out.append(w)
        total += w
    return out if total > 0.0 else weights


def entropy(dist: Dist) -> float:
    """The entropy of a distribution (nats), terms below 1e-12 left out."""
    return -sum(p * math.log(p) for p in dist if p > 1e-12)


def flat_utility(utility: dict[tuple[int, int, int], float]) -> list[float]:
    """``utility`` as a list indexed by ``25 * (a - 1) + 5 * (b - 1) + (c - 1)``: the same values,
    read without building a tuple key in the innermost loop."""
    return [utility[(i + 1, j + 1, k + 1)] for i in range(5) for j in range(5) for k in range(5)]


def expected_utility(dists: list[Dist], utility: list[float]) -> float:
    """The expected utility of three independent distributions (black, grey, red), ``utility``
    from :func:`flat_utility`; products below 1e-9 are skipped as the interpreted code did."""
    a, b, c = dists
    total = 0.0
    for i in range(5):
        pa = a[i]
        if pa < 1e-9:
            continue
        for j in range(5):
            pab = pa * b[j]
            if pab < 1e-9:
                continue
            base = 25 * i + 5 * j
            for k in range(5):
                total += pab * c[k] * utility[base + k]
    return total


def _by_colour(colours: list[int], dists: list[Dist]) -> list[Dist]:
    # sorted(zip(colours, dists), key=first): a stable sort on the colour alone, without a lambda.
    order = sorted(range(len(colours)), key=colours.__getitem__)
    return [dists[i] for i in order]


def best_plan(
    fixed: list[Dist],
    future: list[list[float]],
    colours: list[int] | None,
    table: CompletionTable | None,
    utility: dict[tuple[int, int, int], float],
) -> tuple[float, tuple[int, ...]]:
    """The best targets (a number 0-4 per ``future`` colour) and their expected utility, the first
    best in ``product`` order; a target hits with its colour's chance, or (``table``, from
    ``plan=1``) by the fitted completion chances."""
    flat = flat_utility(utility)
    best_value, best = -1.0, tuple(0 for _ in future)
    for targets in product(range(5), repeat=len(future)):
        dists = list(fixed)
        for n in range(len(future)):
            chances, target = future[n], targets[n]
            if table is None:
                hit = chances[target]
                miss = (1.0 - hit) / 4.0
                dists.append([hit if m == target else miss for m in range(5)])
            else:
                dists.append(completion_dist(table, target, chances[target]))
        if colours is not None:
            dists = _by_colour(colours, dists)
        value = expected_utility(dists, flat)
        if value > best_value:
            best_value, best = value, targets
    return max(best_value, 0.0), best


def top_chances(beliefs: list[Dist], table: list[int], reach: int) -> list[float]:
    """For each number, the chance that one of the ``reach`` likeliest of ``table``'s tokens
    carries it (capped at 0.95): exactly one token of a colour carries each number."""
    chances = []
    for number in range(5):
        best = sorted((beliefs[t][number] for t in table), reverse=True)[:reach]
        chances.append(min(0.95, sum(best)))
    return chances


__all__ = ["Dist", "best_plan", "colour_beliefs", "entropy", "expected_utility", "flat_utility", "top_chances"]
