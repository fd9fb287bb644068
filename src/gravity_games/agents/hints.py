"""Hints for a person at the table: the best moves now, each with an estimated win chance.

The hint is the game's ``hard`` level thinking aloud (issue 15): the same agent, given the hint's
time, on the person's own :class:`~gravity_games.core.agent.SeatView`, so a hint never uses a card
the person cannot see.

* a ``hard`` that is an IS-MCTS search (``ismcts``) gives each move's mean playout result, the
  search's settings being the level's (its depth and scale where playouts are cut short);
* a ``hard`` that plays heuristic playouts (``playouts``) gives each move's mean result over the
  hint's worlds, every legal move tried on the same worlds;
* a ``hard`` that is a tuned heuristic gives the same kind of playouts, with that agent in the
  hinted seat and the heuristic in the others;
* a game without levels (a test game) uses its default ``ismcts`` search.

The hint's work is a count, not a time (:mod:`gravity_games.agents.hint_budget`): so many playouts
or search iterations for the game and player count, so a hint is the same for the same seed on any
machine and its calibration does not depend on the load; ``seconds`` is a wall-clock cap on top, and
a hint stopped by it says so.

The chance is a mean over playouts, win = 1 and loss = 0 (the team's chance in a cooperative game),
read after the hinted move with the level's continuation, then put through the game's calibration
map where one was measured (:mod:`gravity_games.agents.hint_maps`). How well the figures match what happens
next is measured by ``scripts/hint_calibration.py`` (docs/sim.md, "Hint calibration").

:func:`advice` also says when the hint is unsure: stopped by the time cap before its budget was
done, too few playouts behind the best move (:data:`FEW`), or a second move within two standard
errors of the first (a close call).
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass
from typing import Any

from gravity_games.core.api import InvalidParameterError
from gravity_games.core.registry import entry
from gravity_games.core.seeding import derive_seed
from gravity_games.sim.stats import wilson_interval

from .hint_budget import budget_for
from .hint_maps import calibrated
from .ismcts import InfoView, checked_settings, new_search

FEW = 30
"""Playouts behind the best move below which a hint calls itself unsure."""


PRIOR = 4
"""Playouts' worth of the all-moves mean that each move's playout mean is drawn toward."""

DOUBT = 1
"""Wins (and as many losses) added to each move's playouts: no hint from a few playouts says 0 % or 100 %."""

ESTIMATE_SHARE = 0.4
"""Share of a playout hint's playouts (and of its time cap) spent estimating the chosen moves on fresh
worlds (see ``_playout_values``)."""

ESTIMATE_MOVES = 3
"""Moves the estimate's playouts are counted for: each estimated move gets ``ESTIMATE_SHARE`` of the
budget over this many, whatever ``top`` is, so the best move's figure is the same for any ``top``."""


@dataclass(frozen=True)
class Advice:
    """A hint: moves best first with their estimated win chance, and how sure it is.

    ``playouts`` gives the playouts behind each of ``moves`` (same order), so a reader can say how
    far each figure may be off; ``runner_up`` is the second-best move when the reason is a close
    call (it may lie outside ``moves`` when ``top`` is 1).
    """

    moves: list[tuple[int, float]]
    samples: int
    unsure: bool
    reason: str
    playouts: tuple[int, ...] = ()
    runner_up: int | None = None
    raw: tuple[float, ...] = ()
    """The figures of ``moves`` before the game's calibration map (``hint_maps``; equal where it has none)."""
    unit: str = ""
    """What the hint's work is counted in: ``playouts`` or ``iterations`` (``hint_budget``)."""
    budget: int = 0
    """The work the hint was to do, in ``unit``."""
    done: int = 0
    """The work it did: less than ``budget`` when the time cap stopped it (then it is unsure)."""


def _hard_spec(game_id: str, players: int) -> str | None:
    from .levels import spec_for

    factory = entry(game_id).agents.get("hard")
    spec = getattr(factory, "spec", None)
    return spec_for(spec, players) if spec is not None else None


