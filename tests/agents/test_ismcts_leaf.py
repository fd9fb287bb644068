"""IS-MCTS leaf evaluation, rollout policies and per-game search defaults.

Truncated playouts score a position by the game's ``standings()``; a game's heuristic bot
may offer a rollout policy, a "standings are settled" test and default settings, all
reached through the registry.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest
from positions import gravwell_choice_of_seat
from toygames import OnlyView

from gravity_games import InvalidParameterError, load
from gravity_games.agents import make_agent
from gravity_games.agents.ismcts import ISMCTSAgent, Search, game_hooks, standings_win_chances
from gravity_games.core.agent import SeatView
from gravity_games.core.api import CHANCE, State, sample_chance
from gravity_games.core.registry import entry


def race_state(pos: list[int], turn: int = 0) -> State:
    game = load("toy-race", players=len(pos))
    return game.state_from_json(
        {"game": "toy-race", "players": len(pos), "state": {"pos": pos, "rolling": False, "turn": turn}}
    )


# --- the standings evaluation ------------------------------------------------------


def test_win_chances_favour_the_leader_and_sum_to_one() -> None:
    chances = standings_win_chances([-3.0, -12.0, -20.0], scale=5.0)
    assert chances[0] > chances[1] > chances[2]
    assert sum(chances) == pytest.approx(1.0)
    assert standings_win_chances([4.0, 4.0], scale=2.0) == [0.5, 0.5]


def test_a_larger_scale_trusts_a_lead_less() -> None:
    sharp = standings_win_chances([10.0, 0.0], scale=2.0)[0]
    flat = standings_win_chances([10.0, 0.0], scale=20.0)[0]
    assert 0.5 < flat < sharp < 1.0


def test_truncated_search_ranks_a_clearly_leading_position_higher() -> None:
    # Seat 0 eight spaces ahead on a track of 10 (two from the finish) versus eight behind:
    # with playouts cut after two steps the standings decide, and they must show the lead.
    values = {}
    for name, pos in (("ahead", [8, 0]), ("behind", [0, 8])):
        search = Search(load("toy-race", players=2), 0, seed=3, c=0.7, depth=2, scale=2.0)
        search.run(OnlyView(race_state(pos), 0), iterations=60, seconds=None)
        values[name] = max(s.value for s in search.root_stats([0, 1]))
    assert values["ahead"] > 0.9
    assert values["behind"] < 0.1


def test_depth_cuts_every_iteration_short() -> None:
    # depth=1: the move out of the root is the only step, so no node ever gets a child.
    search = Search(load("toy-race", players=2), 0, seed=1, c=0.7, depth=1, scale=1.0)
    search.run(OnlyView(race_state([0, 0]), 0), iterations=40, seconds=None)
    assert sum(child.visits for child in search.root.children.values()) == 40
    assert all(not child.children for child in search.root.children.values())
    # a standings evaluation of equal positions gives fractional values, never a 0/1 result
    assert all(0.0 < child.total / child.visits < 1.0 for child in search.root.children.values())


def test_a_never_settled_game_is_played_to_the_end() -> None:
    # If the game never calls its standings settled, every playout runs to a real result (0 or 1).
    search = Search(load("toy-race", players=2), 0, seed=1, c=0.7, depth=1, scale=1.0, settled=lambda state: False)
    search.run(OnlyView(race_state([0, 0]), 0), iterations=30, seconds=None)
    for child in search.root.children.values():
        assert child.total == int(child.total)


# --- game hooks through the registry -------------------------------------------------


class CountingPolicyBot:
    """A stand-in heuristic class: only its search hooks matter here."""

    calls = 0
    search_defaults: dict[str, Any] = {"depth": 4, "scale": 2.5, "iterations": 30}

    @staticmethod
    def rollout_policy(state: State, legal: list[int], rng: random.Random) -> int:
        CountingPolicyBot.calls += 1
        return legal[0]  # always walk


@pytest.fixture
def race_with_hooks() -> Iterator[type[CountingPolicyBot]]:
    agents = entry("toy-race").agents
    agents["heuristic"] = CountingPolicyBot
    CountingPolicyBot.calls = 0
    yield CountingPolicyBot
    agents.pop("heuristic", None)


def test_game_hooks_come_from_the_registered_heuristic(race_with_hooks: type[CountingPolicyBot]) -> None:
    game = load("toy-race", players=2)
    hooks = game_hooks(game)
    assert hooks.policy is not None and hooks.settled is None
    agent = make_agent("ismcts", game, 0, seed=1)
    assert isinstance(agent, ISMCTSAgent)
    assert (agent.config.depth, agent.config.scale, agent.iterations) == (4, 2.5, 30)
    # settings written in the spec win over the game's defaults
    agent = make_agent("ismcts:depth=0:iterations=7", game, 0, seed=1)
    assert (agent.config.depth, agent.iterations) == (0, 7)


def test_rollouts_follow_the_game_policy_unless_told_random(race_with_hooks: type[CountingPolicyBot]) -> None:
    game = load("toy-race", players=2)
    make_agent("ismcts:iterations=20:depth=0", game, 0, seed=2).act(SeatView(game.new_initial_state(), 0))
    assert race_with_hooks.calls > 0
    race_with_hooks.calls = 0
    make_agent("ismcts:iterations=20:depth=0:rollout=random", game, 0, seed=2).act(
        SeatView(game.new_initial_state(), 0)
    )
    assert race_with_hooks.calls == 0


def test_policy_opponents_move_by_the_policy_inside_the_tree(race_with_hooks: type[CountingPolicyBot]) -> None:
    game = load("toy-race", players=2)
    agent = make_agent("ismcts:iterations=40:depth=0:opponents=policy", game, 0, seed=2)
    agent.act(SeatView(game.new_initial_state(), 0))
    search = agent.last_search
    assert search is not None
    # the opponent (seat 1) always walks (action 0): right below our "walk", and below each
    # die outcome (negative keys) of our "roll"; its nodes keep no statistics
    walk, roll = search.root.children[0], search.root.children[1]
    opponent_nodes = [walk, *roll.children.values()]
    assert all(key < 0 for key in roll.children)
    for node in opponent_nodes:
        assert set(node.children) == {0}
        assert node.children[0].visits == 0


# --- settings --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("game_id", "spec", "needle"),
    [
        ("toy-nim", "ismcts:depth=3", "need a competitive game with standings"),
        ("toy-push", "ismcts:depth=3", "is cooperative"),
        ("toy-race", "ismcts:depth=-1", "depth must be a whole number >= 0"),
        ("toy-race", "ismcts:depth=2.5", "depth must be a whole number"),
        ("toy-race", "ismcts:scale=0", "scale must be a finite number > 0"),
        ("toy-race", "ismcts:scale=inf", "scale must be a finite number > 0"),
        ("toy-race", "ismcts:rollout=smart", "rollout must be one of policy, random"),
        ("toy-race", "ismcts:opponents=psychic", "opponents must be one of tree, random, policy"),
        ("toy-race", "ismcts:width=3", "allowed: iterations, seconds, c, opponents, rollout, depth, scale"),
    ],
)
def test_leaf_settings_are_checked(game_id: str, spec: str, needle: str) -> None:
    game = load(game_id, players=2)
    with pytest.raises(InvalidParameterError, match=needle):
        make_agent(spec, game, 0, seed=0)


def test_depth_zero_is_allowed_everywhere() -> None:
    agent = make_agent("ismcts:depth=0", load("toy-push", players=2), 0, seed=0)
    assert isinstance(agent, ISMCTSAgent) and agent.config.depth == 0


# --- Gravwell: the hooks of a real game ------------------------------------------------


def gravwell_choice_state(seed: int) -> State:
    """A 3-seat Gravwell position at a fuel-card choice of seat 1, reached by random play."""
    return gravwell_choice_of_seat(1, seed)


def test_gravwell_offers_its_hooks_and_defaults() -> None:
    hooks = game_hooks(load("gravwell", players=3))
    assert hooks.policy is not None and hooks.settled is not None
    assert hooks.defaults["depth"] > 0
    agent = make_agent("ismcts:iterations=300", load("gravwell", players=3), 0, seed=0)
    assert agent.config.depth == hooks.defaults["depth"] and agent.config.opponents == hooks.defaults["opponents"]


def test_gravwell_rollout_policy_plays_legal_moves_to_the_end() -> None:
    game = load("gravwell", players=3)
    policy = game_hooks(game).policy
    assert policy is not None
    rng = random.Random(5)
    state = game.new_initial_state()
    steps = 0
    while not state.is_terminal():
        if state.current_player() == CHANCE:
            state.apply_action(sample_chance(state, rng))
        else:
            legal = state.legal_actions()
            action = policy(state, legal, rng)
            assert action in legal
            state.apply_action(action)
        steps += 1
    assert steps <= game.spec.max_game_length


def test_gravwell_standings_are_settled_between_phases_only() -> None:
    game = load("gravwell", players=3)
    settled = game_hooks(game).settled
    assert settled is not None
    state = gravwell_choice_state(4)  # seat 1 to choose: seat 0's card is down, unresolved
    assert not settled(state)
    rng = random.Random(0)
    seen_settled = seen_unsettled = 0
    while not state.is_terminal() and seen_settled < 3:
        if settled(state):
            seen_settled += 1
            assert all(c < 0 for c in state.chosen)  # no card waiting to resolve
        else:
            seen_unsettled += 1
        if state.current_player() == CHANCE:
            state.apply_action(sample_chance(state, rng))
        else:
            legal = state.legal_actions()
            state.apply_action(legal[rng.randrange(len(legal))])
    assert seen_settled == 3 and seen_unsettled > 0


def test_gravwell_search_is_seeded_and_reaches_the_state_only_through_the_view() -> None:
    # The same seed replays the same search; the view double offers no way to the state but
    # legal_actions() and sample_state(). (Same-information-set independence is tested on
    # toy-cards in test_ismcts.py: Gravwell's resampler shuffles the unseen cards in the order
    # the state holds them, which gives the same distribution but not the same draws.)
    state = gravwell_choice_state(7)
    results = []
    for _ in range(2):
        agent = make_agent("ismcts:iterations=40", state.game, 1, seed=13)
        view = OnlyView(state, 1)
        action = agent.act(view)
        assert view.samples == 40
        assert action in view.legal_actions()
        results.append((action, agent.last_search.root_stats(view.legal_actions())))
    assert results[0] == results[1]
    assert sum(s.visits for s in results[0][1]) == 40


# --- paired root: every root move on the same worlds ------------------------------------


def test_paired_root_tries_every_move_on_each_world() -> None:
    game = load("toy-cards", players=2)
    state = game.new_initial_state()
    state.apply_action(9)  # seat 0 holds the top card
    state.apply_action(3)
    view = OnlyView(state, 0)
    agent = make_agent("ismcts:iterations=30:root=paired", game, 0, seed=4)
    action = agent.act(view)
    assert view.samples == 15  # one world per sweep, two moves each
    stats = {s.action: s for s in agent.last_search.root_stats([0, 1])}
    assert stats[0].visits == stats[1].visits == 15
    assert action == 1 and stats[1].value == pytest.approx(1.0)  # staying with the 9 always wins


def test_paired_root_is_checked() -> None:
    with pytest.raises(InvalidParameterError, match="root must be one of ucb, paired"):
        make_agent("ismcts:root=best", load("toy-race", players=2), 0, seed=0)


def test_gravwell_hints_use_the_game_search_and_give_chances() -> None:
    from gravity_games.agents.hints import hints

    state = gravwell_choice_state(3)
    view = SeatView(state, 1)
    found = hints(view, seconds=0.05, top=3, seed=1)
    legal = view.legal_actions()
    assert 1 <= len(found) <= 3
    assert all(action in legal and 0.0 <= chance <= 1.0 for action, chance in found)
    # truncated playouts end in a standings chance, not only in 0 or 1 results
    assert any(0.0 < chance < 1.0 for _, chance in found)


def test_gravwell_rollout_cards_are_greedy_toward_the_goal() -> None:
    from gravity_games.games.gravwell.bots import greedy_card
    from gravity_games.games.gravwell.rules_moves import direction_of_gravity

    checked = 0
    for seed in range(12):
        state = gravwell_choice_state(seed)
        seat = state.actor
        toward = direction_of_gravity(state, seat) * state.forward_direction[seat]
        types, values = state.tables.card_type, state.tables.card_value

        def gain(card: int, types: Any = types, values: Any = values, toward: int = toward) -> int:
            kind = types[card]
            return values[card] * toward if kind == 0 else -values[card] * toward if kind == 1 else 0

        legal = state.legal_actions()
        chosen = greedy_card(state, legal, random.Random(seed))
        assert chosen in legal
        # the random nudge is below one space: never more than that short of the best card
        assert gain(chosen) > max(gain(c) for c in legal) - 1
        checked += toward != 0
    assert checked > 0
