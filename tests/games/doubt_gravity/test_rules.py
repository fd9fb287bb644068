"""Doubt × Gravity: one test (or more) per rule sentence of gravity-three.txt, Game 3."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from doubt_helpers import TWO_PLAYER_DEAL, game, play, three_player_start, two_player_start

from gravity_games import CHANCE, TERMINAL, IllegalActionError, InvalidParameterError
from gravity_games.core.api import DataError, sample_chance
from gravity_games.games.doubt_gravity.rules import DoubtGravityState
from gravity_games.games.doubt_gravity.rules_round import BluffCheck, spot_the_bluff
from gravity_games.games.doubt_gravity.state import (
    ASSESS,
    CORRECT,
    DESIGNATE,
    DONE,
    IN_STACK,
    LIFT,
    OUT_OF_GAME,
    PLACE,
    REMOVED,
    UNUSED,
)


def numbers_at(state: DoubtGravityState, where: int) -> list[str]:
    return sorted(f"{'KGR'[p // 5]}{state.token_numbers[p]}" for p in range(15) if state.token_places[p] == where)


# -- Setup ---------------------------------------------------------------------------


def test_setup_removes_one_token_of_each_colour_face_down() -> None:
    """Rulebook: "Shuffle the Tokens ... and remove one Token of each color; they are not used in the game."."""
    state = game(2).new_initial_state()
    assert state.current_player() == CHANCE
    outcomes = state.chance_outcomes()
    assert [state.action_to_string(a) for a, _ in outcomes] == [f"remove K{k}" for k in range(1, 6)]
    assert all(abs(p - 0.2) < 1e-12 for _, p in outcomes)
    play(state, "remove K4", "remove G2", "remove R5")
    assert numbers_at(state, REMOVED) == ["G2", "K4", "R5"]
    for seat in (0, 1, None):
        removed = [t for t in state.observation(seat)["tokens"] if t["where"] == "removed"]
        assert len(removed) == 3 and all(t["number"] is None for t in removed)


def test_removed_numbers_are_shown_only_when_the_game_ends() -> None:
    """Rulebook: "Players may not check the numbers on them until the game ends."."""
    state = two_player_start(max_rounds=1)
    play(state, "roll 3", "place K3", "done", "pass")  # seat 1 assesses and says correct
    play(state, "correct")
    assert state.current_player() == TERMINAL
    removed = [t for t in state.observation(1)["tokens"] if t["where"] == "removed"]
    assert sorted(t["number"] for t in removed) == [1, 1, 1]


def test_two_players_take_four_of_their_colour_and_two_of_the_remaining_one() -> None:
    """Rulebook: "2-Players Game: Each player takes four Tokens of the same color and two Tokens
    in the remaining color."."""
    state = game(2).new_initial_state()
    play(state, "remove K1", "remove G1", "remove R1")
    assert state.current_player() == 0
    assert [state.action_to_string(a) for a in state.legal_actions()] == ["colour black", "colour grey", "colour red"]
    play(state, "colour red")
    assert state.current_player() == 1
    assert [state.action_to_string(a) for a in state.legal_actions()] == ["colour black", "colour grey"]
    play(state, "colour black")
    # Seat 1's four black tokens: each is a chance step (which token id carries which number),
    # the last one excepted.
    assert state.current_player() == CHANCE
    dealt = [state.action_to_string(a) for a, _ in state.chance_outcomes()]
    assert dealt == ["deal K2", "deal K3", "deal K4", "deal K5"]
    play(state, "deal K5", "deal K3", "deal K2")
    assert (state.deal_queue[0].seat, state.deal_queue[0].colour) == (0, 1)  # grey: two for seat 0 ...
    play(state, "deal G5", "deal G2", "deal G3")  # ... and two for seat 1
    play(state, "deal R3", "deal R2", "deal R5")
    assert state.phase == 4  # roll-off
    assert numbers_at(state, 0) == ["G2", "G5", "R2", "R3", "R4", "R5"]
    assert numbers_at(state, 1) == ["G3", "G4", "K2", "K3", "K4", "K5"]
    assert state.hand_counts == [6, 6]
    ids = [p for p in range(5) if state.token_places[p] == 1]
    assert [state.token_numbers[p] for p in ids] == [5, 3, 2, 4]  # ids follow the deal, not the numbers


