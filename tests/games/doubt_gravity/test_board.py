"""Doubt × Gravity on its board: the taps of every kind of decision, what changed, roles, cards, no leaks."""

from __future__ import annotations

import itertools
import re

from doubt_helpers import game, play, three_player_start, two_player_start

from gravity_games.core.registry import entry
from gravity_games.games.doubt_gravity.board import BOARD
from gravity_games.games.doubt_gravity.render_svg import render_svg

_PART = re.compile(r'data-part="([^"]+)"')


def moves_of(state):
    obs = state.observation(state.current_player())
    legal = [(a, state.action_to_string(a)) for a in state.legal_actions()]
    return {state.action_to_string(m.action): m for m in BOARD.board_moves(obs, state.game, legal)}, obs


def drawn(state, seat):
    return set(_PART.findall(render_svg(state.observation(seat), state.game)))


def test_the_board_is_registered_with_the_game():
    assert entry("doubt-gravity").board is BOARD


def test_placing_is_a_token_of_the_hand_then_the_stack_and_says_when_it_is_a_bluff():
    state = play(two_player_start(), "roll 4")
    moves, _ = moves_of(state)
    assert moves["place K4"].parts == ("token:K4", "stack")
    assert moves["place K4"].description == "place your black 4 face down on the stack, claiming 4"
    assert moves["place R2"].description == "place your red 2 face down on the stack, claiming 4 (a bluff)"
    assert moves["pass"].parts == ("button:pass",) and not moves["pass"].confirm
    assert {m.parts for m in moves.values()} <= {(p,) for p in drawn(state, 0)} | {
        (p, "stack") for p in drawn(state, 0) if p.startswith("token:")
    }


def test_after_placing_the_button_ends_the_turn_and_names_what_was_placed():
    state = play(two_player_start(), "roll 4", "place K4", "place R2")
    moves, _ = moves_of(state)
    assert moves["done"].parts == ("button:done",)
    assert moves["done"].description == "end your turn (2 tokens placed)"
    assert "button:done" in drawn(state, 0) and "button:pass" not in drawn(state, 0)
    assert "token:K4" not in drawn(state, 0)  # it is on the stack now


def test_doubting_is_the_doubt_card_with_a_confirmation_and_correct_is_a_button():
    state = play(two_player_start(), "roll 4", "place K4", "done", "pass")
    assert state.current_player() == 1
    moves, _ = moves_of(state)
    assert moves["doubt"].parts == ("card:doubt",) and moves["doubt"].confirm
    assert "I doubt it!" in moves["doubt"].description
    assert moves["correct"].parts == ("button:correct",) and not moves["correct"].confirm
    assert {"card:doubt", "button:correct"} <= drawn(state, 1)
    assert "button:correct" not in drawn(state, 0)  # not seat 0's decision


def test_colours_are_chosen_by_their_swatches():
    state = play(game(3).new_initial_state(), "remove K1", "remove G1", "remove R1")
    moves, _ = moves_of(state)
    assert {n: m.parts for n, m in moves.items()} == {
        "colour black": ("colour:K",),
        "colour grey": ("colour:G",),
        "colour red": ("colour:R",),
    }
    assert moves["colour red"].description == "choose red and take two of its tokens"
    play(state, "colour black", "colour grey")
    moves, _ = moves_of(state)  # seat 0 chooses its extra colour: not its own
    assert set(moves) == {"extra grey", "extra red"}
    assert moves["extra grey"].description == "take your extra token from grey"


def test_after_a_g_the_designated_number_is_a_die_face():
    state = play(three_player_start(), "roll G")
    moves, _ = moves_of(state)
    assert {m.parts for m in moves.values()} == {(f"die:{n}",) for n in range(1, 6)}
    assert moves["number 2"].description == "name 2 as the Designated Number"


