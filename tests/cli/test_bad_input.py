"""Bad input that used to get no clear answer (issue 17): each one now names what was wrong and
what is allowed, in one ``gravity: error`` line with status 2 and no traceback."""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
from pathlib import Path

import pytest

from gravity_games import load
from gravity_games.cli.common import working_backends
from gravity_games.core.api import InvalidParameterError

GRAVITY = [sys.executable, "-m", "gravity_games.cli.main"]


def run(*args: str, cwd: Path | None = None, stdin: str = "") -> subprocess.CompletedProcess[str]:
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
    text = result.stderr
    assert "Traceback" not in text and "internal error" not in text and "This is a bug" not in text, text
    for needle in needles:
        assert needle in text, text


@pytest.mark.parametrize("command", ["replay", "play"])
def test_a_record_that_is_not_utf8_is_named_as_such(tmp_path: Path, command: str) -> None:
    bad = tmp_path / "latin1.json"
    bad.write_bytes(b'{"game": "caf\xe9"}')
    args = ("replay", str(bad)) if command == "replay" else ("play", "--resume", str(bad))
    assert_user_error(run(*args), str(bad), "is not a game record", "UTF-8 JSON", "0xe9")


def test_a_data_file_that_is_not_utf8_is_named_as_such(tmp_path: Path) -> None:
    bad = tmp_path / "box.toml"
    bad.write_bytes(b'[tokens]\nnote = "\xff"\n')
    assert_user_error(run("play", "memory-gravity", "--data", str(bad)), str(bad), "not a TOML text file", "UTF-8")


@pytest.mark.parametrize("command", ["simulate", "tournament"])
def test_an_unknown_backend_lists_every_backend_that_works(command: str) -> None:
    agents = "random" if command == "simulate" else "random,heuristic"
    result = run(command, "memory-gravity", "--games", "2", "--agents", agents, "--backend", "spark")
    allowed = working_backends()
    assert_user_error(result, "unknown backend 'spark'", "allowed: " + ", ".join(allowed))
    assert "local" in allowed
    if importlib.util.find_spec("ray") is not None:
        assert "ray" in allowed  # installed here, so it works and must be offered


def test_resuming_a_record_of_another_game_is_refused_naming_both(tmp_path: Path) -> None:
    made = run("play", "doubt-gravity", "--seed", "3", "--save", "doubt.json", cwd=tmp_path, stdin="1\nquit\n")
    assert made.returncode == 0, made.stderr
    result = run("play", "gravwell", "--resume", "doubt.json", cwd=tmp_path)
    assert_user_error(result, "a record of doubt-gravity, not gravwell", "gravity play doubt-gravity --resume")
    same = run("play", "doubt-gravity", "--resume", "doubt.json", cwd=tmp_path, stdin="quit\n")
    assert same.returncode == 0 and "Resumed after" in same.stdout, same.stderr


@pytest.mark.parametrize(
    ("extra", "needle"),
    [
        (("--players", "3"), "2-player game of doubt-gravity"),
        (("--seed", "4"), "dealt with seed 3"),
        (("--param", "perception=hard"), "--param cannot change a resumed game"),
    ],
)
def test_a_resume_that_would_change_the_record_is_refused(tmp_path: Path, extra: tuple[str, ...], needle: str) -> None:
    made = run("play", "doubt-gravity", "--seed", "3", "--save", "doubt.json", cwd=tmp_path, stdin="quit\n")
    assert made.returncode == 0, made.stderr
    assert_user_error(run("play", "--resume", "doubt.json", *extra, cwd=tmp_path), needle)


@pytest.mark.parametrize("delay", ["-1", "61"])
def test_a_delay_out_of_range_is_refused_with_the_range(delay: str) -> None:
    result = run("play", "memory-gravity", "--bots", "random", "--delay", delay)
    assert_user_error(result, "--delay", "from 0 to 60", f"got {delay}")
    assert "move>" not in result.stdout


@pytest.mark.parametrize(
    "args",
    [
        ("simulate", "memory-gravity", "--games", "abc"),
        ("simulate", "memory-gravity", "--games=abc"),
        ("simulate", "memory-gravity", "-gabc"),
        ("play", "memory-gravity", "--delay", "abc"),
    ],
)
def test_a_mistyped_number_is_repeated(args: tuple[str, ...]) -> None:
    result = run(*args)
    assert result.returncode == 2, result.stderr
    assert "got 'abc'" in result.stderr and "Invalid value for" in result.stderr
    assert "internal error" not in result.stderr


@pytest.mark.parametrize("agents", ["random", "random,random", " random , random "])
def test_a_tournament_needs_two_distinct_agents(agents: str) -> None:
    result = run("tournament", "memory-gravity", "--agents", agents, "--games", "1")
    assert_user_error(result, "a tournament needs at least two distinct agents", "got only 'random'")
    assert "gravity simulate memory-gravity --agents random" in result.stderr


def test_a_tournament_names_a_repeated_agent() -> None:
    result = run("tournament", "memory-gravity", "--agents", "random,heuristic,random", "--games", "1")
    assert_user_error(result, "random is named twice")


def test_saving_waddles_heroes_take_the_comma_separated_list_the_message_offers() -> None:
    game = load("saving-waddles", players=2, heroes="stan,Dipper")
    assert game.params["heroes"] == ("stan", "dipper")
    state = game.new_initial_state()
    assert tuple(state.seat_names) == ("Stan", "Dipper")  # seat 0 plays Stan, seat 1 Dipper
    with pytest.raises(InvalidParameterError, match=r"unknown hero.*'bill'.*allowed: wendy, dipper, soos, mabel, stan"):
        load("saving-waddles", players=2, heroes="stan,bill")
    with pytest.raises(InvalidParameterError, match="names 1 heroes for 2 players"):
        load("saving-waddles", players=2, heroes="stan")


def test_saving_waddles_heroes_from_the_command_line() -> None:
    result = run("simulate", "saving-waddles", "--games", "1", "-n", "2", "-p", "heroes=stan,dipper", "--json", "-")
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["params"]["heroes"] == ["stan", "dipper"]
