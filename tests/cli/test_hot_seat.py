"""Two people at one terminal: the handover clears the screen and the scrollback, so nothing of the
last person's hidden view is left to scroll back to, and a resumed game starts with the pass screen.

The output bytes are read as the terminal would get them and cut at every clear.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from gravity_games import GameRecord
from gravity_games.cli.cmd_play import CLEAR_SCREEN_AND_SCROLLBACK

GRAVITY = [sys.executable, "-m", "gravity_games.cli.main"]
CLEAR = CLEAR_SCREEN_AND_SCROLLBACK.encode()
TO_PLAY = re.compile(rb"decision \d+ \xc2\xb7 Seat (\d) to play")


def play(*args: str, stdin: str, cwd: Path) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [*GRAVITY, "play", *args],
        input=stdin.encode(),
        capture_output=True,
        timeout=600,
        cwd=cwd,
        env={"PATH": "/usr/bin:/bin", "COLUMNS": "120", "TERM": "dumb"},
    )


def screens(out: bytes) -> list[tuple[int | None, bytes]]:
    """The output cut at each clear of screen and scrollback: (whose view it shows, its bytes)."""
    parts = []
    for chunk in out.split(CLEAR):
        seats = {int(m.group(1)) for m in TO_PLAY.finditer(chunk)}
        assert len(seats) <= 1, f"two seats' views with no clear between them: {chunk[:400]!r}"
        parts.append((seats.pop() if seats else None, chunk))
    return parts


def test_the_clear_sequence_erases_the_scrollback() -> None:
    # Home, erase the screen, then erase the scrollback (3J after 2J: some terminals save 2J's screen).
    assert CLEAR == b"\x1b[H\x1b[2J\x1b[3J"


@pytest.mark.parametrize(
    ("game", "seed", "private"),
    [
        # Doubt: seat 0 takes black (K); its token numbers show only in its own view, others see K?.
        ("doubt-gravity", "4", {0: [rb"seat 0 \(you\)", rb"\bK[1-5]\b"], 1: [rb"seat 1 \(you\)"]}),
        # Gravwell: each seat's hand is headed "Your hand (seat N)".
        ("gravwell", "3", {0: [rb"Your hand \(seat 0\)"], 1: [rb"Your hand \(seat 1\)"]}),
    ],
)
def test_no_hand_is_left_on_the_screen_for_the_next_person(
    tmp_path: Path, game: str, seed: str, private: dict[int, list[bytes]]
) -> None:
    # "1" is always a legal move, and any line passes the pass screen.
    result = play(game, "--bots", "none", "--seed", seed, "--save", "r.json", stdin="1\n" * 14 + "quit\n", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert b"Seat 0: person 1, Seat 1: person 2" in out
    assert b"you, Seat 1: you" not in out
    parts = screens(out)
    viewers = [seat for seat, _ in parts if seat is not None]
    assert 0 in viewers and 1 in viewers and len(viewers) >= 4, viewers
    for index, (seat, chunk) in enumerate(parts):
        if seat is None:
            continue
        if index > 0:  # the first view is the one of the person who started the game
            # The screen before each later view is the pass screen, and a clear follows it.
            assert b"Pass the device" in parts[index - 1][1], parts[index - 1][1][:300]
        own = any(re.search(p, chunk) for p in private[seat])
        assert own, f"seat {seat}'s screen shows its own view"
        for other, patterns in private.items():
            if other != seat:
                for pattern in patterns:
                    assert not re.search(pattern, chunk), f"seat {other}'s {pattern!r} on seat {seat}'s screen"
    # Leaving mid-game clears the last hand too.
    assert parts[-1][0] is None and b"Saved to" in parts[-1][1]
    assert not any(re.search(p, parts[-1][1]) for patterns in private.values() for p in patterns)


def test_a_resumed_game_of_two_people_starts_with_the_pass_screen(tmp_path: Path) -> None:
    first = play("doubt-gravity", "--bots", "none", "--seed", "4", "--save", "r.json", stdin="1\n" * 9 + "quit\n",
                 cwd=tmp_path)  # fmt: skip
    assert first.returncode == 0, first.stderr
    assert GameRecord.load_file(tmp_path / "r.json").actions
    again = play("--resume", "r.json", stdin="\n1\nquit\n", cwd=tmp_path)
    assert again.returncode == 0, again.stderr
    out = again.stdout
    assert out.startswith(CLEAR), "the screen (and the hand someone left on it) is cleared first"
    pass_at = out.index(b"Pass the device")
    view_at = TO_PLAY.search(out)
    assert view_at is not None and pass_at < view_at.start()
    assert out.index(b"Resumed after") < pass_at
    # Between the pass screen and the view the screen is cleared again.
    assert CLEAR in out[pass_at : view_at.start()]
    assert b"(you)" not in out[:pass_at]


def test_one_person_against_bots_is_called_you_and_never_asked_to_pass(tmp_path: Path) -> None:
    result = play("doubt-gravity", "--seed", "4", "--save", "r.json", stdin="1\n" * 5 + "quit\n", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert b"Seat 0: you, Seat 1: heuristic" in result.stdout
    assert b"Pass the device" not in result.stdout and CLEAR not in result.stdout
