"""The rollouts bot (heuristic playouts to the game's end, common random numbers) and the heuristic's later settings."""

from __future__ import annotations

import random

import pytest

from gravity_games import load
from gravity_games.agents import make_agent
from gravity_games.core.agent import SeatView
from gravity_games.core.api import InvalidParameterError
from gravity_games.games.saving_waddles.bots_rollout import RolloutAgent
from gravity_games.games.saving_waddles.state import ACCEPT, MABEL_PLUS

from .test_hard_level import heuristic_positions


@pytest.mark.parametrize("players", [2, 3])
def test_rollouts_decide_alike_on_a_state_and_its_resampled_twin(players: int) -> None:
    positions = heuristic_positions(players, 1, seed=44)[3:60:9]
    assert positions
    for index, state in enumerate(positions):
        seat = state.current_player()
        twin = state.resample_from_infostate(seat, random.Random(500 + index))
        assert twin.observation(seat) == state.observation(seat)
        spec = "rollouts:worlds=3" if players == 2 else "rollouts:worlds=3:sure=1.5:keep=0.02"
        choices = [make_agent(spec, state.game, seat, seed=9).act(SeatView(s, seat)) for s in (state, twin)]
        assert choices[0] == choices[1]
        assert choices[0] in state.legal_actions()


def test_heuristic_settings_late_steal_and_last_change_choices_only_where_they_say() -> None:
    game = load("saving-waddles", players=2)
    base = "heuristic:margin=3:door=20"
    kept_last = spent_late = 0
    for state in heuristic_positions(2, 8, seed=47):
        seat = state.current_player()
        view = SeatView(state, seat)
        obs = view.observation()
        if obs["roll_for"] != "move":
            continue
        plain = make_agent(base, game, seat, 1).act(view)
        last = make_agent(f"{base}:last=100", game, seat, 1).act(view)
        late = make_agent(f"{base}:late=0.01", game, seat, 1).act(view)
        if last != plain:
            assert sum(obs["hand"]["cards"].values()) == 1 and last in (ACCEPT, MABEL_PLUS)  # the last card is kept
            kept_last += 1
        if late != plain:
            assert obs["waddles"] is not None  # cards are cheaper only once Waddles is found
            spent_late += 1
    assert kept_last > 0 and spent_late > 0


def test_hard_is_the_rollouts_bot_from_waddles_found_and_the_heuristic_before() -> None:
    game = load("saving-waddles", players=2)
    for state in heuristic_positions(2, 1, seed=48)[::6]:
        seat = state.current_player()
        view = SeatView(state, seat)
        hard = make_agent("hard:worlds=2", game, seat, 4)
        assert isinstance(hard, RolloutAgent)
        choice = hard.act(view)
        if view.observation()["waddles"] is None:
            assert choice == make_agent("heuristic:margin=3:door=20", game, seat, 4).act(view)
        assert choice in state.legal_actions()


@pytest.mark.parametrize(
    ("players", "worlds", "keep", "sure"), [(2, 256, 0.02, 1.5), (3, 160, 0.02, 1.5), (5, 160, 0.02, 1.5)]
)
def test_hard_searches_the_most_worlds_at_two_players_and_fewer_from_three_on(
    players: int, worlds: int, keep: float, sure: float
) -> None:
    game = load("saving-waddles", players=players)
    hard = make_agent("hard", game, 0, 4)
    assert isinstance(hard, RolloutAgent)
    assert (hard.worlds, hard.keep, hard.sure, hard.found) == (worlds, keep, sure, True)


def test_playout_values_are_shares_of_won_worlds_and_the_state_is_untouched() -> None:
    state = heuristic_positions(2, 1, seed=46)[8]
    seat = state.current_player()
    before = state.to_json()
    agent = make_agent("rollouts:worlds=5:keep=0", state.game, seat, seed=2)
    assert isinstance(agent, RolloutAgent)
    choice = agent.act(SeatView(state, seat))
    assert state.to_json() == before
    assert set(agent.last_values) == set(state.legal_actions())
    assert all(v * 5 == round(v * 5) and 0 <= v <= 1 for v in agent.last_values.values())
    assert agent.last_values[choice] == max(agent.last_values.values())


def test_rollouts_refuse_bad_settings() -> None:
    game = load("saving-waddles", players=2)
    with pytest.raises(InvalidParameterError, match="no setting 'depth'"):
        make_agent("rollouts:depth=2", game, 0, 1)
    with pytest.raises(InvalidParameterError, match="worlds must be a whole number >= 1"):
        make_agent("rollouts:worlds=0", game, 0, 1)
    with pytest.raises(InvalidParameterError, match="keep must be a number from 0 to 1"):
        make_agent("rollouts:keep=2", game, 0, 1)
    with pytest.raises(InvalidParameterError, match="found must be 0 or 1"):
        make_agent("rollouts:found=2", game, 0, 1)