def test_three_players_take_two_of_their_colour_and_one_of_another() -> None:
    """Rulebook: "3-Players Game: Each player chooses a color and takes two Tokens from that color,
    and one of a different color."."""
    state = three_player_start()
    assert numbers_at(state, 0) == ["G4", "K2", "K3"]
    assert numbers_at(state, 1) == ["G2", "G3", "R4"]
    assert numbers_at(state, 2) == ["K4", "R2", "R3"]
    # The three tokens nobody takes stay out of play, face down.
    assert numbers_at(state, UNUSED) == ["G5", "K5", "R5"]
    unused = [t for t in state.observation(0)["tokens"] if t["where"] == "unused"]
    assert len(unused) == 3 and all(t["number"] is None for t in unused)


def test_three_players_last_colour_is_forced_and_extra_must_differ() -> None:
    state = game(3).new_initial_state()
    play(state, "remove K1", "remove G1", "remove R1", "colour grey", "colour red")
    assert state.colours == [1, 2, 0]  # seat 2 gets black without a step
    assert state.current_player() == 0
    assert [state.action_to_string(a) for a in state.legal_actions()] == ["extra black", "extra red"]
    before = json.dumps(state.to_json(), sort_keys=True)
    with pytest.raises(IllegalActionError, match="different colour"):
        state.apply_action(state.legal_actions()[0] + 1)  # grey: its own colour
    assert json.dumps(state.to_json(), sort_keys=True) == before


def test_both_other_players_may_take_their_extra_from_the_same_colour() -> None:
    state = game(3).new_initial_state()
    play(state, "remove K1", "remove G1", "remove R1", "colour black", "colour grey")
    play(state, "extra grey", "extra black", "extra black")
    slots = [(slot.seat, slot.colour) for slot in state.deal_queue]
    assert slots.count((1, 0)) == 1 and slots.count((2, 0)) == 1 and slots.count((0, 0)) == 2
    while state.current_player() == CHANCE and state.phase != 4:  # until the roll-off
        state.apply_action(state.chance_outcomes()[0][0])
    assert state.hand_counts == [3, 3, 3]
    assert numbers_at(state, UNUSED) == ["G5", "R4", "R5"]


def test_roll_off_highest_goes_first_and_ties_roll_again() -> None:
    """Rulebook: "Players each roll the dice; the player with the highest number goes first."."""
    state = game(2, perception="exact").new_initial_state()
    play(state, "remove K1", "remove G1", "remove R1", *TWO_PLAYER_DEAL)
    play(state, "roll 4", "roll 4")  # tie: both roll again
    assert state.first_player == -1 and state.current_player() == CHANCE
    play(state, "roll G", "roll 1")  # G shows no number: it counts 0
    assert state.first_player == 1
    assert any("tie and roll again" in line for line in state.log())


# -- Roll the dice -------------------------------------------------------------------


def test_die_number_is_the_designated_number() -> None:
    """Rulebook: "A player rolls the dice. The number on the dice is the Designated Number for this round."."""
    state = play(two_player_start(), "roll 4")
    assert state.designated_number == 4
    assert state.phase == PLACE and state.current_player() == 0
    assert state.observation(None)["designated"] == 4


def test_g_lets_the_first_player_choose_any_number() -> None:
    """Rulebook: "If a "G" comes up, the first player chooses any number from 1 to 5."."""
    state = play(two_player_start(), "roll G")
    assert state.phase == DESIGNATE and state.current_player() == state.first_player == 0
    assert [state.action_to_string(a) for a in state.legal_actions()] == [f"number {k}" for k in range(1, 6)]
    play(state, "number 2")
    assert state.designated_number == 2 and state.phase == PLACE


# -- Place the token -------------------------------------------------------------------


def test_turns_go_clockwise_from_the_first_player() -> None:
    """Rulebook: "Each player takes their turn starting with the first player, and going in a clockwise order."."""
    state = three_player_start()
    play(state, "roll 3", "pass")
    assert state.current_player() == 1
    play(state, "pass")
    assert state.current_player() == 2


def test_tokens_are_stacked_on_top_and_several_may_be_placed() -> None:
    """Rulebook: "If there are already Tokens placed out by other players, stack yours on top." and
    "A player can place and stack multiple Tokens at the same time."."""
    state = play(two_player_start(), "roll 3", "place K3", "place R3", "done", "place R4")
    assert [f"{'KGR'[p // 5]}{state.token_numbers[p]}" for p in state.stack] == ["K3", "R3", "R4"]
    assert [state.placed_by[p] for p in state.stack] == [0, 0, 1]
    public = state.observation(None)["stack"]
    assert [e["owner"] for e in public] == [0, 0, 1]
    assert all(e["number"] is None for e in public)  # "with the number facing down"