def _check(seconds: float, top: int, budget: int | None) -> None:
    if isinstance(seconds, bool) or not isinstance(seconds, int | float) or not seconds > 0:
        raise InvalidParameterError(f"hint seconds must be a number > 0, got {seconds!r}")
    if isinstance(top, bool) or not isinstance(top, int) or top < 1:
        raise InvalidParameterError(f"hint top must be a whole number >= 1, got {top!r}")
    if budget is not None and (isinstance(budget, bool) or not isinstance(budget, int) or budget < 1):
        raise InvalidParameterError(f"hint budget must be a whole number >= 1 (or None: the game's), got {budget!r}")


def _search_values(
    view: InfoView, iterations: int, seconds: float, seed: int, settings: dict[str, object]
) -> tuple[list[tuple[int, float, int]], int]:
    """(action, value, visits) from an IS-MCTS search with ``settings`` of ``iterations`` iterations,
    stopped early at ``seconds``; and the iterations done."""
    settings = {k: v for k, v in settings.items() if k not in ("iterations", "seconds")}
    search = new_search(view.game, view.seat, seed, checked_settings(view.game, settings))
    legal = view.legal_actions()
    # At least a handful of iterations, past the cap, so even a tiny cap gives every move a look.
    first = min(iterations, max(4, len(legal)))
    started = time.perf_counter()
    search.run(view, iterations=first, seconds=None)
    left = iterations - search.iterations
    if left > 0:
        search.run(view, iterations=left, seconds=max(float(seconds) - (time.perf_counter() - started), 1e-9))
    return [(s.action, s.value, s.visits) for s in search.root_stats(legal)], search.iterations


def _playout_values(
    view: InfoView,
    playouts: int,
    seconds: float,
    seed: int,
    settings: dict[str, object],
    own: Any = None,
    top: int = 3,
) -> tuple[list[tuple[int, float, int]], int]:
    """(action, value, playouts) from heuristic playouts (``own``: the agent factory of the hinted
    seat in the playouts, else the base agent), best first; and the playouts done.

    Two stages. Selection: every legal move on the same worlds, ``1 - ESTIMATE_SHARE`` of the
    ``playouts`` spread over the legal moves, ranked by its mean drawn toward the mean of all moves
    by ``PRIOR`` playouts' worth. Estimate: the ``top`` best of them on fresh worlds of their own,
    ``ESTIMATE_SHARE`` of the playouts over :data:`ESTIMATE_MOVES` moves each; the figures given are
    those fresh means (drawn toward even odds by ``DOUBT``). The selection means cannot serve as the
    figure: the best of several noisy means is too high by construction (on doubt-gravity, hints of
    97 % won 78 %), while a mean over worlds that played no part in the choice is a fair estimate of
    the chosen move. The order stays the selection's. The time cap ``seconds`` is split the same
    way (what selection leaves goes to the estimate).
    """
    from .playouts import PlayoutAgent

    legal = view.legal_actions()
    started = time.perf_counter()
    settings = {k: v for k, v in settings.items() if k not in ("worlds", "seconds", "top")}
    select_worlds = max(1, round(playouts * (1.0 - ESTIMATE_SHARE) / len(legal)))
    select_seconds = float(seconds) * (1.0 - ESTIMATE_SHARE)
    agent = PlayoutAgent(view.game, view.seat, seed, worlds=select_worlds, seconds=select_seconds, top=0, **settings)
    agent.own = own
    values = agent.evaluate(view, seed, legal)  # type: ignore[arg-type]
    overall = sum(m.value for m in values) / len(values)
    ranked = sorted(values, key=lambda m: (-(m.value * m.playouts + PRIOR * overall) / (m.playouts + PRIOR), m.action))
    chosen = [m.action for m in ranked[:top]]
    agent.worlds = max(1, round(playouts * ESTIMATE_SHARE / ESTIMATE_MOVES))
    agent.seconds = max(float(seconds) - (time.perf_counter() - started), float(seconds) * 1e-3)
    fresh = agent.evaluate(view, derive_seed(seed, "estimate"), chosen)  # type: ignore[arg-type]
    estimated = [(m.action, (m.value * m.playouts + DOUBT) / (m.playouts + 2 * DOUBT), m.playouts) for m in fresh]
    # Moves past ``top`` keep their selection figure (never shown as the hint's chance).
    rest = [
        (m.action, (m.value * m.playouts + PRIOR * overall + DOUBT) / (m.playouts + PRIOR + 2 * DOUBT), m.playouts)
        for m in ranked[top:]
    ]
    # Work done counted as the budget counts it: the estimate as if for ESTIMATE_MOVES moves.
    done = values[0].playouts * len(legal) + fresh[0].playouts * ESTIMATE_MOVES
    budget = select_worlds * len(legal) + agent.worlds * ESTIMATE_MOVES
    return estimated + rest, min(playouts, round(playouts * done / budget))


