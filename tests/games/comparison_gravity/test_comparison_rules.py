"""Every rule sentence of Comparison × Gravity (gravity-three.txt, Game 2) and its walk-through."""

from __future__ import annotations

from pathlib import Path

import pytest

from gravity_games import CHANCE, TERMINAL, DataError, IllegalActionError, InvalidStateError, load
from gravity_games.games.comparison_gravity.data import SEAT_COLOURS
from gravity_games.games.comparison_gravity.rules import ROLL_OFF_PASS_LIMIT, ROUNDS, resolve_round, tilt

from .comparison_helpers import comparison_state, play

RED, GREY, BLACK = 1, 2, 0


def test_seats_take_black_red_grey_clockwise() -> None:
    """ "Each player takes a set of Cards and Tokens of the same color." """
    state = comparison_state(3)
    assert state.observation(None)["colours"] == ["black", "red", "grey"]
    assert SEAT_COLOURS == (0, 2, 1)
    assert state.observation(0)["cards_left"] == [{"A": 2, "B": 2, "C": 1}] * 3


def test_torque_is_mass_times_arm() -> None:
    """A token's pull on the see-saw: mass (10, 13, 16, 19, 22 g) x arm (A 4, B 7, C 10 cm)."""
    torque = load("comparison-gravity").torque
    assert torque[0] == [40.0, 52.0, 64.0, 76.0, 88.0]
    assert torque[1][2] == 7.0 * 16.0 and torque[2][4] == 220.0
    assert tilt(torque, 0, 1, 1, 1, 0, 3) == 0  # B1 = 70 beats A3 = 64
    assert tilt(torque, 0, 1, 1, 1, 0, 4) == 1  # A4 = 76 beats B1 = 70
    assert tilt(torque, 0, 2, 3, 1, 2, 3) == -1  # equal torque: level


def test_example_three_player_walk_through_red_wins_then_black_wins() -> None:
    """The printed 3-player example: "The first player is red"; "Play with the player to their left!";
    "Red wins!"; "Leave the winner's Token"; "Play with the third player!"; "Black wins!"."""
    state = comparison_state(3, first=RED)
    assert state.current_player() == RED
    play(state, "announce B")  # red, then clockwise: grey, then black
    assert state.current_player() == GREY
    play(state, "announce A")
    assert state.current_player() == BLACK
    play(state, "announce C")
    assert state.phase_name() == "play" and state.current_player() == RED
    play(state, "play 3")  # red B3: 7 x 16 = 112
    assert state.current_player() == GREY  # "Play with the player to their left!"
    play(state, "play 5")  # grey A5: 4 x 22 = 88
    obs = state.observation(BLACK)
    assert obs["first_match"] == RED  # "Red wins!"
    assert obs["seesaw"] == [{"seat": RED, "spot": "B", "side": 0}]  # "Leave the winner's Token"
    assert state.log()[-2:] == ["Seat 2 places a token on A.", "Seat 1 (red) tilts the see-saw down."]
    assert state.current_player() == BLACK  # "Play with the third player!"
    play(state, "play 2")  # black C2: 10 x 13 = 130 > 112
    assert state.log()[-2:] == ["Seat 0 (black) tilts the see-saw down.", "Round 1: seat 0 wins."]
    assert state.observation(None)["rounds"] == [
        {"first": RED, "cards": ["C", "B", "A"], "first_match": RED, "winner": BLACK}
    ]
    assert state.rounds_won() == [[2], [], []]


def test_two_players_announce_then_place_on_opposite_sides() -> None:
    """ "The first player, followed by the second player ... shows the letter"; "The first player chooses
    one of the Tokens ... The second player then places their Token on the opposite side"."""
    state = comparison_state(2, first=1)
    play(state, "announce C")
    assert state.current_player() == 0
    assert state.observation(0)["announced"] == [None, "C"]  # the Announcement Card is public
    play(state, "announce A")
    other = state.clone()
    play(state, "play 1")
    play(other, "play 5")
    second = state.observation(0)
    assert second["seesaw"] == [{"seat": 1, "spot": "C", "side": 0}]
    assert second["has_played"] == [False, True]
    assert other.observation(0) == second  # the second player cannot tell token 1 from token 5
    play(state, "play 5")  # A5 = 88 < C1 = 100
    assert state.rounds[0].winner == 1
    assert state.log()[-1] == "Round 1: seat 1 wins."


