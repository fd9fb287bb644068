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
import random
from collections.abc import Sequence
from functools import lru_cache

from gravity_games.core.api import InvalidParameterError

from .data import Components, load_components  # noqa: F401  (load_components: used by the doctest)


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


def posterior_numbers(model: PerceptionModel, grams: Sequence[float], readings: list[tuple[int, int]]) -> list[float]:
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


Outcomes = tuple[tuple[int, float], ...]
"""``((level, probability), ...)``: the chance outcomes of one lift."""


class PerceptionReadings:
    """What one game's lifts can read: its perception model, the token masses, and outcome tables.

    A game builds one from its ``perception`` and ``data`` parameters; its positions share it.
    The tables fill once per mass (a lifted token in Memory × Gravity, a lifted stack in
    Doubt × Gravity), so a chance node does not redo the model's integrals.
    """

    __slots__ = (
        "_grams_of_level",
        "_outcomes_of_mass",
        "_text_of_level",
        "exact",
        "exact_levels",
        "grams",
        "model",
        "number_levels",
        "number_outcomes",
    )

    def __init__(self, components: Components, difficulty: str) -> None:
        self.model: PerceptionModel = PerceptionModel.from_components(components, difficulty)
        self.grams: tuple[float, ...] = tuple(components.masses.grams)
        self.exact: bool = self.model.exact
        self.exact_levels: tuple[int, ...] = tuple(self.model.nearest_level(g) for g in self.grams)
        """The reading of each number when perception is exact: a table, not a chance node."""
        self.number_outcomes: tuple[Outcomes, ...] = tuple(tuple(self.model.outcomes(g)) for g in self.grams)
        """The chance outcomes of lifting one token, by its number - 1."""
        self.number_levels: tuple[frozenset[int], ...] = tuple(frozenset(a for a, _ in o) for o in self.number_outcomes)
        """The levels those outcomes can read (``apply_action``'s check at the chance node)."""
        self._outcomes_of_mass: dict[float, tuple[Outcomes, frozenset[int]]] = {}
        self._grams_of_level: dict[int, float] = {}
        self._text_of_level: dict[int, str] = {}

    def outcomes_of_mass(self, mass: float) -> tuple[Outcomes, frozenset[int]]:
        """The readings a lift of ``mass`` grams can give, and the set of their levels."""
        entry = self._outcomes_of_mass.get(mass)
        if entry is None:
            outcomes = tuple(self.model.outcomes(mass))
            entry = self._outcomes_of_mass[mass] = (outcomes, frozenset(a for a, _ in outcomes))
        return entry

    def reading_grams(self, level: int) -> float:
        """What a token's reading shows: the grid value, or with exact perception the true mass itself."""
        cached = self._grams_of_level.get(level)
        if cached is None:
            if self.exact and level in self.exact_levels:
                cached = self.grams[self.exact_levels.index(level)]
            else:
                cached = self.model.grams(level)
            self._grams_of_level[level] = cached
        return cached

    def reading_text(self, level: int) -> str:
        """A token's reading as the log writes it (one decimal), formatted once per level."""
        text = self._text_of_level.get(level)
        if text is None:
            text = self._text_of_level[level] = f"{self.reading_grams(level):.1f}"
        return text


def draw_outcome(outcomes: Sequence[tuple[int, float]], rng: random.Random) -> int:
    """One outcome of ``outcomes`` drawn with ``rng`` (inverse CDF: the same draw as the engine's)."""
    x = rng.random()
    acc = 0.0
    for action, p in outcomes:
        acc += p
        if x < acc:
            return action
    return outcomes[-1][0]
