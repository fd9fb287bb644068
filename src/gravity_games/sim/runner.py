"""Run a batch of games locally (worker processes) or on Ray, and aggregate the results."""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import asdict, dataclass, field, replace
from typing import Any

from gravity_games.agents import make_agents
from gravity_games.core.api import CHANCE, GravityError, InvalidParameterError
from gravity_games.core.play import play_game
from gravity_games.core.record import GameRecord
from gravity_games.core.registry import entry, load
from gravity_games.core.seeding import derive_seed

from .roles import role_breakdown
from .stats import wilson_interval

Progress = Callable[[int], None]


@dataclass(frozen=True)
class GameSummary:
    """What a batch keeps of one game."""

    index: int
    seed: int
    winners: tuple[int, ...]
    reason: str
    length: int
    decisions: int
    returns: tuple[float, ...]
    lead_changes: int | None = None
    detail: dict[str, Any] = field(default_factory=dict)
    roles: tuple[dict[str, str], ...] = ()
    """Who each seat played as (``{kind: value}``), from the game's design hook."""
    actions: tuple[int, ...] | None = None
    """Every action of the game (its record), kept only when a batch keeps all records."""

    def to_json(self) -> dict[str, Any]:
        doc = asdict(self)
        doc["winners"] = list(self.winners)
        doc["returns"] = list(self.returns)
        doc["roles"] = [dict(r) for r in self.roles]
        if self.actions is None:
            del doc["actions"]
        else:
            doc["actions"] = list(self.actions)
        return doc

    @classmethod
    def from_json(cls, doc: dict[str, Any]) -> GameSummary:
        """The summary of :meth:`to_json` (summaries cross process and Ray boundaries as dicts)."""
        actions = doc.get("actions")
        return cls(
            index=doc["index"],
            seed=doc["seed"],
            winners=tuple(doc["winners"]),
            reason=doc["reason"],
            length=doc["length"],
            decisions=doc["decisions"],
            returns=tuple(doc["returns"]),
            lead_changes=doc.get("lead_changes"),
            detail=dict(doc.get("detail") or {}),
            roles=tuple(dict(r) for r in doc.get("roles") or ()),
            actions=None if actions is None else tuple(actions),
        )


class LeadTracker:
    """Counts lead changes through the optional ``State.standings()`` hook.

    A game with a score or a distance may define ``standings() -> Sequence[float]``: one
    number per seat, higher meaning further ahead. The leader is the seat strictly ahead
    of all others (a tie has no leader); a lead change is a new leader different from the
    last one. Games without the hook, and cooperative games, report ``None``.
    """

    __slots__ = ("changes", "leader")

    def __init__(self) -> None:
        self.leader = -1
        self.changes = 0

    def see(self, standings: Any) -> None:
        values = list(standings)
        if not values:
            return
        top = max(values)
        if values.count(top) != 1:
            return
        seat = values.index(top)
        if seat != self.leader:
            if self.leader >= 0:
                self.changes += 1
            self.leader = seat


def game_seed(root: int, index: int) -> int:
    """The seed of game ``index`` of a batch with root seed ``root``."""
    return derive_seed(root, "game", index)


def play_one(
    game_id: str,
    players: int,
    params: dict[str, Any],
    agents: Sequence[str],
    root: int,
    index: int,
    *,
    actions: bool = False,
) -> GameSummary:
    """Play game ``index`` of a batch; the same arguments always give the same summary.

    ``actions`` keeps the game's every action in the summary (for its record).
    """
    summary, _record = play_recorded(game_id, players, params, agents, root, index)
    if actions:
        return replace(summary, actions=tuple(_record.actions))
    return summary


