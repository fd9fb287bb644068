"""Every registered game, every player count and variant, through seeded random play.

The number of games per configuration is ``GRAVITY_CONFORMANCE_GAMES`` (default 200, of
which the first ``GRAVITY_CONFORMANCE_FULL`` (default 6) get the expensive checks at
every step).
"""

from __future__ import annotations

import json
import os
import random

import pytest

from gravity_games import GameRecord, InvalidParameterError, UnknownGameError, load
from gravity_games.agents import make_agents
from gravity_games.core.play import play_game
from gravity_games.core.registry import broken_games, entry, list_games

from .checks import Config, canonical, configs, play_checked

GAMES = int(os.environ.get("GRAVITY_CONFORMANCE_GAMES", "200"))
FULL = int(os.environ.get("GRAVITY_CONFORMANCE_FULL", "6"))
CONFIGS = configs()


def test_every_game_package_imports() -> None:
    assert broken_games() == {}


def test_games_are_registered() -> None:
    assert list_games(), "no game is registered"
    for game_id in list_games():
        cls = entry(game_id).game_class
        assert cls.ID == game_id
        assert 1 <= cls.MIN_PLAYERS <= cls.MAX_PLAYERS


@pytest.mark.parametrize("config", CONFIGS, ids=[c.id for c in CONFIGS])
def test_spec(config: Config) -> None:
    game = config.make()
    spec = game.spec
    assert spec.id == config.game and spec.players == config.players
    assert spec.max_game_length > 0 and spec.num_distinct_actions > 0 and spec.max_chance_outcomes >= 0
    assert spec.min_utility < spec.max_utility
    assert isinstance(spec.version, int) and spec.version >= 1
    json.dumps(spec.to_json())
    for name in game.params:
        assert name in spec.params


@pytest.mark.parametrize("config", CONFIGS, ids=[c.id for c in CONFIGS])
def test_random_play_full_checks(config: Config) -> None:
    for i in range(FULL):
        play_checked(config, seed=1000 + i, full=True)


@pytest.mark.parametrize("config", CONFIGS, ids=[c.id for c in CONFIGS])
def test_random_play_many_games(config: Config) -> None:
    reasons: set[str] = set()
    for i in range(GAMES):
        state = play_checked(config, seed=i, full=False)
        outcome = state.outcome()
        assert outcome is not None
        reasons.add(outcome.reason)
    assert reasons


@pytest.mark.parametrize("config", CONFIGS, ids=[c.id for c in CONFIGS])
def test_same_seed_same_game(config: Config) -> None:
    game = config.make()
    first = play_game(game, make_agents(["random"], game, 42), 42)[1]
    second = play_game(game, make_agents(["random"], game, 42), 42)[1]
    assert first.to_json() == second.to_json()
    other = play_game(game, make_agents(["random"], game, 43), 43)[1]
    assert GameRecord.from_json(other.to_json()).replay().is_terminal()


@pytest.mark.parametrize("config", CONFIGS, ids=[c.id for c in CONFIGS])
def test_bad_parameters_are_refused(config: Config) -> None:
    cls = entry(config.game).game_class
    with pytest.raises(InvalidParameterError, match="players"):
        load(config.game, players=cls.MAX_PLAYERS + 1)
    with pytest.raises(InvalidParameterError, match="no parameter"):
        load(config.game, players=config.players, no_such_param=1)


def test_unknown_game_names_the_known_ones() -> None:
    with pytest.raises(UnknownGameError) as err:
        load("no-such-game")
    assert "known games" in str(err.value)


@pytest.mark.parametrize("config", CONFIGS, ids=[c.id for c in CONFIGS])
def test_state_documents_survive_bad_edits(config: Config) -> None:
    """A malformed state document gets a typed error, never a crash with a traceback type."""
    from gravity_games import GravityError

    game = config.make()
    state = game.new_initial_state()
    rng = random.Random(3)
    for _ in range(8):
        if state.is_terminal():
            break
        legal = state.legal_actions()
        state.apply_action(legal[rng.randrange(len(legal))])
    doc = json.loads(canonical(state.to_json()))
    for bad in ({**doc, "game": "other"}, {**doc, "state": None}, {**doc, "state": {}}, "{not json"):
        with pytest.raises(GravityError):
            game.state_from_json(bad)
