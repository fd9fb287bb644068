"""``gravity info`` and ``gravity trace``: the game-information table and OpenSpiel-style playthroughs."""

from __future__ import annotations

import json
import re
import subprocess
import sys

import pytest

from gravity_games import load
from gravity_games.cli.cmd_info import game_information
from gravity_games.cli.cmd_trace import observation_changes, playthrough, tensor_summary
from gravity_games.interop.infostate import information_state_tensor_size

GRAVITY = [sys.executable, "-m", "gravity_games.cli.main"]


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [*GRAVITY, *args],
        capture_output=True,
        text=True,
        timeout=300,
        env={"PATH": "/usr/bin:/bin", "COLUMNS": "120", "TERM": "dumb"},
    )


def test_info_json_says_what_openspiel_is_told() -> None:
    result = run("info", "doubt-gravity", "--players", "2", "--param", "max_rounds=3", "--json", "-")
    assert result.returncode == 0, result.stderr
    doc = json.loads(result.stdout)
    game = load("doubt-gravity", players=2, max_rounds=3)
    assert doc["players"] == 2 and (doc["min_players"], doc["max_players"]) == (2, 3)
    assert doc["information"] == "imperfect"
    assert doc["utility"] == "general-sum"
    assert doc["zero_sum_view"] == "python_gravity_doubt_gravity_zero_sum"
    assert doc["num_distinct_actions"] == game.spec.num_distinct_actions
    assert doc["max_chance_outcomes"] == game.spec.max_chance_outcomes
    assert doc["max_game_length"] == game.spec.max_game_length
    assert doc["observation_tensor_shape"] == list(game.spec.observation_shape)
    assert {p["name"]: p["value"] for p in doc["parameters"]}["max_rounds"] == 3
    grouped = doc["layouts"]["observation_tensor"]
    assert sum(row["total"] for row in grouped) == game.spec.observation_shape[0]
    assert any(row["name"] == "token[*].where" and row["count"] == 15 for row in grouped)
    pyspiel = pytest.importorskip("pyspiel")
    from gravity_games.interop import openspiel

    spiel = pyspiel.load_game(openspiel.game_name("doubt-gravity"), {"players": 2, "max_rounds": 3})
    assert doc["information_state_tensor_shape"] == list(spiel.information_state_tensor_shape())


def test_info_tells_the_kinds_of_game_apart() -> None:
    coop = game_information(load("gravity-falls", players=3))
    assert coop["utility"] == "identical" and coop["zero_sum_view"] is None
    race = game_information(load("gravwell", players=4))
    assert race["utility"] == "general-sum" and race["zero_sum_view"] == "python_gravity_gravwell_zero_sum"
    assert race["observation_tensor_shape"] != game_information(load("gravwell", players=2))["observation_tensor_shape"]
    full = game_information(load("memory-gravity", players=2), full_layout=True)
    parts = full["layouts"]["information_state_tensor"]
    assert parts[-1]["offset"] + parts[-1]["size"] == information_state_tensor_size(load("memory-gravity", players=2))


def test_info_table_and_bad_input() -> None:
    result = run("info", "saving-waddles", "-n", "3")
    assert result.returncode == 0, result.stderr
    for needle in ("distinct actions", "longest game", "Observation tensor layout", "seat[*].hero", "general-sum"):
        assert needle in result.stdout
    bad = run("info", "saving-waddles", "--param", "variant=hard")
    assert bad.returncode == 2 and "Traceback" not in bad.stderr
    assert "variant" in bad.stderr and "'standard', 'simple'" in bad.stderr


def _states(text: str) -> list[str]:
    return text.split("# State ")[1:]


