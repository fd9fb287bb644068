"""IS-MCTS: finds forced wins, plays only from its own information, every seat count."""

from __future__ import annotations

import random

import pytest
from toygames import OnlyView

from gravity_games import CHANCE, InvalidParameterError, load
from gravity_games.agents import make_agent, make_agents
from gravity_games.agents.ismcts import ISMCTSAgent
from gravity_games.core.agent import SeatView
from gravity_games.core.api import sample_chance
from gravity_games.core.play import play_game
from gravity_games.sim import run_batch


def test_ismcts_takes_the_forced_win_in_two_seat_nim() -> None:
    # From 7 stones "take 3" leaves 4, a lost position for the next player.
    game = load("toy-nim", players=2)
    agent = make_agent("ismcts:iterations=400", game, 0, seed=1)
    assert agent.act(SeatView(game.new_initial_state(), 0)) == 2


def test_ismcts_finishes_the_pile_when_it_can() -> None:
    game = load("toy-nim", players=6)
    state = game.state_from_json({"game": "toy-nim", "players": 6, "state": {"pile": 2, "turn": 4, "winner": -1}})
    agent = make_agent("ismcts:iterations=50", game, 4, seed=3)
    assert agent.act(SeatView(state, 4)) == 1  # take 2: the last stones


def test_ismcts_searches_only_through_determinizations() -> None:
    game = load("toy-cards", players=3)
    state = game.new_initial_state()
    for card in (9, 0, 4):
        state.apply_action(card)
    view = OnlyView(state, 1)
    agent = ISMCTSAgent(game, 1, seed=5, iterations=120)
    action = agent.act(view)
    assert view.samples == 120
    assert action in (0, 1)


def test_ismcts_decision_does_not_depend_on_hidden_cards() -> None:
    # Seat 2 holds 7 in both states; the other cards differ. Its information set is the
    # same, so with the same seed the search must behave identically.
    game = load("toy-cards", players=3)
    decisions = []
    for others in ((9, 0), (1, 3)):
        state = game.new_initial_state()
        for card in (*others, 7):
            state.apply_action(card)
        state.apply_action(1)  # seat 0 stays
        state.apply_action(0)  # seat 1 folds
        agent = ISMCTSAgent(game, 2, seed=11, iterations=80)
        decisions.append((agent.act(SeatView(state, 2)), agent.last_search.root_stats([0, 1])))
    assert decisions[0] == decisions[1]


def test_ismcts_stays_with_the_top_card_and_folds_never_matters_less() -> None:
    # With card 9 staying always wins; the search must see that.
    game = load("toy-cards", players=2)
    state = game.new_initial_state()
    state.apply_action(9)
    state.apply_action(3)
    agent = ISMCTSAgent(game, 0, seed=2, iterations=100)
    assert agent.act(SeatView(state, 0)) == 1
    stats = {s.action: s.value for s in agent.last_search.root_stats([0, 1])}
    assert stats[1] == pytest.approx(1.0)


def test_ismcts_samples_chance_with_its_own_rng() -> None:
    # The game's chance RNG must be untouched by the search: the same seed gives the
    # same chance outcomes whatever the agents searched.
    game = load("toy-race", players=2)
    rng_a, rng_b = random.Random(9), random.Random(9)
    state = game.new_initial_state()
    state.apply_action(1)  # roll: a chance node
    agent = ISMCTSAgent(game, 0, seed=1, iterations=30)
    before = sample_chance(state, rng_a)
    agent.act(SeatView(game.new_initial_state(), 0))
    assert sample_chance(state, rng_b) == before
    assert state.current_player() == CHANCE


@pytest.mark.parametrize(("game_id", "players"), [("toy-push", 1), ("toy-push", 5), ("toy-nim", 6), ("toy-race", 4)])
def test_ismcts_plays_whole_games_at_every_seat_count(game_id: str, players: int) -> None:
    game = load(game_id, players=players)
    state, record = play_game(game, make_agents(["ismcts:iterations=20"], game, seed=4), seed=4)
    assert state.is_terminal()
    assert record.replay().to_json() == state.to_json()


def test_ismcts_is_reproducible_with_a_seed() -> None:
    game = load("toy-race", players=3)
    runs = [play_game(game, make_agents(["ismcts:iterations=25"], game, seed=8), seed=8)[1].actions for _ in range(2)]
    assert runs[0] == runs[1]


def test_ismcts_beats_random_in_the_cooperative_game() -> None:
    # Team win rate: always rolling or banking at random loses far more often than search.
    rnd = run_batch("toy-push", games=60, players=2, agents=["random"], seed=3)
    bot = run_batch("toy-push", games=60, players=2, agents=["ismcts:iterations=60"], seed=3)
    assert bot["win_rate"][0]["rate"] > rnd["win_rate"][0]["rate"] + 0.2
    assert bot["win_rate"][0] == bot["win_rate"][1]  # a team figure


def test_ismcts_time_budget_stops_the_search() -> None:
    game = load("toy-race", players=2)
    agent = ISMCTSAgent(game, 0, seed=1, seconds=0.05, iterations=1_000_000)
    agent.act(SeatView(game.new_initial_state(), 0))
    assert agent.last_search is not None
    assert 1 <= agent.last_search.iterations < 1_000_000


@pytest.mark.parametrize(
    ("spec", "needle"),
    [
        ("ismcts:iterations=0", "iterations"),
        ("ismcts:seconds=-1", "seconds"),
        ("ismcts:c=-0.5", "c must"),
        ("ismcts:width=3", "allowed: iterations, seconds, c, opponents, rollout, depth, scale"),
        ("ismcts:iterations=many", "iterations"),
        ("ismcts:opponents=psychic", "opponents must be one of tree, random, policy"),
    ],
)
def test_ismcts_rejects_bad_settings(spec: str, needle: str) -> None:
    game = load("toy-nim", players=2)
    with pytest.raises(InvalidParameterError, match=needle):
        make_agent(spec, game, 0, seed=0)


def test_ismcts_with_random_opponents_keeps_only_its_own_statistics() -> None:
    game = load("toy-nim", players=3)
    agent = ISMCTSAgent(game, 0, seed=2, iterations=60, opponents="random")
    agent.act(SeatView(game.new_initial_state(), 0))
    search = agent.last_search
    assert search is not None

    def opponent_visits(node, depth: int) -> int:  # nodes two plies down belong to seats 1 and 2
        total = 0
        for child in node.children.values():
            if depth % 3 != 0:
                total += child.visits
            total += opponent_visits(child, depth + 1)
        return total

    assert opponent_visits(search.root, 0) == 0
    assert sum(child.visits for child in search.root.children.values()) == 60
