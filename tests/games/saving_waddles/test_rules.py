"""Every rule of the rulebook, each from an explicit position (see helpers.body)."""

from __future__ import annotations

from typing import Any

import pytest

from gravity_games import CHANCE, TERMINAL, IllegalActionError
from gravity_games.games.saving_waddles.state import HIDDEN

from .helpers import (
    HELP_MIX,
    MISCHIEF_MIX,
    give,
    lay,
    make_game,
    play,
    state,
)

BACK_TWO, BACK_ROLL, DISCARD_HELP, DISCARD_MISCHIEF, SKIP, TAKE_TWO = range(6)


def at(game: Any, positions: list[int], **fields: Any) -> Any:
    return state(game, pos=positions, **fields)


# -- setup -----------------------------------------------------------------------------


def test_setup_deals_path_cards_face_down_then_hut_then_heroes() -> None:
    game = make_game(heroes=("wendy", "dipper", "soos")).__class__(players=3)
    s = game.new_initial_state()
    for left in range(7, 0, -1):
        assert s.current_player() == CHANCE
        outcomes = s.chance_outcomes()
        assert len(outcomes) == left and all(abs(p - 1 / left) < 1e-12 for _, p in outcomes)
        s.apply_action(outcomes[-1][0])
    assert s.observation(None)["path_cards"] == [None] * 7
    assert [a for a, _ in s.chance_outcomes()] == [0, 1, 2]  # one Hut of Wonders card of three
    s.apply_action(2)
    assert s.observation(0)["hut_card"] is None
    for left in (5, 4, 3):  # heroes at random
        assert len(s.chance_outcomes()) == left
        s.apply_action(s.chance_outcomes()[0][0])
    assert s.observation(None)["heroes"] == ["wendy", "dipper", "soos"]
    assert s.observation(None)["phase"] == "roll" and s.turn == 0
    assert s.observation(None)["waddles"] is None  # below the board until found


def test_simple_rules_lay_path_cards_face_up_and_use_no_hut() -> None:
    game = make_game(variant="simple")
    s = game.new_initial_state()
    for _ in range(7):
        s.apply_action(s.chance_outcomes()[0][0])
    assert None not in s.observation(None)["path_cards"]
    assert s.observation(None)["phase"] == "roll"  # heroes given: no hut, no hero draw
    assert s.observation(None)["help_deck"] == 0 and s.observation(None)["mischief_deck"] == 0


# -- pointers, totem, Waddles Found! ----------------------------------------------------------


def test_face_down_pointer_stops_the_token_and_reveals_the_card() -> None:
    s = at(make_game(("wendy", "dipper")), [26, 0])
    play(s, "roll 6")
    assert s.positions[0] == 30 and s.path_card_face_up[3]
    assert "reveals path card 4" in s.log()[-2] or any("reveals path card 4" in x for x in s.log())
    assert s.turn == 1


def test_face_up_pointer_is_not_special() -> None:
    s = at(make_game(("wendy", "dipper")), [10, 0])
    play(s, "roll 5")
    assert s.positions[0] == 15  # passed pointer 13 of the face-up card
    assert s.observation(None)["phase"] == "help_draw"


def test_waddles_found_rolls_once_and_places_him_on_the_number() -> None:
    s = at(make_game(("wendy", "dipper")), [35, 0], slot_up=[True] * 4 + [False] * 3)
    play(s, "roll 4")
    assert s.positions[0] == 39 and s.path_card_face_up[4]
    assert s.observation(None)["roll_for"] == "waddles"
    play(s, "roll 3")
    assert s.waddles_position == 46 and s.waddles_carrier == -1
    # a later visit to the pointer (card face up now) does not move him
    s2 = at(make_game(("wendy", "dipper")), [37, 0], waddles=46, slot_up=[True] * 5 + [False] * 2)
    play(s2, "roll 2")
    assert s2.positions[0] == 39 and s2.waddles_position == 46 and s2.turn == 1


def test_waddles_found_roll_may_be_changed_with_help_cards_but_not_above_six() -> None:
    fields: dict[str, Any] = {"slot_up": [True] * 4 + [False] * 3}
    give({"plus_minus": 1}, make_game(("wendy", "dipper")), 0, fields)
    s = at(make_game(("wendy", "dipper")), [35, 0], **fields)
    play(s, "roll 4", "accept", "roll 6")
    assert s.legal_actions() == [2, 5]  # accept, minus one: no space is marked 7
    play(s, "minus one")
    assert s.waddles_position == 53  # number 5


