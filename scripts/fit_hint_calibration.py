"""Fit a game's hint calibration map (a Platt scaling) on calibration runs, and print or write it.

The runs are ``scripts/hint_calibration.py`` documents; their rows' ``raw`` figures (the hint's
chance before any map) and outcomes are the data. The map is written into
``src/gravity_games/agents/hint_calibration.toml`` with ``--write`` (replacing that game's entry at
that player count); check it afterwards with a calibration run on other seeds.

The map changes only the figure shown, never the move (it is monotone), and every row records its
``raw`` figure, so a run recorded before the map (or with an older one) can be checked with it
offline: ``--check RUN.json [RUN.json ...]`` applies the fitted map to those runs' rows (several runs
of other seeds are pooled into one check: 2,000 positions tell a calibrated hint far more surely than
1,000), prints the per-decile table and writes the mapped, pooled run to ``--check-out``.

    .venv/bin/python scripts/fit_hint_calibration.py docs/figures/bot-levels/calibration-doubt-gravity-2-41.json --write
"""

from __future__ import annotations

import argparse
import json
import sys
import tomllib
from pathlib import Path
from typing import Any

from gravity_games.agents.hint_maps import HintMap, fit_platt, platt
from gravity_games.agents.hints import calibration_deciles

TOML = Path(__file__).resolve().parent.parent / "src" / "gravity_games" / "agents" / "hint_calibration.toml"


def entry_text(hint_map: HintMap) -> str:
    return (
        "[[map]]\n"
        f'game = "{hint_map.game}"\n'
        f"players = {hint_map.players}\n"
        f"slope = {hint_map.slope:.4f}\n"
        f"intercept = {hint_map.intercept:.4f}\n"
        f"fitted_on = {json.dumps(hint_map.fitted_on)}\n"
        f"positions = {hint_map.positions}\n"
    )


def write(hint_map: HintMap) -> None:
    """Replace (or add) the game's entry at that player count, keeping the file's header and the others."""
    text = TOML.read_text(encoding="utf-8")
    header, _, _ = text.partition("[[map]]")
    others = [
        HintMap(m["game"], m["players"], m["slope"], m["intercept"], m["fitted_on"], m["positions"])
        for m in tomllib.loads(text).get("map", [])
        if (m["game"], m["players"]) != (hint_map.game, hint_map.players)
    ]
    maps = sorted([*others, hint_map], key=lambda m: (m.game, m.players))
    TOML.write_text(header.rstrip("\n") + "\n\n" + "\n".join(entry_text(m) for m in maps), encoding="utf-8")


def mapped(doc: dict[str, Any], hint_map: HintMap | None) -> dict[str, Any]:
    """The run ``doc`` with its rows' ``predicted`` = ``hint_map`` of their ``raw`` (``None``: the raw
    figure itself), and its summary figures recomputed."""
    rows = []
    for r in doc["rows"]:
        raw = float(r.get("raw", r["predicted"]))
        rows.append({**r, "predicted": round(platt(raw, hint_map), 4) if hint_map else raw})
    table = calibration_deciles(rows)
    tenths = calibration_deciles(rows, bins="tenths")
    return {
        **doc,
        "map": None
        if hint_map is None
        else {
            "slope": hint_map.slope,
            "intercept": hint_map.intercept,
            "fitted_on": hint_map.fitted_on,
            "positions": hint_map.positions,
        },
        "mean_predicted": sum(r["predicted"] for r in rows) / len(rows),
        "observed": sum(float(r["won"]) for r in rows) / len(rows),
        "brier": sum((r["predicted"] - float(r["won"])) ** 2 for r in rows) / len(rows),
        "deciles": table,
        "deciles_within_10_points": sum(t["within_10_points"] for t in table if t["positions"]),
        "deciles_filled": sum(1 for t in table if t["positions"]),
        "tenths": tenths,
        "tenths_within_10_points": sum(t["within_10_points"] for t in tenths if t["positions"]),
        "tenths_filled": sum(1 for t in tenths if t["positions"]),
        "rows": rows,
    }


