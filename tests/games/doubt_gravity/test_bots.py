"""Doubt × Gravity: the heuristic agent decides from its SeatView and beats random play."""

from __future__ import annotations

from doubt_helpers import game, play, two_player_start

from gravity_games.agents import make_agents
from gravity_games.core.agent import SeatView
from gravity_games.core.play import play_game
from gravity_games.games.doubt_gravity.bots import HeuristicAgent
from gravity_games.games.doubt_gravity.state import CORRECT, DOUBT, NUMBER_BASE


def decide(state, seat: int) -> int:  # type: ignore[no-untyped-def]
    agent = HeuristicAgent(state.game, seat, seed=1)
    return agent.act(SeatView(state, seat))


def test_doubts_a_stack_far_too_heavy_for_the_claim() -> None:
    # Two tokens claimed as 2 should weigh 26 g; K5 + K4 weigh 41 g.
    state = play(two_player_start(), "roll 2", "place K5", "place K4", "done", "pass")
    assert state.current_player() == 1
    assert decide(state, 1) == DOUBT


def test_accepts_a_stack_that_weighs_what_it_claims() -> None:
    state = play(two_player_start(), "roll 2", "place K2", "place R2", "done", "pass")
    assert decide(state, 1) == CORRECT


def test_doubts_when_an_opponent_would_otherwise_go_out() -> None:
    # Seat 1 places its whole hand truthfully as far as weight goes; letting it pass loses the game.
    state = play(two_player_start(), "roll 4", "pass", "place G4", "place G2", "place G3", "place G5")
    play(state, "place R4", "place R5")
    assert state.hand_counts[1] == 0 and state.current_player() == 0
    assert decide(state, 0) == DOUBT


def test_places_its_true_tokens() -> None:
    state = play(two_player_start(), "roll 3")
    placed = []
    while state.current_player() == 0:
        action = decide(state, 0)
        placed.append(state.action_to_string(action))
        state.apply_action(action)
    assert "place K3" in placed and "place R3" in placed


def test_names_the_number_it_holds_most_of_after_a_g() -> None:
    state = play(two_player_start(), "roll G")  # seat 0 holds K2 K3 K4 K5 R2 R3: two 2s, two 3s
    assert decide(state, 0) in (NUMBER_BASE + 1, NUMBER_BASE + 2)


def win_rate(players: int, games: int) -> float:
    g = game(players)
    specs = ["heuristic"] + ["random"] * (players - 1)
    wins = 0
    for i in range(games):
        state, _ = play_game(g, make_agents(specs, g, seed=100 + i), seed=100 + i)
        wins += 0 in state.outcome().winners  # type: ignore[union-attr]
    return wins / games


def test_heuristic_beats_random_with_two_players() -> None:
    assert win_rate(2, 150) > 0.8


def test_heuristic_beats_random_with_three_players() -> None:
    assert win_rate(3, 200) > 0.5


def test_out_of_tokens_and_alone_it_lets_the_stack_go_by() -> None:
    # Seat 1 placed its whole hand: if the stack goes by, it wins; a doubt could only hurt it.
    state = play(two_player_start(), "roll 4", "place K2", "place K3", "done")
    play(state, "place G4", "place G2", "place G3", "place G5", "place R4", "place R5", "correct")
    assert state.hand_counts[1] == 0 and state.current_player() == 1
    assert decide(state, 1) == CORRECT
