"""``gravity bench`` and ``gravity tournament`` from the command line."""

from __future__ import annotations

import json

import pytest

from gravity_games.cli.main import main


def test_tournament_json_goes_to_stdout_alone(capsys: pytest.CaptureFixture[str]) -> None:
    main(["tournament", "toy-nim", "--agents", "random,ismcts:iterations=20", "--games", "4", "--json", "-"])
    doc = json.loads(capsys.readouterr().out)
    assert [row["agent"] for row in doc["standings"]] != []
    assert doc["games_per_seating"] == 4


def test_tournament_prints_a_table(capsys: pytest.CaptureFixture[str]) -> None:
    main(["tournament", "toy-nim", "--agents", "random,ismcts:iterations=20", "--games", "3"])
    out = capsys.readouterr().out
    assert "Elo" in out and "ismcts:iterations=20" in out


def test_tournament_bad_agent_is_a_clear_error(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        main(["tournament", "toy-nim", "--agents", "random,wizard", "--games", "2"])
    assert exc.value.code == 2
    assert "unknown agent 'wizard'" in capsys.readouterr().err


def test_bench_json(capsys: pytest.CaptureFixture[str]) -> None:
    main(["bench", "toy-nim", "--seconds", "0.05", "--json", "-"])
    doc = json.loads(capsys.readouterr().out)
    assert set(doc["games"]) == {"toy-nim"}
    assert "open_spiel/maedn" in doc["anchors"] and "open_spiel/hanabi" in doc["anchors"]
