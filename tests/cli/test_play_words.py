"""The terminal's move list speaks words (from each game's board hooks), and `notation`/`cards` explain the codes."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from gravity_games import list_games
from tests.cli.test_cli import run

SNAKE = re.compile(r"\b[a-z]+_[a-z_]+\b")


@pytest.mark.parametrize("game", list_games())
def test_the_moves_are_listed_in_words_with_their_code(game: str, tmp_path: Path) -> None:
    out = run("play", game, "--seed", "81", "--save", str(tmp_path / "g.json"), stdin="quit\n", cwd=tmp_path).stdout
    block = out.split("Your moves", 1)[1].split("move>", 1)[0]
    rows = [line for line in block.splitlines() if re.match(r"\s+\d+\) ", line)]
    assert rows, out[-2000:]
    for row in rows:
        words = row.split(") ", 1)[1]
        assert " " in words.split("  (")[0], f"{game}: {row!r} is a code, not words"
        assert not SNAKE.search(words.split("  (")[0]), f"{game}: {row!r} shows an identifier"


def test_notation_and_cards_explain_gravwell_abilities(tmp_path: Path) -> None:
    out = run(
        "play",
        "gravwell",
        "--seed",
        "5",
        "--save",
        str(tmp_path / "g.json"),
        stdin="notation\ncards\nquit\n",
        cwd=tmp_path,
    ).stdout
    after = out.split("move>", 1)[1]
    assert "stack" in after.lower()  # the glossary names the mining notation
    assert "reconstructed" in after.lower()  # ability texts the rulebook does not print are marked
    assert re.search(r"Rayken|RC71|Lehamarn|T'Rang|Gracie|Champion", after), after[:1500]


def test_the_header_counts_decisions_not_chance_steps(tmp_path: Path) -> None:
    out = run(
        "play", "doubt-gravity", "--seed", "3", "--save", str(tmp_path / "g.json"), stdin="quit\n", cwd=tmp_path
    ).stdout
    assert "decision 1 ·" in out and "· move " not in out
