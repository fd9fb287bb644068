"""The ``gravity`` command as a user meets it: real subprocesses, exit codes, no tracebacks."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from gravity_games import GameRecord, list_games

GRAVITY = [sys.executable, "-m", "gravity_games.cli.main"]


def run(*args: str, stdin: str | None = None, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [*GRAVITY, *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=600,
        cwd=cwd,
        env={"PATH": "/usr/bin:/bin", "COLUMNS": "120", "TERM": "dumb"},
    )


def assert_user_error(result: subprocess.CompletedProcess[str], *needles: str) -> None:
    assert result.returncode == 2, (result.returncode, result.stdout, result.stderr)
    assert "Traceback" not in result.stderr + result.stdout
    for needle in needles:
        assert needle in result.stderr, result.stderr


def test_list_shows_the_gravity_three_games() -> None:
    result = run("list")
    assert result.returncode == 0, result.stderr
    for game_id in ("memory-gravity", "comparison-gravity", "doubt-gravity"):
        assert game_id in result.stdout


def test_list_json_is_machine_readable() -> None:
    result = run("list", "--json", "-")
    rows = json.loads(result.stdout)
    assert {r["id"] for r in rows} == set(list_games())
    doubt = next(r for r in rows if r["id"] == "doubt-gravity")
    assert (doubt["min_players"], doubt["max_players"]) == (2, 3)


def test_rules_lists_parameters_and_reconstructed_values() -> None:
    result = run("rules", "memory-gravity")
    assert result.returncode == 0, result.stderr
    assert "perception" in result.stdout
    assert "econstructed" in result.stdout


@pytest.mark.parametrize(
    ("args", "needles"),
    [
        (("play", "no-such-game"), ("unknown game 'no-such-game'", "known games")),
        (("simulate", "doubt-gravity", "--games", "3", "--players", "7"), ("2-3 players", "got 7")),
        (("simulate", "doubt-gravity", "--games", "3", "--param", "perception=fuzzy"), ("perception", "allowed")),
        (("simulate", "doubt-gravity", "--games", "3", "--param", "bogus=1"), ("no parameter 'bogus'",)),
        (("simulate", "doubt-gravity", "--games", "3", "--agents", "wizard"), ("unknown agent 'wizard'", "available")),
        (("simulate", "doubt-gravity", "--games", "0"), ("at least 1",)),
        (("replay", "/no/such/record.json"), ("cannot read game record",)),
        (("rules", "gravity"), ("unknown game",)),
    ],
)
def test_bad_input_gets_one_clear_line(args: tuple[str, ...], needles: tuple[str, ...]) -> None:
    result = run(*args)
    assert_user_error(result, *needles)
    assert len(result.stderr.strip().splitlines()) <= 3


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (("simulate", "doubt-gravity"), "Missing option '--games'"),
        (("simulate", "doubt-gravity", "--bogus"), "No such option: --bogus"),
        (("simulate", "doubt-gravity", "--games", "many"), "Invalid value for '--games'"),
        (("play", "doubt-gravity", "--players"), "'--players' requires an argument"),
        (("teleport",), "No such command 'teleport'"),
    ],
)
def test_a_mistyped_command_line_gets_usage_not_a_bug_report(args: tuple[str, ...], needle: str) -> None:
    result = run(*args)
    assert result.returncode == 2, (result.returncode, result.stderr)
    assert needle in result.stderr
    assert "internal error" not in result.stderr and "Traceback" not in result.stderr


@pytest.mark.parametrize(
    "args",
    [
        ("simulate", "doubt-gravity", "--games", "2", "--json", "/no/such/folder/doc.json"),
        ("simulate", "doubt-gravity", "--games", "2", "--report", "/proc/no-report-here"),
    ],
)
def test_an_unwritable_path_is_a_user_error(args: tuple[str, ...]) -> None:
    result = run(*args)
    assert_user_error(result, "cannot read or write", args[-1])
    assert "internal error" not in result.stderr


def test_players_given_as_a_parameter_points_to_the_option() -> None:
    assert_user_error(run("simulate", "gravwell", "--games", "2", "--param", "players=3"), "--players (-n)")


def test_no_command_prints_the_help() -> None:
    result = run()
    assert result.returncode == 0, result.stderr
    assert "Usage: gravity" in result.stdout and "simulate" in result.stdout
    assert "internal error" not in result.stderr


def test_malformed_record_is_refused(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{not json", encoding="utf-8")
    assert_user_error(run("replay", str(bad)), "not valid JSON")
    wrong = tmp_path / "wrong.json"
    wrong.write_text(json.dumps({"game": "doubt-gravity", "params": {"players": 2}, "actions": [999999]}))
    assert_user_error(run("replay", str(wrong)), "does not replay")
    missing = tmp_path / "missing.json"
    missing.write_text(json.dumps({"game": "doubt-gravity"}))
    assert_user_error(run("replay", str(missing)), "lacks")


@pytest.mark.parametrize("game", ["memory-gravity", "comparison-gravity", "doubt-gravity"])
def test_simulate_is_identical_for_any_worker_count(game: str) -> None:
    args = ["simulate", game, "--games", "60", "--players", "3", "--agents", "heuristic,random,random", "--seed", "7"]
    one = run(*args, "--workers", "1", "--json", "-")
    two = run(*args, "--workers", "2", "--json", "-")
    assert one.returncode == 0, one.stderr
    assert one.stdout == two.stdout
    doc = json.loads(one.stdout)
    assert doc["games"] == 60 and sum(doc["wins"]) >= 60 - doc["no_winner"]
    for key in ("game", "players", "seed", "params", "agents", "wins", "win_rate", "mean_length", "terminations"):
        assert key in doc
    assert all(0 <= r["low"] <= r["rate"] <= r["high"] <= 1 for r in doc["win_rate"])


def test_bots_play_a_whole_game_in_the_terminal(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    result = run("play", "doubt-gravity", "--bots", "heuristic,random", "--seed", "3", "--save", str(save))
    assert result.returncode == 0, result.stderr
    assert "Game over" in result.stdout
    record = GameRecord.load_file(save)
    assert record.replay().is_terminal()
    replay = run("replay", str(save))
    assert replay.returncode == 0 and "Result:" in replay.stdout


def test_a_person_types_a_bad_move_then_quits_and_resumes(tmp_path: Path) -> None:
    save = tmp_path / "mine.json"
    first = run(
        "play",
        "comparison-gravity",
        "--players",
        "2",
        "--bots",
        "random",
        "--seed",
        "5",
        "--save",
        str(save),
        stdin="fly to the moon\nhelp\n1\nquit\n",
    )
    assert first.returncode == 0, first.stderr
    assert "is not legal now" in first.stdout
    assert "Saved" in first.stdout
    saved = GameRecord.load_file(save)
    assert saved.actions, "the record holds the moves made before quitting"
    second = run("play", "--resume", str(save), stdin="1\n" * 400)
    assert second.returncode == 0, second.stderr
    assert "Resumed after" in second.stdout
    resumed = GameRecord.load_file(save)
    assert resumed.actions[: len(saved.actions)] == saved.actions
    assert resumed.replay().is_terminal()


def test_two_people_pass_the_device(tmp_path: Path) -> None:
    result = run(
        "play",
        "memory-gravity",
        "--players",
        "2",
        "--bots",
        "none",
        "--seed",
        "2",
        "--save",
        str(tmp_path / "r.json"),
        stdin="\n".join(["1", "1", "1", "1", "", "1", "1", "1", "1", "quit"]) + "\n",
    )
    assert result.returncode == 0, result.stderr
    assert "Pass the device" in result.stdout


def test_menu_without_a_game(tmp_path: Path) -> None:
    result = run("play", stdin="1\n2\nquit\n", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert "choose a game" in result.stdout
