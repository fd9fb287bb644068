"""OpenSpiel's own checks and bots on every registered game and seat count.

``pyspiel.random_sim_test`` is OpenSpiel's C++ API test (legal actions, chance
outcomes, clone, serialization, observations, returns in range); the MCTS and IS-MCTS
bots are OpenSpiel's Python implementations, which use ``clone``, ``chance_outcomes``
and (IS-MCTS) ``resample_from_infostate`` plus the information-state keys.
"""

from __future__ import annotations

import json
import random

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import ismcts, mcts

from gravity_games import IllegalActionError
from gravity_games.core.api import GravityError
from gravity_games.interop import openspiel

from .conftest import Config, available, configs, params_of

ALL = params_of(configs())
BY_SEATS = params_of(configs(variants=False))


def spiel_game(config: Config) -> openspiel.GravitySpielGame:
    params = dict(config.params)
    return openspiel.load_game(config.game, players=config.players, **params)


def play_random(game: pyspiel.Game, seed: int, on_decision=None) -> pyspiel.State:
    rng = np.random.RandomState(seed)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(actions, p=probs)))
        else:
            if on_decision is not None:
                on_decision(state)
            state.apply_action(int(rng.choice(state.legal_actions())))
    return state


@pytest.mark.parametrize("config", **ALL)
def test_game_type_says_what_the_game_is(config: Config) -> None:
    with available(config.game):
        game = spiel_game(config)
        inner = config.make()
        gtype = game.get_type()
        assert gtype.short_name == "python_gravity_" + config.game.replace("-", "_")
        assert gtype.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
        assert gtype.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
        assert gtype.reward_model == pyspiel.GameType.RewardModel.TERMINAL
        expected_utility = (
            pyspiel.GameType.Utility.IDENTICAL if inner.spec.cooperative else pyspiel.GameType.Utility.GENERAL_SUM
        )
        assert gtype.utility == expected_utility
        assert (gtype.min_num_players, gtype.max_num_players) == (inner.spec.min_players, inner.spec.max_players)
        assert game.num_players() == config.players
        assert game.num_distinct_actions() == inner.spec.num_distinct_actions
        assert game.max_chance_outcomes() == inner.spec.max_chance_outcomes
        assert game.max_game_length() == inner.spec.max_game_length
        assert (game.min_utility(), game.max_utility()) == (inner.spec.min_utility, inner.spec.max_utility)
        assert tuple(game.observation_tensor_shape()) == tuple(inner.spec.observation_shape)
        assert game.inner.params == inner.params


def _first_variant(config: Config) -> bool:
    variants = [c for c in configs() if (c.game, c.players) == (config.game, config.players)]
    return config == variants[0]


@pytest.mark.parametrize("config", **ALL)
def test_openspiel_random_sim_test(config: Config) -> None:
    with available(config.game):
        # serialize=True also sends every state through Serialize/DeserializeState.
        # Two games for the first variant of each seat count, one for each other variant:
        # the breadth of configurations already multiplies the games played.
        sims = 2 if _first_variant(config) else 1
        pyspiel.random_sim_test(spiel_game(config), num_sims=sims, serialize=True, verbose=False)


@pytest.mark.parametrize("config", **ALL)
def test_strings_and_tensors_are_the_seats_observation(config: Config) -> None:
    with available(config.game):
        game = spiel_game(config)
        seen: list[int] = []
        decisions = [0]

        def check(state: openspiel.GravitySpielState) -> None:
            decisions[0] += 1
            if decisions[0] > 30 and decisions[0] % 7:
                return  # long games: every decision of the first 30, then every 7th
            inner = state.gravity_state
            player = state.current_player()
            for seat in range(config.players):
                obs = inner.observation(seat)
                assert json.loads(state.observation_string(seat)) == obs
                tensor = np.asarray(inner.observation_tensor(seat), dtype=np.float32)
                np.testing.assert_array_equal(np.asarray(state.observation_tensor(seat)), tensor)
            info = state.information_state_string(player)
            resampled = state.resample_from_infostate(player, pyspiel.UniformProbabilitySampler(0.0, 1.0))
            assert resampled.information_state_string(player) == info
            assert resampled.legal_actions() == state.legal_actions()
            seen.append(player)

        final = play_random(game, seed=11, on_decision=check)
        assert seen, "the game had no decision node"
        assert final.returns() == final.gravity_state.returns()