def test_a_token_may_be_placed_with_a_different_number() -> None:
    """Rulebook: "A Token can be placed with a number different from the Designated Number."."""
    state = play(two_player_start(), "roll 3")
    names = [state.action_to_string(a) for a in state.legal_actions()]
    assert names == ["place K2", "place K3", "place K4", "place K5", "place R2", "place R3", "pass"]
    play(state, "place K5")
    assert state.token_numbers[state.stack[-1]] == 5


def test_pass_when_not_wanting_to_play_and_no_token_means_no_turn() -> None:
    """Rulebook: "If there are no Tokens to play, or the player doesn't want to play, they can pass the turn."."""
    state = play(two_player_start(), "roll 3", "pass")
    assert state.current_player() == 1
    assert state.action_to_string(16 - 1) == "pass"
    play(state, "place G2")
    assert state.action_to_string(15) == "done"
    # Seat 1 empties its hand: its turn ends without a step and it is then skipped.
    state = play(two_player_start(), "roll 3", "pass", "place G2", "place G3", "place G4", "place G5")
    play(state, "place R4", "place R5")
    assert state.hand_counts[1] == 0 and state.phase != PLACE


def test_illegal_placement_names_the_problem() -> None:
    state = play(two_player_start(), "roll 3")
    with pytest.raises(IllegalActionError, match="no G2 token"):
        state.apply_action(5 + 1)  # G2 belongs to seat 1
    with pytest.raises(IllegalActionError, match="not legal now"):
        state.string_to_action("place G2")


# -- Assess the weights ------------------------------------------------------------------


def test_first_player_assesses_first_with_a_private_reading() -> None:
    """Rulebook: "After all players' turns are done, the first player first checks the total weight of the Tokens."."""
    state = play(three_player_start(perception="normal"), "roll 3", "place K3", "done", "place G3", "done", "pass")
    assert state.phase == LIFT and state.current_player() == CHANCE
    outcomes = state.chance_outcomes()
    assert abs(sum(p for _, p in outcomes) - 1.0) < 1e-9 and len(outcomes) > 3
    level = max(outcomes, key=lambda o: o[1])[0]
    state.apply_action(level)
    assert state.phase == ASSESS and state.current_player() == 0
    mine = state.observation(0)["readings"]
    assert [(r["level"], r["round"], r["seat"]) for r in mine] == [(level, 1, 0)]
    assert 28.0 < mine[0]["grams"] < 36.0  # two 3s weigh 32 g
    assert "readings" not in state.observation(None)
    assert state.observation(1)["readings"] == []


def test_exact_perception_needs_no_chance_step() -> None:
    state = play(two_player_start(), "roll 3", "place K3", "done", "pass")
    assert state.phase == ASSESS and state.current_player() == 1
    reading = state.observation(1)["readings"][0]
    assert reading["grams"] == pytest.approx(16.0, abs=0.2)


def test_correct_passes_the_stack_to_the_next_player() -> None:
    """Rulebook: "declare "It's correct!" and then the next player checks the total weight of the stack."."""
    state = play(three_player_start(), "roll 3", "place K3", "done", "place G3", "done", "pass")
    assert state.current_player() == 0
    play(state, "correct")
    assert state.current_player() == 1
    play(state, "correct")
    assert state.current_player() == 2
    assert [d.said for d in state.declarations] == [0, 0]


def test_a_player_does_not_assess_a_stack_of_only_their_own_tokens() -> None:
    state = play(three_player_start(), "roll 3", "pass", "place G3", "done", "pass")
    assert state.current_player() == 0  # seat 0 assesses
    play(state, "correct")
    assert state.current_player() == 2  # seat 1 placed the whole stack: skipped
    assert any("does not assess" in line for line in state.log())


def test_an_empty_stack_is_not_assessed() -> None:
    state = play(two_player_start(), "roll 3", "pass", "pass")
    assert state.round_number == 2 and state.current_player() == CHANCE and state.first_player == 1
    assert state.rounds[0].doubter is None and state.rounds[0].stack == ()


