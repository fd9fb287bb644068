"""A heuristic Memory × Gravity player that reasons only from its own observation.

Beliefs: for each colour, the 120 orders of the numbers under its tokens are weighed by the
likelihood of this seat's own readings (the same perception model that plays), giving each token a
distribution over its number. Kept tokens stay hidden, so their beliefs come from the readings too.

Value: the chance that a combination beats every opponent holding a random combination, taken from
the ranking table (an equal one counting ``tie``, a half by default). With ``fitted=1`` each opponent
holds instead a combination drawn from what heuristic bots really ended with, counted by self-play
(``data/opponents.toml``, ``scripts/count_memory_gravity_combinations.py``): far stronger than random
numbers (543 and 554 are their commonest), which makes only triples and 543 safe. A plan gives
each colour not yet kept a target number; a target is found with the probability that one of the two
best-looking tokens of that colour carries it.

Lift: the token most likely to carry its colour's target (a small bonus for uncertain tokens, since a
reading of them tells the most). Keep: the assessed token whose kept number gives the best plan value.
"""

from __future__ import annotations

import math
import tomllib
from functools import cache
from importlib import resources
from itertools import product
from typing import Any

from gravity_games.core.agent import Agent, SeatView
from gravity_games.core.api import Game, InvalidParameterError
from gravity_games.games.gravity_three.tokens import parse_token_label

from .data import PERMUTATIONS, TOKENS_PER_COLOUR
from .rules import MemoryGravityGame, combination_key, permutation_weights
from .state import KEEP_BASE

Dist = list[float]


def _beat_random_table() -> dict[tuple[int, int, int], float]:
    """P(a combination beats one opponent whose three numbers are uniform), ties counting half."""
    triples = [(a, b, c) for a in range(1, 6) for b in range(1, 6) for c in range(1, 6)]
    keys = sorted(combination_key(t) for t in triples)
    table: dict[tuple[int, int, int], float] = {}
    for t in triples:
        k = combination_key(t)
        below = sum(1 for other in keys if other < k)
        equal = sum(1 for other in keys if other == k)
        table[t] = (below + 0.5 * equal) / len(keys)
    return table


BEAT_RANDOM = _beat_random_table()


def _tie_weighted(tie: float) -> dict[tuple[int, int, int], float]:
    """:data:`BEAT_RANDOM` with an equal combination counting ``tie`` instead of a half."""
    triples = list(product(range(1, 6), repeat=3))
    return beat_table({"".join(map(str, t)): 1 for t in triples}, tie)


@cache
def heuristic_combinations(players: int) -> dict[str, int]:
    """How often heuristic bots ended with each combination at ``players`` (``data/opponents.toml``)."""
    text = resources.files(__package__).joinpath("data", "opponents.toml").read_text(encoding="utf-8")
    table: dict[str, Any] = tomllib.loads(text).get("players", {}).get(str(players), {})
    return {str(k): int(v) for k, v in table.get("combinations", {}).items()}


def beat_table(counts: dict[str, int], tie: float) -> dict[tuple[int, int, int], float]:
    """P(a combination beats one opponent whose combination is drawn from ``counts``), an equal one counting ``tie``."""
    total = sum(counts.values())
    opponents = [(combination_key([int(ch) for ch in text]), n) for text, n in counts.items()]
    table: dict[tuple[int, int, int], float] = {}
    for a, b, c in product(range(1, 6), repeat=3):
        t = (a, b, c)
        k = combination_key(t)
        below = sum(n for other, n in opponents if other < k)
        equal = sum(n for other, n in opponents if other == k)
        table[t] = (below + tie * equal) / total
    return table


