"""The HTML report of a sweep: win rate and game length against the swept values, with intervals.

``write_sweep_report(doc, out_dir)`` takes a :func:`gravity_games.sim.sweep.run_sweep` document.
One swept value: the win rate of every seat (the team's in a cooperative game) and the mean
game length, each against the value, with 95 % intervals, the packaged value marked. Two:
one line per value of the second, for the headline rate (the team's, or seat 0's) and the
length. A table per point gives the figures, the endings and the roles.
"""

from __future__ import annotations

import html
from pathlib import Path
from typing import Any

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt

from .report import _err, _pct, _save, _slug, _table
from .roles import roles_by_kind


def _numeric(values: list[Any]) -> bool:
    return all(isinstance(v, int | float) and not isinstance(v, bool) for v in values)


def _positions(values: list[Any]) -> tuple[list[float], list[str]]:
    if _numeric(values):
        return [float(v) for v in values], [f"{v:g}" for v in values]
    return [float(i) for i in range(len(values))], [str(v) for v in values]


def _headline(doc: dict[str, Any], point: dict[str, Any]) -> dict[str, float]:
    """The rate a two-way sweep draws: the team's, or seat 0's (the first agent named)."""
    rate: dict[str, float] = point["win_rate"][0]
    return rate


def _headline_label(doc: dict[str, Any]) -> str:
    return "team win rate" if doc["cooperative"] else f"win rate of seat 0 ({doc['agents'][0]})"


def _axis_kind(axis: dict[str, Any]) -> str:
    kind = {"param": "parameter", "data": "component value", "players": "player count"}[axis["kind"]]
    return kind if axis["default"] is None else f"{kind}, packaged value {axis['default']}"


def _mark_default(ax: Any, axis: dict[str, Any], xs: list[float]) -> None:
    values = list(axis["values"])
    default = axis["default"]
    if default in values:
        x = xs[values.index(default)]
    elif _numeric(values) and isinstance(default, int | float) and not isinstance(default, bool):
        x = float(default)
    else:
        return
    ax.axvline(x, color="#888888", linestyle=":", linewidth=1, label=f"packaged value {default}")


def _dodge(xs: list[float], i: int, lines: int) -> list[float]:
    """Line ``i`` of ``lines`` shifted a little sideways, so error bars on one value do not hide each other."""
    step = (max(xs) - min(xs)) / max(1, len(xs) - 1) if len(xs) > 1 else 1.0
    shift = (i - (lines - 1) / 2) * 0.04 * step
    return [x + shift for x in xs]


def _legend_below(ax: Any) -> None:
    """The legend under the axes: inside, it covered points and intervals wherever it went."""
    handles, _labels = ax.get_legend_handles_labels()
    ax.legend(
        fontsize=8, loc="upper center", bbox_to_anchor=(0.5, -0.16), ncol=min(3, max(1, len(handles))), frameon=False
    )


def plot_rates(doc: dict[str, Any], out_dir: Path) -> str:
    axis = doc["vary"][0]
    xs, labels = _positions(list(axis["values"]))
    fig, ax = plt.subplots(figsize=(7, 4.8))
    if len(doc["vary"]) == 1:
        seats = [0] if doc["cooperative"] else list(range(doc["players"]))
        for i, seat in enumerate(seats):
            rates = [p["win_rate"][seat] for p in doc["points"]]
            label = "team" if doc["cooperative"] else f"seat {seat} ({doc['agents'][seat]})"
            ax.errorbar(
                _dodge(xs, i, len(seats)),
                [100 * r["rate"] for r in rates],
                yerr=_err(rates),
                fmt="o-",
                capsize=4,
                label=label,
            )
        ax.set_ylabel("team win rate (%)" if doc["cooperative"] else "win rate (%)")
    else:
        second = doc["vary"][1]
        for i, value in enumerate(second["values"]):
            rates = [_headline(doc, p) for p in doc["points"] if p["values"][second["path"]] == value]
            ax.errorbar(
                _dodge(xs, i, len(second["values"])),
                [100 * r["rate"] for r in rates],
                yerr=_err(rates),
                fmt="o-",
                capsize=4,
                label=f"{second['path']} = {value}",
            )
        ax.set_ylabel(f"{_headline_label(doc)} (%)")
    _mark_default(ax, axis, xs)
    ax.set_xticks(xs, labels)
    ax.set_ylim(0, 105)
    ax.set_xlabel(axis["path"])
    ax.set_title(
        f"Win rate against {axis['path']}, {doc['game']}, {doc['games_per_point']} games a point (95% CI)", fontsize=10
    )
    _legend_below(ax)
    return _save(fig, out_dir, f"sweep_win_rate_{_slug(axis['path'])}.png")


