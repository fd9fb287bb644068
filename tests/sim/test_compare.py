"""``simulate --compare``: the balance figures again under each agent spec, in the JSON and the report."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gravity_games.agents.levels import level_spec
from gravity_games.cli.main import main
from gravity_games.sim.compare import compare_play
from gravity_games.sim.runner import run_batch


def test_by_play_holds_each_specs_own_batch(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["simulate", "gravwell", "-n", "3", "--games", "8", "--seed", "4", "-q", "--compare", "random,heuristic"]
    main([*argv, "--compare-games", "5", "--json", "-", "--report", str(tmp_path)])
    doc = json.loads(capsys.readouterr().out)
    assert [f["agent"] for f in doc["by_play"]] == ["random", "heuristic"]
    heuristic = run_batch("gravwell", games=5, players=3, agents=["heuristic"], seed=4)
    assert doc["by_play"][1]["wins"] == heuristic["wins"] and doc["by_play"][1]["games"] == 5
    assert doc["by_play"][1]["by_role"] == heuristic["by_role"]
    page = (tmp_path / "index.html").read_text(encoding="utf-8")
    assert "Balance under different play" in page and "Win rate by ship under different play" in page


def test_compare_refuses_a_repeated_spec(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        main(["simulate", "gravwell", "--games", "2", "-q", "--compare", "random,random"])
    assert exc.value.code == 2
    assert "--compare names an agent twice" in capsys.readouterr().err


def test_a_level_names_the_agent_it_stands_for() -> None:
    # "hard" means a different agent in each game: by_play says which one it was.
    figures = compare_play("gravity-falls", ["medium", "random"], games=2, players=2, params={}, seed=1)
    assert figures[0]["plays_as"] == level_spec("gravity-falls", "medium", 2)
    assert "plays_as" not in figures[1]