def test_nobody_doubts_the_stack_leaves_the_game_unrevealed() -> None:
    """Rulebook: "All the Tokens that are played in that round in the stack aren't revealed; place them
    off to the side and out of the game."."""
    state = play(three_player_start(), "roll 3", "place K3", "done", "place G2", "done", "pass")
    play(state, "correct", "correct", "correct")
    assert numbers_at(state, OUT_OF_GAME) == ["G2", "K3"]
    out = [t for t in state.observation(2)["tokens"] if t["where"] == "out"]
    assert len(out) == 2 and all(t["number"] is None and not t["revealed"] for t in out)
    assert state.hand_counts == [2, 2, 3]


def test_spotting_the_bluff_the_bluffer_takes_all_tokens_unchecked_ones_face_down() -> None:
    """Rulebook: "If the number on a Token turned over is different from the Designated Number ... The player
    whose bluff was discovered takes all the Tokens played in that round." and "If there are any Tokens
    whose numbers have not yet been checked, just take them with their numbers kept facing down."."""
    state = play(three_player_start(), "roll 3", "place K3", "place K2", "done", "place G2", "place G3", "done")
    play(state, "place R3", "done")  # stack bottom->top: K3 K2 G2 G3 R3
    play(state, "doubt")  # seat 0 doubts
    assert state.doubt_card_holder == 0
    revealed = [f"{'KGR'[p // 5]}{state.token_numbers[p]}" for p in range(15) if state.revealed[p]]
    assert sorted(revealed) == ["G2", "G3", "R3"]  # R3, G3 match; G2 is the bluff: stop there
    assert numbers_at(state, 1) == ["G2", "G3", "K2", "K3", "R3", "R4"]
    assert state.hand_counts == [1, 6, 2]
    view2 = {t["id"]: t["number"] for t in state.observation(2)["tokens"]}
    k2 = next(p for p in range(15) if state.token_numbers[p] == 2 and p < 5)
    assert view2[k2] is None  # the unchecked K2 moved face down
    assert state.observation(1)["hand"] == ["G2", "G3", "K2", "K3", "R3", "R4"]  # the taker may look


def test_failing_to_spot_the_bluff_the_doubter_takes_the_stack() -> None:
    """Rulebook: "If the numbers on the Tokens turned over match the Designated Number, the player who declared
    "I doubt it!" fails. That player who made the declaration takes all the Tokens played in that round."."""
    state = play(two_player_start(), "roll 3", "place K3", "place R3", "done", "pass", "doubt")
    assert state.doubt_card_holder == 1
    assert numbers_at(state, 1) == ["G2", "G3", "G4", "G5", "K3", "R3", "R4", "R5"]
    taken = state.rounds[-1].stack
    assert all(state.revealed[p] and state.token_places[p] == 1 for p, _ in taken)
    assert sorted(state.rounds[-1].revealed) == sorted(p for p, _ in taken)
    assert state.rounds[-1].taker == 1 and state.rounds[-1].doubter == 1


def test_taken_tokens_can_be_played_in_later_rounds() -> None:
    """Rulebook: "The Tokens that are taken can be played in subsequent rounds."."""
    state = play(two_player_start(), "roll 3", "place K3", "done", "pass", "doubt")
    play(state, "roll 3")  # round 2: seat 1 is first
    assert "place K3" in [state.action_to_string(a) for a in state.legal_actions()]


def test_doubt_card_passes_to_the_next_doubter() -> None:
    """Rulebook: "The Doubt Card is then passed to the next person who declares "I doubt it!""."""
    state = play(two_player_start(), "roll 3", "place K3", "done", "pass", "doubt")
    assert state.doubt_card_holder == 1
    play(state, "roll 2", "place G2", "done", "place K2", "done", "correct", "doubt")  # seat 1 first now
    assert state.doubt_card_holder == 0
    assert state.observation(None)["doubt_card"] == 0


def test_first_player_moves_clockwise_each_round() -> None:
    """Rulebook: "The first player moves to the next player in clockwise order, and continue the next rounds."."""
    state = three_player_start()
    firsts = []
    for _ in range(3):
        firsts.append(state.first_player)
        play(state, "roll 1", "pass", "pass", "pass")
    assert firsts == [0, 1, 2] and state.first_player == 0


