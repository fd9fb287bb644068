"""Calibration maps of the hints' win chances: what a raw playout or search figure turns out to mean.

A hint's raw figure is a mean over worlds drawn from the seat's view, and those worlds are not the
real one: in a game of hidden hands the opponents' past choices say something about their cards
that a uniform resampling ignores, and the play after the hint differs from the playouts'. So a raw
figure can be off in a way that repeats from position to position. Each map here is a Platt scaling
(``chance = 1 / (1 + exp(-(slope * logit(raw) + intercept)))``, monotone, so the order of the moves
never changes) fitted by :func:`fit_platt` on positions whose outcome was played out
(``scripts/hint_calibration.py``, then ``scripts/fit_hint_calibration.py``), and checked on other
positions (other seeds) than it was fitted on. The maps are data: ``hint_calibration.toml`` beside
this module, one entry per game and player count, each naming the run it was fitted on. A game
without an entry keeps its raw figures.

>>> round(platt(0.5, HintMap("x", 2, 1.0, 0.0, "", 0)), 3)
0.5
>>> round(platt(0.5, HintMap("x", 2, 1.0, 1.0, "", 0)), 3)
0.731
"""

from __future__ import annotations

import functools
import math
import tomllib
from collections.abc import Sequence
from importlib import resources
from typing import NamedTuple

from gravity_games.core.api import DataError

EDGE = 0.005
"""Raw figures are held inside [EDGE, 1 - EDGE] before the logit (a raw 0 or 1 has no logit)."""


class HintMap(NamedTuple):
    """One game's map at one player count, and what it was fitted on."""

    game: str
    players: int
    slope: float
    intercept: float
    fitted_on: str
    positions: int


def _logit(p: float) -> float:
    p = min(max(p, EDGE), 1.0 - EDGE)
    return math.log(p / (1.0 - p))


def platt(raw: float, hint_map: HintMap) -> float:
    """The calibrated chance of a raw figure under ``hint_map``."""
    return 1.0 / (1.0 + math.exp(-(hint_map.slope * _logit(raw) + hint_map.intercept)))


def parse_hint_maps(text: str) -> dict[tuple[str, int], HintMap]:
    """The maps of a ``hint_calibration.toml`` text, by (game id, players); a malformed one is a :class:`DataError`."""
    try:
        document = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise DataError(f"hint_calibration.toml is not valid TOML: {exc}") from None
    maps: dict[tuple[str, int], HintMap] = {}
    for i, item in enumerate(document.get("map", [])):
        try:
            entry = HintMap(
                str(item["game"]),
                int(item["players"]),
                float(item["slope"]),
                float(item["intercept"]),
                str(item["fitted_on"]),
                int(item["positions"]),
            )
        except (KeyError, TypeError, ValueError) as exc:
            raise DataError(
                f"hint_calibration.toml map {i + 1} needs game, players, slope, intercept, fitted_on and "
                f"positions (missing or malformed: {exc})"
            ) from None
        if not entry.slope > 0:
            raise DataError(f"hint_calibration.toml map {i + 1}: slope must be > 0 (a map keeps the order of moves)")
        if (entry.game, entry.players) in maps:
            raise DataError(f"hint_calibration.toml map {i + 1}: a second map for {entry.game} at {entry.players}")
        maps[(entry.game, entry.players)] = entry
    return maps


@functools.cache
def hint_maps() -> dict[tuple[str, int], HintMap]:
    """Every map in the packaged ``hint_calibration.toml``, by (game id, players)."""
    try:
        text = resources.files("gravity_games.agents").joinpath("hint_calibration.toml").read_text(encoding="utf-8")
    except OSError as exc:
        raise DataError(f"cannot read the hint calibration maps (agents/hint_calibration.toml): {exc}") from None
    return parse_hint_maps(text)


def calibrated(game_id: str, players: int, raw: float) -> float:
    """``raw`` through the game's map at ``players`` (unchanged where there is none)."""
    hint_map = hint_maps().get((game_id, players))
    return raw if hint_map is None else platt(raw, hint_map)


def fit_platt(raw: Sequence[float], won: Sequence[bool], *, steps: int = 50) -> tuple[float, float]:
    """(slope, intercept) of the logistic regression of ``won`` on ``logit(raw)`` (Newton's method).

    A small ridge (0.01) on both keeps the fit finite when the outcomes separate.

    >>> slope, intercept = fit_platt([0.2, 0.2, 0.8, 0.8], [False, True, True, True])
    >>> fitted = HintMap("x", 2, slope, intercept, "", 4)
    >>> round(platt(0.2, fitted), 2), round(platt(0.8, fitted), 2)
    (0.5, 0.99)
    """
    import numpy as np

    if len(raw) != len(won) or not raw:
        raise ValueError("fit_platt needs as many outcomes as figures, at least one")
    x = np.array([_logit(p) for p in raw])
    y = np.array([1.0 if w else 0.0 for w in won])
    design = np.column_stack([x, np.ones_like(x)])
    theta = np.array([1.0, 0.0])
    ridge = 0.01 * np.eye(2)
    for _ in range(steps):
        p = 1.0 / (1.0 + np.exp(-(design @ theta)))
        gradient = design.T @ (p - y) + ridge @ (theta - np.array([1.0, 0.0]))
        hessian = design.T @ (design * (p * (1 - p))[:, None]) + ridge
        step = np.linalg.solve(hessian, gradient)
        theta = theta - step
        if float(np.abs(step).max()) < 1e-10:
            break
    return float(theta[0]), float(theta[1])


__all__ = ["EDGE", "HintMap", "calibrated", "fit_platt", "hint_maps", "parse_hint_maps", "platt"]
