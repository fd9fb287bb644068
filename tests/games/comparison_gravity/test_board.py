"""Comparison × Gravity on its drawn board: which taps make which move, what the last move changed,
the info cards, the seats' roles, and nothing hidden drawn for another seat."""

from __future__ import annotations

import re
from typing import Any

from gravity_games.core.registry import entry
from gravity_games.games.comparison_gravity.board import BOARD
from gravity_games.games.comparison_gravity.rules import ComparisonGravityState

from .comparison_helpers import comparison_state, play

_PART = re.compile(r'data-part="([^"]+)"')
_INFO = re.compile(r'data-info="([^"]+)"')
_FONT = re.compile(r'font-size="([0-9.]+)"')


def svg(state: ComparisonGravityState, seat: int | None) -> str:
    view = entry("comparison-gravity").svg_view
    assert view is not None
    return view(state.observation(seat), state.game)


def moves(state: ComparisonGravityState) -> dict[str, tuple[tuple[str, ...], str, bool]]:
    """Notation -> (parts, description, confirm) of every legal move, asked as the acting seat."""
    legal = [(a, state.action_to_string(a)) for a in state.legal_actions()]
    got = BOARD.board_moves(state.observation(state.current_player()), state.game, legal)
    assert sorted(m.action for m in got) == sorted(a for a, _ in legal)
    return {state.action_to_string(m.action): (m.parts, m.description, m.confirm) for m in got}


def test_the_announcement_is_a_tap_on_a_card_in_the_hand() -> None:
    state = comparison_state(2, cards=[{"A": 0, "B": 2, "C": 1}, {"A": 2, "B": 2, "C": 1}])
    got = moves(state)
    assert got == {
        "announce B": (
            ("card:B",),
            "show your Announcement Card B: your token will go on spot B (1 more left after this)",
            False,
        ),
        "announce C": (
            ("card:C",),
            "show your Announcement Card C: your token will go on spot C (your last one)",
            False,
        ),
    }
    drawn = _PART.findall(svg(state, 0))
    assert {"card:A", "card:B", "card:C"} <= set(drawn)  # the used-up A is drawn, but not a move
    assert len(drawn) == len(set(drawn)), "a part key is drawn twice"


def test_the_token_is_a_tap_on_an_own_token_and_goes_to_the_announced_spot() -> None:
    state = comparison_state(2, hands=[[1, 2, 3, 4, 5], [2, 4, 5]])
    play(state, "announce B", "announce C", "play 3")
    got = moves(state)  # Red (seat 1), the second player, plays on the right side
    assert got == {
        f"play {n}": ((f"token:R{n}",), f"place your token {n} face down on spot C on the right side", False)
        for n in (2, 4, 5)
    }
    drawn = set(_PART.findall(svg(state, 1)))
    assert {"token:R1", "token:R2", "token:R3", "token:R4", "token:R5"} <= drawn


def test_the_third_player_takes_the_side_the_loser_left() -> None:
    """3 players: Black (first) meets Red; Red's A2 loses to Black's B4, so Grey plays on Red's side."""
    state = comparison_state(3)
    play(state, "announce B", "announce A", "announce C", "play 4", "play 2")
    assert moves(state)["play 1"] == (("token:G1",), "place your token 1 face down on spot C on the right side", False)
    level = comparison_state(3)
    play(level, "announce A", "announce A", "announce C", "play 3", "play 3")  # level: both tokens leave
    assert moves(level)["play 5"][1] == "place your token 5 face down on spot C on the right side"


def test_changed_parts_follow_a_token_and_the_end_of_a_round() -> None:
    state = comparison_state(2)
    play(state, "announce B", "announce C")
    before = {s: state.observation(s) for s in (0, 1)}
    play(state, "play 4")
    after = {s: state.observation(s) for s in (0, 1)}
    assert BOARD.changed_parts(before[0], after[0], state.game) == ["round:1", "spot:left-B", "token:K4"]
    assert BOARD.changed_parts(before[1], after[1], state.game) == ["player:0", "round:1", "spot:left-B"]
    play(state, "play 5")  # Red's C5 beats Black's B4: the round ends, the see-saw empties
    changed = BOARD.changed_parts(after[0], state.observation(0), state.game)
    assert changed == ["player:1", "round:1", "round:2", "spot:left-B", "token:K4"]
    drawn = set(_PART.findall(svg(state, 0))) | set(_PART.findall(svg_of(after[0], state)))
    assert set(changed) <= drawn


def svg_of(obs: dict[str, Any], state: ComparisonGravityState) -> str:
    view = entry("comparison-gravity").svg_view
    assert view is not None
    return view(obs, state.game)


def test_info_cards_come_from_the_data_and_say_reconstructed() -> None:
    state = comparison_state(2)
    board = svg(state, 0)
    cards = BOARD.info_cards(state.observation(0), state.game)
    assert set(_INFO.findall(board)) <= set(cards)
    card_b = cards["card:B"]
    assert card_b.title == "Announcement Card B" and card_b.reconstructed
    assert "spot B, halfway out (7 cm, reconstructed)" in card_b.text and "starts with 2 B cards" in card_b.text
    assert "starts with 1 C card;" in cards["card:C"].text
    assert cards["mass:3"].reconstructed and "16 g" in cards["mass:3"].text
    assert cards["seesaw"].reconstructed and "C: 10 cm" in cards["seesaw"].text
    assert "nobody wins that match" in cards["seesaw"].text


def test_seat_roles_name_the_colour_with_its_letter_and_public_facts() -> None:
    state = comparison_state(
        2,
        round_first=1,
        hands=[[2, 3, 5], [1, 4, 5]],
        cards=[{"A": 1, "B": 1, "C": 1}, {"A": 1, "B": 1, "C": 1}],
        rounds=[
            {"first": 0, "cards": ["A", "B"], "tokens": [1, 2], "first_match": 1, "winner": 1},
            {"first": 1, "cards": ["B", "A"], "tokens": [4, 3], "first_match": 0, "winner": 0},
        ],
    )
    play(state, "announce C")
    roles = BOARD.seat_roles(state.observation(0), state.game)
    assert [(r.role, r.mark) for r in roles] == [("Black", "K"), ("Red", "R")]
    assert roles[0].swatch and roles[0].swatch != roles[1].swatch
    assert roles[1].public == (
        "first player this round",
        "shows card C",
        "2 cards left: A, B",
        "3 tokens left",
        "1 round won",
    )
    assert roles[0].public[-3:] == ("3 cards left: A, B, C", "3 tokens left", "1 round won")


def test_hidden_numbers_stay_off_the_other_seats_board() -> None:
    state = comparison_state(3)
    play(state, "announce B", "announce A", "announce C", "play 4")
    black, red, watcher = svg(state, 0), svg(state, 1), svg(state, None)
    assert ">K4</text>" in black
    for other in (red, watcher):
        assert "K4" not in other and ">K?</text>" in other
    assert "token:K1" not in red and 'data-region="hand"' not in watcher
    assert all(float(size) >= 13 for board in (black, red, watcher) for size in _FONT.findall(board))


def test_glossary_explains_every_move_form() -> None:
    gloss = dict(BOARD.glossary(comparison_state(2).game))
    for form in ("announce A", "announce B", "announce C", "play 4", "roll 4, roll G", "lots seat 1", "level"):
        assert form in gloss and len(gloss[form].split()) > 4