def test_a_revealed_token_stays_known_to_everyone_wherever_it_goes() -> None:
    state = play(two_player_start(), "roll 3", "place K3", "done", "pass", "doubt")
    k3 = next(p for p in range(5) if state.token_numbers[p] == 3)
    play(state, "roll 4", "place K3", "done", "pass")  # seat 1 replays it claiming 4
    assert state.observation(None)["stack"] == [{"id": k3, "colour": "K", "owner": 1, "number": 3}]


def test_a_player_remembers_the_tokens_it_once_held() -> None:
    state = play(two_player_start(), "roll 3", "place K2", "done", "pass", "correct")
    k2 = next(p for p in range(5) if state.token_numbers[p] == 2)
    assert state.token_places[k2] == OUT_OF_GAME
    assert {t["id"]: t["number"] for t in state.observation(0)["tokens"]}[k2] == 2
    assert {t["id"]: t["number"] for t in state.observation(1)["tokens"]}[k2] is None


# -- End of the game -----------------------------------------------------------------------


def test_the_player_who_runs_out_first_at_the_end_of_the_round_wins() -> None:
    """Rulebook: "The winner is the player who runs out of their Tokens first at the end of the round."."""
    state = three_player_start()
    play(state, "roll 3", "place K3", "place K2", "place G4")  # seat 0 out of tokens mid-round
    assert state.current_player() == 1  # not over before the round ends
    play(state, "pass", "pass", "correct", "correct")
    assert state.is_terminal()
    assert state.outcome().winners == (0,)  # type: ignore[union-attr]
    assert state.returns() == [1.0, 0.0, 0.0]


def test_a_tie_goes_to_the_player_with_the_doubt_card() -> None:
    """Rulebook: "In case of a tie, the winner is the player with the Doubt Card."."""
    state = three_player_start()
    play(state, "roll 4", "pass", "pass", "place K4", "done", "doubt")  # seat 0 doubts, fails: K4 is a 4
    assert state.doubt_card_holder == 0 and state.hand_counts == [4, 3, 2]
    play(state, "roll 3")  # seat 1 first
    play(state, "place G3", "place G2", "place R4")  # seat 1 out (G2, R4 are bluffs)
    play(state, "place R3", "place R2")  # seat 2 out (its K4 went to seat 0)
    play(state, "place K3", "place K2", "place G4", "place K4")  # seat 0 out too
    # Every hand is empty; each player assesses the mixed stack and says correct.
    while not state.is_terminal():
        play(state, "correct")
    assert state.outcome().winners == (0,)  # type: ignore[union-attr]
    assert "Doubt Card" in state.outcome().reason  # type: ignore[union-attr]


def test_a_tie_without_the_doubt_card_is_shared() -> None:
    state = three_player_start()
    play(state, "roll 3", "pass", "place G3", "place G2", "place R4", "place R3", "place R2", "place K4")
    while not state.is_terminal():
        play(state, "correct")
    assert state.doubt_card_holder == -1
    assert state.outcome().winners == (1, 2)  # type: ignore[union-attr]
    assert state.returns() == [0.0, 1.0, 1.0]


def test_round_limit_fewest_tokens_win() -> None:
    state = two_player_start(max_rounds=2)
    play(state, "roll 3", "place K3", "done", "pass", "correct")
    play(state, "roll 1", "pass", "pass")
    assert state.is_terminal()
    assert state.outcome().winners == (0,)  # type: ignore[union-attr]
    assert state.outcome().reason.startswith("round limit")  # type: ignore[union-attr]


# -- Parameters, notation, JSON -----------------------------------------------------------


def test_bad_parameters_are_refused_with_what_is_allowed() -> None:
    with pytest.raises(InvalidParameterError, match="exact"):
        game(2, perception="blurry")
    with pytest.raises(InvalidParameterError, match="max_rounds"):
        game(2, max_rounds=0)
    with pytest.raises(InvalidParameterError, match="2-3 players"):
        game(4)
    with pytest.raises(DataError, match="cannot read"):
        game(2, data="/no/such/components.toml")


def test_a_state_document_round_trips_and_a_bad_one_is_refused() -> None:
    state = play(two_player_start(), "roll 3", "place K3", "done")
    doc = state.to_json()
    again = state.game.state_from_json(json.loads(json.dumps(doc)))
    assert again.to_json() == doc
    bad = json.loads(json.dumps(doc))
    bad["state"]["tokens"][0]["where"] = "pocket"
    with pytest.raises(Exception, match="pocket"):
        state.game.state_from_json(bad)
    bad = json.loads(json.dumps(doc))
    bad["state"]["tokens"][1]["number"] = bad["state"]["tokens"][0]["number"]
    with pytest.raises(Exception, match="same number"):
        state.game.state_from_json(bad)