def test_changed_parts_after_a_placement_for_the_placer_and_the_others():
    state = play(two_player_start(), "roll 4")
    before = {s: state.observation(s) for s in (0, 1)}
    play(state, "place K4")
    assert BOARD.changed_parts(before[0], state.observation(0), state.game) == ["stack", "token:K4"]
    assert BOARD.changed_parts(before[1], state.observation(1), state.game) == ["seat:0", "stack"]


def test_changed_parts_after_a_doubt_show_the_card_and_the_taker():
    state = play(two_player_start(), "roll 4", "place R2", "done", "pass")
    before = state.observation(1)
    play(state, "doubt")  # R2 is a bluff: seat 0 takes it back
    changed = BOARD.changed_parts(before, state.observation(1), state.game)
    assert {"card:doubt", "stack", "seat:0"} <= set(changed)
    assert set(changed) <= drawn(state, 1) | set(_PART.findall(render_svg(before, state.game)))


def test_info_cards_come_from_the_data_and_mark_the_reconstructed_masses():
    state = play(two_player_start(), "roll 4")
    obs = state.observation(0)
    cards = BOARD.info_cards(obs, state.game)
    svg = render_svg(obs, state.game)
    assert set(re.findall(r'data-info="([^"]+)"', svg)) <= set(cards)
    assert (
        cards["mass:4"].reconstructed and "19 g" in cards["mass:4"].text and "(reconstructed)" in cards["mass:4"].text
    )
    assert cards["card:doubt"].title == "Doubt Card" and not cards["card:doubt"].reconstructed
    assert "G" in cards["die"].text


def test_another_seats_board_shows_colours_but_never_the_numbers():
    state = play(two_player_start(), "roll 4", "place K4", "place K2")
    mine = render_svg(state.observation(0), state.game)
    theirs = render_svg(state.observation(1), state.game)
    assert ">K3</text>" in mine and ">K5</text>" in mine and ">K4</text>" in mine
    for hidden in ("K2", "K3", "K4", "K5", "R2", "R3"):
        assert f">{hidden}</text>" not in theirs and f"black token {hidden[1]}" not in theirs
    assert theirs.count(">K?</text>") == 5  # two on the stack, two in seat 0's hand, one set aside
    assert "token:K3" not in theirs


def test_seat_roles_give_colour_letter_and_public_facts():
    state = play(three_player_start(), "roll 3", "place K3", "done", "pass", "pass", "doubt")
    roles = BOARD.seat_roles(state.observation(2), state.game)
    assert [r.role for r in roles] == ["black + one grey", "grey + one red", "red + one black"]
    assert [r.mark for r in roles] == ["K", "G", "R"] and roles[0].swatch != roles[2].swatch
    assert "holds the Doubt Card" in roles[1].public
    assert roles[0].public[0] == "2 tokens in hand"
    fresh = BOARD.seat_roles(game(2).new_initial_state().observation(0), game(2))
    assert [r.role for r in fresh] == ["no colour yet", "no colour yet"]


def test_the_glossary_explains_every_kind_of_move():
    words = dict(BOARD.glossary(game(2)))
    for notation in ("place K3", "pass", "done", "correct", "doubt", "colour black", "extra grey", "number 4", "K?"):
        assert words.get(notation), notation


def test_a_tall_stack_makes_the_table_taller_and_keeps_every_token_readable():
    short = play(two_player_start(), "roll 3", "place K2")
    tall = play(two_player_start(), "roll 3", *[f"place {t}" for t in ("K2", "K3", "K4", "K5", "R2")], "done")
    play(tall, *[f"place {t}" for t in ("G2", "G3", "G4", "G5", "R4")])

    def height(state):
        return float(re.search(r'viewBox="0 0 \d+ ([\d.]+)"', render_svg(state.observation(1), state.game)).group(1))

    assert height(tall) > height(short)
    svg = render_svg(tall.observation(1), tall.game)
    tops = sorted(float(y) for y in re.findall(r'<rect x="57.0" y="([\d.]+)" width="170"', svg))
    assert len(tops) == 10 and min(b - a for a, b in itertools.pairwise(tops)) >= 20
