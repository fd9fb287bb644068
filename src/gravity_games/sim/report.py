"""Balance reports: one HTML page with Matplotlib plots from a simulate document.

``write_report(doc, out_dir)`` takes the document of ``run_batch(..., keep_games=True)``
(with ``per_game``) and writes ``index.html`` and PNG plots into ``out_dir``:

* win rate per seat and per agent, with 95 % Wilson intervals;
* game length distribution (steps, chance included, and decisions);
* seat-order advantage: each seat's win rate minus the fair share, in percentage points;
* lead changes per game, for games that define the optional ``State.standings()`` hook
  (one number per seat, higher = further ahead: a score, a distance);
* termination reasons;
* with ``by_play`` (``simulate --compare``): the seat win rates and the roles again under each
  compared agent spec (random, heuristic, the strongest level), side by side;
* win rate per role (``by_role``: a ship, a character, a hero, a colour, the first player),
  from each game's design hook, with intervals;
* win rate per value of every label (str or bool) ``Outcome.detail`` entry (a game names its
  setup there, e.g. a monster set), and, for cooperative games, the team win rate per
  player count and setup (``sweep``: small extra batches over every player count).

The report reads games only through the registry and the document; it names no game.
"""

from __future__ import annotations

import html
import math
from collections import Counter, defaultdict
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import matplotlib

matplotlib.use("Agg")  # files only, never a window
import matplotlib.pyplot as plt
from matplotlib.figure import Figure
from matplotlib.ticker import MaxNLocator

from gravity_games.core.api import InvalidParameterError
from gravity_games.core.registry import load

from .roles import role_kinds, roles_by_kind
from .stats import wilson_interval

MAX_CATEGORIES = 30
"""A detail entry with more distinct values than this is summarised, not plotted per value.

30 covers Gravity Falls' 27 monster trios (one per tier); past 8 values the plot turns on its side."""

WIDE_CATEGORIES = 8
"""Past this many values a detail plot draws horizontal bars, one row per value, best first."""

SWEEP_VALUES = 4
"""A detail label gets its own lines in the player-count sweep only when it has at most this many values."""

_BLUE, _ORANGE, _GREY = "#3b6ea8", "#d9822b", "#888888"


def _rate(wins: float, games: int) -> dict[str, float]:
    low, high = wilson_interval(wins, games)
    return {"rate": wins / games if games else 0.0, "low": low, "high": high, "wins": wins, "games": games}


def _err(rates: Sequence[dict[str, float]]) -> list[list[float]]:
    """Error bar lengths in percentage points (clamped: rounding can put a bound past the rate)."""
    return [
        [max(0.0, 100 * (r["rate"] - r["low"])) for r in rates],
        [max(0.0, 100 * (r["high"] - r["rate"])) for r in rates],
    ]


def _save(fig: Figure, out_dir: Path, name: str) -> str:
    fig.tight_layout()
    fig.savefig(out_dir / name, dpi=110)
    plt.close(fig)
    return name


def _bars_with_intervals(
    ax: Any, labels: Sequence[str], rates: Sequence[dict[str, float]], colour: str = _BLUE
) -> None:
    xs = range(len(labels))
    values = [r["rate"] * 100 for r in rates]
    below = [max(0.0, (r["rate"] - r["low"]) * 100) for r in rates]
    above = [max(0.0, (r["high"] - r["rate"]) * 100) for r in rates]
    ax.bar(xs, values, color=colour, yerr=[below, above], capsize=5, ecolor="black")
    ax.set_xticks(list(xs), labels)
    for x, v in zip(xs, values, strict=True):
        ax.annotate(f"{v:.1f}%", (x, v), textcoords="offset points", xytext=(8, 3), fontsize=8)


# --- figures --------------------------------------------------------------------------


def seat_rates(doc: dict[str, Any]) -> list[dict[str, float]]:
    return [_rate(w, doc["games"]) for w in doc["wins"]]


def agent_rates(doc: dict[str, Any]) -> dict[str, dict[str, float]]:
    """Win rate of each agent spec over all (game, seat) places it held."""
    wins: Counter[str] = Counter()
    places: Counter[str] = Counter()
    for seat, agent in enumerate(doc["agents"]):
        places[agent] += doc["games"]
        wins[agent] += doc["wins"][seat]
    return {agent: _rate(wins[agent], places[agent]) for agent in places}


