"""PettingZoo's own API and seed tests on every registered game and seat count, plus the
promises the adapter adds: chance drawn from the episode seed as ``play_game`` draws it,
rewards only at the end, typed errors for illegal actions, and the two render modes."""

from __future__ import annotations

import random
import re
import warnings

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

from gravity_games import CHANCE, IllegalActionError
from gravity_games.core.api import GravityError, sample_chance
from gravity_games.core.seeding import derive_seed
from gravity_games.interop.pettingzoo import GravityAECEnv, env

from .conftest import Config, available, configs, params_of

ALL = params_of(configs())


def make(config: Config, **kwargs) -> GravityAECEnv:
    return env(config.game, players=config.players, **dict(config.params), **kwargs)


def play(e, rng: random.Random) -> list[str]:
    """Step every agent with random legal actions until all have left; the agents that acted."""
    acted = []
    for agent in e.agent_iter():
        obs, _, terminated, truncated, _ = e.last()
        if terminated or truncated:
            e.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        acted.append(agent)
        e.step(int(rng.choice(list(legal))))
    return acted


@pytest.mark.parametrize("config", **ALL)
def test_pettingzoo_api_test(config: Config) -> None:
    with available(config.game), warnings.catch_warnings():
        # api_test warns that Dict observations are not plain arrays: the
        # observation + action_mask layout is the one PettingZoo's classic games use.
        warnings.simplefilter("ignore")
        api_test(make(config, render_mode="ansi"), num_cycles=200)


@pytest.mark.parametrize("config", **ALL)
def test_pettingzoo_seed_test(config: Config) -> None:
    with available(config.game):
        seed_test(lambda: make(config), num_cycles=200)


@pytest.mark.parametrize("config", **ALL)
def test_chance_comes_from_the_episode_seed_like_play_game(config: Config) -> None:
    with available(config.game):
        e = make(config)
        e.reset(seed=123)
        play(e, random.Random(1))
        state = e.unwrapped.state
        assert state.is_terminal()
        # Replay the history: every chance outcome is the next draw of play_game's stream.
        chance_rng = random.Random(derive_seed(123, "chance"))
        replay = config.make().new_initial_state()
        chance_steps = 0
        for action in state.history():
            if replay.current_player() == CHANCE:
                assert action == sample_chance(replay, chance_rng)
                chance_steps += 1
            replay.apply_action(action)
        assert replay.to_json() == state.to_json()
        assert chance_steps > 0


@pytest.mark.parametrize("config", **ALL)
def test_rewards_come_at_the_end_and_equal_the_returns(config: Config) -> None:
    with available(config.game):
        e = make(config)
        e.reset(seed=9)
        rng = random.Random(2)
        totals = dict.fromkeys(e.possible_agents, 0.0)
        while e.agents:
            agent = e.agent_selection
            obs, reward, terminated, truncated, _ = e.last()
            totals[agent] += reward
            if not terminated:
                assert reward == 0.0, "a reward before the end"
            assert not truncated
            if terminated:
                e.step(None)
            else:
                e.step(int(rng.choice(list(np.flatnonzero(obs["action_mask"])))))
        returns = e.unwrapped.state.returns()
        assert [totals[a] for a in e.possible_agents] == returns
        if e.unwrapped.game.spec.cooperative:
            assert len(set(returns)) == 1


@pytest.mark.parametrize("config", **ALL)
def test_the_mask_is_the_legal_actions_of_the_agent_to_act(config: Config) -> None:
    with available(config.game):
        e = make(config)
        e.reset(seed=4)
        inner = e.unwrapped
        agent = e.agent_selection
        seat = int(agent.split("_")[1])
        assert inner.state.current_player() == seat
        for other in e.agents:
            mask = e.observe(other)["action_mask"]
            expected = inner.state.legal_actions() if other == agent else []
            assert list(np.flatnonzero(mask)) == expected
            tensor = inner.state.observation_tensor(int(other.split("_")[1]))
            np.testing.assert_array_equal(e.observe(other)["observation"], np.asarray(tensor, np.float32))


@pytest.mark.parametrize("config", **ALL)
def test_an_illegal_action_raises_and_changes_nothing(config: Config) -> None:
    with available(config.game):
        e = make(config)
        e.reset(seed=5)
        inner = e.unwrapped
        mask = e.observe(e.agent_selection)["action_mask"]
        before = inner.state.to_json()
        illegal = np.flatnonzero(mask == 0)
        if illegal.size:
            with pytest.raises(IllegalActionError):
                e.step(int(illegal[0]))
        with pytest.raises(IllegalActionError, match="integer id"):
            e.step("stay")
        assert inner.state.to_json() == before


@pytest.mark.parametrize("config", **ALL)
def test_render_modes_show_the_public_view(config: Config) -> None:
    with available(config.game):
        e = make(config, render_mode="ansi")
        e.reset(seed=6)
        text = e.render()
        assert isinstance(text, str) and text.strip()
        assert not re.search(r"\[/?(bold|red|green|blue|dim|italic)[^\]]*\]", text), "Rich markup left in"
        e = make(config, render_mode="rgb_array")
        e.reset(seed=6)
        image = e.render()
        assert image.dtype == np.uint8 and image.ndim == 3 and image.shape[2] == 3
        assert image.min() < 128 < image.max(), "the image is blank"


def test_an_unknown_render_mode_is_refused() -> None:
    with available("interop-toy"), pytest.raises(GravityError, match="allowed: None, ansi, rgb_array"):
        env("interop-toy", players=2, render_mode="human")


def test_a_game_instance_is_accepted_but_not_with_extra_settings() -> None:
    with available("interop-toy"):
        from gravity_games import load

        game = load("interop-toy", players=3)
        e = env(game)
        e.reset(seed=1)
        assert e.possible_agents == ["player_0", "player_1", "player_2"]
        with pytest.raises(GravityError, match="not with a Game already made"):
            env(game, players=2)


def test_unseeded_resets_follow_the_last_seed() -> None:
    with available("interop-toy"):
        a, b = env("interop-toy", players=3), env("interop-toy", players=3)
        for e in (a, b):
            e.reset(seed=77)
            e.reset()
        assert a.unwrapped.episode_seed == b.unwrapped.episode_seed != 77
        assert a.unwrapped.state.to_json() == b.unwrapped.state.to_json()


def test_the_observation_layout_names_the_observation() -> None:
    e = env("saving-waddles", players=3)
    e.reset(seed=4)
    layout = e.unwrapped.observation_layout
    obs = e.observe(e.agent_selection)["observation"]
    assert layout[-1].offset + layout[-1].size == obs.shape[0]
    viewer = [p for p in layout if p.name.endswith(".is_viewer")]
    seat = int(e.agent_selection.split("_")[1])
    assert [float(obs[p.offset]) for p in viewer] == [1.0 if s == seat else 0.0 for s in range(3)]
