"""Hints for a person at the table: the best moves now, each with an estimated win chance.

The hint is the game's ``hard`` level thinking aloud (issue 15): the same agent, given the hint's
time, on the person's own :class:`~gravity_games.core.agent.SeatView`, so a hint never uses a card
the person cannot see.

* a ``hard`` that is an IS-MCTS search (``ismcts``) gives each move's mean playout result, the
  search's settings being the level's (its depth and scale where playouts are cut short);
* a ``hard`` that plays heuristic playouts (``playouts``) gives each move's mean result over as many
  worlds as the time allows, every legal move tried on the same worlds;
* a ``hard`` that is a tuned heuristic gives the same kind of playouts, with that agent in the
  hinted seat and the heuristic in the others;
* a game without levels (a test game) uses its default ``ismcts`` search.

The chance is a mean over playouts, win = 1 and loss = 0 (the team's chance in a cooperative game),
read after the hinted move with the level's continuation, then put through the game's calibration
map where one was measured (:mod:`gravity_games.agents.hint_maps`). How well the figures match what happens
next is measured by ``scripts/hint_calibration.py`` (docs/sim.md, "Hint calibration").

:func:`advice` also says when the hint is unsure: too few playouts behind the best move
(:data:`FEW`), or a second move within two standard errors of the first (a close call).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from gravity_games.core.api import InvalidParameterError
from gravity_games.core.registry import entry
from gravity_games.core.seeding import derive_seed
from gravity_games.sim.stats import wilson_interval

from .hint_maps import calibrated
from .ismcts import InfoView, checked_settings, new_search

FEW = 30
"""Playouts behind the best move below which a hint calls itself unsure."""


PRIOR = 4
"""Playouts' worth of the all-moves mean that each move's playout mean is drawn toward."""

DOUBT = 1
"""Wins (and as many losses) added to each move's playouts: no hint from a few playouts says 0 % or 100 %."""

ESTIMATE_SHARE = 0.4
"""Share of a playout hint's time spent estimating the chosen moves on fresh worlds (see ``_playout_values``)."""


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


def _hard_spec(game_id: str, players: int) -> str | None:
    from .levels import spec_for

    factory = entry(game_id).agents.get("hard")
    spec = getattr(factory, "spec", None)
    return spec_for(spec, players) if spec is not None else None


def _check(seconds: float, top: int) -> None:
    if isinstance(seconds, bool) or not isinstance(seconds, int | float) or seconds <= 0:
        raise InvalidParameterError(f"hint seconds must be a number > 0, got {seconds!r}")
    if isinstance(top, bool) or not isinstance(top, int) or top < 1:
        raise InvalidParameterError(f"hint top must be a whole number >= 1, got {top!r}")


def _search_values(
    view: InfoView, seconds: float, seed: int, settings: dict[str, object]
) -> list[tuple[int, float, int]]:
    """(action, value, visits) from an IS-MCTS search with ``settings`` for ``seconds``."""
    settings = {k: v for k, v in settings.items() if k not in ("iterations", "seconds")}
    search = new_search(view.game, view.seat, seed, checked_settings(view.game, settings))
    legal = view.legal_actions()
    # At least a handful of iterations so even a tiny budget gives every move a look.
    search.run(view, iterations=max(4, len(legal)), seconds=None)
    search.run(view, iterations=None, seconds=float(seconds))
    return [(s.action, s.value, s.visits) for s in search.root_stats(legal)]


