"""How a person feels a lifted weight: the one place the perception model lives.

A lift is a chance node. The lifter feels ``mass * exp(sigma * Z)`` with ``Z`` standard
normal (Weber's law: the spread grows with the mass), reported on a logarithmic grid of
readings; the chance outcome is the grid level. ``sigma`` is the Weber fraction of the
``perception`` parameter (``exact`` = 0 turns the noise off: the reading is the true mass
and there is no chance node). The same function gives the chance probabilities and the
likelihood that determinization uses, so bots reason with exactly the model that plays.

>>> model = PerceptionModel.from_components(load_components(), "normal")
>>> outcomes = model.outcomes(16.0)
>>> abs(sum(p for _, p in outcomes) - 1.0) < 1e-9
True
>>> 15.0 < model.grams(max(outcomes, key=lambda o: o[1])[0]) < 17.0
True
"""

from __future__ import annotations

import math
from functools import lru_cache

from gravity_games.core.api import InvalidParameterError

from .data import Components, load_components  # noqa: F401  (used by the doctest)


def _phi(x: float) -> float:
    return 0.5 * math.erfc(-x / math.sqrt(2.0))


class PerceptionModel:
    """Noisy readings of lifted masses for one difficulty (``sigma``)."""

    def __init__(self, sigma: float, start: float, step: float, levels: int, tails: float) -> None:
        self.sigma = sigma
        self.start = start
        self.step = step
        self.levels = levels
        self.tails = tails
        self._log_start = math.log(start)
        self._cache: dict[float, tuple[tuple[int, float], ...]] = {}

    @classmethod
    def from_components(cls, components: Components, difficulty: str) -> PerceptionModel:
        levels = components.perception.levels
        if difficulty not in levels:
            raise InvalidParameterError(
                f"perception {difficulty!r} is not defined; allowed: {', '.join(sorted(levels))}"
            )
        p = components.perception
        return _model(levels[difficulty], p.grid_start_grams, p.grid_step, p.grid_levels, p.tail_sigmas)

    @property
    def exact(self) -> bool:
        return self.sigma == 0.0

    def grams(self, level: int) -> float:
        """The reading of a grid level, in grams (one decimal, as shown to players)."""
        return round(self.start * math.exp(level * self.step), 1)

    def nearest_level(self, mass: float) -> int:
        return max(0, min(self.levels - 1, round((math.log(mass) - self._log_start) / self.step)))

    def outcomes(self, mass: float) -> tuple[tuple[int, float], ...]:
        """``((level, probability), ...)`` of reading ``mass``: the chance outcomes of a lift."""
        cached = self._cache.get(mass)
        if cached is not None:
            return cached
        if self.exact:
            result: tuple[tuple[int, float], ...] = ((self.nearest_level(mass), 1.0),)
        else:
            centre = (math.log(mass) - self._log_start) / self.step
            reach = self.tails * self.sigma / self.step
            lo = max(0, math.floor(centre - reach))
            hi = min(self.levels - 1, math.ceil(centre + reach))
            weights = []
            for level in range(lo, hi + 1):
                a = ((level - 0.5) - centre) * self.step / self.sigma
                b = ((level + 0.5) - centre) * self.step / self.sigma
                w = _phi(b) - _phi(a)
                if w > 1e-12:
                    weights.append((level, w))
            total = sum(w for _, w in weights)
            result = tuple((level, w / total) for level, w in weights)
        self._cache[mass] = result
        return result

    def likelihood(self, level: int, mass: float) -> float:
        """Probability that lifting ``mass`` reads ``level`` (0 when it cannot)."""
        for lv, p in self.outcomes(mass):
            if lv == level:
                return p
        return 0.0

    def estimate(self, level: int) -> float:
        """The felt mass of a reading, in grams (unrounded)."""
        return self.start * math.exp(level * self.step)


@lru_cache(maxsize=32)
def _model(sigma: float, start: float, step: float, levels: int, tails: float) -> PerceptionModel:
    return PerceptionModel(sigma, start, step, levels, tails)


def posterior_numbers(model: PerceptionModel, grams: list[float], readings: list[tuple[int, int]]) -> list[float]:
    """Posterior over the 5 numbers of one token from its own readings, uniform prior.

    ``readings`` holds ``(level, multiplicity)`` pairs; returns 5 probabilities (index = number - 1).
    """
    weights = []
    for mass in grams:
        w = 1.0
        for level, _ in readings:
            w *= model.likelihood(level, mass)
        weights.append(w)
    total = sum(weights)
    if total <= 0:
        return [0.2] * 5
    return [w / total for w in weights]