def play_recorded(
    game_id: str, players: int, params: dict[str, Any], agents: Sequence[str], root: int, index: int
) -> tuple[GameSummary, GameRecord]:
    """Play game ``index`` of a batch; its summary and its record (replayable, see ``gravity replay``)."""
    game = load(game_id, players=players, **params)
    seed = game_seed(root, index)
    bots = make_agents(list(agents), game, seed)
    decisions = 0
    tracker = LeadTracker() if not game.spec.cooperative else None

    def count(state: Any, player: int, _action: int) -> None:
        nonlocal decisions, tracker
        if player != CHANCE:
            decisions += 1
        if tracker is not None:
            standings = getattr(state, "standings", None)
            if standings is None:
                tracker = None
            else:
                tracker.see(standings())

    state, record = play_game(game, bots, seed, on_step=count)
    if tracker is not None:
        tracker.see(state.standings())  # type: ignore[attr-defined]
    outcome = state.outcome()
    if outcome is None:  # play_game only returns at the end
        raise GravityError(f"{game_id}: game {index} ended without an outcome")
    summary = GameSummary(
        index=index,
        seed=seed,
        winners=tuple(outcome.winners),
        reason=outcome.reason,
        length=len(record.actions),
        decisions=decisions,
        returns=tuple(state.returns()),
        lead_changes=tracker.changes if tracker is not None else None,
        detail=_json_safe_detail(outcome.detail),
        roles=seat_roles(state),
    )
    return summary, record


def seat_roles(state: Any) -> tuple[dict[str, str], ...]:
    """Who each seat played as, from the game's design hook on the public observation."""
    hook = entry(state.game.ID).design.roles
    return tuple({str(k): str(v) for k, v in roles.items()} for roles in hook(state.observation(None), state.game))


def _json_safe_detail(detail: Any) -> dict[str, Any]:
    # Outcome details feed the report's break-downs (e.g. win rate per setup); only
    # plain scalars are kept so a summary stays small and JSON-safe.
    return {str(k): v for k, v in dict(detail or {}).items() if isinstance(v, str | int | float | bool) or v is None}


def _play_chunk(
    game_id: str,
    players: int,
    params: dict[str, Any],
    agents: Sequence[str],
    root: int,
    indices: list[int],
    actions: bool = False,
) -> list[GameSummary]:
    return [play_one(game_id, players, params, agents, root, i, actions=actions) for i in indices]


