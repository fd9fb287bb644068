"""Gravwell's ``infer_hidden_choices``: the search's guess of the cards chosen face down before its turn."""

from __future__ import annotations

import random

import pytest

from gravity_games import load
from gravity_games.agents import make_agent
from gravity_games.agents.ismcts import ISMCTSAgent
from gravity_games.core.agent import SeatView
from gravity_games.core.api import CHANCE, InvalidParameterError, State
from gravity_games.games.gravwell.bots_core import infer_hidden_choices
from gravity_games.games.gravwell.rules import GravwellState
from gravity_games.games.gravwell.state import NO_CARD, Stage

SEARCHER = 2  # in a four-seat game: two seats have chosen before it


def choices_before_seat(games: int, seed: int) -> list[GravwellState]:
    """Positions of heuristic-played four-seat games where seat 2 is to choose its fuel card."""
    game = load("gravwell", players=4)
    found: list[GravwellState] = []
    rng = random.Random(seed)
    for g in range(games):
        agents = [make_agent("heuristic", game, s, seed * 100 + g * 10 + s) for s in range(4)]
        state: State = game.new_initial_state()
        while not state.is_terminal():
            player = state.current_player()
            if player == CHANCE:
                actions, weights = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(actions, weights)[0])
                continue
            assert isinstance(state, GravwellState)
            if state.stage == Stage.CHOOSE and player == SEARCHER and len(state.legal_actions()) > 1:
                found.append(state.clone())
            state.apply_action(agents[player].act(SeatView(state, player)))
    return found


@pytest.fixture(scope="module")
def positions() -> list[GravwellState]:
    return choices_before_seat(games=2, seed=3)


def test_the_guess_is_a_card_the_seat_holds_and_nothing_else_moves(positions: list[GravwellState]) -> None:
    assert len(positions) >= 10
    for truth in positions[:10]:
        world = truth.resample_from_infostate(SEARCHER, random.Random(1))
        before = world.clone()
        guessed = infer_hidden_choices(world, SEARCHER, random.Random(2))
        assert isinstance(guessed, GravwellState)
        for seat in range(SEARCHER):
            assert guessed.chosen[seat] != NO_CARD
            # the seat's cards are the same cards, one of them now the chosen one
            assert sorted([*guessed.hands[seat], guessed.chosen[seat]]) == sorted(
                [*before.hands[seat], before.chosen[seat]]
            )
        for seat in range(SEARCHER, 4):
            assert guessed.hands[seat] == before.hands[seat]
            assert guessed.chosen[seat] == before.chosen[seat]
        assert guessed.ship_spaces == before.ship_spaces
        assert guessed.legal_actions() == truth.legal_actions()


def test_the_guess_finds_the_card_a_heuristic_really_chose_far_more_often_than_chance(
    positions: list[GravwellState],
) -> None:
    # On the true hands the model's guess should name the card the heuristic bot really played about
    # half the time (the bot decides on four random worlds of its own); a card drawn uniformly from
    # the same cards, as resample_from_infostate draws it, matches far less often.
    guessed_right = uniform_right = total = 0
    rng = random.Random(7)
    for truth in positions:
        guessed = infer_hidden_choices(truth.clone(), SEARCHER, rng)
        assert isinstance(guessed, GravwellState)
        for seat in range(SEARCHER):
            held = [*truth.hands[seat], truth.chosen[seat]]
            total += 1
            guessed_right += guessed.chosen[seat] == truth.chosen[seat]
            uniform_right += held.count(truth.chosen[seat]) / len(held)
    assert total >= 20
    assert guessed_right / total > 0.4
    assert guessed_right / total > 1.5 * uniform_right / total


def test_it_leaves_other_decisions_alone(positions: list[GravwellState]) -> None:
    truth = positions[0]
    # Another seat's turn to choose (here: the searcher is not the actor) is returned as it is.
    same = infer_hidden_choices(truth, SEARCHER + 1, random.Random(0))
    assert same is truth


def test_infer_is_a_checked_ismcts_setting() -> None:
    gravwell = load("gravwell", players=4)
    agent = ISMCTSAgent(gravwell, 0, 1, iterations=20, infer="model")
    assert agent.config.infer == "model"
    assert ISMCTSAgent(gravwell, 0, 1, iterations=20).config.infer == "none"
    with pytest.raises(InvalidParameterError, match="infer must be one of none, model"):
        ISMCTSAgent(gravwell, 0, 1, infer="peek")
    with pytest.raises(InvalidParameterError, match="doubt-gravity has none"):
        ISMCTSAgent(load("doubt-gravity"), 0, 1, infer="model")


def test_a_search_with_infer_plays_a_legal_move_and_replays_the_same(positions: list[GravwellState]) -> None:
    game = load("gravwell", players=4)
    truth = positions[1]
    moves = [
        ISMCTSAgent(game, SEARCHER, 11, iterations=40, infer="model").act(SeatView(truth, SEARCHER)) for _ in range(2)
    ]
    assert moves[0] == moves[1]
    assert moves[0] in truth.legal_actions()