def hint_unit(game_id: str, players: int) -> str:
    """What the game's hint counts its work in: ``iterations`` when its ``hard`` is a search (or it has
    no heuristic to play out with), else ``playouts``."""
    from . import parse_spec

    spec = _hard_spec(game_id, players)
    name = parse_spec(spec)[0] if spec else "ismcts"
    return "iterations" if name == "ismcts" or "heuristic" not in entry(game_id).agents else "playouts"


def advice(view: InfoView, *, seconds: float = 1.0, top: int = 3, seed: int = 0, budget: int | None = None) -> Advice:
    """Up to ``top`` legal moves, best first, with win chances, from the game's ``hard`` level.

    The hint does ``budget`` playouts or iterations (``None``: the game's, from ``hint_budget.toml``)
    and stops early when ``seconds`` of wall time have passed.
    """
    _check(seconds, top, budget)
    legal = view.legal_actions()
    if not legal:
        return Advice([], 0, False, "")
    from . import parse_spec

    game_id, players = view.game.ID, view.game.players
    spec = _hard_spec(game_id, players)
    name, settings = parse_spec(spec) if spec else ("ismcts", {})
    unit = hint_unit(game_id, players)
    work = budget if budget is not None else budget_for(game_id, players, unit)
    if name == "playouts":
        ranked, done = _playout_values(view, work, seconds, seed, settings, top=top)
    elif unit == "iterations":
        ranked, done = _search_values(view, work, seconds, seed, settings if name == "ismcts" else {})
    else:
        # A hard level that is a (tuned) heuristic: each move played on by that agent in the
        # hinted seat and the heuristic in the others, as the calibration plays on.
        factory = entry(game_id).agents[name]
        # A hard level that is itself a search names the agent its searches play on with (``playout_policy``).
        policy = getattr(factory, "playout_policy", None)
        own = (
            (lambda g, s, sd: policy(g, s, sd, settings))
            if policy is not None
            else (lambda g, s, sd: factory(g, s, sd, **settings))
        )
        ranked, done = _playout_values(view, work, seconds, seed, {}, own=own, top=top)
    # The figures shown go through the game's calibration map (monotone: the order stays).
    moves = [(a, round(calibrated(game_id, players, v), 4)) for a, v, _ in ranked[:top]]
    raw = tuple(round(v, 4) for _, v, _ in ranked[:top])
    playouts = tuple(n for _, _, n in ranked[:top])
    _, best_value, best_n = ranked[0]
    reason = ""
    runner_up = None
    if len(legal) > 1 and done < work:
        reason = f"stopped at the {seconds:g} s limit after {done} of {work} {unit}"
    elif len(legal) > 1 and best_n < FEW:
        reason = f"few playouts behind the best move ({best_n})"
    elif len(ranked) > 1 and ranked[1][2] > 0:
        _, second_value, second_n = ranked[1]
        spread = math.sqrt(
            max(best_value * (1 - best_value), 0.01) / max(best_n, 1)
            + max(second_value * (1 - second_value), 0.01) / max(second_n, 1)
        )
        if best_value - second_value < 2 * spread:
            shown = (calibrated(game_id, players, best_value), calibrated(game_id, players, second_value))
            reason = f"close call: the two best moves are {shown[0]:.0%} and {shown[1]:.0%}"
            runner_up = ranked[1][0]
    return Advice(moves, best_n, bool(reason), reason, playouts, runner_up, raw, unit, work, done)


