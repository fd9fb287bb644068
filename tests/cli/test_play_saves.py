"""``gravity play`` loses nothing: the record is written atomically before every decision, a bad
``--save`` folder is refused before the game, and Ctrl-C, SIGHUP and SIGTERM save and say where."""

from __future__ import annotations

import json
import os
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from gravity_games import GameRecord
from gravity_games.core import record as record_module
from gravity_games.core.record import write_atomically

GRAVITY = [sys.executable, "-m", "gravity_games.cli.main"]
ENV = {"PATH": "/usr/bin:/bin", "COLUMNS": "120", "TERM": "dumb"}


def start(*args: str, cwd: Path) -> subprocess.Popen[bytes]:
    return subprocess.Popen(
        [*GRAVITY, *args], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=cwd, env=ENV
    )


def read_until(proc: subprocess.Popen[bytes], needle: bytes, count: int, timeout: float = 120.0) -> bytes:
    """Read the process's output until ``needle`` has appeared ``count`` times (it then waits for input)."""
    assert proc.stdout is not None
    out = b""
    deadline = time.monotonic() + timeout
    while out.count(needle) < count:
        left = deadline - time.monotonic()
        assert left > 0, out.decode(errors="replace")[-2000:]
        ready, _, _ = select.select([proc.stdout], [], [], left)
        if ready:
            chunk = os.read(proc.stdout.fileno(), 65536)
            assert chunk, f"the game ended early: {out.decode(errors='replace')[-2000:]}"
            out += chunk
    return out


@pytest.mark.parametrize(
    ("signum", "status"),
    [(signal.SIGINT, 130), (signal.SIGHUP, 129), (signal.SIGTERM, 143)],
)
def test_a_signal_at_the_prompt_saves_and_says_where(tmp_path: Path, signum: int, status: int) -> None:
    proc = start("play", "comparison-gravity", "--seed", "81", cwd=tmp_path)
    assert proc.stdin is not None
    read_until(proc, b"move>", 1)
    proc.stdin.write(b"1\n")
    proc.stdin.flush()
    read_until(proc, b"move>", 1)  # the first prompt was read above: this is the next one
    proc.send_signal(signum)
    out, err = proc.communicate(timeout=60)
    text = out.decode() + err.decode()
    assert proc.returncode == status, text
    saved = tmp_path / "gravity-comparison-gravity-81.json"
    assert f"Interrupted ({signal.Signals(signum).name})" in text
    assert str(saved.name) in text
    assert f"gravity play comparison-gravity --resume {saved.name}" in text
    assert "Traceback" not in text
    record = GameRecord.load_file(saved)
    state = record.replay()
    assert not state.is_terminal()
    # The one decision typed is in the record: the person's seat made a move.
    assert any(p == 0 for p in _deciders(record))


def _deciders(record: GameRecord) -> list[int]:
    state = record.new_state()
    players = []
    for action in record.actions:
        players.append(state.current_player())
        state.apply_action(action)
    return players


def test_the_record_is_written_before_every_decision(tmp_path: Path) -> None:
    """Without any signal or quit, the file on disk already holds every decision made so far."""
    proc = start("play", "comparison-gravity", "--seed", "5", "--bots", "random", "--save", "g.json", cwd=tmp_path)
    assert proc.stdin is not None
    read_until(proc, b"move>", 1)
    seen = []
    for turn in range(2, 5):
        proc.stdin.write(b"1\n")
        proc.stdin.flush()
        read_until(proc, b"move>", 1)
        record = GameRecord.load_file(tmp_path / "g.json")
        seen.append(sum(1 for p in _deciders(record) if p == 0))
        assert seen[-1] == turn - 1, (turn, seen)
    proc.kill()  # a crash: no chance to save anything more
    proc.communicate(timeout=60)
    assert GameRecord.load_file(tmp_path / "g.json").replay().move_number() > 0


