"""Every rule sentence of Memory × Gravity (gravity-three.txt, Game 1)."""

from __future__ import annotations

import random

import pytest

from gravity_games import CHANCE, TERMINAL, IllegalActionError, InvalidParameterError, InvalidStateError, load
from gravity_games.games.gravity_three import PerceptionModel, load_components
from gravity_games.games.memory_gravity.rules import ROLL_OFF_PASS_LIMIT, MemoryGravityState

from .memory_helpers import memory_state, play


def lifts_text(state: MemoryGravityState) -> list[str]:
    return [state.action_to_string(a) for a in state.legal_actions()]


# -- Setup ---------------------------------------------------------------------


def test_setup_tokens_face_down_in_random_order() -> None:
    """ "Place all the Tokens with the numbers facing down on the table randomly": one chance node per
    colour over the 120 orders, and nobody's view shows a number."""
    game = load("memory-gravity", players=2)
    state = game.new_initial_state()
    assert state.current_player() == CHANCE
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 120 and all(abs(p - 1 / 120) < 1e-12 for _, p in outcomes)
    for index in (119, 0, 37):
        state.apply_action(index)
    assert state.token_numbers[:5] == [5, 4, 3, 2, 1]  # the last order of black
    assert state.token_numbers[5:10] == [1, 2, 3, 4, 5]
    assert sorted(state.token_numbers[10:]) == [1, 2, 3, 4, 5]
    for seat in (0, 1, None):
        obs = state.observation(seat)
        assert all(set(token) == {"id", "colour", "kept_by"} for token in obs["tokens"])
    assert state.observation(0)["phase"] == "roll-off"


def test_roll_off_highest_goes_first_g_counts_zero_ties_reroll() -> None:
    """ "Players each roll the dice; the player with the highest number goes first." """
    state = load("memory-gravity", players=3).new_initial_state()
    for _ in range(3):
        state.apply_action(0)
    play(state, "roll 5", "roll 5", "roll 2")  # seats 0 and 1 tie: only they roll again
    assert state.roll_off.contenders == [0, 1]
    play(state, "roll g", "roll 1")  # G counts as 0
    assert state.first_player == 1 and state.current_player() == 1


def test_roll_off_cap_draws_lots() -> None:
    state = load("memory-gravity", players=2).new_initial_state()
    for _ in range(3):
        state.apply_action(0)
    for _ in range(ROLL_OFF_PASS_LIMIT):
        play(state, "roll 3", "roll 3")
    assert state.current_player() == CHANCE and state.chance_outcomes() == [(0, 0.5), (1, 0.5)]
    play(state, "lots seat 1")
    assert state.first_player == 1


# -- Step 1: assess the weight of three tokens -----------------------------------


def test_turns_go_clockwise_from_the_first_player() -> None:
    state = memory_state(3, first=2)
    seats = []
    for i in range(1, 4):
        seats.append(state.current_player())
        play(state, f"lift K{i}", f"lift G{i}", f"lift R{i}")
        keep = state.legal_actions()[0]
        state.apply_action(keep)
    assert seats == [2, 0, 1]


def test_same_colour_cannot_be_lifted_in_succession() -> None:
    """ "Players cannot choose the same color Token in succession. (e.g. Black → Red → Black is OK.
    Red → Red is not OK.)" """
    state = memory_state(2)
    play(state, "lift R1")
    assert not any(t.startswith("lift R") for t in lifts_text(state))
    with pytest.raises(IllegalActionError, match="not the same colour in succession"):
        state.apply_action(11)  # lift R2
    play(state, "lift K1", "lift R2")  # Red -> Black -> Red is OK
    assert state.lifted_this_turn == [10, 0, 11]


def test_same_token_cannot_be_selected_twice() -> None:
    """ "You cannot select the same Token more than once." """
    state = memory_state(2)
    play(state, "lift K1", "lift G1")
    assert "lift K1" not in lifts_text(state)
    with pytest.raises(IllegalActionError, match="already lifted this turn"):
        state.apply_action(0)


def test_three_different_tokens_are_lifted_then_one_is_kept() -> None:
    state = memory_state(2)
    play(state, "lift K1", "lift G2")
    assert state.phase_name() == "lift"
    play(state, "lift K3")
    assert state.phase_name() == "keep"
    assert lifts_text(state) == ["keep K1", "keep K3", "keep G2"]


def test_only_tokens_on_the_table_can_be_lifted() -> None:
    """A kept token is in front of its keeper: "Players cannot touch the Token again"."""
    state = memory_state(2, turn=1, kept=[["K1"], []])
    assert "lift K1" not in lifts_text(state)
    with pytest.raises(IllegalActionError, match="kept by seat 0"):
        state.apply_action(0)


def test_lifting_never_leads_to_a_dead_end() -> None:
    """Third turn of seat 0, which keeps black and grey already: only red may be kept, so if neither of
    the first two lifts is red, the third must be."""
    state = memory_state(2, turn=4, kept=[["K1", "G1"], ["K2", "G2"]])
    play(state, "lift K3", "lift G3")
    assert lifts_text(state) == ["lift R1", "lift R2", "lift R3", "lift R4", "lift R5"]
    with pytest.raises(IllegalActionError, match="no token you may keep"):
        state.apply_action(3)  # lift K4


