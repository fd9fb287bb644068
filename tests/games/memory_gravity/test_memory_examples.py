"""The printed examples of Memory × Gravity and the ranking table."""

from __future__ import annotations

from itertools import combinations_with_replacement

from gravity_games.games.memory_gravity.rules import (
    combination_key,
    combination_kind,
    combination_text,
    combination_winners,
)

from .memory_helpers import memory_state, play


def test_example_two_players_222_beats_432() -> None:
    """ "Example: For a 2-Player Game: Win 2 2 2 > 4 3 2". (Each colour has one 2, so this pair of
    hands cannot meet in a real 2-player game; the ranking it shows is checked on the table.)"""
    assert combination_winners([[2, 2, 2], [4, 3, 2]]) == [0]
    assert combination_winners([[4, 3, 2], [2, 2, 2]]) == [1]
    assert combination_kind([2, 2, 2]) == "identical"
    assert combination_kind([3, 2, 4]) == "consecutive"


def test_example_three_players_111_beats_555_beats_222_as_a_game_end() -> None:
    """ "Example: For a 3-Player Game: Win 1 1 1 > 5 5 5 > 2 2 2", played out: seat 2's last keep
    ends the game and the three combinations are revealed and ranked."""
    state = memory_state(
        3,
        phase="keep",
        first=0,
        turn=8,
        this_turn=["R2", "K3", "R3"],
        lifts=[[2, "R2", 0], [2, "K3", 0], [2, "R3", 0]],
        kept=[["K1", "G1", "R1"], ["K5", "G5", "R5"], ["K2", "G2"]],
    )
    assert state.legal_actions() == [state.string_to_action("keep R2"), state.string_to_action("keep R3")]
    play(state, "keep R2")
    assert state.is_terminal()
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == (0,)
    assert outcome.detail["combinations"] == ["111", "555", "222"]
    assert combination_key([1, 1, 1]) > combination_key([5, 5, 5]) > combination_key([2, 2, 2])
    revealed = state.observation(1)["revealed"]
    assert revealed["numbers"] == [[1, 1, 1], [5, 5, 5], [2, 2, 2]]
    assert state.returns() == [1.0, 0.0, 0.0]


def test_callout_555_is_beaten_by_111() -> None:
    assert combination_winners([[5, 5, 5], [1, 1, 1]]) == [1]


def test_ranking_table_order() -> None:
    """111 > 555 > 444 > 333 > 222 > 543 > 432 > 321 > three-digit numbers 554, 553, ..., 221, 211."""
    identical = ["111", "555", "444", "333", "222"]
    consecutive = ["543", "432", "321"]
    every = ["".join(map(str, sorted(c, reverse=True))) for c in combinations_with_replacement(range(1, 6), 3)]
    rest = sorted((c for c in every if c not in identical + consecutive), key=int, reverse=True)
    assert rest[0] == "554" and rest[1] == "553" and rest[-2] == "221" and rest[-1] == "211"
    expected = identical + consecutive + rest
    ranked = sorted(every, key=lambda c: combination_key([int(d) for d in c]), reverse=True)
    assert ranked == expected


def test_numbers_are_placed_in_order_of_the_bigger_numbers_colours_do_not_matter() -> None:
    assert combination_text([2, 4, 3]) == "432"
    assert combination_key([3, 5, 4]) == combination_key([5, 4, 3])


def test_equal_combinations_share_the_win() -> None:
    assert combination_winners([[5, 4, 1], [1, 4, 5]]) == [0, 1]
    assert combination_winners([[5, 4, 1], [1, 4, 5], [2, 2, 2]]) == [2]


def test_three_digit_numbers_compare_by_value_and_lose_to_consecutive() -> None:
    assert combination_key([5, 5, 4]) < combination_key([3, 2, 1])
    assert combination_key([5, 3, 1]) > combination_key([5, 2, 2])
    assert combination_winners([[2, 1, 1], [2, 2, 1]]) == [1]
