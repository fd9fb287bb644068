"""Fit a game's hint calibration map (a Platt scaling) on calibration runs, and print or write it.

The runs are ``scripts/hint_calibration.py`` documents; their rows' ``raw`` figures (the hint's
chance before any map) and outcomes are the data. The map is written into
``src/gravity_games/agents/hint_calibration.toml`` with ``--write`` (replacing that game's entry at
that player count); check it afterwards with a calibration run on other seeds.

    .venv/bin/python scripts/fit_hint_calibration.py docs/figures/bot-levels/calibration-doubt-gravity-2-41.json --write
"""

from __future__ import annotations

import argparse
import json
import sys
import tomllib
from pathlib import Path

from gravity_games.agents.hint_maps import HintMap, fit_platt, platt

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


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("runs", type=Path, nargs="+")
    parser.add_argument("--write", action="store_true", help="write the map into agents/hint_calibration.toml")
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
        f"--seconds {d['hint_seconds']} --seed {d['seed']} ({d['started_utc'][:10]})"
        for d in docs
    )
    hint_map = HintMap(game, players, slope, intercept, fitted_on, len(rows))
    print(entry_text(hint_map))
    for p in (0.1, 0.3, 0.5, 0.7, 0.9):
        print(f"raw {p:.0%} -> {platt(p, hint_map):.1%}")
    if args.write:
        write(hint_map)
        print(f"written to {TOML}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