def test_the_side_that_tilts_down_wins_and_a_level_see_saw_wins_nobody() -> None:
    state = comparison_state(2)
    play(state, "announce B", "announce B", "play 4", "play 4")
    assert state.rounds[0].winner == -1
    assert state.observation(1)["rounds"][0]["winner"] == "level"
    assert state.rounds_won() == [[], []]


def test_three_players_level_first_match_lets_the_third_player_win_alone() -> None:
    state = comparison_state(3, first=0)
    play(state, "announce A", "announce A", "announce A", "play 2", "play 2")
    assert state.observation(2)["first_match"] == "level" and state.observation(2)["seesaw"] == []
    play(state, "play 1")
    assert state.rounds[0].winner == 2
    assert state.log()[-2] == "Seat 2's token alone tilts the see-saw down."


def test_three_players_level_second_match_wins_nobody() -> None:
    state = comparison_state(3, first=0)
    play(state, "announce C", "announce A", "announce C", "play 4", "play 1", "play 4")
    assert state.rounds[0].first_match == 0 and state.rounds[0].winner == -1


def test_loser_and_winner_tokens_stay_hidden_after_the_round() -> None:
    """The loser's token goes face down on its card, the winner's under the card: no one else learns
    a number, only who tilted the see-saw."""
    state = comparison_state(2)
    play(state, "announce B", "announce A", "play 3", "play 2")
    other = state.observation(1)
    assert "tokens" not in str(other["rounds"]) and other["hand"]["played"] == [2]
    assert other["tokens_left"] == [4, 4]
    assert state.observation(0)["hand"] == {"seat": 0, "tokens": [1, 2, 4, 5], "played": [3]}


def test_resolved_tokens_and_shown_cards_cannot_be_used_again() -> None:
    """ "The Tokens that have already been resolved cannot be used in subsequent rounds." """
    state = comparison_state(2)
    play(state, "announce C", "announce A", "play 3", "play 2")
    play(state, "announce B")  # seat 1 is first in round 2
    assert state.current_player() == 0
    assert [state.action_to_string(a) for a in state.legal_actions()] == ["announce A", "announce B"]
    with pytest.raises(IllegalActionError, match="no C card left"):
        state.apply_action(2)
    play(state, "announce A")
    assert state.current_player() == 1
    assert [state.action_to_string(a) for a in state.legal_actions()] == ["play 1", "play 3", "play 4", "play 5"]
    with pytest.raises(IllegalActionError, match="already used token 2"):
        state.apply_action(4)


def test_first_player_switches_with_two_and_moves_clockwise_with_three() -> None:
    """ "Switch the first player and continue with the next round." / "The first player moves to the next
    player in clockwise order"."""
    two = comparison_state(2, first=1)
    firsts = []
    for _ in range(ROUNDS):
        firsts.append(two.current_player())
        for _ in range(4):  # two announcements, two tokens
            two.apply_action(two.legal_actions()[0])
    assert firsts == [1, 0, 1, 0, 1] and two.is_terminal()
    three = comparison_state(3, first=2)
    seen = []
    for _ in range(3):
        seen.append(three.current_player())
        for _ in range(6):  # three announcements, three tokens
            three.apply_action(three.legal_actions()[0])
    assert seen == [2, 0, 1]


def test_game_has_five_rounds_and_ends() -> None:
    """ "the game is played for a maximum of five rounds": five cards and five tokens, one each a round."""
    state = comparison_state(3)
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[-1])
    assert len(state.rounds) == ROUNDS and state.current_player() == TERMINAL
    assert all(not hand for hand in state.hands) and all(c == [0, 0, 0] for c in state.cards_left)


def _final_position(players: int, rounds: list[dict[str, object]]) -> object:
    return comparison_state(
        players,
        phase="over",
        first=0,
        round_first=0,
        hands=[[]] * players,
        cards=[{"A": 0, "B": 0, "C": 0}] * players,
        rounds=rounds,
    )


def _rounds(winners: list[int], tokens: list[list[int]]) -> list[dict[str, object]]:
    return [
        {"first": i % 2, "cards": ["A", "A"], "tokens": tokens[i], "first_match": w, "winner": w}
        for i, w in enumerate(winners)
    ]