def test_totem_reveals_the_hut_of_wonders_card() -> None:
    s = at(make_game(("wendy", "dipper")), [61, 0], slot_up=[True] * 7, waddles=50)
    play(s, "roll 3")
    assert s.positions[0] == 64 and s.hut_card_face_up


# -- main rule, arrows, Soos ----------------------------------------------------------------


def test_space_reached_moving_backward_does_not_act() -> None:
    s = at(make_game(("wendy", "dipper")), [24, 0])
    play(s, "roll 4", "mischief back_two")
    assert s.positions[0] == 26 and s.hands[0] == [0] * 5  # 26 is a help space
    assert s.turn == 1


def test_red_arrow_moves_back_and_its_end_does_not_act() -> None:
    s = at(make_game(("wendy", "dipper")), [8, 0])
    play(s, "roll 3")
    assert s.positions[0] == 8 and s.pending_mischief == 0 and s.turn == 1  # 8 is a mischief space


def test_soos_does_not_move_along_red_arrows_but_follows_others() -> None:
    game = make_game(("soos", "dipper"))
    s = at(game, [8, 0])
    play(s, "roll 3")
    assert s.positions[0] == 11
    s = at(game, [0, 0])
    play(s, "roll 2")
    assert s.positions[0] == 4  # the blue arrow from 2


def test_forward_arrow_picks_up_waddles_on_the_way() -> None:
    s = at(make_game(("wendy", "dipper")), [0, 0], waddles=3)
    play(s, "roll 2")
    assert s.positions[0] == 4 and s.waddles_carrier == 0 and s.waddles_position == 4


def test_forward_arrow_end_takes_effect() -> None:
    s = at(make_game(("wendy", "dipper")), [34, 0], slot_up=[True] * 5 + [False] * 2)
    play(s, "roll 2")  # 36: green arrow +2 -> 38 (plain)
    assert s.positions[0] == 38
    s = at(make_game(("wendy", "dipper")), [0, 0])
    play(s, "roll 3")  # lands on 3 (mischief) directly
    assert s.observation(None)["phase"] == "mischief_draw"


# -- mischief -----------------------------------------------------------------------


def test_several_symbols_give_one_card_each_taken_one_at_a_time() -> None:
    s = at(make_game(("wendy", "dipper")), [16, 0])
    play(s, "roll 2")
    assert s.positions[0] == 18 and s.pending_mischief == 2
    play(s, "mischief skip")
    assert s.lying[0] and s.pending_mischief == 1 and s.current_player() == CHANCE
    play(s, "mischief back_two")  # still taken though the token has left the space
    assert s.positions[0] == 16 and s.mischief_in_front[0] == [SKIP, BACK_TWO]
    assert s.turn == 1


def test_take_two_more_and_no_two_skips_in_a_row() -> None:
    s = at(make_game(("wendy", "dipper")), [7, 0])
    play(s, "roll 3", "mischief take_two")
    assert s.mischief_in_front[0] == [TAKE_TWO] and s.pending_mischief == 2
    play(s, "mischief skip", "mischief skip")
    assert s.lying[0] and s.mischief_in_front[0] == [TAKE_TWO, SKIP, SKIP]
    assert any("two turns in a row" in line for line in s.log())


def test_discard_all_other_mischief_cards() -> None:
    game = make_game(("wendy", "dipper"))
    fields: dict[str, Any] = {}
    lay([BACK_TWO, BACK_ROLL], game, 0, fields)
    s = at(game, [7, 0], **fields)
    play(s, "roll 3", "mischief discard_mischief")
    assert s.mischief_in_front[0] == [DISCARD_MISCHIEF]
    assert s.mischief_discard == [1, 1, 0, 0, 0, 0]


def test_roll_and_move_back_never_past_the_start() -> None:
    s = at(make_game(("wendy", "dipper")), [0, 0])
    play(s, "roll 3", "mischief back_roll")
    assert s.observation(None)["roll_for"] == "back"
    play(s, "roll 6")
    assert s.positions[0] == 0 and s.mischief_in_front[0] == [BACK_ROLL]


def test_discard_one_help_card_of_your_choice() -> None:
    game = make_game(("wendy", "dipper"))
    fields: dict[str, Any] = {}
    give({"reroll": 1, "set_three": 1}, game, 0, fields)
    s = at(game, [7, 0], **fields)
    play(s, "roll 3", "accept", "mischief discard_help")
    assert s.observation(0)["phase"] == "discard"
    assert [s.action_to_string(a) for a in s.legal_actions()] == ["discard reroll", "discard set three"]
    play(s, "discard set three")
    assert s.hands[0] == [0, 1, 0, 0, 0] and s.help_discard == [0, 0, 0, 1, 0]