class HeuristicAgent(Agent):
    """Lifts what its plan needs and keeps the token with the best expected combination."""

    name = "heuristic"

    def __init__(self, game: Game, seat: int, seed: int, **settings: Any) -> None:
        unknown = sorted(set(settings) - {"explore", "power", "reach", "fitted", "tie"})
        if unknown:
            raise InvalidParameterError(
                f"agent 'heuristic' has no setting {', '.join(unknown)}; "
                "its settings: explore, power, reach, fitted, tie"
            )
        super().__init__(game, seat, seed, **settings)
        assert isinstance(game, MemoryGravityGame)
        self.model = game.model
        self.grams = game.grams
        # Utility: the chance to beat every opponent (power = number of opponents by default).
        power = float(settings.get("power", game.players - 1))
        tie = float(settings.get("tie", 0.5))
        # fitted=1: the opponents are heuristic bots, whose final combinations (counted by self-play) are
        # far stronger than random numbers; else each opponent holds three random numbers.
        counts = heuristic_combinations(game.players) if settings.get("fitted", 0) else {}
        beat = beat_table(counts, tie) if counts else BEAT_RANDOM if tie == 0.5 else _tie_weighted(tie)
        self.utility = {t: v**power for t, v in beat.items()}
        self.explore = float(settings.get("explore", 0.05))
        self.reach = int(settings.get("reach", 2))

    # -- beliefs --------------------------------------------------------------

    def beliefs(self, obs: dict[str, Any]) -> list[Dist]:
        """Each token's distribution over the numbers 1-5 (index 0-4), from this seat's readings."""
        evidence: list[list[tuple[int, int]]] = [[], [], []]
        for reading in obs["readings"]["lifts"]:
            t = _token_index(reading["token"])
            evidence[t // TOKENS_PER_COLOUR].append((t % TOKENS_PER_COLOUR, reading["level"]))
        result: list[Dist] = []
        for colour in range(3):
            weights = permutation_weights(self.model, self.grams, evidence[colour])
            total = sum(weights)
            for pos in range(TOKENS_PER_COLOUR):
                dist = [0.0] * 5
                for w, perm in zip(weights, PERMUTATIONS, strict=True):
                    dist[perm[pos] - 1] += w
                result.append([d / total for d in dist])
        return result

    # -- plan value -------------------------------------------------------------

    def hit_chances(self, obs: dict[str, Any], beliefs: list[Dist], colour: int) -> list[float]:
        """Chance of finding each number in ``colour`` later: exactly one token of a colour carries a
        number, so two lifts of the two likeliest table tokens find it with the sum of their chances."""
        table = [
            t
            for t in range(colour * TOKENS_PER_COLOUR, (colour + 1) * TOKENS_PER_COLOUR)
            if obs["tokens"][t]["kept_by"] is None
        ]
        chances = []
        for number in range(5):
            best = sorted((beliefs[t][number] for t in table), reverse=True)[: self.reach]
            chances.append(min(0.95, sum(best)))
        return chances

    def plan_value(self, fixed: list[Dist], future: list[list[float]]) -> float:
        """Best expected utility over target numbers for the ``future`` colours (their hit chances)."""
        best = 0.0
        for targets in product(range(5), repeat=len(future)):
            dists = list(fixed)
            for chances, target in zip(future, targets, strict=True):
                hit = chances[target]
                miss = (1.0 - hit) / 4.0
                dists.append([hit if n == target else miss for n in range(5)])
            best = max(best, self._expected_utility(dists))
        return best

    def _expected_utility(self, dists: list[Dist]) -> float:
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
                for k in range(5):
                    total += pab * c[k] * self.utility[(i + 1, j + 1, k + 1)]
        return total

    # -- decisions --------------------------------------------------------------

    def act(self, view: SeatView) -> int:
        obs = view.observation()
        legal = view.legal_actions()
        if len(legal) == 1:
            return legal[0]
        beliefs = self.beliefs(obs)
        kept = [_token_index(name) for name in obs["kept"][self.seat]]
        kept_colours = {t // TOKENS_PER_COLOUR for t in kept}
        fixed = [beliefs[t] for t in kept]
        if legal[0] >= KEEP_BASE:
            return self.choose_keep(obs, legal, beliefs, fixed, kept_colours)
        return self.choose_lift(obs, legal, beliefs, fixed, kept_colours)

    def choose_keep(
        self, obs: dict[str, Any], legal: list[int], beliefs: list[Dist], fixed: list[Dist], kept: set[int]
    ) -> int:
        def value(action: int) -> float:
            token = action - KEEP_BASE
            colour = token // TOKENS_PER_COLOUR
            future = [self.hit_chances(obs, beliefs, c) for c in range(3) if c not in kept and c != colour]
            return self.plan_value([*fixed, beliefs[token]], future)

        return max(legal, key=lambda a: (value(a), -a))

    def choose_lift(
        self, obs: dict[str, Any], legal: list[int], beliefs: list[Dist], fixed: list[Dist], kept: set[int]
    ) -> int:
        wanted = [c for c in range(3) if c not in kept]
        chances = {c: self.hit_chances(obs, beliefs, c) for c in wanted}
        targets = self._best_targets(fixed, wanted, chances)

        def score(token: int) -> float:
            colour = token // TOKENS_PER_COLOUR
            bonus = self.explore * _entropy(beliefs[token])
            if colour in targets:
                return beliefs[token][targets[colour]] + bonus
            return 0.2 * bonus

        return max(legal, key=lambda t: (score(t), -t))

    def _best_targets(self, fixed: list[Dist], wanted: list[int], chances: dict[int, list[float]]) -> dict[int, int]:
        best_value, best = -1.0, tuple(0 for _ in wanted)
        for targets in product(range(5), repeat=len(wanted)):
            dists = list(fixed)
            for colour, target in zip(wanted, targets, strict=True):
                hit = chances[colour][target]
                miss = (1.0 - hit) / 4.0
                dists.append([hit if n == target else miss for n in range(5)])
            value = self._expected_utility(dists)
            if value > best_value:
                best_value, best = value, targets
        return dict(zip(wanted, best, strict=True))


def _entropy(dist: Dist) -> float:
    return -sum(p * math.log(p) for p in dist if p > 1e-12)


def _token_index(name: str) -> int:
    """The id of a token named in the observation (``K1``-``R5``)."""
    label = parse_token_label(name)
    if label is None:
        raise ValueError(f"{name!r} is not a token id; ids are K1-K5, G1-G5, R1-R5")
    return label[0] * TOKENS_PER_COLOUR + label[1] - 1