def _chunks(games: int, workers: int) -> list[list[int]]:
    size = max(1, min(200, games // max(1, workers * 8)))
    return [list(range(start, min(games, start + size))) for start in range(0, games, size)]


def run_local(
    game_id: str,
    players: int,
    params: dict[str, Any],
    agents: Sequence[str],
    games: int,
    seed: int,
    workers: int,
    progress: Progress | None = None,
    *,
    actions: bool = False,
) -> list[GameSummary]:
    """Play the batch in this process (``workers == 1``) or in worker processes.

    ``actions`` keeps every game's actions in its summary (``simulate --records DIR --keep all``).
    """
    chunks = _chunks(games, workers)
    results: list[GameSummary] = []
    if workers <= 1:
        for chunk in chunks:
            results.extend(_play_chunk(game_id, players, params, agents, seed, chunk, actions))
            if progress:
                progress(len(chunk))
        return results
    with ProcessPoolExecutor(max_workers=workers) as pool:
        futures = [pool.submit(_play_chunk, game_id, players, params, list(agents), seed, c, actions) for c in chunks]
        for future in as_completed(futures):
            part = future.result()
            results.extend(part)
            if progress:
                progress(len(part))
    return results


BACKENDS: dict[str, Callable[..., list[GameSummary]]] = {"local": run_local}


def register_backend(name: str, runner: Callable[..., list[GameSummary]]) -> None:
    """Add a backend with the signature of :func:`run_local` (plus keyword options)."""
    BACKENDS[name] = runner


def summarise(
    game_id: str,
    players: int,
    params: dict[str, Any],
    agents: Sequence[str],
    seed: int,
    results: Sequence[GameSummary],
    cooperative: bool,
) -> dict[str, Any]:
    """The simulate document of DESIGN.md, from per-game summaries (order-independent)."""
    ordered = sorted(results, key=lambda r: r.index)
    n = len(ordered)
    wins = [0] * players
    for r in ordered:
        if cooperative:
            if r.winners:
                wins = [w + 1 for w in wins]
        else:
            for seat in r.winners:
                wins[seat] += 1
    rates = []
    for w in wins:
        low, high = wilson_interval(w, n)
        rates.append({"rate": w / n if n else 0.0, "low": low, "high": high})
    terminations = Counter(r.reason for r in ordered)
    lengths = [r.length for r in ordered]
    decisions = [r.decisions for r in ordered]
    mean_returns = [sum(r.returns[s] for r in ordered) / n if n else 0.0 for s in range(players)]
    leads = [r.lead_changes for r in ordered if r.lead_changes is not None]
    extra: dict[str, Any] = {"by_role": role_breakdown(ordered, cooperative)}
    if leads:
        extra["mean_lead_changes"] = sum(leads) / len(leads)
    return {
        "game": game_id,
        "players": players,
        "games": n,
        "seed": seed,
        "params": {k: (list(v) if isinstance(v, tuple) else v) for k, v in params.items()},
        "agents": list(agents),
        "cooperative": cooperative,
        "wins": wins,
        "win_rate": rates,
        "no_winner": sum(1 for r in ordered if not r.winners),
        "mean_length": sum(lengths) / n if n else 0.0,
        "mean_decisions": sum(decisions) / n if n else 0.0,
        "length_min": min(lengths) if lengths else 0,
        "length_max": max(lengths) if lengths else 0,
        "mean_returns": mean_returns,
        "terminations": dict(sorted(terminations.items())),
        **extra,
    }


def run_batch(
    game_id: str,
    *,
    games: int,
    players: int | None = None,
    params: dict[str, Any] | None = None,
    agents: Sequence[str] = ("random",),
    seed: int = 0,
    workers: int = 1,
    backend: str = "local",
    progress: Progress | None = None,
    keep_games: bool = False,
    keep_actions: bool = False,
    **backend_options: Any,
) -> dict[str, Any]:
    """Simulate ``games`` games and return the simulate document (timings under ``timing``).

    ``agents`` holds one spec per seat, or one spec for every seat. ``keep_games`` adds
    ``per_game`` (each game's summary); ``keep_actions`` also keeps each game's actions there,
    so every game's record can be written (:mod:`gravity_games.sim.records`).
    """
    params = dict(params or {})
    game = load(game_id, players=players, **params)  # validates everything before any work
    players = game.players
    agents = list(agents)
    if len(agents) == 1:
        agents = agents * players
    make_agents(agents, game, seed)  # validates the agent specs up front
    if games < 1:
        raise InvalidParameterError(f"--games must be at least 1, got {games}")
    if workers < 1:
        raise InvalidParameterError(f"--workers must be at least 1, got {workers}")
    if backend not in BACKENDS:
        if backend == "ray":
            try:
                from . import ray_backend  # noqa: F401  (registers itself)
            except ImportError as exc:
                raise InvalidParameterError(f"backend 'ray' is not available: {exc}") from None
        if backend not in BACKENDS:
            raise InvalidParameterError(f"unknown backend {backend!r}; allowed: {', '.join(sorted(BACKENDS))}")
    if keep_actions:
        backend_options["actions"] = True
    started = time.perf_counter()
    results = BACKENDS[backend](
        game_id, players, game.params, agents, games, seed, workers, progress, **backend_options
    )
    elapsed = time.perf_counter() - started
    doc = summarise(game_id, players, game.params, agents, seed, results, game.spec.cooperative)
    if keep_games or keep_actions:
        doc["per_game"] = [r.to_json() for r in sorted(results, key=lambda r: r.index)]
    doc["timing"] = {
        "seconds": elapsed,
        "games_per_s": games / elapsed if elapsed > 0 else 0.0,
        "workers": workers,
        "backend": backend,
    }
    return doc