def test_end_most_rounds_won() -> None:
    """ "The player who wins the most rounds is the winner of the game." """
    tokens = [[1, 1], [2, 2], [3, 3], [4, 4], [5, 5]]
    state = _final_position(2, _rounds([0, 1, 0, -1, 0], tokens))
    outcome = state.outcome()  # type: ignore[attr-defined]
    assert outcome.winners == (0,) and outcome.reason == "most rounds won"


def test_end_tie_goes_to_the_lower_total_of_the_winning_tokens() -> None:
    """ "In case of a tie, the winner is the player with the lower total of the number on their Tokens
    from the rounds won." """
    tokens = [[5, 1], [1, 3], [2, 4], [3, 5], [4, 2]]
    state = _final_position(2, _rounds([0, 1, 1, 0, -1], tokens))
    outcome = state.outcome()  # type: ignore[attr-defined]
    assert outcome.detail["rounds_won"] == [2, 2] and outcome.detail["totals"] == [8, 7]
    assert outcome.winners == (1,) and outcome.reason == "lower total of winning tokens"


def test_end_remaining_tie_is_a_shared_win() -> None:
    tokens = [[5, 1], [1, 5], [2, 4], [3, 3], [4, 2]]
    state = _final_position(2, _rounds([0, 1, -1, -1, -1], tokens))
    outcome = state.outcome()  # type: ignore[attr-defined]
    assert outcome.winners == (0, 1) and outcome.reason == "shared win"
    assert state.returns() == [1.0, 1.0]  # type: ignore[attr-defined]


def test_roll_off_decides_the_first_player() -> None:
    state = load("comparison-gravity", players=3).new_initial_state()
    assert state.current_player() == CHANCE
    play(state, "roll 2", "roll g", "roll 4")
    assert state.first_player == 2 and state.current_player() == 2


def test_resolve_round_three_players() -> None:
    torque = load("comparison-gravity", players=3).torque
    # first 0 (A5 = 88) beats left 1 (A4 = 76); third 2 on B1 = 70 loses to 88
    assert resolve_round(torque, 3, 0, [0, 0, 1], [5, 4, 1]) == (0, 0)
    assert resolve_round(torque, 3, 0, [0, 0, 1], [5, 4, 0]) == (0, -2)


def test_bad_state_documents_are_named() -> None:
    with pytest.raises(InvalidStateError, match="not a card"):
        comparison_state(2, announced=["D", None])
    with pytest.raises(InvalidStateError, match="distinct token numbers 1-5"):
        comparison_state(2, hands=[[1, 1], [2]])


def test_inconsistent_state_documents_are_refused() -> None:
    with pytest.raises(InvalidStateError, match="'step' must lie in 0-1"):
        comparison_state(2, step=2)


def test_roll_off_ties_reroll_and_the_cap_draws_lots() -> None:
    state = load("comparison-gravity", players=2).new_initial_state()
    play(state, "roll 5", "roll 5")
    assert state.current_player() == CHANCE and state.roll_off.contenders == [0, 1]
    for _ in range(ROLL_OFF_PASS_LIMIT - 1):
        play(state, "roll g", "roll g")
    assert state.chance_outcomes() == [(0, 0.5), (1, 0.5)]
    play(state, "lots seat 0")
    assert state.first_player == 0 and state.current_player() == 0


def test_own_component_file_changes_the_physics_and_bad_files_are_named(tmp_path: Path) -> None:
    """A user who owns the printed game passes their own masses and arms (``data``)."""
    source = Path(__file__).resolve().parents[3] / "src/gravity_games/games/gravity_three/data/components.toml"
    text = source.read_text(encoding="utf-8").replace(
        "arms_cm = { A = 4.0, B = 7.0, C = 10.0 }", "arms_cm = { A = 5.0, B = 8.0, C = 12.0 }"
    )
    own = tmp_path / "mine.toml"
    own.write_text(text, encoding="utf-8")
    game = load("comparison-gravity", players=2, data=str(own))
    assert game.torque[2][0] == 12.0 * 10.0
    broken = tmp_path / "broken.toml"
    broken.write_text(text.replace("grams = [10.0, 13.0, 16.0, 19.0, 22.0]", "grams = [10.0, 9.0, 16.0, 19.0, 22.0]"))
    with pytest.raises(DataError, match="strictly increase"):
        load("comparison-gravity", players=2, data=str(broken))