def seat_advantage(doc: dict[str, Any]) -> list[dict[str, float]]:
    """Each seat's win rate minus the fair share (all wins spread evenly), in points.

    The fair share is total wins / (games x seats), so shared wins and games without a
    winner are accounted for.
    """
    games, players = doc["games"], doc["players"]
    fair = sum(doc["wins"]) / (games * players) if games else 0.0
    out = []
    for r in seat_rates(doc):
        out.append(
            {"points": (r["rate"] - fair) * 100, "low": (r["low"] - fair) * 100, "high": (r["high"] - fair) * 100}
        )
    return out


def detail_breakdown(doc: dict[str, Any]) -> dict[str, dict[str, list[dict[str, float]]]]:
    """``{key: {value: [rate per seat]}}`` for outcome details holding labels (str or bool)."""
    per_game = doc.get("per_game") or []
    values: dict[str, Counter[str]] = defaultdict(Counter)
    for g in per_game:
        for key, value in (g.get("detail") or {}).items():
            # Labels (a setup name, a flag) are categories; numbers are summarised instead,
            # since most numeric details (turns, scores) measure the outcome itself.
            if isinstance(value, str | bool):
                values[key][str(value)] += 1
    result: dict[str, dict[str, list[dict[str, float]]]] = {}
    for key, counter in sorted(values.items()):
        if len(counter) > MAX_CATEGORIES or len(counter) < 2:
            continue
        table: dict[str, list[dict[str, float]]] = {}
        for value in sorted(counter, key=_natural):
            games = [g for g in per_game if str((g.get("detail") or {}).get(key)) == value]
            table[value] = [
                _rate(sum(1 for g in games if seat in g["winners"]), len(games)) for seat in range(doc["players"])
            ]
        result[key] = table
    return result


def _natural(text: str) -> tuple[int, float, str]:
    try:
        return (0, float(text), text)
    except ValueError:
        return (1, 0.0, text)


def player_sweep(doc: dict[str, Any], *, games: int, workers: int = 1, progress: Any = None) -> list[dict[str, Any]]:
    """Team win rate at every player count of a cooperative game, with the same agent.

    Returns ``[{"players", "rate", "by": {key: {value: rate}}}]``; used for the team win
    rate per setup and player count. Each count reuses the document's seed.
    """
    from .runner import run_batch

    game = load(doc["game"], players=doc["players"], **doc.get("params", {}))
    agents = sorted(set(doc["agents"]))
    if len(agents) != 1:
        raise InvalidParameterError("a player-count sweep needs one agent spec in every seat")
    rows = []
    for n in range(game.spec.min_players, game.spec.max_players + 1):
        sub = run_batch(
            doc["game"],
            games=games,
            players=n,
            params=dict(doc.get("params", {})),
            agents=agents,
            seed=doc["seed"],
            workers=workers,
            keep_games=True,
            progress=progress,
        )
        by = {key: {value: rates[0] for value, rates in table.items()} for key, table in detail_breakdown(sub).items()}
        rows.append({"players": n, "rate": _rate(sub["wins"][0], sub["games"]), "by": by})
    return rows


# --- plots ------------------------------------------------------------------------------


def _seat_labels(doc: dict[str, Any]) -> list[str]:
    return [f"seat {s}\n{a}" for s, a in enumerate(doc["agents"])]


def plot_seat_win_rates(doc: dict[str, Any], out_dir: Path) -> str:
    fig, ax = plt.subplots(figsize=(max(5.5, 1.3 * doc["players"] + 2), 4))
    _bars_with_intervals(ax, _seat_labels(doc), seat_rates(doc))
    if not doc.get("cooperative"):
        fair = 100 * sum(doc["wins"]) / (doc["games"] * doc["players"])
        ax.axhline(fair, color=_GREY, linestyle="--", linewidth=1, label=f"fair share {fair:.1f}%")
        ax.legend(loc="upper right", fontsize=8)
    ax.set_ylim(0, 105)
    ax.set_ylabel("win rate (%)")
    ax.set_xlabel("seat (turn order) and agent")
    kind = "Team win rate" if doc.get("cooperative") else "Win rate per seat"
    ax.set_title(f"{kind}, {doc['game']}, {doc['players']} players, {doc['games']} games (95% CI)", fontsize=10)
    return _save(fig, out_dir, "win_rate_seat.png")