def test_a_first_lift_of_an_unkeepable_colour_is_allowed() -> None:
    state = memory_state(2, turn=4, kept=[["K1", "G1"], ["K2", "G2"]])
    assert "lift K3" in lifts_text(state)
    play(state, "lift K3")
    assert "lift G3" in lifts_text(state) and "lift R3" in lifts_text(state)


def test_a_lift_gives_the_lifter_a_private_noisy_reading() -> None:
    """With perception, each lift is followed by a chance node: the reading's outcomes are the
    perception model's, for the token's true mass; the reading is seen by the lifter alone."""
    state = memory_state(2, perception="normal")
    play(state, "lift G4")
    assert state.current_player() == CHANCE
    model = PerceptionModel.from_components(load_components(), "normal")
    assert state.chance_outcomes() == list(model.outcomes(19.0))  # G4 weighs 19 g
    level = max(state.chance_outcomes(), key=lambda o: o[1])[0]
    state.apply_action(level)
    mine = state.observation(0)["readings"]["lifts"]
    assert mine == [{"lift": 0, "token": "G4", "grams": model.grams(level), "level": level}]
    assert state.observation(1)["readings"]["lifts"] == []
    assert "readings" not in state.observation(None)
    assert state.observation(1)["lifts"] == [{"seat": 0, "token": "G4"}]  # who lifted what is public


def test_exact_perception_has_no_chance_node_and_reads_the_true_mass() -> None:
    state = memory_state(2, perception="exact")
    play(state, "lift R5")
    assert state.current_player() == 0
    assert state.observation(0)["readings"]["lifts"][0]["grams"] == 22.0


def test_players_do_not_see_the_numbers() -> None:
    """ "Players are not allowed to look at the numbers on the Tokens." """
    state = memory_state(2, perception="normal", numbers=[5, 4, 3, 2, 1] * 3)
    for seat in (0, 1, None):
        obs = state.observation(seat)
        assert "numbers" not in obs and "revealed" not in obs


# -- Step 2: select one token and keep it -------------------------------------------


def test_only_assessed_tokens_can_be_kept() -> None:
    """ "Players can only select one of the Tokens that had been assessed." """
    state = memory_state(2)
    play(state, "lift K1", "lift G1", "lift K2")
    with pytest.raises(IllegalActionError, match="not lifted this turn"):
        state.apply_action(15 + 14)  # keep R5
    play(state, "keep G1")
    assert state.kept_tokens[0] == [5] and state.current_player() == 1


def test_a_kept_colour_cannot_be_kept_again() -> None:
    """ "Players cannot choose the same color Token that is already 'kept' in front of them." """
    state = memory_state(2, turn=2, kept=[["K1"], ["K2"]])
    play(state, "lift K3", "lift G3", "lift K4")
    assert lifts_text(state) == ["keep G3"]
    with pytest.raises(IllegalActionError, match="already keep a black token"):
        state.apply_action(15 + 2)  # keep K3


def test_kept_numbers_stay_hidden_until_the_end_even_from_the_owner() -> None:
    state = memory_state(2, turn=5, kept=[["K1", "G1", "R1"], ["K5", "G5"]], perception="normal")
    obs = state.observation(0)
    assert obs["kept"] == [["K1", "G1", "R1"], ["K5", "G5"]]
    assert "revealed" not in obs


def test_the_game_ends_after_three_turns_each() -> None:
    """ "After all the players took three turns each and have collected three Tokens of different colors
    each, the game ends." """
    state = memory_state(2, turn=5, kept=[["K1", "G1", "R1"], ["K5", "G5"]])
    play(state, "lift R2", "lift K2", "lift R3", "keep R3")
    assert state.current_player() == TERMINAL
    assert all(len({t // 5 for t in kept}) == 3 for kept in state.kept_tokens)
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == (0,)  # 111 beats 553
    assert state.observation(None)["revealed"]["combinations"] == ["111", "553"]


def test_whole_random_games_collect_three_colours_each() -> None:
    game = load("memory-gravity", players=3, perception="hard")
    rng = random.Random(3)
    for _ in range(20):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.current_player() == CHANCE:
                outcomes = state.chance_outcomes()
                state.apply_action(rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
        assert [sorted(t // 5 for t in kept) for kept in state.kept_tokens] == [[0, 1, 2]] * 3


# -- Parameters and documents ---------------------------------------------------


def test_bad_parameters_are_named() -> None:
    with pytest.raises(InvalidParameterError, match=r"perception.*'exact', 'easy', 'normal', 'hard'"):
        load("memory-gravity", players=2, perception="blind")
    with pytest.raises(InvalidParameterError, match="2-3 players"):
        load("memory-gravity", players=4)


def test_bad_state_documents_are_named() -> None:
    with pytest.raises(InvalidStateError, match="numbers must be 1-5 once each"):
        memory_state(2, numbers=[1, 1, 3, 4, 5] + [1, 2, 3, 4, 5] * 2)
    with pytest.raises(InvalidStateError, match="not a token id"):
        memory_state(2, this_turn=["X9"])


def test_inconsistent_state_documents_are_refused() -> None:
    with pytest.raises(InvalidStateError, match="phase 'keep' comes exactly after three lifts"):
        memory_state(2, phase="keep", this_turn=["K1"])
    with pytest.raises(InvalidStateError, match="a kept token cannot be lifted"):
        memory_state(2, this_turn=["K1"], kept=[["K1"], []], turn=1)
