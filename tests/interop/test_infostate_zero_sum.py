"""The OpenSpiel adapter's information-state tensor and its two-seat zero-sum view.

The zero-sum view is checked with OpenSpiel's own zero-sum algorithms: tabular CFR brought
to low exploitability on the interop toy (small enough to walk its whole tree), and
outcome-sampling MCCFR on doubt-gravity cut to one round (none of the six games is small
enough for a full-tree method even so: the deal alone has millions of outcomes).
"""

from __future__ import annotations

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import cfr, exploitability
from open_spiel.python.algorithms import outcome_sampling_mccfr as os_mccfr

from gravity_games.core.api import GravityError
from gravity_games.core.registry import entry, list_games
from gravity_games.interop import infostate, openspiel

from .conftest import available

COMPETITIVE_PAIRS = [g for g in list_games() if openspiel.has_zero_sum_view(entry(g).game_class)]


def _play(game: pyspiel.Game, seed: int, on_state=None) -> pyspiel.State:
    rng = np.random.RandomState(seed)
    state = game.new_initial_state()
    while not state.is_terminal():
        if on_state is not None:
            on_state(state)
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(actions, p=probs)))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    return state


def test_information_state_tensor_is_the_observation_then_the_own_actions() -> None:
    game = openspiel.load_game("doubt-gravity", players=2, max_rounds=2)
    assert game.get_type().provides_information_state_tensor
    layout = openspiel.information_state_tensor_layout(game.inner)
    size = layout[-1].offset + layout[-1].size
    assert tuple(game.information_state_tensor_shape()) == (size,)
    obs_size = game.inner.spec.observation_shape[0]
    actions = game.inner.spec.num_distinct_actions
    slots = openspiel.own_action_slots(game.inner)
    seen: dict[str, list[float]] = {}

    def check(state: pyspiel.State) -> None:
        for seat in range(2):
            tensor = state.information_state_tensor(seat)
            assert len(tensor) == size
            assert tensor[:obs_size] == pytest.approx(state.observation_tensor(seat))
            own = state._inner.own[seat]
            for i, action in enumerate(own[:slots]):
                row = tensor[obs_size + i * actions : obs_size + (i + 1) * actions]
                assert row.index(1.0) == action and sum(row) == 1.0
            counts = tensor[obs_size + slots * actions : obs_size + slots * actions + actions]
            assert sum(counts) == len(own)
            # The pure function gravity trace uses builds the very same tensor.
            assert tensor == pytest.approx(
                infostate.information_state_tensor(game.inner, state.observation_tensor(seat), own)
            )
            # Equal information-state strings give equal tensors (the tensor holds nothing more).
            key = state.information_state_string(seat)
            assert seen.setdefault(key, list(tensor)) == list(tensor)

    final = _play(game, 5, check)
    assert any(final._inner.own), "the seats took no actions: nothing was checked"


def test_information_state_tensor_layout_names_every_slot() -> None:
    game = openspiel.load_game("comparison-gravity", players=2)
    layout = openspiel.information_state_tensor_layout(game.inner)
    offset = 0
    for part in layout:
        assert part.offset == offset
        offset += part.size
    assert offset == game.information_state_tensor_size()
    assert layout[0].name == "observation." + game.inner.observation_tensor_layout()[0].name
    assert [p.name for p in layout[-2:]] == ["own_action_counts", "own_actions_beyond"]


@pytest.mark.parametrize("game_id", COMPETITIVE_PAIRS)
def test_zero_sum_view_gives_plus_and_minus_one(game_id: str) -> None:
    game = openspiel.load_game(game_id, zero_sum=True)
    gtype = game.get_type()
    assert gtype.short_name == openspiel.game_name(game_id) + "_zero_sum"
    assert gtype.utility == pyspiel.GameType.Utility.ZERO_SUM
    assert (gtype.min_num_players, gtype.max_num_players, game.num_players()) == (2, 2, 2)
    assert (game.min_utility(), game.max_utility(), game.utility_sum()) == (-1.0, 1.0, 0.0)
    state = _play(game, 11)
    winners = state.gravity_state.outcome().winners
    expected = [0.0, 0.0] if len(set(winners)) != 1 else [1.0 if s == winners[0] else -1.0 for s in range(2)]
    assert state.returns() == expected
    assert sum(state.returns()) == 0.0


def test_zero_sum_view_is_refused_where_it_does_not_fit() -> None:
    with pytest.raises(GravityError, match=r"gravity-falls has no zero-sum view.*cooperative"):
        openspiel.load_game("gravity-falls", zero_sum=True)
    with pytest.raises(GravityError, match="zero-sum view of doubt-gravity is for 2 players, got 3"):
        pyspiel.load_game(openspiel.game_name("doubt-gravity", zero_sum=True), {"players": 3})


def test_zero_sum_view_passes_openspiels_api_test() -> None:
    game = openspiel.load_game("comparison-gravity", zero_sum=True)
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


def test_cfr_reaches_low_exploitability_on_the_zero_sum_toy() -> None:
    with available("interop-toy"):
        game = openspiel.load_game("interop-toy", zero_sum=True)
        solver = cfr.CFRSolver(game)
        first = exploitability.exploitability(game, solver.average_policy())
        for _ in range(40):
            solver.evaluate_and_update_policy()
        last = exploitability.exploitability(game, solver.average_policy())
        # Measured: 0.5 at the start, 0.012 after 40 iterations, 0.005 after 100.
        assert first > 0.4
        assert last < 0.03


def test_outcome_sampling_mccfr_runs_on_one_round_doubt_gravity() -> None:
    game = openspiel.load_game("doubt-gravity", zero_sum=True, max_rounds=1, perception="exact")
    solver = os_mccfr.OutcomeSamplingSolver(game)
    for _ in range(30):
        solver.iteration()
    policy = solver.average_policy()
    visited = 0

    def check(state: pyspiel.State) -> None:
        nonlocal visited
        if state.is_chance_node():
            return
        probs = policy.action_probabilities(state)
        assert set(probs) == set(state.legal_actions())
        assert sum(probs.values()) == pytest.approx(1.0)
        visited += 1

    final = _play(game, 2, check)
    assert visited > 0 and sorted(final.returns()) == [-1.0, 1.0]
