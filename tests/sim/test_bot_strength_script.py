"""scripts/bot_strength.py: a run played in parts on several cores is the same run as one played whole."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from tests.scripts import load_script


def play(tmp_path: Path, name: str, *args: str) -> dict[str, Any]:
    out = tmp_path / name
    argv = ["doubt-gravity", "--agent", "easy", "--opponent", "heuristic", "--seed", "7", "--json", str(out), *args]
    assert load_script("bot_strength").main(argv) == 0
    doc: dict[str, Any] = json.loads(out.read_text())
    return doc


def test_parts_merge_into_the_whole_run(tmp_path: Path) -> None:
    whole = play(tmp_path, "whole.json", "--games", "6")
    first = play(tmp_path, "a.json", "--games", "4")
    second = play(tmp_path, "b.json", "--games", "6", "--first", "4")
    assert [row["index"] for row in second["games"]] == [4, 5]
    assert second["first_index"] == 4
    merged_path = tmp_path / "merged.json"
    # the parts in either order
    assert (
        load_script("bot_strength").main(
            ["x", "--merge", str(tmp_path / "b.json"), str(tmp_path / "a.json"), "--json", str(merged_path)]
        )
        == 0
    )
    merged = json.loads(merged_path.read_text())
    assert merged["games"] == whole["games"]
    assert merged["all"] == whole["all"]
    assert merged["per_seat"] == whole["per_seat"]
    assert len(merged["decision_seconds"]) == len(first["decision_seconds"]) + len(second["decision_seconds"])
    assert merged["merged_from"] == ["b.json", "a.json"]
    assert merged["complete"] is True


def test_merge_refuses_a_gap_or_another_run(tmp_path: Path) -> None:
    play(tmp_path, "a.json", "--games", "2")
    play(tmp_path, "c.json", "--games", "6", "--first", "4")
    module = load_script("bot_strength")
    with pytest.raises(SystemExit, match=r"not 0\.\.3 once each"):
        module.main(
            ["x", "--merge", str(tmp_path / "a.json"), str(tmp_path / "c.json"), "--json", str(tmp_path / "m.json")]
        )
    other = json.loads((tmp_path / "c.json").read_text())
    other["seed"] = 8
    (tmp_path / "d.json").write_text(json.dumps(other))
    with pytest.raises(SystemExit, match="seed=8"):
        module.main(
            ["x", "--merge", str(tmp_path / "a.json"), str(tmp_path / "d.json"), "--json", str(tmp_path / "m.json")]
        )
    assert not (tmp_path / "m.json").exists()


def test_first_must_be_below_games(tmp_path: Path) -> None:
    with pytest.raises(SystemExit, match=r"--first must be in 0\.\.3"):
        load_script("bot_strength").main(
            ["doubt-gravity", "--games", "4", "--first", "4", "--json", str(tmp_path / "x.json")]
        )