def test_stack_tokens_are_on_the_stack() -> None:
    state = play(two_player_start(), "roll 3", "place K3")
    assert all(state.token_places[p] == IN_STACK for p in state.stack)


def test_endless_roll_off_ties_end_with_lots() -> None:
    """Engine rule (keeps max_game_length a true bound): after 20 tied passes the tied draw lots."""
    state = game(2).new_initial_state()
    play(state, "remove K1", "remove G1", "remove R1", *TWO_PLAYER_DEAL)
    for _ in range(19):
        play(state, "roll 4", "roll 4")
    assert [state.action_to_string(a) for a, _ in state.chance_outcomes()][:1] == ["roll 1"]
    play(state, "roll 4", "roll 4")
    assert [state.action_to_string(a) for a, p in state.chance_outcomes()] == ["lots seat 0", "lots seat 1"]
    play(state, "lots seat 1")
    assert state.first_player == 1 and state.round_number == 1


def test_max_game_length_bounds_games_that_reach_the_round_limit() -> None:
    g = game(3, max_rounds=3)
    limited = 0
    for seed in range(60):
        rng = random.Random(seed)
        state = g.new_initial_state()
        steps = 0
        while not state.is_terminal():
            if state.current_player() == CHANCE:
                state.apply_action(sample_chance(state, rng))
            else:  # place now and then, never doubt: rounds go by and hands shrink slowly
                legal = state.legal_actions()
                if state.phase == PLACE:
                    action = legal[0] if rng.random() < 0.3 else DONE
                else:
                    action = CORRECT if state.phase == ASSESS else legal[-1]
                state.apply_action(action)
            steps += 1
        assert steps <= g.spec.max_game_length and state.round_number <= 3
        limited += state.outcome().reason.startswith("round limit")  # type: ignore[union-attr]
    assert limited > 0


def test_a_doubter_whose_own_bluff_is_turned_over_first_takes_the_stack() -> None:
    state = play(two_player_start(), "roll 3", "place K2", "done", "place G3", "done")
    play(state, "doubt")  # seat 0 doubts a stack whose only lie is its own K2
    assert state.doubt_card_holder == 0
    assert state.rounds[-1].taker == 0 and state.hand_counts == [7, 5]
    assert any("Bluff spotted: seat 0" in line for line in state.log())


def test_a_users_component_file_sets_the_masses(tmp_path) -> None:  # type: ignore[no-untyped-def]
    packaged = Path(__file__).parents[3] / "src/gravity_games/games/gravity_three/data/components.toml"
    text = packaged.read_text(encoding="utf-8").replace(
        "grams = [10.0, 13.0, 16.0, 19.0, 22.0]", "grams = [5.0, 10.0, 15.0, 20.0, 25.0]"
    )
    assert "grams = [5.0" in text
    mine = tmp_path / "components.toml"
    mine.write_text(text, encoding="utf-8")
    state = two_player_start(data=str(mine))
    play(state, "roll 3", "place K3", "done", "pass")
    assert state.observation(1)["readings"][0]["grams"] == pytest.approx(15.0, abs=0.2)
    bad = tmp_path / "bad.toml"
    bad.write_text(text.replace("grams = [5.0, 10.0, 15.0, 20.0, 25.0]", "grams = [5.0, 4.0, 15.0, 20.0, 25.0]"))
    with pytest.raises(DataError, match="masses"):
        game(2, data=str(bad))


def test_spot_the_bluff_turns_over_from_the_top_and_names_the_taker() -> None:
    # The stack bottom first: seat 0's 3, seat 1's 4, seat 2's 3; the Designated Number is 3.
    check = spot_the_bluff([3, 4, 3], [0, 1, 2], 3, 0)
    assert check == BluffCheck(taker=1, turned_over=2, bluff_found=True)  # the 3 on top, then seat 1's 4
    assert spot_the_bluff([3, 3], [1, 2], 3, 0) == BluffCheck(0, 2, False)  # all true: the doubter takes it
    assert spot_the_bluff([5, 3], [2, 1], 3, 0) == BluffCheck(2, 2, True)