def _playout_values(
    view: InfoView, seconds: float, seed: int, settings: dict[str, object], own: Any = None, top: int = 3
) -> list[tuple[int, float, int]]:
    """(action, value, playouts) from heuristic playouts (``own``: the agent factory of the hinted
    seat in the playouts, else the base agent), best first.

    Two stages. Selection: every legal move on the same worlds for ``1 - ESTIMATE_SHARE`` of the
    time, ranked by its mean drawn toward the mean of all moves by ``PRIOR`` playouts' worth.
    Estimate: the ``top`` best of them on fresh worlds of their own for the rest of the time; the
    figures given are those fresh means (drawn toward even odds by ``DOUBT``). The selection means
    cannot serve as the figure: the best of several noisy means is too high by construction (on
    doubt-gravity, hints of 97 % won 78 %), while a mean over worlds that played no part in the
    choice is a fair estimate of the chosen move. The order stays the selection's.
    """
    from .playouts import PlayoutAgent

    settings = {k: v for k, v in settings.items() if k not in ("worlds", "seconds", "top")}
    select_seconds = float(seconds) * (1.0 - ESTIMATE_SHARE)
    agent = PlayoutAgent(view.game, view.seat, seed, worlds=100_000, seconds=select_seconds, top=0, **settings)
    agent.own = own
    values = agent.evaluate(view, seed, view.legal_actions())  # type: ignore[arg-type]
    overall = sum(m.value for m in values) / len(values)
    ranked = sorted(values, key=lambda m: (-(m.value * m.playouts + PRIOR * overall) / (m.playouts + PRIOR), m.action))
    chosen = [m.action for m in ranked[:top]]
    agent.seconds = float(seconds) * ESTIMATE_SHARE
    fresh = agent.evaluate(view, derive_seed(seed, "estimate"), chosen)  # type: ignore[arg-type]
    estimated = [(m.action, (m.value * m.playouts + DOUBT) / (m.playouts + 2 * DOUBT), m.playouts) for m in fresh]
    # Moves past ``top`` keep their selection figure (never shown as the hint's chance).
    rest = [
        (m.action, (m.value * m.playouts + PRIOR * overall + DOUBT) / (m.playouts + PRIOR + 2 * DOUBT), m.playouts)
        for m in ranked[top:]
    ]
    return estimated + rest


def advice(view: InfoView, *, seconds: float = 1.0, top: int = 3, seed: int = 0) -> Advice:
    """Up to ``top`` legal moves, best first, with win chances, from the game's ``hard`` level."""
    _check(seconds, top)
    legal = view.legal_actions()
    if not legal:
        return Advice([], 0, False, "")
    from . import parse_spec

    spec = _hard_spec(view.game.ID, view.game.players)
    name, settings = parse_spec(spec) if spec else ("ismcts", {})
    if name == "playouts":
        ranked = _playout_values(view, seconds, seed, settings, top=top)
    elif name == "ismcts" or "heuristic" not in entry(view.game.ID).agents:
        ranked = _search_values(view, seconds, seed, settings if name == "ismcts" else {})
    else:
        # A hard level that is a (tuned) heuristic: each move played on by that agent in the
        # hinted seat and the heuristic in the others, as the calibration plays on.
        factory = entry(view.game.ID).agents[name]
        ranked = _playout_values(view, seconds, seed, {}, own=lambda g, s, sd: factory(g, s, sd, **settings), top=top)
    # The figures shown go through the game's calibration map (monotone: the order stays).
    game_id, players = view.game.ID, view.game.players
    moves = [(a, round(calibrated(game_id, players, v), 4)) for a, v, _ in ranked[:top]]
    raw = tuple(round(v, 4) for _, v, _ in ranked[:top])
    playouts = tuple(n for _, _, n in ranked[:top])
    _, best_value, best_n = ranked[0]
    reason = ""
    runner_up = None
    if len(legal) > 1 and best_n < FEW:
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
    return Advice(moves, best_n, bool(reason), reason, playouts, runner_up, raw)


def calibration_deciles(
    rows: list[dict[str, Any]], tolerance: float = 0.10, *, bins: str = "deciles"
) -> list[dict[str, Any]]:
    """Per decile of predicted chance: count, mean prediction, observed rate with interval, pass/fail.

    ``rows`` hold ``predicted`` (the hint's chance, 0-1) and ``won`` (what happened); a decile passes
    when its observed win rate is within ``tolerance`` of its mean prediction (issue 15).

    ``bins="deciles"`` (the default) cuts the positions, ordered by predicted chance, into ten groups
    of equal size: the deciles of the predictions, so every group has a tenth of the positions. The
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
        ordered = sorted(rows, key=lambda r: r["predicted"])
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


def hints(view: InfoView, *, seconds: float = 1.0, top: int = 3, seed: int = 0) -> list[tuple[int, float]]:
    """Up to ``top`` legal actions, best first, as ``(action, estimated win chance)`` (see :func:`advice`)."""
    return advice(view, seconds=seconds, top=top, seed=seed).moves


__all__ = ["DOUBT", "ESTIMATE_SHARE", "FEW", "PRIOR", "Advice", "advice", "calibration_deciles", "hints"]