def plot_lengths(doc: dict[str, Any], out_dir: Path) -> str:
    axis = doc["vary"][0]
    xs, labels = _positions(list(axis["values"]))
    fig, ax = plt.subplots(figsize=(7, 4.8))
    groups: list[tuple[str, list[dict[str, Any]]]]
    if len(doc["vary"]) == 1:
        groups = [("all steps", doc["points"])]
    else:
        second = doc["vary"][1]
        groups = [
            (f"{second['path']} = {v}", [p for p in doc["points"] if p["values"][second["path"]] == v])
            for v in second["values"]
        ]
    for i, (label, points) in enumerate(groups):
        means = [p["length"]["mean"] for p in points]
        below = [p["length"]["mean"] - p["length"]["low"] for p in points]
        above = [p["length"]["high"] - p["length"]["mean"] for p in points]
        ax.errorbar(_dodge(xs, i, len(groups)), means, yerr=[below, above], fmt="s-", capsize=4, label=label)
    _mark_default(ax, axis, xs)
    ax.set_xticks(xs, labels)
    ax.set_ylim(bottom=0)
    ax.set_xlabel(axis["path"])
    ax.set_ylabel("mean game length (steps, chance included)")
    ax.set_title(f"Game length against {axis['path']}, {doc['game']} (95% CI of the mean)", fontsize=10)
    _legend_below(ax)
    return _save(fig, out_dir, f"sweep_length_{_slug(axis['path'])}.png")


def write_sweep_report(doc: dict[str, Any], out_dir: str | Path) -> Path:
    """Write ``index.html`` and its plots into ``out_dir``; return the page's path."""
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    rates_png = plot_rates(doc, out)
    length_png = plot_lengths(doc, out)
    paths = [a["path"] for a in doc["vary"]]
    seats = [0] if doc["cooperative"] else list(range(doc["players"]))
    headers = [
        *paths,
        *(["team"] if doc["cooperative"] else [f"seat {s}" for s in seats]),
        "mean length (95% CI)",
        "endings",
    ]
    rows = []
    for p in doc["points"]:
        length = p["length"]
        endings = ", ".join(f"{k}: {v}" for k, v in p["terminations"].items())
        rows.append(
            [
                *(p["values"][path] for path in paths),
                *(_pct(p["win_rate"][s]) for s in seats),
                f"{length['mean']:.1f} ({length['low']:.1f}-{length['high']:.1f})",
                endings,
            ]
        )
    role_rows = []
    for p in doc["points"]:
        for kind, table in roles_by_kind(p.get("by_role")).items():
            for value, r in table.items():
                role_rows.append([*(p["values"][path] for path in paths), kind, value, r["games"], _pct(r)])
    axes = "; ".join(f"{html.escape(a['path'])} ({_axis_kind(a)})" for a in doc["vary"])
    # A swept parameter is given by the axis, not by its packaged value among the fixed ones.
    fixed = {k: v for k, v in doc["params"].items() if k not in paths}
    params = ", ".join(f"{k}={v}" for k, v in sorted(fixed.items())) or "defaults"
    seated = "Seats as swept" if "players" in paths else f"{doc['players']} players"
    page = (
        "<!doctype html><html lang='en'><head><meta charset='utf-8'>"
        f"<title>gravity-games sweep: {html.escape(doc['game'])}</title><style>"
        "body{font-family:sans-serif;max-width:64em;margin:2em auto;padding:0 1em}"
        "table{border-collapse:collapse;margin:.5em 0;display:block;max-width:100%;overflow-x:auto}"
        "td,th{border:1px solid #ccc;padding:.2em .6em;text-align:right}"
        "img{max-width:100%}section{margin-bottom:2em}</style></head><body>"
        f"<h1>Sweep: {html.escape(doc['game'])}</h1>"
        f"<p>Swept: {axes}. {seated}, {doc['games_per_point']} games a point on the same seeds "
        f"(root seed {doc['seed']}), agents {html.escape(', '.join(doc['agents']))}, parameters "
        f"{html.escape(params)}.</p>"
        + (
            "<p><strong>Every point played exactly the same games</strong>: the swept value never came into play "
            "with these players, parameters and agents.</p>"
            if doc.get("no_effect")
            else ""
        )
        + f"<section><h2>Win rate</h2><img src='{rates_png}' alt='win rate against the swept value'></section>"
        f"<section><h2>Game length</h2><img src='{length_png}' alt='game length against the swept value'></section>"
        "<section><h2>Every point</h2>"
        + _table(headers, rows)
        + "</section>"
        + (
            "<section><h2>Roles at every point</h2><details><summary>win rate per role and value at each point"
            "</summary>"
            + _table([*paths, "role", "value", "games", "win rate (95% CI)"], role_rows)
            + "</details></section>"
            if role_rows
            else ""
        )
        + "</body></html>\n"
    )
    index = out / "index.html"
    index.write_text(page, encoding="utf-8")
    return index


__all__ = ["write_sweep_report"]