def test_trace_is_seeded_and_shows_every_step() -> None:
    game = load("comparison-gravity", players=2)
    text = playthrough(game, seed=4)
    assert text == playthrough(load("comparison-gravity", players=2), seed=4)
    assert text != playthrough(load("comparison-gravity", players=2), seed=5)
    blocks = _states(text)
    applied = [int(m) for m in re.findall(r'^# Apply action ".*" \((\d+)\) by', text, flags=re.M)]
    assert len(applied) == len(blocks) - 1  # the last block is the end of the game
    assert "IsTerminal() = True" in blocks[-1] and "Returns() = [" in blocks[-1]
    for block, action in zip(blocks, applied, strict=False):
        listed = re.search(r"^(LegalActions|ChanceOutcomes)\(\) = \d+: (.*)$", block, flags=re.M)
        assert listed is not None
        ids = [int(m) for m in re.findall(r'(?:^|; )(\d+) "', listed.group(2))]
        assert action in ids
        if listed.group(1) == "ChanceOutcomes":
            probs = [float(p) for p in re.findall(r'" ([0-9.e-]+)(?:;|$)', listed.group(2))]
            assert sum(probs) == pytest.approx(1.0, abs=1e-4)
        for seat in ("public", "0", "1"):
            assert f"ObservationTensor({seat}): 184 floats" in block


def test_trace_command_stops_early_and_needs_a_seed(tmp_path) -> None:
    out = tmp_path / "trace.txt"
    result = run("trace", "memory-gravity", "--seed", "2", "--steps", "5", "--out", str(out))
    assert result.returncode == 0, result.stderr
    text = out.read_text(encoding="utf-8")
    assert len(_states(text)) == 6 and "(stopped after 5 steps; the game goes on)" in text
    no_seed = run("trace", "memory-gravity")
    assert no_seed.returncode == 2 and "needs --seed" in no_seed.stderr


def test_observation_changes_and_tensor_summary() -> None:
    old = {"a": 1, "b": [1, 2], "c": {"d": None}, "e": [1, 2, 3]}
    new = {"a": 2, "b": [1, 2, 3], "c": {"d": "x"}, "e": [3]}
    assert observation_changes(old, new) == ["a: 1 -> 2", "b += [3]", 'c.d: null -> "x"', "e: [1,2,3] -> [3]"]
    assert observation_changes(old, old) == []
    assert tensor_summary([0.0, 0.5, 1.0]).startswith("3 floats, 2 nonzero, sum 1.5, sha1 ")
    assert tensor_summary([0.0, 0.5, 1.0]) != tensor_summary([0.0, 1.0, 0.5])


def test_trace_update_takes_no_game_and_a_game_needs_a_seed(tmp_path) -> None:
    from gravity_games.cli.cmd_trace import trace_command
    from gravity_games.core.api import InvalidParameterError

    with pytest.raises(InvalidParameterError, match="give no GAME with it"):
        trace_command("doubt-gravity", None, None, None, None, False, None, str(tmp_path))
    with pytest.raises(InvalidParameterError, match="give a GAME"):
        trace_command(None, None, None, None, None, False, None, None)
    assert not list(tmp_path.iterdir())  # nothing written when refused


def test_info_json_is_a_flag_as_design_md_writes_it(tmp_path: object, capsys: pytest.CaptureFixture[str]) -> None:
    # `gravity info GAME --json` (DESIGN.md) and `--json FILE|-` (the other commands) both work.
    from gravity_games.cli.main import main

    main(["info", "comparison-gravity", "--json"])
    bare = json.loads(capsys.readouterr().out)
    target = f"{tmp_path}/info.json"
    main(["info", "comparison-gravity", "--json", target])
    with open(target, encoding="utf-8") as handle:
        assert json.load(handle) == bare
    with pytest.raises(SystemExit):
        main(["info", "comparison-gravity", "stray"])
    assert "takes one game id" in capsys.readouterr().err


def test_grouped_layout_says_how_far_apart_interleaved_copies_lie() -> None:
    # Every grouped part's copies, at offset + i * stride, are exactly the parts of the full layout.
    game = load("doubt-gravity", players=3)
    full = {p.offset: p.size for p in game.observation_tensor_layout()}
    full_names = {p.name: p.offset for p in game.observation_tensor_layout()}
    for row in game_information(game)["layouts"]["observation_tensor"]:
        copies = [(p, o) for p, o in full_names.items() if re.sub(r"\[\d+\]", "[*]", p) == row["name"]]
        assert len(copies) == row["count"]
        for name, offset in copies:
            index = [int(i) for i in re.findall(r"\[(\d+)\]", name)]
            assert row["offset"] + sum(i * s for i, s in zip(index, row["strides"], strict=True)) == offset, name
            assert full[offset] == row["size"]