def test_skipped_turn_only_stands_the_token_up() -> None:
    s = at(make_game(("wendy", "dipper")), [30, 4], turn=1, lying=[True, False])
    play(s, "roll 1")  # seat 1: 4 -> 5, a face-up pointer
    assert s.lying == [False, False] and s.turn == 1 and s.positions[0] == 30
    assert any("stands their token back up" in line for line in s.log())


def test_help_card_take_mischief_face_down() -> None:
    game = make_game(("wendy", "dipper"))
    fields: dict[str, Any] = {}
    give({"face_down": 1}, game, 0, fields)
    s = at(game, [7, 0], **fields)
    play(s, "roll 3")
    assert s.observation(0)["phase"] == "mischief_choice"
    play(s, "face down", "mischief skip")
    assert not s.lying[0] and s.mischief_in_front[0] == [SKIP + HIDDEN]
    assert s.observation(1)["mischief_in_front"][0] == ["face down"]
    assert s.help_discard[4] == 1


def test_stan_takes_his_first_mischief_card_unseen() -> None:
    game = make_game(("stan", "dipper"))
    s = at(game, [7, 0])
    play(s, "roll 3")
    assert s.draw_face_down
    play(s, "mischief skip")
    assert not s.lying[0] and s.mischief_in_front[0] == [SKIP + HIDDEN]
    for seat in (0, 1, None):  # nobody, Stan included, learns which card it was
        assert s.observation(seat)["mischief_in_front"][0] == ["face down"]
        assert s.observation(seat)["mischief_deck"] == 20 and s.observation(seat)["mischief_discard"]["skip"] == 0
    assert not any("skip" in line for line in s.log())
    fields: dict[str, Any] = {}
    lay([BACK_TWO], game, 0, fields)
    s = at(game, [7, 0], **fields)
    play(s, "roll 3", "mischief skip")
    assert s.lying[0]  # he had a card: taken and carried out as usual


# -- help, exchange, heroes ---------------------------------------------------------------


def test_help_space_gives_a_card_and_dipper_one_more_with_an_empty_hand() -> None:
    s = at(make_game(("wendy", "dipper")), [9, 9], turn=1)
    play(s, "roll 3")
    assert s.pending_help == 2
    play(s, "help reroll", "help set_three")
    assert s.hands[1] == [0, 1, 0, 1, 0]
    s = at(make_game(("dipper", "wendy")), [9, 9], turn=1)
    play(s, "roll 3", "help reroll")
    assert s.hands[1] == [0, 1, 0, 0, 0] and s.turn == 0


def test_exchange_space_costs_two_wendy_one() -> None:
    game = make_game(("wendy", "dipper"))
    fields: dict[str, Any] = {}
    lay([BACK_TWO], game, 0, fields)
    lay([SKIP], game, 1, fields)
    s = at(game, [7, 7], **fields)
    play(s, "roll 2")
    assert s.mischief_in_front[0] == [] and s.pending_help == 1 and s.mischief_discard[BACK_TWO] == 1
    play(s, "help reroll")
    play(s, "roll 2")  # Dipper with one card: nothing happens
    assert s.mischief_in_front[1] == [SKIP] and s.hands[1] == [0] * 5


def test_start_of_turn_exchange_three_for_one_wendy_two() -> None:
    game = make_game(("dipper", "wendy"))
    fields: dict[str, Any] = {"phase": "start", "roll_for": "none"}
    lay([BACK_TWO, SKIP, TAKE_TWO], game, 0, fields)
    lay([BACK_TWO, SKIP], game, 1, fields)
    s = at(game, [3, 3], **fields)
    assert [s.action_to_string(a) for a in s.legal_actions()] == ["exchange", "roll"]
    play(s, "exchange", "help plus_minus")
    assert s.mischief_in_front[0] == [] and s.hands[0] == [0, 0, 1, 0, 0]
    assert s.observation(None)["phase"] == "roll"  # nothing more to choose before the roll
    s = at(game, [3, 3], **{**fields, "turn": 1})
    play(s, "exchange", "help reroll")
    assert s.mischief_in_front[1] == [] and s.hands[1] == [0, 1, 0, 0, 0]
    fields = {"phase": "start", "roll_for": "none"}
    lay([BACK_TWO, SKIP], game, 0, fields)
    s = at(game, [3, 3], **fields)
    assert s.observation(None)["phase"] == "start" and s.legal_actions() == [1]


