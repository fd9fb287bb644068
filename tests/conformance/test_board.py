"""Every decision of every game can be made on its drawn board, and the board is readable.

For each game (its smallest and a three-seat table), seeded random games are played through the
API. At every decision, the game's ``board.py`` hooks are asked from the seat's observation only,
and checked against the SVG that the same observation draws:

- every legal action has a non-empty sequence of board parts, each drawn with that
  ``data-part`` key, and a plain description (words, not its notation code);
- no two actions are made by the same taps;
- every text of the SVG is at least ``MIN_FONT`` units and the drawing at most ``MAX_WIDTH``
  units wide, so that the web client shows it at 12 CSS px or more on a desktop without panning
  (the browser test measures the real pixels);
- every ``data-info`` key drawn has its info card, and every seat has its role;
- what ``changed_parts`` reports after a step is drawn on the board.
"""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from gravity_games import CHANCE, list_games, load
from gravity_games.core.registry import entry

MIN_FONT = 13.0
"""Smallest SVG font size (user units): shown at 1:1 on a desktop, so 12 px has a margin."""
MAX_WIDTH = 820.0
"""Widest drawing (user units) that fits the desktop board column at 1:1."""
GAMES_PER_TABLE = 3
MAX_DECISIONS = 400

_PART = re.compile(r'data-part="([^"]+)"')
_INFO = re.compile(r'data-info="([^"]+)"')
_FONT = re.compile(r'font-size(?:="|:\s*)([0-9.]+)')
_VIEWBOX = re.compile(r'viewBox="([-0-9. ]+)"')
_CODE = re.compile(r"^[A-Za-z]{1,3}\d*$")


def _tables() -> list[tuple[str, int]]:
    out = []
    for gid in list_games():
        cls = entry(gid).game_class
        out.append((gid, cls.MIN_PLAYERS))
        if cls.MIN_PLAYERS < 3 <= cls.MAX_PLAYERS:
            out.append((gid, 3))
    return out


def check_svg(svg: str, where: str) -> set[str]:
    """The part keys drawn; fails on text too small or a drawing too wide."""
    sizes = [float(s) for s in _FONT.findall(svg)]
    assert sizes, f"{where}: the SVG sets no font-size"
    assert min(sizes) >= MIN_FONT, f"{where}: text of {min(sizes)} units (at least {MIN_FONT})"
    box = _VIEWBOX.search(svg)
    assert box, f"{where}: the SVG has no viewBox"
    width = float(box.group(1).split()[2])
    assert width <= MAX_WIDTH, f"{where}: the drawing is {width} units wide (at most {MAX_WIDTH})"
    return set(_PART.findall(svg))


def check_decision(gid: str, game: Any, state: Any, seat: int, where: str) -> None:
    board = entry(gid).board
    svg_view = entry(gid).svg_view
    assert svg_view is not None, f"{gid} has no SVG view"
    obs = state.observation(seat)
    svg = svg_view(obs, game)
    drawn = check_svg(svg, where)
    legal = [(a, state.action_to_string(a)) for a in state.legal_actions()]
    moves = board.board_moves(obs, game, legal)
    assert sorted(m.action for m in moves) == sorted(a for a, _ in legal), f"{where}: moves != legal actions"
    taps = set()
    for move in moves:
        assert move.parts, f"{where}: {state.action_to_string(move.action)!r} has no board part"
        missing = [p for p in move.parts if p not in drawn]
        assert not missing, f"{where}: {state.action_to_string(move.action)!r} taps {missing}, not drawn"
        assert move.parts not in taps, f"{where}: two moves are made by the taps {move.parts}"
        taps.add(move.parts)
        words = move.description.strip()
        assert words and " " in words and not _CODE.match(words), f"{where}: description {words!r} is not words"
    cards = board.info_cards(obs, game)
    for key in set(_INFO.findall(svg)):
        assert key in cards, f"{where}: data-info {key!r} has no info card"
    roles = board.seat_roles(obs, game)
    assert len(roles) == game.players, f"{where}: {len(roles)} seat roles for {game.players} seats"


@pytest.mark.parametrize(("gid", "players"), _tables(), ids=lambda v: str(v))
def test_every_decision_is_made_on_the_board(gid: str, players: int) -> None:
    svg_view = entry(gid).svg_view
    assert svg_view is not None
    board = entry(gid).board
    for game_no in range(GAMES_PER_TABLE):
        game = load(gid, players=players)
        state = game.new_initial_state()
        rng = random.Random(f"{gid}-{players}-{game_no}")
        decisions = 0
        while not state.is_terminal() and decisions < MAX_DECISIONS:
            player = state.current_player()
            if player == CHANCE:
                actions, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(actions, probs)[0])
                continue
            where = f"{gid} ({players} seats), game {game_no}, decision {decisions}"
            check_decision(gid, game, state, player, where)
            before = {s: state.observation(s) for s in range(players)}
            state.apply_action(rng.choice(state.legal_actions()))
            decisions += 1
            if decisions % 7 == 0:
                for s in range(players):
                    after = state.observation(s)
                    changed = board.changed_parts(before[s], after, game)
                    drawn = set(_PART.findall(svg_view(after, game))) | set(_PART.findall(svg_view(before[s], game)))
                    stray = [p for p in changed if p not in drawn]
                    assert not stray, f"{where}: changed parts {stray} are not drawn"
        assert decisions > 0