def calibration_deciles(
    rows: list[dict[str, Any]], tolerance: float = 0.10, *, bins: str = "deciles"
) -> list[dict[str, Any]]:
    """Per decile of predicted chance: count, mean prediction, observed rate with interval, pass/fail.

    ``rows`` hold ``predicted`` (the hint's chance, 0-1) and ``won`` (what happened); a decile passes
    when its observed win rate is within ``tolerance`` of its mean prediction (issue 15).

    ``bins="deciles"`` (the default) cuts the positions, ordered by predicted chance, into ten groups
    of equal size: the deciles of the predictions, so every group has a tenth of the positions (equal
    predictions in a seeded random order, the same for the same rows). The
    alternative, ``bins="tenths"``, groups by fixed tenths of the chance (0-10 %, 10-20 %, ...), where
    a tenth may hold a handful of positions and its observed rate is mostly noise.

    >>> rows = [{"predicted": i / 100, "won": i % 2 == 0} for i in range(100)]
    >>> [t["positions"] for t in calibration_deciles(rows)]
    [10, 10, 10, 10, 10, 10, 10, 10, 10, 10]
    """
    if bins not in ("deciles", "tenths"):
        raise ValueError(f"bins must be 'deciles' or 'tenths', got {bins!r}")
    groups: list[tuple[float, float, list[dict[str, Any]]]] = []
    if bins == "tenths":
        for d in range(10):
            lo, hi = d / 10, (d + 1) / 10
            inside = [r for r in rows if lo <= r["predicted"] < hi or (d == 9 and r["predicted"] == 1.0)]
            groups.append((lo, hi, inside))
    else:
        # Equal predictions are put in a seeded random order before the cut: in collection order a
        # run of tied positions from one game (whose outcomes go together) would fill a decile.
        shuffle = random.Random(0)
        tiebreak = [shuffle.random() for _ in rows]
        ordered = [rows[i] for i in sorted(range(len(rows)), key=lambda i: (rows[i]["predicted"], tiebreak[i]))]
        n = len(ordered)
        for d in range(10):
            inside = ordered[d * n // 10 : (d + 1) * n // 10]
            lo = inside[0]["predicted"] if inside else 0.0
            hi = inside[-1]["predicted"] if inside else 0.0
            groups.append((lo, hi, inside))
    table = []
    for d, (lo, hi, inside) in enumerate(groups):
        if not inside:
            table.append({"decile": d, "from": lo, "to": hi, "positions": 0})
            continue
        wins = sum(r["won"] for r in inside)
        mean = sum(r["predicted"] for r in inside) / len(inside)
        low, high = wilson_interval(wins, len(inside))
        observed = wins / len(inside)
        table.append(
            {
                "decile": d,
                "from": lo,
                "to": hi,
                "positions": len(inside),
                "mean_predicted": mean,
                "observed": observed,
                "low": low,
                "high": high,
                "within_10_points": abs(observed - mean) <= tolerance,
            }
        )
    return table


def hints(
    view: InfoView, *, seconds: float = 1.0, top: int = 3, seed: int = 0, budget: int | None = None
) -> list[tuple[int, float]]:
    """Up to ``top`` legal actions, best first, as ``(action, estimated win chance)`` (see :func:`advice`)."""
    return advice(view, seconds=seconds, top=top, seed=seed, budget=budget).moves


__all__ = [
    "DOUBT",
    "ESTIMATE_MOVES",
    "ESTIMATE_SHARE",
    "FEW",
    "PRIOR",
    "Advice",
    "advice",
    "calibration_deciles",
    "hint_unit",
    "hints",
]
