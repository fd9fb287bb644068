"""The hard level (a heuristic that keeps its cards) and the lookahead bot with its fitted evaluation."""

from __future__ import annotations

import random

import pytest

from gravity_games import load
from gravity_games.agents import make_agent
from gravity_games.core.agent import SeatView
from gravity_games.core.api import CHANCE, TERMINAL, InvalidParameterError, State, sample_chance
from gravity_games.games.saving_waddles.bots_evaluation import Evaluation, feature_names, features
from gravity_games.games.saving_waddles.state import ACCEPT


def heuristic_positions(players: int, games: int, seed: int) -> list[State]:
    """Every position with a real choice in seeded games of heuristic bots."""
    game = load("saving-waddles", players=players)
    found: list[State] = []
    for g in range(games):
        rng = random.Random(seed + g)
        agents = [make_agent("heuristic", game, s, seed + g) for s in range(players)]
        state = game.new_initial_state()
        while state.current_player() != TERMINAL:
            player = state.current_player()
            if player == CHANCE:
                state.apply_action(sample_chance(state, rng))
                continue
            view = SeatView(state, player)
            if len(view.legal_actions()) > 1:
                found.append(state.clone())
            state.apply_action(agents[player].act(view))
    return found


def test_hard_spends_a_card_on_a_move_only_where_the_heuristic_would_and_sometimes_keeps_it() -> None:
    game = load("saving-waddles", players=2)
    kept = 0
    for state in heuristic_positions(2, 6, seed=40):
        seat = state.current_player()
        view = SeatView(state, seat)
        if view.observation()["roll_for"] != "move":
            continue
        plain = make_agent("heuristic", game, seat, 1).act(view)
        hard = make_agent("heuristic:margin=3:door=20", game, seat, 1).act(view)  # hard before playouts
        if plain == ACCEPT:
            assert hard == ACCEPT  # a dearer card is never spent where the cheaper one was not
        elif hard == ACCEPT:
            kept += 1
    assert kept > 0


def test_the_evaluation_reads_the_seat_view_and_gives_a_chance() -> None:
    game = load("saving-waddles", players=2)
    evaluation = Evaluation(game)  # type: ignore[arg-type]
    chances = []
    for state in heuristic_positions(2, 1, seed=41)[:20]:
        obs = state.observation(0)
        assert len(features(obs, evaluation.track)) == len(feature_names(2))
        chances.append(evaluation.win_chance(obs))
    assert all(0.0 < c < 1.0 for c in chances)
    assert max(chances) - min(chances) > 0.01  # it tells positions apart


def test_a_finished_game_scores_its_result() -> None:
    game = load("saving-waddles", players=2)
    evaluation = Evaluation(game)  # type: ignore[arg-type]
    state = heuristic_positions(2, 1, seed=42)[-1]
    rng = random.Random(1)
    while not state.is_terminal():
        legal = state.legal_actions() if state.current_player() != CHANCE else None
        state.apply_action(sample_chance(state, rng) if legal is None else legal[0])
    winner = state.observation(None)["winner"]
    assert evaluation.win_chance(state.observation(0)) == (1.0 if winner == 0 else 0.0)


def test_lookahead_decides_alike_on_a_state_and_its_resampled_twin() -> None:
    positions = heuristic_positions(2, 1, seed=43)[5:40:7]
    for index, state in enumerate(positions):
        seat = state.current_player()
        twin = state.resample_from_infostate(seat, random.Random(300 + index))
        assert twin.observation(seat) == state.observation(seat)
        choices = [
            make_agent("lookahead:worlds=2:margin=3", state.game, seat, seed=6).act(SeatView(s, seat))
            for s in (state, twin)
        ]
        assert choices[0] == choices[1]
        assert choices[0] in state.legal_actions()


def test_lookahead_refuses_unknown_settings() -> None:
    game = load("saving-waddles", players=2)
    with pytest.raises(InvalidParameterError, match="no setting 'depth'"):
        make_agent("lookahead:depth=2", game, 0, 1)
    with pytest.raises(InvalidParameterError, match="worlds must be a whole number >= 1"):
        make_agent("lookahead:worlds=0", game, 0, 1)
    with pytest.raises(InvalidParameterError, match="no fitted saving-waddles evaluation for 3 players"):
        make_agent("lookahead", load("saving-waddles", players=3), 0, 1)
