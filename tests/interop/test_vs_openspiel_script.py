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