def test_die_help_cards_reroll_plus_minus_floor_and_set_three() -> None:
    game = make_game(("wendy", "dipper"))
    fields: dict[str, Any] = {}
    give({"reroll": 1, "plus_minus": 2, "set_three": 1}, game, 0, fields)
    s = at(game, [40, 0], slot_up=[True] * 7, **fields)
    play(s, "roll 1")
    names = [s.action_to_string(a) for a in s.legal_actions()]
    assert names == ["accept", "reroll", "plus one", "set three"]  # no -1 below 1
    with pytest.raises(IllegalActionError):
        s.apply_action(5)  # minus one
    play(s, "set three", "plus one")
    assert s.die == 4
    play(s, "reroll")
    assert s.current_player() == CHANCE and s.die == 0
    play(s, "roll 6", "plus one")  # the last card: the move follows at once
    assert any("the die now counts 7" in line for line in s.log())  # may be raised above 6
    assert s.positions[0] == 42  # 40 + 7 = 47, a red arrow 5 spaces back


def test_take_another_turn_card_and_space() -> None:
    game = make_game(("wendy", "dipper"))
    fields: dict[str, Any] = {"phase": "start", "roll_for": "none"}
    give({"another_turn": 1}, game, 0, fields)
    s = at(game, [3, 3], **fields)
    play(s, "another turn")
    assert s.extra_turns == 1 and s.observation(None)["phase"] == "roll"
    play(s, "roll 1")
    assert s.turn == 0 and s.extra_turns == 0 and s.turns_taken == 6
    s = at(make_game(("wendy", "dipper")), [17, 0])
    play(s, "roll 2")
    assert s.positions[0] == 19 and s.turn == 0 and s.turns_taken == 6


def test_take_another_turn_card_can_be_played_at_the_end_of_the_turn() -> None:
    game = make_game(("wendy", "dipper"))
    fields: dict[str, Any] = {}
    give({"another_turn": 1}, game, 0, fields)
    s = at(game, [3, 3], **fields)
    play(s, "roll 1")
    assert s.observation(0)["phase"] == "end"
    assert [s.action_to_string(a) for a in s.legal_actions()] == ["another turn", "end turn"]
    play(s, "end turn")
    assert s.turn == 1


def test_discard_all_help_cards_space() -> None:
    game = make_game(("wendy", "dipper"))
    fields: dict[str, Any] = {}
    give({"reroll": 1, "face_down": 1}, game, 0, fields)
    s = at(game, [33, 0], slot_up=[True] * 4 + [False] * 3, **fields)
    play(s, "roll 2", "accept")
    assert s.hands[0] == [0] * 5 and s.help_discard == [0, 1, 0, 0, 1]


def test_skip_a_turn_space() -> None:
    s = at(make_game(("wendy", "dipper")), [26, 0])
    play(s, "roll 3")
    assert s.lying[0] and s.turn == 1


def test_mabel_adds_one_beside_waddles_within_the_carrying_limit() -> None:
    game = make_game(("mabel", "dipper"))
    s = at(game, [24, 26], waddles=26, carrier=1)
    play(s, "roll 1")
    assert [s.action_to_string(a) for a in s.legal_actions()] == ["accept", "mabel plus one"]
    play(s, "mabel plus one")
    assert s.positions[0] == 26 and s.waddles_carrier == 0
    s = at(game, [24, 0], waddles=24, carrier=0)
    play(s, "roll 3", "mabel plus one")
    assert s.positions[0] == 27 and s.waddles_position == 27  # still only three spaces with Waddles
    s = at(game, [24, 0], waddles=34)
    play(s, "roll 3")
    assert s.positions[0] == 27  # Waddles beside no one: no choice offered


# -- Waddles ------------------------------------------------------------------------------


def test_pick_up_from_another_carrier_then_three_spaces_at_most() -> None:
    s = at(make_game(("wendy", "dipper")), [24, 26], waddles=26, carrier=1)
    play(s, "roll 6")
    assert s.positions[0] == 29 and s.waddles_carrier == 0 and s.waddles_position == 29


def test_starting_on_waddles_space_picks_him_up() -> None:
    s = at(make_game(("wendy", "dipper")), [26, 4], waddles=26, turn=1)
    play(s, "roll 1")
    assert s.waddles_carrier == 0 and s.turn == 0


