"""Doubt × Gravity at three seats: the hard level's settings of the heuristic (issue 15).

``free_ride`` leaves the doubt of a stack that lets an opponent go out to a later assessor who
still holds tokens; ``sure_doubt`` puts no bluff on a stack an opponent went out on. Both are off
in the plain heuristic, whose decisions these tests also pin, so the difference is the setting's.
"""

from __future__ import annotations

import random

from doubt_helpers import game, play, three_player_start

from gravity_games.agents import make_agent
from gravity_games.agents.levels import level_spec
from gravity_games.core.agent import SeatView
from gravity_games.core.api import CHANCE, TERMINAL, State, sample_chance
from gravity_games.core.play import play_game
from gravity_games.core.seeding import derive_seed
from gravity_games.games.doubt_gravity.bots import HeuristicAgent
from gravity_games.games.doubt_gravity.state import CORRECT, DOUBT

HARD = {"free_ride": 1, "sure_doubt": 1}


def decide(state: State, seat: int, **settings: object) -> int:
    return HeuristicAgent(state.game, seat, seed=1, **settings).act(SeatView(state, seat))


def seat_one_goes_out() -> State:
    """Round 1 (Designated 3), seat 0 first: seat 0 places K3, seat 1 its whole hand (G3, and G2
    and R4 as 3s: they weigh as two 3s), so seat 1 goes out unless its bluff is found. Seat 2
    holds R2 R3 K4."""
    state = three_player_start()
    return play(state, "roll 3", "place K3", "done", "place G2", "place R4", "place G3")


def test_free_ride_leaves_the_doubt_to_a_later_assessor_with_tokens() -> None:
    state = play(seat_one_goes_out(), "place R3", "done")
    assert state.current_player() == 0 and state.hand_counts[1] == 0 and state.hand_counts[2] > 0
    assert decide(state, 0) == DOUBT  # the plain heuristic doubts whenever an opponent would go out
    assert decide(state, 0, **HARD) == CORRECT  # seat 2 still holds tokens and assesses after it


def test_free_ride_doubts_when_no_later_assessor_would() -> None:
    state = play(seat_one_goes_out(), "place R3", "done", "correct", "correct")
    assert state.current_player() == 2  # the last assessor: nobody after it doubts
    assert decide(state, 2, **HARD) == DOUBT


def test_sure_doubt_puts_no_bluff_on_a_stack_an_opponent_went_out_on() -> None:
    placed = {}
    for name, settings in (("plain", {}), ("hard", HARD)):
        state = seat_one_goes_out()
        placed[name] = []
        while state.current_player() == 2:
            action = decide(state, 2, **settings)
            placed[name].append(state.action_to_string(action))
            state.apply_action(action)
    assert placed["hard"] == ["place R3", "done"]  # its true token only: the stack will be doubted
    # The plain heuristic puts a bluff under R3 as well, and is caught when the stack is doubted.
    assert "place R3" in placed["plain"] and len(placed["plain"]) > 2


def test_hard_at_three_seats_decides_alike_on_a_state_and_its_resampled_twin() -> None:
    """Bots never peek, at three seats as well (the level test runs the default two)."""
    g = game(3, perception="normal")
    rng = random.Random(5)
    checked = 0
    for n in range(6):
        state = g.new_initial_state()
        while state.current_player() != TERMINAL:
            player = state.current_player()
            if player == CHANCE:
                state.apply_action(sample_chance(state, rng))
                continue
            view = SeatView(state, player)
            legal = view.legal_actions()
            if len(legal) > 1 and view.observation()["phase"] in ("place", "assess"):
                twin = state.resample_from_infostate(player, random.Random(n))
                choices = [make_agent("hard", g, player, seed=9).act(SeatView(s, player)) for s in (state, twin)]
                assert choices[0] == choices[1]
                checked += 1
            state.apply_action(legal[rng.randrange(len(legal))])
    assert checked > 10


def test_hard_beats_the_plain_heuristic_at_three_seats_on_the_same_deals() -> None:
    assert level_spec("doubt-gravity", "hard", 3).startswith("heuristic:")
    g = game(3)
    wins = {"hard": 0, "heuristic": 0}
    games = 150
    for spec in wins:
        for i in range(games):
            seat, seed = i % 3, derive_seed(1515, "game", i // 3)
            agents = [
                make_agent(spec if s == seat else "heuristic", g, s, derive_seed(seed, "agent", s)) for s in range(3)
            ]
            state, _ = play_game(g, agents, seed=seed)
            wins[spec] += seat in state.outcome().winners  # type: ignore[union-attr]
    assert wins["hard"] - wins["heuristic"] > 0.08 * games, wins