@pytest.mark.parametrize("config", **BY_SEATS)
def test_mcts_and_ismcts_bots_play_to_the_end(config: Config) -> None:
    with available(config.game):
        game = spiel_game(config)
        rng = np.random.RandomState(5)
        # Few simulations and short rollouts (returns are 0 where a rollout stops early):
        # the point is that the bots run on the adapter to the end, not that they play well.
        evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng, max_length=25)
        bots = [
            mcts.MCTSBot(game, uct_c=1.4, max_simulations=5, evaluator=evaluator, random_state=rng),
            ismcts.ISMCTSBot(game, evaluator, uct_c=1.4, max_simulations=5, random_state=rng),
        ]
        state = game.new_initial_state()
        moved = [0, 0]
        while not state.is_terminal():
            if state.is_chance_node():
                actions, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(int(rng.choice(actions, p=probs)))
                continue
            which = sum(moved) % 2  # the bots take turns, so both play even a one-seat game
            action = int(bots[which].step(state))
            assert action in state.legal_actions()
            state.apply_action(action)
            moved[which] += 1
        assert all(moved), f"both bots should have moved: {moved}"
        returns = state.returns()
        assert len(returns) == config.players
        assert all(game.min_utility() <= r <= game.max_utility() for r in returns)
        assert returns == state.gravity_state.returns()


def test_parameters_travel_by_name_and_string() -> None:
    with available("interop-toy"):
        openspiel.register("interop-toy")
        game = pyspiel.load_game("python_gravity_interop_toy(players=3)")
        assert game.num_players() == 3
        assert game.inner.players == 3


def test_a_parameter_the_game_lacks_is_refused_by_name() -> None:
    with available("interop-toy"):
        name = openspiel.register("interop-toy")
        with pytest.raises(pyspiel.SpielError, match="Unknown parameter 'speed'"):
            pyspiel.load_game(f"{name}(speed=3)")
        # The creator itself refuses too, naming the parameters the game has.
        creator = next(c for c in openspiel._CREATORS if c.GAME_ID == "interop-toy" and not c.ZERO_SUM)
        with pytest.raises(GravityError, match="no parameter 'speed'; its parameters: players"):
            creator({"players": 2, "speed": 3})


def test_an_illegal_action_raises_and_changes_nothing() -> None:
    with available("interop-toy"):
        game = openspiel.load_game("interop-toy", players=2)
        state = game.new_initial_state()
        state.apply_action(0)
        before = str(state)
        with pytest.raises(IllegalActionError):
            state.apply_action(0)  # card 0 was dealt already
        assert str(state) == before
        assert state.history() == [0]


def test_clone_is_independent_and_keeps_own_actions() -> None:
    with available("interop-toy"):
        game = openspiel.load_game("interop-toy", players=2)
        state = game.new_initial_state()
        for action in (2, 0, 1):  # deal 2 and 0, seat 0 folds
            state.apply_action(action)
        copy = state.clone()
        copy.apply_action(0)
        assert state.history() == [2, 0, 1]
        assert copy.history() == [2, 0, 1, 0]
        assert state.information_state_string(0).endswith("own actions: 1")
        assert not state.is_terminal() and copy.is_terminal()


def test_resample_keeps_the_seats_view_and_redraws_the_rest() -> None:
    with available("interop-toy"):
        game = openspiel.load_game("interop-toy", players=3)
        state = game.new_initial_state()
        for action in (3, 0, 1):
            state.apply_action(action)
        rng = random.Random(4)
        others = set()
        for _ in range(40):
            sample = state.resample_from_infostate(0, lambda: rng.random())
            assert sample.information_state_string(0) == state.information_state_string(0)
            others.add(tuple(sample.gravity_state.to_json()["state"]["cards"][1:]))
        assert len(others) > 1, "the other seats' hidden cards were never redrawn"
        assert all(3 not in cards for cards in others)


