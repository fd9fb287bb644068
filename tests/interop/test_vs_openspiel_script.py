"""scripts/vs_openspiel.py keeps every finished game and continues a run cut short (issue 15)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.scripts import load_script


def test_a_run_cut_short_is_continued_from_its_next_game(tmp_path: Path) -> None:
    script = load_script("vs_openspiel")
    out = tmp_path / "run.json"
    base = ["comparison-gravity", "--first", "0.01", "--json", str(out), "--seed", "3"]
    assert script.main([*base, "--games", "2"]) == 0
    first = json.loads(out.read_text())
    assert first["complete"] is True
    assert first["agent_spec"].startswith("ismcts:")
    assert script.main([*base, "--games", "3", "--resume"]) == 0
    doc = json.loads(out.read_text())
    assert [g["index"] for g in doc["games"]] == [0, 1, 2]
    assert doc["games"][:2] == first["games"]
    assert [g["seat"] for g in doc["games"]] == [0, 1, 0]
    assert doc["all"]["games"] == 3
    assert doc["all"]["wins"] == sum(g["won"] for g in doc["games"])
    assert len(doc["resumed_utc"]) == 1
    assert len(doc["decisions"]["agent_s"]) >= len(first["decisions"]["agent_s"])


def test_resuming_another_run_is_refused_by_name(tmp_path: Path) -> None:
    script = load_script("vs_openspiel")
    out = tmp_path / "run.json"
    assert script.main(["comparison-gravity", "--games", "1", "--first", "0.01", "--json", str(out)]) == 0
    with pytest.raises(SystemExit, match="seed=15, this run 4"):
        script.main(["comparison-gravity", "--games", "2", "--seed", "4", "--json", str(out), "--resume"])


def test_a_run_split_across_parts_joins_into_one(tmp_path: Path) -> None:
    script = load_script("vs_openspiel")
    base = ["comparison-gravity", "--first", "0.01", "--seed", "3", "--agent", "ismcts:iterations=5"]
    first, second, joined = tmp_path / "p0.json", tmp_path / "p1.json", tmp_path / "run.json"
    assert script.main([*base, "--games", "2", "--json", str(first)]) == 0
    assert script.main([*base, "--start", "2", "--games", "3", "--json", str(second)]) == 0
    part = json.loads(second.read_text())
    assert part["complete"] is True and [g["index"] for g in part["games"]] == [2]
    assert part["games"][0]["seat"] == 0  # game 2 is the second deal's first seat, as in one run
    assert script.main(["comparison-gravity", "--merge", str(second), str(first), "--json", str(joined)]) == 0
    doc = json.loads(joined.read_text())
    assert [g["index"] for g in doc["games"]] == [0, 1, 2]
    assert doc["all"]["games"] == 3 and doc["all"]["wins"] == sum(g["won"] for g in doc["games"])
    assert doc["merged_from"] == ["p1.json", "p0.json"]
    with pytest.raises(SystemExit, match=r"not 0\.\.0 once each"):
        script.main(["comparison-gravity", "--merge", str(second), "--json", str(joined)])


def test_a_start_outside_the_run_is_refused_by_name(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    script = load_script("vs_openspiel")
    with pytest.raises(SystemExit):
        script.main(["comparison-gravity", "--start", "5", "--games", "3", "--json", str(tmp_path / "x.json")])
    assert "--start must be at least 0 and below --games (3), not 5" in capsys.readouterr().err
