"""The heuristic's outlook of the monster move after a turn (the ``hard`` level's settings, issue 15).

The outlook predicts, from the seat's view, what the coming disorder does. For a rest (no move, no
roll) the prediction is exact, so it is held against the engine itself: the rest is played out and
the alarm the disorder raised is compared with the prediction.
"""

from __future__ import annotations

import random

import pytest

from gravity_games.agents import make_agent
from gravity_games.agents.levels import level_spec
from gravity_games.core.agent import SeatView
from gravity_games.core.api import CHANCE, TERMINAL, InvalidParameterError, sample_chance
from gravity_games.games.gravity_falls.bots import WEIGHTS, HeuristicAgent
from gravity_games.games.gravity_falls.rules import GravityFallsState

from .scenario import build, game


def alarm_only(g, seat: int, **extra: float) -> HeuristicAgent:
    """An outlook that reports the expected alarm alone (weight 1, every other outlook weight 0)."""
    return HeuristicAgent(g, seat, seed=1, alarm=1.0, **extra)


def card_choices(players: int, count: int, seed: int) -> list[GravityFallsState]:
    """Positions where a seat chooses its card, from seeded heuristic games."""
    g = game(players)
    rng = random.Random(seed)
    found: list[GravityFallsState] = []
    while len(found) < count:
        state = g.new_initial_state()
        bots = [HeuristicAgent(g, s, seed=rng.randrange(1000)) for s in range(players)]
        while state.current_player() != TERMINAL and len(found) < count:
            player = state.current_player()
            if player == CHANCE:
                state.apply_action(sample_chance(state, rng))
                continue
            if "rest" in [state.action_to_string(a) for a in state.legal_actions()] and rng.random() < 0.3:
                assert isinstance(state, GravityFallsState)
                found.append(state.clone())
            state.apply_action(bots[player].act(SeatView(state, player)))
    return found


def rest_and_read_the_alarm(state: GravityFallsState, rng: random.Random) -> int | None:
    """Rest, then play the monster move (support pulled where there is a choice, no ability used);
    the alarm it raised, or None when the bus or a chance step before the move spoils the comparison."""
    state = state.clone()
    before = state.to_json()["state"]["alarm"]
    start = len(state.full_log())
    state.apply_action(state.string_to_action("rest"))
    while True:
        moved = any("moves to" in str(e) or "is stopped by the courage die" in str(e) for e in state.full_log()[start:])
        player = state.current_player()
        if player == TERMINAL or (player == CHANCE and moved):
            break
        if player == CHANCE:
            return None  # a chance step before the monster moved (a cursed rest's card): skip the position
        texts = {state.action_to_string(a): a for a in state.legal_actions()}
        state.apply_action(texts.get("pull support", texts.get("pass", state.legal_actions()[0])))
    after = state.to_json()["state"]
    if after["result"] != "ongoing":
        return None
    return int(after["alarm"]) - int(before)


@pytest.mark.parametrize("players", [2, 3])
def test_the_outlook_of_a_rest_is_the_alarm_the_engine_raises(players: int) -> None:
    checked = 0
    rng = random.Random(5)
    for state in card_choices(players, 12, seed=players):
        seat = state.current_player()
        bot = alarm_only(state.game, seat)
        view = SeatView(state, seat)
        bot.position = view.sample_state(random.Random(0))  # as the card choice does
        obs = view.observation()
        here = bot.index[obs["characters"][seat]["location"]]
        actual = rest_and_read_the_alarm(state, rng)
        if actual is None:
            continue
        assert bot._outlook(obs, here, -1) == pytest.approx(actual)
        checked += 1
    assert checked >= 6


def two_monster_scenario(die_on_card: bool) -> GravityFallsState:
    """Dipper at the Police Station; the next monster card is the Arcade, three distrust tokens there."""
    return build(
        game(1),
        {
            "monsters": [
                {"name": "Gideon-Bot", "location": "Town Hall"},
                {"name": "Gremoblin", "location": "Cemetery"},
                {"name": "Manotaur", "location": "Kordroy House"},
            ],
            "characters": [{"name": "Dipper", "location": "Police Station"}],
            "locations": {
                "Arcade": {"support": 0, "distrust": 3, "die": die_on_card},
                "Town Hall": {"support": 0, "distrust": 6},
            },
            "revealed": ["Skull Fracture", "Bottomless Pit", "Arcade"],
            "tasks": [["start_turn", -1, 0, 0]],
        },
    )


def test_a_courage_die_on_the_next_card_means_no_alarm() -> None:
    for die, expected_zero in ((True, True), (False, False)):
        state = two_monster_scenario(die)
        bot = alarm_only(state.game, 0)
        view = SeatView(state, 0)
        bot.position = view.sample_state(random.Random(0))
        obs = view.observation()
        here = bot.index["Police Station"]
        assert (bot._outlook(obs, here, -1) == 0.0) == expected_zero


def test_a_monster_that_lands_lighter_is_worth_more_to_the_trap() -> None:
    """Gideon-Bot stands on six distrust tokens; the Arcade (the next card) holds three: moving it
    there makes it easier to beat, so the trap term is a gain (a negative cost), and larger with the
    weight."""
    state = two_monster_scenario(False)
    view = SeatView(state, 0)
    obs = view.observation()
    costs = []
    for weight in (10.0, 20.0):
        bot = HeuristicAgent(state.game, 0, seed=1, trap=weight)
        bot.position = view.sample_state(random.Random(0))
        costs.append(bot._outlook(obs, bot.index["Police Station"], -1))
    assert costs[0] < 0
    assert costs[1] == pytest.approx(2 * costs[0])


def test_the_default_weights_leave_the_outlook_off() -> None:
    """``heuristic`` and ``medium`` play as before: every outlook weight defaults to 0."""
    bot = HeuristicAgent(game(2), 0, seed=1)
    assert not bot.outlook
    assert all(WEIGHTS[k] == 0 for k in ("alarm", "cursed", "bus", "trap"))
    assert HeuristicAgent(game(2), 0, seed=1, trap=1).outlook


def test_settings_are_checked() -> None:
    g = game(2)
    with pytest.raises(InvalidParameterError, match="no setting 'nonsense'; allowed: curse, extra"):
        make_agent("heuristic:nonsense=1", g, 0, seed=1)
    with pytest.raises(InvalidParameterError, match="alarm='many': a number is needed"):
        make_agent("heuristic:alarm=many", g, 0, seed=1)


@pytest.mark.parametrize("players", [2, 3])
def test_hard_is_the_heuristic_with_the_outlook(players: int) -> None:
    spec = level_spec("gravity-falls", "hard", players)
    assert spec.startswith("heuristic:")
    bot = make_agent(spec, game(players), 0, seed=1)
    assert isinstance(bot, HeuristicAgent) and bot.outlook