def test_waddles_never_moves_backward() -> None:
    s = at(make_game(("wendy", "dipper")), [25, 0], waddles=25, carrier=0)
    play(s, "roll 3", "mischief back_two")
    assert s.positions[0] == 26 and s.waddles_position == 28 and s.waddles_carrier == -1


# -- Hut of Wonders and Victory -------------------------------------------------------------


def victory_state(hut: int, **fields: Any) -> Any:
    game = make_game(("wendy", "dipper"))
    return at(game, [65, 0], slot_up=[True] * 7, hut=hut, hut_up=True, waddles=65, carrier=0, **fields)


def test_victory_without_instructions_wins() -> None:
    s = victory_state(0)
    play(s, "roll 3")
    assert s.current_player() == TERMINAL and s.returns() == [1.0, 0.0]
    assert s.outcome().reason == "victory"


def test_victory_stops_the_token() -> None:
    s = at(make_game(("wendy", "dipper")), [67, 0], slot_up=[True] * 7, hut=0, hut_up=True, waddles=67, carrier=0)
    play(s, "roll 3")
    assert s.positions[0] == 68 and s.is_terminal()


def test_secret_password_discard_a_help_card_to_win() -> None:
    game = make_game(("wendy", "dipper"))
    fields: dict[str, Any] = {}
    give({"reroll": 1, "set_three": 1}, game, 0, fields)
    s = victory_state(1, **fields)
    play(s, "roll 3", "accept")
    assert s.observation(0)["phase"] == "discard"
    play(s, "discard reroll")
    assert s.is_terminal() and s.winner == 0
    s = victory_state(1)
    play(s, "roll 3")
    assert s.positions[0] == 65 and s.waddles_position == 68 and s.waddles_carrier == -1 and s.pending_help == 1


def test_lucky_roll_four_or_more_wins() -> None:
    s = victory_state(2)
    play(s, "roll 3")
    assert s.observation(None)["roll_for"] == "hut"
    play(s, "roll 2")
    assert s.positions[0] == 65 and s.waddles_position == 68 and not s.is_terminal()
    s = victory_state(2)
    play(s, "roll 3", "roll 4")
    assert s.is_terminal() and s.winner == 0


# -- decks ---------------------------------------------------------------------------------


def test_empty_help_deck_is_reshuffled_from_its_discard_pile() -> None:
    s = at(make_game(("wendy", "dipper")), [9, 0], help_deck=[0] * 5, help_discard=list(HELP_MIX))
    play(s, "roll 3")
    assert s.help_deck == HELP_MIX and s.help_discard == [0] * 5
    assert any("shuffled into a new deck" in line for line in s.log())


def test_empty_mischief_deck_is_reshuffled_and_nothing_left_means_nothing_taken() -> None:
    s = at(make_game(("wendy", "dipper")), [7, 0], mischief_deck=[0] * 6, mischief_discard=list(MISCHIEF_MIX))
    play(s, "roll 3")
    assert s.mischief_deck == MISCHIEF_MIX and s.observation(None)["phase"] == "mischief_draw"
    game = make_game(("wendy", "dipper"))
    fields: dict[str, Any] = {}
    lay([k for k, c in enumerate(MISCHIEF_MIX) for _ in range(c)], game, 1, fields)
    s = at(game, [7, 0], **fields)
    play(s, "roll 3")
    assert s.pending_mischief == 0 and s.turn == 1


# -- simple rules --------------------------------------------------------------------------


def test_simple_mischief_symbol_skips_the_next_turn() -> None:
    s = at(make_game(("wendy", "dipper"), variant="simple"), [7, 0])
    play(s, "roll 3")
    assert s.lying[0] and s.turn == 1 and s.mischief_in_front[0] == []


def test_simple_starting_on_help_symbol_may_add_one() -> None:
    s = at(make_game(("wendy", "dipper"), variant="simple"), [4, 12], turn=1)
    assert s.help_space_bonus == 0
    s = at(make_game(("wendy", "dipper"), variant="simple"), [12, 4], turn=1)
    play(s, "roll 1")  # seat 1 moves 4 -> 5; seat 0 starts on a help symbol
    assert s.turn == 0 and s.help_space_bonus == 1
    play(s, "roll 2")
    assert [s.action_to_string(a) for a in s.legal_actions()] == ["accept", "help space plus one"]
    play(s, "help space plus one")
    assert s.positions[0] == 15