def pooled(docs: list[dict[str, Any]]) -> dict[str, Any]:
    """One run of every row of ``docs`` (runs of one game on different seeds), naming its parts."""
    if len(docs) == 1:
        return docs[0]
    rows = [r for d in docs for r in d["rows"]]
    return {
        **docs[0],
        "seed": [d["seed"] for d in docs],
        "pooled_from": [
            {k: d.get(k) for k in ("seed", "positions", "started_utc", "wall_seconds", "hint_budget")} for d in docs
        ],
        "positions": len(rows),
        "wall_seconds": sum(float(d.get("wall_seconds", 0.0)) for d in docs),
        "complete": all(d.get("complete", True) for d in docs),
        "rows": rows,
    }


def decile_table(doc: dict[str, Any]) -> str:
    """The run's deciles as a Markdown table (predicted mean, observed rate with interval, n, pass)."""
    lines = [
        "| decile | predicted (range) | mean predicted | observed (95 % CI) | n | within 10 points |",
        "| --- | --- | --- | --- | --- | --- |",
    ]
    for t in doc["deciles"]:
        if not t["positions"]:
            continue
        lines.append(
            f"| {t['decile'] + 1} | {t['from']:.0%}-{t['to']:.0%} | {t['mean_predicted']:.1%} | "
            f"{t['observed']:.1%} ({t['low']:.0%}-{t['high']:.0%}) | {t['positions']} | "
            f"{'yes' if t['within_10_points'] else '**no**'} |"
        )
    lines.append(
        f"\n{doc['deciles_within_10_points']} / {doc['deciles_filled']} deciles within 10 points; "
        f"mean predicted {doc['mean_predicted']:.1%}, observed {doc['observed']:.1%}, "
        f"Brier {doc.get('brier', float('nan')):.4f}, {doc['positions']} positions"
    )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("runs", type=Path, nargs="+")
    parser.add_argument("--write", action="store_true", help="write the map into agents/hint_calibration.toml")
    parser.add_argument(
        "--check", type=Path, nargs="+", help="runs of other seeds to check the fitted map on, offline (pooled)"
    )
    parser.add_argument("--check-out", type=Path, help="where to write the checked run with the map applied")
    args = parser.parse_args(argv)
    docs = [json.loads(p.read_text()) for p in args.runs]
    games = {(d["game"], d["players"]) for d in docs}
    if len(games) != 1:
        print(f"the runs must be of one game at one player count, got {sorted(games)}", file=sys.stderr)
        return 2
    ((game, players),) = games
    rows = [r for d in docs for r in d["rows"]]
    raw = [float(r.get("raw", r["predicted"])) for r in rows]
    won = [bool(r["won"]) for r in rows]
    slope, intercept = fit_platt(raw, won)
    fitted_on = "; ".join(
        f"scripts/hint_calibration.py {d['game']} -n {d['players']} --positions {d['positions']} "
        + (
            f"--budget {d['hint_budget']} ({d['hint_unit']})"
            if "hint_budget" in d
            else f"--seconds {d['hint_seconds']}"
        )
        + f" --seed {d['seed']} ({d['started_utc'][:10]})"
        for d in docs
    )
    hint_map = HintMap(game, players, slope, intercept, fitted_on, len(rows))
    print(entry_text(hint_map))
    for p in (0.1, 0.3, 0.5, 0.7, 0.9):
        print(f"raw {p:.0%} -> {platt(p, hint_map):.1%}")
    print("\nthe fitting runs, raw:\n" + decile_table(mapped({**docs[0], "rows": rows, "positions": len(rows)}, None)))
    if args.write:
        write(hint_map)
        print(f"written to {TOML}")
    if args.check:
        checks = [json.loads(p.read_text()) for p in args.check]
        for path, doc in zip(args.check, checks, strict=True):
            if (doc["game"], doc["players"]) != (game, players):
                found = f"{doc['game']} at {doc['players']}"
                print(f"--check {path} is a run of {found}, not {game} at {players}", file=sys.stderr)
                return 2
        fitted_seeds = {d["seed"] for d in docs}
        reused = sorted({d["seed"] for d in checks} & fitted_seeds)
        if reused:
            print(f"--check runs of seed {reused} are the map's own fitting seeds: check on others", file=sys.stderr)
            return 2
        check = pooled(checks)
        label = " + ".join(str(p) for p in args.check)
        print(f"\n{label}, raw:\n" + decile_table(mapped(check, None)))
        checked = mapped(check, hint_map)
        print(f"\n{label}, with the map:\n" + decile_table(checked))
        if args.check_out:
            args.check_out.write_text(json.dumps(checked, indent=1) + "\n")
            print(f"written to {args.check_out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