@pytest.mark.parametrize("after", [0.0, 0.05, 0.3])
def test_a_crash_mid_game_leaves_a_good_record(tmp_path: Path, after: float) -> None:
    """SIGKILL at any moment of a bot game that saves as it goes: the file is always a whole record."""
    saved = tmp_path / "bots.json"
    proc = start(
        "play", "doubt-gravity", "--bots", "random,random", "--seed", "9", "--save", "bots.json", "--delay", "0.01",
        cwd=tmp_path,
    )  # fmt: skip
    deadline = time.monotonic() + 120
    while not saved.exists():
        assert time.monotonic() < deadline and proc.poll() is None, "the game never wrote its record"
        time.sleep(0.01)
    time.sleep(after)
    proc.kill()
    proc.communicate(timeout=60)
    record = GameRecord.load_file(saved)
    assert record.game == "doubt-gravity" and record.actions
    record.replay()
    # A kill between write and rename may leave the temporary file; it is hidden and never the record.
    others = [p.name for p in tmp_path.iterdir() if p != saved]
    assert all(name.startswith(".bots.json.") and name.endswith(".tmp") for name in others), others


def test_an_interrupted_write_keeps_the_last_good_record(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "r.json"
    write_atomically(target, '{"good": true}\n')

    def crash(fd: int) -> None:
        raise KeyboardInterrupt  # as a Ctrl-C or a dying process would, between write and rename

    monkeypatch.setattr(record_module.os, "fsync", crash)
    with pytest.raises(KeyboardInterrupt):
        write_atomically(target, '{"half": ')
    assert json.loads(target.read_text()) == {"good": True}
    assert sorted(p.name for p in tmp_path.iterdir()) == ["r.json"], "the temporary file is removed"


def test_a_new_record_is_readable_by_others(tmp_path: Path) -> None:
    target = tmp_path / "new.json"
    write_atomically(target, "{}\n")
    assert target.stat().st_mode & 0o044 == 0o044  # not the 0600 of a temporary file


@pytest.mark.parametrize(
    ("save", "needle"),
    [
        ("/nonexistent/dir/x.json", "the folder '/nonexistent/dir' does not exist"),
        ("/proc/x.json", "is not writable"),
        (".", "it is a folder"),
    ],
)
def test_an_unusable_save_path_is_refused_before_the_game(tmp_path: Path, save: str, needle: str) -> None:
    result = subprocess.run(
        [*GRAVITY, "play", "comparison-gravity", "--seed", "81", "--save", save],
        input="1\n" * 5,
        capture_output=True,
        text=True,
        timeout=120,
        cwd=tmp_path,
        env=ENV,
    )
    assert result.returncode == 2, (result.stdout, result.stderr)
    assert needle in result.stderr and save in result.stderr
    assert "move>" not in result.stdout, "refused at the start, before any move is asked"
    assert "Traceback" not in result.stderr


def test_a_resumed_game_goes_on_saving_to_its_file(tmp_path: Path) -> None:
    first = subprocess.run(
        [*GRAVITY, "play", "comparison-gravity", "--seed", "5", "--bots", "random", "--save", "g.json"],
        input="1\nquit\n",
        capture_output=True,
        text=True,
        timeout=120,
        cwd=tmp_path,
        env=ENV,
    )
    assert first.returncode == 0, first.stderr
    assert "gravity play comparison-gravity --resume g.json" in first.stdout
    before = GameRecord.load_file(tmp_path / "g.json").actions
    proc = start("play", "--resume", "g.json", cwd=tmp_path)
    assert proc.stdin is not None
    read_until(proc, b"move>", 1)
    proc.stdin.write(b"1\n")
    proc.stdin.flush()
    read_until(proc, b"move>", 1)
    proc.send_signal(signal.SIGTERM)
    proc.communicate(timeout=60)
    assert proc.returncode == 143
    after = GameRecord.load_file(tmp_path / "g.json").actions
    assert after[: len(before)] == before and len(after) > len(before)
