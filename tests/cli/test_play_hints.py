"""``gravity play --hints`` and the ``hint`` command: each move numbered and in words, its chance with a range,
and an unsure hint saying why (the same words as the web's, ``agents/hint_words.py``)."""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import pytest

from gravity_games.agents import hints as hint_module
from gravity_games.agents.hints import Advice
from gravity_games.cli import cmd_play
from gravity_games.cli.common import console
from gravity_games.core.agent import SeatView
from gravity_games.core.api import CHANCE, sample_chance
from gravity_games.core.registry import load
from tests.cli.test_cli import run

FIGURE = re.compile(r"(about \d+|over 95|under 5) % (to win|for the team to win)")
RANGE = re.compile(r"(likely|anywhere) between \d+ % and \d+ %")


def plain(text: str) -> str:
    return text.replace("\u00a0", " ")


def hint_block(out: str) -> list[str]:
    """The lines the hint printed: from its head to the next prompt."""
    block = out.split("Hint: best move first", 1)[1].split("move>", 1)[0]
    return [line for line in plain(block).splitlines() if line.strip()]


def test_the_hint_command_numbers_each_move_in_words_with_a_range(tmp_path: Path) -> None:
    out = run(
        "play",
        "comparison-gravity",
        "--seed",
        "9",
        "--save",
        str(tmp_path / "g.json"),
        stdin="hint\nquit\n",
        cwd=tmp_path,
    ).stdout
    moves = out.split("Your moves", 1)[1].split("move>", 1)[0]
    listed = dict(re.findall(r"^\s+(\d+)\) (.+)$", plain(moves), re.M))
    lines = hint_block(out)
    joined = " ".join(lines)
    words = " ".join(" ".join(lines).split())  # long lines wrap at the terminal's width
    assert re.search(r"search of what you can see: [\d,]+( of its [\d,]+)? (iterations|playouts)", words), words
    assert "The chances assume you play on as the hard bot would, against players as strong as the medium bot." in words
    rows = [re.match(r"\s+(\d+)\) (.+)$", line) for line in lines]
    numbered = [m for m in rows if m]
    assert 1 <= len(numbered) <= 3, lines
    for m in numbered:
        assert listed[m.group(1)].startswith(m.group(2).split("  (")[0])  # the move list's number and words
    figures = FIGURE.findall(joined)
    assert len(figures) == len(numbered) == len(RANGE.findall(joined))  # no figure without its range
    if "unsure:" in joined:
        # (on a busy machine the 1 s cap can stop the hint before its budget of iterations: it says so)
        reasons = r"close call between “.+” and “.+”|too few playouts: \d+ behind|stopped at the 1 s limit after \d+ of"
        assert re.search(rf"unsure: ({reasons})", joined), joined


def _position(game_id: str, seed: int) -> Any:
    state = load(game_id).new_initial_state()
    rng = random.Random(seed)
    while state.current_player() == CHANCE or len(state.legal_actions()) < 3:
        if state.current_player() == CHANCE:
            state.apply_action(sample_chance(state, rng))
        else:
            legal = state.legal_actions()
            state.apply_action(legal[rng.randrange(len(legal))])
    return state


def _session(state: Any, tmp_path: Path) -> cmd_play.Session:
    seats: list[Any] = [None] * state.game.players
    return cmd_play.Session(state, 9, seats, tmp_path / "g.json", True, 0.0, random.Random(0))


def test_a_close_call_names_both_moves_and_hides_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    state = _position("doubt-gravity", 4)
    seat = state.current_player()
    legal = state.legal_actions()
    seen: list[Any] = []

    def close(view: Any, *, seconds: float, top: int, seed: int) -> Advice:
        seen.append(view)
        return Advice([(legal[2], 0.61), (legal[0], 0.58)], 40, True, "close call", (40, 38), legal[0])

    monkeypatch.setattr(hint_module, "advice", close)
    with console.capture() as captured:
        cmd_play.offer_hints(_session(state, tmp_path), seat)
    out = plain(captured.get())
    (view,) = seen
    assert isinstance(view, SeatView) and view.seat == seat  # the search sees the seat's view only
    first, second = state.action_to_string(legal[2]), state.action_to_string(legal[0])
    assert f"unsure: close call between “{first}” and “{second}”" in " ".join(out.split())
    assert re.search(r"^\s+3\) .+$", out, re.M) and re.search(r"^\s+1\) .+$", out, re.M)
    assert "about 60 % to win, likely between 45 % and 75 %" in out
    assert "playouts behind the best move" not in out  # an unsure hint does not lead with its count


def test_a_sure_hint_gives_its_playouts_and_no_warning(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    state = _position("comparison-gravity", 1)
    legal = state.legal_actions()

    def sure(view: Any, *, seconds: float, top: int, seed: int) -> Advice:
        return Advice([(legal[0], 0.7), (legal[1], 0.3)], 900, False, "", (900, 400), None)

    monkeypatch.setattr(hint_module, "advice", sure)
    with console.capture() as captured:
        cmd_play.offer_hints(_session(state, tmp_path), state.current_player())
    out = " ".join(plain(captured.get()).split())
    assert "unsure" not in out and "900 playouts behind the best move" in out
    assert "about 70 % to win, likely between 60 % and 80 %" in out
    assert "about 30 % to win, likely between 20 % and 40 %" in out
