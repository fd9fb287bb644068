"""The whole API of gravwell checked at every step of seeded random games (2-6 seats, every variant)."""

from __future__ import annotations

import json
import random

import pytest

from gravity_games import CHANCE, IllegalActionError, load
from gravity_games.core.api import sample_chance
from gravity_games.core.record import GameRecord

CASES = [(n, v) for n in range(2, 7) for v in ("standard", "make-it-count", "classic")]


def _random_game(game, seed: int, check_every: int = 1):
    rng = random.Random(seed)
    state = game.new_initial_state()
    spec = game.spec
    step = 0
    while not state.is_terminal():
        player = state.current_player()
        legal = state.legal_actions()
        assert legal == sorted(set(legal))
        if player == CHANCE:
            outs = state.chance_outcomes()
            assert abs(sum(p for _, p in outs) - 1.0) < 1e-9
            assert all(0 <= a < spec.max_chance_outcomes and p > 0 for a, p in outs)
            action = sample_chance(state, rng)
        else:
            assert all(0 <= a < spec.num_distinct_actions for a in legal)
            texts = [state.action_to_string(a) for a in legal]
            assert len(set(texts)) == len(texts), texts
            action = rng.choice(legal)
            assert state.string_to_action(state.action_to_string(action)) == action
        if step % check_every == 0:
            _check_state(game, state, rng)
        state.apply_action(action)
        step += 1
        assert step <= spec.max_game_length
    return state


def _check_state(game, state, rng) -> None:
    doc = state.to_json()
    again = game.state_from_json(json.loads(json.dumps(doc)))
    assert again.to_json() == doc
    copy = state.clone()
    before = json.dumps(state.to_json(), sort_keys=True)
    legal = copy.legal_actions()
    if legal:
        copy.apply_action(legal[-1])
    assert json.dumps(state.to_json(), sort_keys=True) == before
    # an illegal action is refused and changes nothing
    with pytest.raises(IllegalActionError):
        state.apply_action(game.spec.num_distinct_actions + 5)
    assert json.dumps(state.to_json(), sort_keys=True) == before
    n = game.players
    views = {s: json.dumps(state.observation(s), sort_keys=True) for s in [*range(n), None]}
    for s in range(n):
        for field, value in state.private_values(s).items():
            needle = json.dumps({field: value}, sort_keys=True)[1:-1]
            for other, text in views.items():
                if other != s:
                    assert needle not in text, (field, s, other)
        resampled = state.resample_from_infostate(s, rng)
        assert json.dumps(resampled.observation(s), sort_keys=True) == views[s]
        tensor = state.observation_tensor(s)
        assert len(tensor) == game.spec.observation_shape[0]


@pytest.mark.parametrize(("players", "variant"), CASES)
def test_random_games_keep_every_api_promise(players: int, variant: str) -> None:
    game = load("gravwell", players=players, variant=variant)
    state = _random_game(game, seed=players * 10 + len(variant), check_every=7)
    outcome = state.outcome()
    assert outcome is not None and outcome.winners
    assert outcome.reason in ("escaped", "nearest after round 6")
    returns = state.returns()
    assert sorted(set(returns)) <= [0.0, 1.0] and sum(returns) == len(outcome.winners)


def test_record_replays_to_the_same_state() -> None:
    game = load("gravwell", players=4)
    state = _random_game(game, seed=5, check_every=50)
    record = GameRecord.from_state(state, 5)
    assert record.replay().to_json() == state.to_json()


def test_same_seed_same_game() -> None:
    game = load("gravwell", players=3)
    a = _random_game(game, seed=9, check_every=1000)
    b = _random_game(game, seed=9, check_every=1000)
    assert a.history() == b.history()


def test_hidden_card_shows_only_has_chosen_to_others() -> None:
    game = load("gravwell", players=3, variant="classic")
    rng = random.Random(1)
    state = game.new_initial_state()
    while state.current_player() == CHANCE:
        state.apply_action(sample_chance(state, rng))
    card = state.legal_actions()[0]
    state.apply_action(card)
    mine = state.observation(0)
    other = state.observation(1)
    assert mine["my_card"] == game.tables.symbols[card]
    assert other["ships"][0]["has_chosen"] is True and other["ships"][0]["card"] is None
    assert other["my_card"] is None


def test_observation_tensor_depends_only_on_the_observation() -> None:
    game = load("gravwell", players=4)
    rng = random.Random(2)
    state = game.new_initial_state()
    for _ in range(40):
        state.apply_action(sample_chance(state, rng) if state.is_chance_node() else rng.choice(state.legal_actions()))
    other = state.resample_from_infostate(1, rng)
    assert other.observation_tensor(1) == state.observation_tensor(1)
    assert state.observation_tensor(1) != state.observation_tensor(2)