def test_simple_ignores_other_spaces_heroes_and_wins_at_the_totem() -> None:
    game = make_game(("soos", "dipper"), variant="simple")
    s = at(game, [8, 0])
    play(s, "roll 3")
    assert s.positions[0] == 8  # red arrow followed: Soos' ability is not used
    s = at(game, [17, 0])
    play(s, "roll 2")
    assert s.positions[0] == 19 and s.turn == 1 and s.extra_turns == 0  # 'take another turn' ignored
    s = at(game, [61, 0])
    play(s, "roll 6")
    assert s.positions[0] == 64 and s.is_terminal() and s.outcome().reason == "totem" and s.waddles_position == -1


# -- turn limit ------------------------------------------------------------------------------


def test_turn_limit_ends_the_game_without_a_winner() -> None:
    game = make_game(("wendy", "dipper"))
    s = at(game, [3, 3], turns_taken=game.turn_limit)
    play(s, "roll 1")
    assert s.is_terminal() and s.outcome().winners == () and s.outcome().reason == "turn limit"
    assert s.returns() == [0.0, 0.0]


# -- more corners ----------------------------------------------------------------------------


def test_start_exchange_may_be_repeated_and_needs_a_help_card_to_take() -> None:
    game = make_game(("wendy", "dipper"))
    fields: dict[str, Any] = {"phase": "start", "roll_for": "none"}
    lay([BACK_TWO, SKIP, TAKE_TWO, BACK_ROLL], game, 0, fields)
    s = at(game, [3, 3], **fields)
    play(s, "exchange", "help reroll")
    assert s.observation(0)["phase"] == "start" and len(s.mischief_in_front[0]) == 2
    play(s, "exchange", "help reroll")
    assert s.mischief_in_front[0] == [] and s.hands[0] == [0, 2, 0, 0, 0]
    # every help card already in hands: nothing to take, so no exchange is offered
    fields = {"phase": "start", "roll_for": "none"}
    lay([BACK_TWO, SKIP], game, 0, fields)
    give({"another_turn": 3, "reroll": 5, "plus_minus": 6, "set_three": 4, "face_down": 3}, game, 1, fields)
    s = at(game, [3, 3], **fields)
    assert [s.action_to_string(a) for a in s.legal_actions()] == ["roll"]


def test_stan_needs_no_face_down_card_for_his_first_mischief_card() -> None:
    game = make_game(("stan", "dipper"))
    fields: dict[str, Any] = {}
    give({"face_down": 1}, game, 0, fields)
    s = at(game, [7, 0], **fields)
    play(s, "roll 3")
    assert s.observation(0)["phase"] == "mischief_draw" and s.draw_face_down
    assert s.hands[0][4] == 1  # the help card is kept


def test_a_single_kind_of_help_card_is_discarded_without_asking() -> None:
    game = make_game(("wendy", "dipper"))
    fields: dict[str, Any] = {}
    give({"face_down": 2}, game, 0, fields)
    s = at(game, [7, 0], **fields)
    play(s, "roll 3", "take mischief", "mischief discard_help")
    assert s.hands[0][4] == 1 and s.turn == 1


def test_mabel_plus_one_is_once_a_turn() -> None:
    game = make_game(("mabel", "dipper"))
    fields: dict[str, Any] = {}
    give({"reroll": 1}, game, 0, fields)
    s = at(game, [24, 26], waddles=26, carrier=1, **fields)
    play(s, "roll 1", "mabel plus one", "reroll", "roll 1")
    assert s.positions[0] == 25 and s.turn == 1  # no second +1: the move followed at once


def test_lucky_roll_may_be_changed_with_help_cards() -> None:
    game = make_game(("wendy", "dipper"))
    fields: dict[str, Any] = {}
    give({"plus_minus": 1}, game, 0, fields)
    s = victory_state(2, **fields)
    play(s, "roll 3", "accept", "roll 3", "plus one")
    assert s.is_terminal() and s.winner == 0


def test_bad_state_documents_are_refused_with_a_reason() -> None:
    from gravity_games import InvalidStateError

    game = make_game(("wendy", "dipper"))
    with pytest.raises(InvalidStateError, match="help cards must add up"):
        state(game, help_deck=[3, 5, 6, 4, 4])
    with pytest.raises(InvalidStateError, match="unknown phase 'dance'"):
        state(game, phase="dance")
    with pytest.raises(InvalidStateError, match="positions lie on the track"):
        state(game, pos=[0, 99])
    with pytest.raises(InvalidStateError, match="missing field"):
        game.state_from_json({"game": game.ID, "players": 2, "state": {"slots": []}})