def plot_agent_win_rates(doc: dict[str, Any], out_dir: Path) -> str:
    rates = agent_rates(doc)
    fig, ax = plt.subplots(figsize=(max(5.5, 1.6 * len(rates) + 2), 4))
    _bars_with_intervals(ax, list(rates), list(rates.values()), colour=_ORANGE)
    ax.set_ylim(0, 105)
    ax.set_ylabel("win rate per seat held (%)")
    ax.set_xlabel("agent")
    ax.set_title(f"Win rate per agent, {doc['game']}, {doc['games']} games (95% CI)", fontsize=10)
    return _save(fig, out_dir, "win_rate_agent.png")


def plot_lengths(doc: dict[str, Any], out_dir: Path) -> str:
    per_game = doc["per_game"]
    lengths = [g["length"] for g in per_game]
    decisions = [g["decisions"] for g in per_game]
    fig, ax = plt.subplots(figsize=(6.5, 4))
    # Integer-aligned bins: lengths are whole steps, and uneven bins would draw false spikes.
    low, high = min(decisions + lengths), max(lengths)
    width = max(1, math.ceil((high - low + 1) / 40))
    edges = [low - 0.5 + width * i for i in range((high - low) // width + 2)]
    ax.hist(lengths, bins=edges, color=_BLUE, alpha=0.75, label=f"all steps (mean {doc['mean_length']:.1f})")
    ax.hist(
        decisions, bins=edges, color=_ORANGE, alpha=0.75, label=f"player decisions (mean {doc['mean_decisions']:.1f})"
    )
    ax.set_xlabel("game length (steps per game; chance steps included in 'all steps')")
    ax.set_ylabel("games")
    ax.yaxis.set_major_locator(MaxNLocator(integer=True))
    ax.set_title(f"Game length distribution, {doc['game']}, {doc['games']} games", fontsize=10)
    ax.legend(fontsize=8)
    return _save(fig, out_dir, "game_length.png")


def plot_seat_advantage(doc: dict[str, Any], out_dir: Path) -> str:
    adv = seat_advantage(doc)
    fig, ax = plt.subplots(figsize=(max(5.5, 1.3 * doc["players"] + 2), 4))
    xs = range(len(adv))
    values = [a["points"] for a in adv]
    colours = [_BLUE if v >= 0 else _ORANGE for v in values]
    ax.bar(
        xs,
        values,
        color=colours,
        yerr=[[max(0.0, a["points"] - a["low"]) for a in adv], [max(0.0, a["high"] - a["points"]) for a in adv]],
        capsize=5,
    )
    ax.axhline(0, color="black", linewidth=0.8)
    ax.set_xticks(list(xs), _seat_labels(doc))
    ax.set_ylabel("win rate minus fair share (percentage points)")
    ax.set_xlabel("seat (turn order) and agent")
    ax.set_title(f"Seat-order advantage, {doc['game']}, {doc['players']} players (95% CI)", fontsize=10)
    return _save(fig, out_dir, "seat_advantage.png")


def plot_lead_changes(doc: dict[str, Any], out_dir: Path) -> str | None:
    changes = [g["lead_changes"] for g in doc["per_game"] if g.get("lead_changes") is not None]
    if not changes:
        return None
    fig, ax = plt.subplots(figsize=(6.5, 4))
    top = max(changes)
    ax.hist(changes, bins=[x - 0.5 for x in range(top + 2)], color=_BLUE, rwidth=0.85)
    ax.set_xlabel("lead changes per game (new sole leader by standings)")
    ax.set_ylabel("games")
    ax.yaxis.set_major_locator(MaxNLocator(integer=True))
    ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    mean = sum(changes) / len(changes)
    ax.set_title(f"Lead changes, {doc['game']}, {len(changes)} games (mean {mean:.2f})", fontsize=10)
    return _save(fig, out_dir, "lead_changes.png")


def plot_terminations(doc: dict[str, Any], out_dir: Path) -> str:
    items = sorted(doc["terminations"].items(), key=lambda kv: kv[1])
    fig, ax = plt.subplots(figsize=(6.5, max(2.5, 0.5 * len(items) + 1.5)))
    ax.barh([k for k, _ in items], [v for _, v in items], color=_BLUE)
    for y, (_, v) in enumerate(items):
        ax.annotate(
            f"{v} ({100 * v / doc['games']:.1f}%)", (v, y), xytext=(4, -3), textcoords="offset points", fontsize=8
        )
    ax.set_xlabel("games")
    ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    ax.set_xlim(0, max(v for _, v in items) * 1.25)
    ax.set_title(f"Termination reasons, {doc['game']}, {doc['games']} games", fontsize=10)
    return _save(fig, out_dir, "terminations.png")


def plot_detail(doc: dict[str, Any], key: str, table: dict[str, list[dict[str, float]]], out_dir: Path) -> str:
    """Win rate per value of a label: grouped bars, or for many values one row each, best on top."""
    seats = [0] if doc.get("cooperative") else list(range(doc["players"]))
    rows = len(table) > WIDE_CATEGORIES
    values = sorted(table, key=lambda v: (table[v][seats[0]]["rate"], v)) if rows else list(table)
    if rows:
        fig, ax = plt.subplots(figsize=(8, max(4.0, 0.28 * len(values) * len(seats) + 1.5)))
    else:
        fig, ax = plt.subplots(figsize=(min(14, max(6, 0.9 * len(values) * len(seats) + 2)), 4))
    size = 0.8 / len(seats)
    for i, seat in enumerate(seats):
        places = [v + (i - (len(seats) - 1) / 2) * size for v in range(len(values))]
        rates = [table[v][seat] for v in values]
        label = "team" if doc.get("cooperative") else f"seat {seat}"
        heights = [r["rate"] * 100 for r in rates]
        if rows:
            ax.barh(places, heights, height=size, xerr=_err(rates), capsize=2, label=label)
        else:
            ax.bar(places, heights, width=size, yerr=_err(rates), capsize=3, label=label)
    counts = [int(table[v][0]["games"]) for v in values]
    names = [f"{v} (n={n})" if rows else f"{v}\n(n={n})" for v, n in zip(values, counts, strict=True)]
    if rows:
        ax.set_yticks(range(len(values)), names, fontsize=7)
        ax.set_xlim(0, 105)
        ax.set_xlabel("win rate (%)")
        ax.set_ylabel(f"outcome detail '{key}'")
    else:
        ax.set_xticks(range(len(values)), names, fontsize=8)
        ax.set_ylim(0, 105)
        ax.set_ylabel("win rate (%)")
        ax.set_xlabel(f"outcome detail '{key}'")
    kind = "Team win rate" if doc.get("cooperative") else "Win rate per seat"
    ax.set_title(f"{kind} by {key}, {doc['game']} (95% CI)", fontsize=10)
    ax.legend(fontsize=8, loc="lower right" if rows else "best")
    return _save(fig, out_dir, f"detail_{_slug(key)}.png")


def plot_roles(doc: dict[str, Any], kind: str, table: dict[str, dict[str, Any]], out_dir: Path) -> str:
    """Win rate per value of one role kind (a ship, a hero, a colour), 95 % intervals, best on top.

    The dashed line is the rate every role would have if none mattered: all wins over all
    places (competitive), or the team's overall rate (cooperative).
    """
    values = sorted(table, key=lambda v: (table[v]["rate"], v))
    fig, ax = plt.subplots(figsize=(7.5, max(2.8, 0.42 * len(values) + 1.6)))
    rates = [table[v] for v in values]
    ax.barh(range(len(values)), [100 * r["rate"] for r in rates], xerr=_err(rates), capsize=3, color=_BLUE)
    for y, r in enumerate(rates):
        ax.annotate(
            f"{100 * r['rate']:.1f}%", (100 * r["high"], y), xytext=(4, -3), textcoords="offset points", fontsize=8
        )
    ax.set_yticks(range(len(values)), [f"{v} (n={table[v]['games']})" for v in values], fontsize=8)
    games = sum(r["games"] for r in rates)
    if games:
        base = 100 * sum(r["wins"] for r in rates) / games
        ax.axvline(base, color=_GREY, linestyle="--", linewidth=1, label=f"no role effect {base:.1f}%")
        ax.legend(fontsize=8, loc="lower right")
    ax.set_xlim(0, 105)
    ax.set_xlabel("team win rate (%)" if doc.get("cooperative") else "win rate of the seat holding it (%)")
    ax.set_title(f"Win rate by {kind}, {doc['game']}, {doc['games']} games (95% CI)", fontsize=10)
    return _save(fig, out_dir, f"role_{_slug(kind)}.png")


def plot_play(doc: dict[str, Any], out_dir: Path) -> str:
    """Win rate per seat (the team's) under each compared agent spec, grouped by spec."""
    by_play = {f["agent"]: f for f in doc["by_play"]}
    specs = list(by_play)
    seats = [0] if doc.get("cooperative") else list(range(doc["players"]))
    fig, ax = plt.subplots(figsize=(max(6.5, 1.2 * len(specs) * len(seats) + 2), 4))
    size = 0.8 / len(seats)
    for i, seat in enumerate(seats):
        rates = [by_play[s]["win_rate"][seat] for s in specs]
        places = [x + (i - (len(seats) - 1) / 2) * size for x in range(len(specs))]
        label = "team" if doc.get("cooperative") else f"seat {seat}"
        ax.bar(places, [100 * r["rate"] for r in rates], width=size, yerr=_err(rates), capsize=3, label=label)
    if not doc.get("cooperative"):
        ax.axhline(100 / doc["players"], color=_GREY, linestyle="--", linewidth=1, label="1 / players")
    ax.set_xticks(range(len(specs)), [f"{s}\n({by_play[s]['games']} games)" for s in specs], fontsize=8)
    ax.set_ylim(0, 105)
    ax.set_ylabel("team win rate (%)" if doc.get("cooperative") else "win rate (%)")
    ax.set_xlabel("agent spec in every seat")
    ax.set_title(f"Balance under different play, {doc['game']}, {doc['players']} players (95% CI)", fontsize=10)
    ax.legend(fontsize=8)
    return _save(fig, out_dir, "balance_by_play.png")


def plot_play_roles(doc: dict[str, Any], kind: str, out_dir: Path) -> str:
    """Win rate of each value of a role kind under each compared agent spec."""
    by_play = {f["agent"]: f for f in doc["by_play"]}
    specs = list(by_play)
    tables = {s: roles_by_kind(by_play[s].get("by_role")).get(kind, {}) for s in specs}
    values = sorted({v for s in specs for v in tables[s]}, key=_natural)
    fig, ax = plt.subplots(figsize=(8, max(3.0, 0.3 * len(values) * len(specs) + 1.6)))
    size = 0.8 / len(specs)
    for i, spec in enumerate(specs):
        table = tables[spec]
        rates = [table.get(v, {"rate": 0.0, "low": 0.0, "high": 0.0}) for v in values]
        # The first spec on top within each group, in the legend's order.
        places = [y + ((len(specs) - 1) / 2 - i) * size for y in range(len(values))]
        ax.barh(places, [100 * r["rate"] for r in rates], height=size, xerr=_err(rates), capsize=2, label=spec)
    ax.set_yticks(range(len(values)), values, fontsize=8)
    ax.set_xlim(0, 105)
    ax.set_xlabel("team win rate (%)" if doc.get("cooperative") else "win rate of the seat holding it (%)")
    ax.set_title(f"Win rate by {kind} under different play, {doc['game']} (95% CI)", fontsize=10)
    ax.legend(fontsize=8, loc="lower right")
    return _save(fig, out_dir, f"play_role_{_slug(kind)}.png")


def plot_sweep(doc: dict[str, Any], sweep: list[dict[str, Any]], out_dir: Path) -> str:
    fig, ax = plt.subplots(figsize=(6.5, 4))
    xs = [row["players"] for row in sweep]

    # Lines only for labels with few values (a difficulty, a variant): 27 lines would hide each other.
    keys = [
        k
        for k in sorted({k for row in sweep for k in row["by"]})
        if len({v for row in sweep for v in row["by"].get(k, {})}) <= SWEEP_VALUES
    ][:2]
    series: list[tuple[list[dict[str, float] | None], str, str]] = [
        ([row["rate"] for row in sweep], "all setups", "o-")
    ]
    for key in keys:
        values = sorted({v for row in sweep for v in row["by"].get(key, {})}, key=_natural)
        for value in values:
            series.append(([row["by"].get(key, {}).get(value) for row in sweep], f"{key} = {value}", "s--"))

    def line(rates: list[dict[str, float] | None], label: str, style: str, shift: float) -> None:
        pts = [(x, r) for x, r in zip(xs, rates, strict=True) if r is not None and r["games"]]
        if not pts:
            return
        ax.errorbar(
            [x + shift for x, _ in pts],
            [100 * r["rate"] for _, r in pts],
            yerr=_err([r for _, r in pts]),
            fmt=style,
            capsize=4,
            label=label,
        )

    # Lines side by side around each player count, so their intervals do not hide each other.
    for i, (rates, label, style) in enumerate(series):
        line(rates, label, style, (i - (len(series) - 1) / 2) * 0.08)
    ax.set_xticks(xs)
    ax.set_ylim(0, 105)
    ax.set_xlabel("players")
    ax.set_ylabel("team win rate (%)")
    ax.set_title(f"Team win rate per player count and setup, {doc['game']} (95% CI)", fontsize=10)
    ax.legend(fontsize=7)
    return _save(fig, out_dir, "team_win_rate_players.png")


def sweep_grid_keys(sweep: list[dict[str, Any]]) -> list[str]:
    """Labels with too many values for sweep lines (a monster trio): drawn as a grid instead."""
    keys = []
    for key in sorted({k for row in sweep for k in row["by"]}):
        values = {v for row in sweep for v in row["by"].get(key, {})}
        if SWEEP_VALUES < len(values) <= MAX_CATEGORIES:
            keys.append(key)
    return keys


def plot_sweep_grid(doc: dict[str, Any], sweep: list[dict[str, Any]], key: str, out_dir: Path) -> str:
    """Team win rate per value of ``key`` (rows, best on top) and player count (columns)."""
    counts = [row["players"] for row in sweep]
    cells: dict[str, dict[int, dict[str, float]]] = defaultdict(dict)
    for row in sweep:
        for value, rate in row["by"].get(key, {}).items():
            cells[value][row["players"]] = rate

    def pooled(value: str) -> float:
        wins = sum(r["wins"] for r in cells[value].values())
        games = sum(r["games"] for r in cells[value].values())
        return wins / games if games else 0.0

    values = sorted(cells, key=lambda v: (pooled(v), v))
    grid = [
        [100 * cells[v][n]["rate"] if n in cells[v] and cells[v][n]["games"] else math.nan for n in counts]
        for v in values
    ]
    fig, ax = plt.subplots(figsize=(2.2 + 1.1 * len(counts) + 2.2, max(3.5, 0.32 * len(values) + 1.6)))
    image = ax.imshow(grid, aspect="auto", cmap="viridis", vmin=0, vmax=100, origin="lower")
    for y, v in enumerate(values):
        for x, n in enumerate(counts):
            r = cells[v].get(n)
            if r and r["games"]:
                light = 100 * r["rate"] < 60
                ax.text(
                    x,
                    y,
                    f"{100 * r['rate']:.0f}% ({int(r['games'])})",
                    ha="center",
                    va="center",
                    fontsize=6.5,
                    color="white" if light else "black",
                )
    ax.set_xticks(range(len(counts)), [str(n) for n in counts])
    ax.set_yticks(range(len(values)), values, fontsize=7)
    ax.set_xlabel("players")
    ax.set_ylabel(key)
    fig.colorbar(image, ax=ax, label="team win rate (%)")
    ax.set_title(
        f"Team win rate per {key} and player count, {doc['game']}\n(cell: rate (games); rows by pooled rate)",
        fontsize=9,
    )
    return _save(fig, out_dir, f"team_win_rate_players_{_slug(key)}.png")


def _slug(text: str) -> str:
    return "".join(c if c.isalnum() else "_" for c in text)


# --- page -------------------------------------------------------------------------------


def _table(headers: Sequence[str], rows: Sequence[Sequence[Any]]) -> str:
    head = "".join(f"<th>{html.escape(str(h))}</th>" for h in headers)
    body = "".join("<tr>" + "".join(f"<td>{html.escape(str(c))}</td>" for c in row) + "</tr>" for row in rows)
    return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


def _pct(r: dict[str, float]) -> str:
    return f"{100 * r['rate']:.1f}% ({100 * r['low']:.1f}-{100 * r['high']:.1f})"


def _numeric_details(doc: dict[str, Any]) -> list[tuple[str, float, float, float]]:
    sums: dict[str, list[float]] = defaultdict(list)
    for g in doc["per_game"]:
        for key, value in (g.get("detail") or {}).items():
            if isinstance(value, int | float) and not isinstance(value, bool):
                sums[key].append(float(value))
    return [(k, min(v), sum(v) / len(v), max(v)) for k, v in sorted(sums.items())]


def write_report(doc: dict[str, Any], out_dir: Path, *, sweep_games: int | None = None) -> Path:
    """Write ``index.html`` and its PNG plots into ``out_dir``; return the page's path.

    ``doc`` is a simulate document with ``per_game`` (``run_batch(..., keep_games=True)``).
    For a cooperative game played by one agent spec, the team win rate per player count
    comes from extra batches of ``sweep_games`` games (default: ``min(games, 100)``; 0 skips
    it) unless ``doc["sweep"]`` already holds them.
    """
    if not doc.get("per_game"):
        raise InvalidParameterError("a report needs the per-game summaries: run the batch with keep_games=True")
    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    sections: list[str] = []

    def figure(title: str, name: str | None, note: str = "") -> None:
        img = f'<img src="{html.escape(name)}" alt="{html.escape(title)}">' if name else ""
        text = f"<p>{html.escape(note)}</p>" if note else ""
        sections.append(f"<section><h2>{html.escape(title)}</h2>{text}{img}</section>")

    rates = seat_rates(doc)
    sections.append(
        "<section><h2>Win rate per seat</h2>"
        + _table(
            ["seat", "agent", "wins", "win rate (95% CI)"],
            [(s, a, w, _pct(r)) for s, (a, w, r) in enumerate(zip(doc["agents"], doc["wins"], rates, strict=True))],
        )
        + f'<img src="{plot_seat_win_rates(doc, out_dir)}" alt="win rate per seat"></section>'
    )
    agents = agent_rates(doc)
    sections.append(
        "<section><h2>Win rate per agent</h2>"
        + _table(
            ["agent", "places held", "wins", "win rate (95% CI)"],
            [(a, r["games"], r["wins"], _pct(r)) for a, r in agents.items()],
        )
        + f'<img src="{plot_agent_win_rates(doc, out_dir)}" alt="win rate per agent"></section>'
    )
    figure(
        "Game length",
        plot_lengths(doc, out_dir),
        f"Steps per game: mean {doc['mean_length']:.1f}, min {doc['length_min']}, max {doc['length_max']}; "
        f"decisions per game: mean {doc['mean_decisions']:.1f}.",
    )
    if doc.get("cooperative"):
        figure("Seat-order advantage", None, "Cooperative game: every seat shares the team's result.")
    else:
        mixed = len(set(doc["agents"])) > 1
        note = (
            "Different agents sit in different seats, so seat and agent effects are mixed; "
            "run one agent spec in every seat to measure the seat alone."
            if mixed
            else "Same agent in every seat: differences are the seat-order effect (plus noise)."
        )
        figure("Seat-order advantage", plot_seat_advantage(doc, out_dir), note)
    leads = plot_lead_changes(doc, out_dir) if not doc.get("cooperative") else None
    figure(
        "Lead changes",
        leads,
        ""
        if leads
        else "Not available: the game does not define the optional State.standings() hook "
        "(or is cooperative), so there is no score or distance to lead by.",
    )
    figure("Termination reasons", plot_terminations(doc, out_dir))
    # roles_by_kind reads the flat table of DESIGN.md and the nested one of older saved documents.
    for kind, table in roles_by_kind(doc.get("by_role")).items():
        if doc.get("cooperative"):
            note = "Counted once per game the role was in the team."
        elif len(set(doc["agents"])) > 1:
            note = (
                "Counted per seat that held the role; different agents sit in different seats, "
                "so agent strength mixes in."
            )
        else:
            note = "Counted per seat that held the role; the same agent in every seat."
        sections.append(
            f"<section><h2>Win rate by {html.escape(kind)}</h2><p>{html.escape(note)}</p>"
            + _table(
                [kind, "games", "wins", "win rate (95% CI)"],
                # Best first, as the plot below draws them.
                [(v, r["games"], r["wins"], _pct(r)) for v, r in sorted(table.items(), key=lambda kv: -kv[1]["rate"])],
            )
            + f'<img src="{plot_roles(doc, kind, table, out_dir)}" alt="win rate by {html.escape(kind)}"></section>'
        )
    for key, cells in detail_breakdown(doc).items():
        figure(f"Win rate by {key}", plot_detail(doc, key, cells, out_dir))
    if doc.get("by_play"):
        by_play = {f["agent"]: f for f in doc["by_play"]}
        seats = [0] if doc.get("cooperative") else list(range(doc["players"]))
        seat_heads = ["team"] if doc.get("cooperative") else [f"seat {s}" for s in seats]
        headers = ["agents in every seat", "games", *seat_heads, "seat spread (points)", "mean length"]
        rows = []
        for spec, f in by_play.items():
            shares = [f["win_rate"][s]["rate"] for s in seats]
            rows.append(
                [
                    f"{spec} ({f['plays_as']})" if f.get("plays_as") else spec,
                    f["games"],
                    *(_pct(f["win_rate"][s]) for s in seats),
                    f"{100 * (max(shares) - min(shares)):.1f}",
                    f"{f['mean_length']:.1f}",
                ]
            )
        sections.append(
            "<section><h2>Balance under different play</h2><p>The same figures with one agent spec in every seat, "
            "same seeds: does a seat or role advantage hold when the play gets stronger?</p>"
            + _table(headers, rows)
            + f'<img src="{plot_play(doc, out_dir)}" alt="balance under different play"></section>'
        )
        kinds = role_kinds([f.get("by_role") for f in by_play.values()])
        for kind in kinds:
            figure(f"Win rate by {kind} under different play", plot_play_roles(doc, kind, out_dir))
    numeric = _numeric_details(doc)
    if numeric:
        sections.append(
            "<section><h2>Outcome details</h2>"
            + _table(
                ["detail", "min", "mean", "max"], [(k, f"{lo:g}", f"{m:.2f}", f"{hi:g}") for k, lo, m, hi in numeric]
            )
            + "</section>"
        )
    sweep = doc.get("sweep")
    if sweep is None and doc.get("cooperative") and len(set(doc["agents"])) == 1:
        n = min(doc["games"], 100) if sweep_games is None else sweep_games
        if n > 0:
            sweep = player_sweep(doc, games=n)
    if sweep:
        figure(
            "Team win rate per player count and setup",
            plot_sweep(doc, sweep, out_dir),
            f"Extra batches of {int(sweep[0]['rate']['games'])} games per player count, agent {doc['agents'][0]}, "
            f"seed {doc['seed']}.",
        )
        for key in sweep_grid_keys(sweep)[:2]:
            figure(
                f"Team win rate per {key} and player count",
                plot_sweep_grid(doc, sweep, key, out_dir),
                f"The same batches split by '{key}'. Few games per cell: read rows and columns, not single cells.",
            )
    params = ", ".join(f"{k}={v}" for k, v in sorted(doc.get("params", {}).items())) or "defaults"
    head = (
        f"<h1>Balance report: {html.escape(doc['game'])}</h1><p>{doc['players']} players, {doc['games']} games, "
        f"seed {doc['seed']}, parameters {html.escape(params)}; agents {html.escape(', '.join(doc['agents']))}; "
        f"no winner in {doc.get('no_winner', 0)} games.</p>"
    )
    page = (
        "<!doctype html><html lang='en'><head><meta charset='utf-8'>"
        f"<title>gravity-games report: {html.escape(doc['game'])}</title><style>"
        "body{font-family:sans-serif;max-width:60em;margin:2em auto;padding:0 1em}"
        "table{border-collapse:collapse;margin:.5em 0;display:block;max-width:100%;overflow-x:auto}"
        "td,th{border:1px solid #ccc;padding:.2em .6em;text-align:right}"
        "img{max-width:100%}section{margin-bottom:2em}</style></head><body>"
        + head
        + "".join(sections)
        + "</body></html>\n"
    )
    index = out_dir / "index.html"
    index.write_text(page, encoding="utf-8")
    return index


__all__ = ["agent_rates", "detail_breakdown", "player_sweep", "seat_advantage", "seat_rates", "write_report"]
