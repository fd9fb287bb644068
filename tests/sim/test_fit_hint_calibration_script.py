"""scripts/fit_hint_calibration.py checks a fitted map on several fresh runs pooled, never on its own seeds."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from tests.scripts import load_script


def run(seed: int, positions: int) -> dict[str, Any]:
    """A calibration document whose outcomes follow 0.2 + 0.6 * raw, so a fitted map must move the figures."""
    rng = random.Random(seed)
    rows = []
    for _ in range(positions):
        raw = rng.random()
        rows.append({"raw": raw, "predicted": raw, "won": rng.random() < 0.2 + 0.6 * raw})
    return {
        "game": "doubt-gravity",
        "players": 2,
        "positions": positions,
        "hint_unit": "playouts",
        "hint_budget": 43,
        "seed": seed,
        "started_utc": "2026-12-02T10:00:00",
        "wall_seconds": 1.0,
        "complete": True,
        "rows": rows,
    }


def test_two_fresh_runs_are_pooled_into_one_check(tmp_path: Path) -> None:
    script = load_script("fit_hint_calibration")
    paths = []
    for seed, n in ((41, 300), (15, 500), (16, 700)):
        path = tmp_path / f"run-{seed}.json"
        path.write_text(json.dumps(run(seed, n)))
        paths.append(path)
    out = tmp_path / "checked.json"
    assert script.main([str(paths[0]), "--check", str(paths[1]), str(paths[2]), "--check-out", str(out)]) == 0
    checked = json.loads(out.read_text())
    assert checked["positions"] == 1200
    assert checked["seed"] == [15, 16]
    assert [p["positions"] for p in checked["pooled_from"]] == [500, 700]
    assert sum(d["positions"] for d in checked["deciles"]) == 1200
    # The map is applied (outcomes follow 0.2 + 0.6 * raw, so it must pull the figures in and score
    # better than the raw figures) and keeps the order of the positions.
    rows = sorted(checked["rows"], key=lambda r: r["raw"])
    assert [r["predicted"] for r in rows] == sorted(r["predicted"] for r in rows)
    raw_brier = sum((r["raw"] - float(r["won"])) ** 2 for r in rows) / len(rows)
    assert checked["brier"] < raw_brier


def test_a_check_on_the_fitting_seed_is_refused(tmp_path: Path, capsys: Any) -> None:
    script = load_script("fit_hint_calibration")
    path = tmp_path / "run-41.json"
    path.write_text(json.dumps(run(41, 300)))
    assert script.main([str(path), "--check", str(path)]) == 2
    assert "fitting seeds" in capsys.readouterr().err
