"""Doubt × Gravity ``lookahead``: playouts with heuristic opponents on worlds drawn from the seat's view."""

from __future__ import annotations

import random

from doubt_helpers import game

from gravity_games.agents import make_agent
from gravity_games.core.agent import SeatView
from gravity_games.core.api import CHANCE, TERMINAL, State, sample_chance
from gravity_games.games.doubt_gravity.bots_lookahead import consistent, kept_numbers


def heuristic_positions(players: int, games: int, seed: int) -> list[tuple[State, int]]:
    """Positions with a choice to place or assess, from games of heuristic bots."""
    g = game(players, perception="normal")
    rng = random.Random(seed)
    found: list[tuple[State, int]] = []
    for n in range(games):
        state = g.new_initial_state()
        agents = [make_agent("heuristic", g, s, seed + 10 * n + s) for s in range(players)]
        while state.current_player() != TERMINAL:
            player = state.current_player()
            if player == CHANCE:
                state.apply_action(sample_chance(state, rng))
                continue
            view = SeatView(state, player)
            if len(view.legal_actions()) > 1 and view.observation()["phase"] in ("place", "assess"):
                found.append((state.clone(), player))
            state.apply_action(agents[player].act(view))
    return found


def test_what_heuristic_opponents_kept_in_hand_never_rules_out_the_real_world() -> None:
    ruled_out = 0
    for state, seat in heuristic_positions(3, 12, seed=21):
        kept = kept_numbers(SeatView(state, seat).observation(), seat)
        assert consistent(state, kept)  # the heuristic places every true token: the real hands fit
        ruled_out += sum(len(numbers) for numbers in kept.values())
    assert ruled_out > 20  # and the record does rule numbers out


def test_a_kept_token_may_not_carry_the_number_of_a_round_it_was_kept_through() -> None:
    state, seat = next((s, p) for s, p in heuristic_positions(3, 6, seed=22) if kept_numbers(s.observation(p), p))
    kept = kept_numbers(state.observation(seat), seat)
    token, numbers = next(iter(kept.items()))
    world = state.clone()
    world.token_numbers[token] = min(numbers)  # type: ignore[attr-defined]
    assert not consistent(world, kept)


def test_lookahead_decides_alike_on_a_state_and_its_resampled_twin() -> None:
    """Bots never peek: the worlds it draws depend on the seat's information set only."""
    for index, (state, seat) in enumerate(heuristic_positions(3, 2, seed=23)[:6]):
        twin = state.resample_from_infostate(seat, random.Random(300 + index))
        assert twin.observation(seat) == state.observation(seat)
        choices = [
            make_agent("lookahead:worlds=2", state.game, seat, seed=7).act(SeatView(s, seat)) for s in (state, twin)
        ]
        assert choices[0] == choices[1]
        assert choices[0] in state.legal_actions()
