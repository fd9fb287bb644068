"""Chance steps: apply_action's check read off the position agrees with chance_outcomes()."""

from __future__ import annotations

import random

import pytest

from gravity_games import CHANCE, TERMINAL, IllegalActionError, load
from gravity_games.games.saving_waddles.rules import SavingWaddlesState


@pytest.mark.parametrize("variant", ["standard", "simple"])
def test_every_chance_check_agrees_with_the_outcomes(variant: str) -> None:
    game = load("saving-waddles", players=3, variant=variant)
    rng = random.Random(19)
    every_action = range(-1, game.spec.max_chance_outcomes + 2)
    phases_checked: set[int] = set()
    for _ in range(20):
        state = game.new_initial_state()
        assert isinstance(state, SavingWaddlesState)
        while (player := state.current_player()) != TERMINAL:
            if player == CHANCE:
                outcomes = state.chance_outcomes()
                possible = {action for action, _ in outcomes}
                assert abs(sum(p for _, p in outcomes) - 1.0) < 1e-9
                assert {a for a in every_action if state._is_chance_action(a)} == possible, state.phase
                assert set(state._chance_actions()) == possible, state.phase
                phases_checked.add(state.phase)
                action = outcomes[rng.randrange(len(outcomes))][0]
            else:
                legal = state.legal_actions()
                action = legal[rng.randrange(len(legal))]
            state.apply_action(action)
    # the simple rules deal no Hut card and have no decks: path cards, heroes and rolls only
    assert len(phases_checked) == (3 if variant == "simple" else 6), phases_checked


def test_an_impossible_chance_outcome_is_refused_by_name() -> None:
    state = load("saving-waddles", players=2).new_initial_state()
    document = state.to_json()
    with pytest.raises(IllegalActionError, match=r"action 7 is illegal for chance: .*legal: path card"):
        state.apply_action(7)  # seven path cards: 0-6
    state.apply_action(3)
    with pytest.raises(IllegalActionError, match=r"action 3 is illegal for chance"):
        state.apply_action(3)  # that card lies on the board already
    state.apply_action(0)
    assert state.to_json()["history"] == [3, 0] and document["history"] == []