def _game_ids() -> list[str]:
    return sorted({c.game for c in configs(variants=False)})


@pytest.mark.parametrize("game_id", _game_ids())
def test_every_parameter_travels_through_openspiel(game_id: str) -> None:
    with available(game_id):
        name = openspiel.register(game_id)
        cls = openspiel.entry(game_id).game_class
        for param in cls.PARAMS:
            others = [c for c in (param.choices or ()) if c != param.default]
            if not others:
                continue
            spiel_value = openspiel._spec_default(type(param)(param.name, others[0], "", kind=param.kind))
            game = pyspiel.load_game(name, {param.name: spiel_value})
            assert game.inner.params[param.name] == others[0]
            # The gravity-style helper takes the Python value itself.
            game = openspiel.load_game(game_id, **{param.name: others[0]})
            assert game.inner.params[param.name] == others[0]
        # Defaults (a None default travels as "") come back as they were.
        assert pyspiel.load_game(name).inner.params == cls().params


def test_games_and_states_pickle_with_their_parameters() -> None:
    import pickle

    with available("interop-toy"):
        game = openspiel.load_game("interop-toy", players=3)
        again = pickle.loads(pickle.dumps(game))
        assert again.num_players() == 3 and again.inner.players == 3
        state = game.new_initial_state()
        for action in (1, 3, 0, 1):
            state.apply_action(action)
        copy = pickle.loads(pickle.dumps(state))
        assert copy.history() == state.history()
        assert str(copy) == str(state)
        assert copy.information_state_string(0) == state.information_state_string(0)


def test_a_resampled_state_forgets_what_the_other_seats_did() -> None:
    with available("interop-toy"):
        game = openspiel.load_game("interop-toy", players=3)
        state = game.new_initial_state()
        for action in (3, 0, 1, 1, 0):  # deal, then seat 0 folds and seat 1 stays
            state.apply_action(action)
        sample = state.resample_from_infostate(1, lambda: 0.25)
        assert sample.information_state_string(1) == state.information_state_string(1)
        assert state.information_state_string(0).endswith("own actions: 1")
        assert sample.information_state_string(0).endswith("own actions: ")


def test_a_declared_utility_and_perfect_information_reach_the_game_type() -> None:
    from gravity_games.core.registry import _ENTRIES, register

    from . import toy_game

    class ZeroSumToy(toy_game.ToyGame):
        ID = "interop-toy-declared"
        UTILITY = "zero_sum"
        PERFECT_INFORMATION = True

    class BadToy(toy_game.ToyGame):
        ID = "interop-toy-bad"
        UTILITY = "winner_takes_all"

    register(ZeroSumToy)
    register(BadToy)
    try:
        gtype = openspiel.game_type(ZeroSumToy.ID)
        assert gtype.utility == pyspiel.GameType.Utility.ZERO_SUM
        assert gtype.information == pyspiel.GameType.Information.PERFECT_INFORMATION
        with pytest.raises(GravityError, match="UTILITY is 'winner_takes_all'; allowed: zero_sum"):
            openspiel.game_type(BadToy.ID)
    finally:
        _ENTRIES.pop(ZeroSumToy.ID, None)
        _ENTRIES.pop(BadToy.ID, None)


def test_the_module_examples_run() -> None:
    import doctest

    from gravity_games.interop import pettingzoo as pz_module

    for module in (openspiel, pz_module):
        result = doctest.testmod(module)
        assert result.attempted > 0 and result.failed == 0, module.__name__


def test_every_registered_game_registered_with_openspiel_on_import() -> None:
    assert openspiel.REGISTRATION_ERRORS == {}
    names = set(pyspiel.registered_names())
    for game_id in openspiel.list_games():
        assert openspiel.game_name(game_id) in names
