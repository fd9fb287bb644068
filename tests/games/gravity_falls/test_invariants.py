"""Invariants at every step of random games: 51 tokens, 20 courage dice (at most one per location), every
card in exactly one place; plus hidden hands, determinization and the observation tensor."""

from __future__ import annotations

import json
import random

import pytest

from gravity_games.agents import make_agents
from gravity_games.core.api import CHANCE, sample_chance
from gravity_games.core.play import play_game
from gravity_games.games.gravity_falls.state import front_task
from gravity_games.games.gravity_falls.state_json import check_counts

from .scenario import game


def count_components(state) -> tuple[int, int, int, int]:
    b = state.to_json()["state"]
    tokens = sum(v["support"] + v["distrust"] for v in b["locations"].values())
    dice = b["supply"] + sum(1 for v in b["locations"].values() if v["die"]) + 1
    cards = len(b["movement_deck"]) + len(b["revealed"]) + len(b["movement_discard"]) + len(b["box"])
    curses = (
        sum(b["curse_deck"].values())
        + sum(b["curse_discard"].values())
        + sum(len(c["curses"]) for c in b["characters"])
    )
    return tokens, dice, cards, curses


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
@pytest.mark.parametrize("variant", ["standard", "simplified"])
def test_random_games_keep_every_component(players: int, variant: str):
    g = game(players, variant=variant, events=8)
    rng = random.Random(players * 7 + len(variant))
    for _ in range(3):
        state = g.new_initial_state()
        while not state.is_terminal():
            if state.current_player() == CHANCE:
                action = sample_chance(state, rng)
            else:
                action = rng.choice(state.legal_actions())
            state.apply_action(action)
            assert count_components(state) == (51, 20, g.movement_card_count, 18)
            check_counts(state)  # also: no location with two dice, action cards in exactly one pile


def test_heuristic_games_keep_every_component_and_end():
    g = game(3)
    seen = []

    def check(state, player, action):
        assert count_components(state) == (51, 20, g.movement_card_count, 18)

    for seed in range(3):
        state, record = play_game(g, make_agents(["heuristic"], g, seed=seed), seed=seed, on_step=check)
        seen.append(state.outcome().reason)
        assert record.replay().to_json() == state.to_json()
    assert all(r in ("won", "lost: the alarm reached the bus", "lost: the summer ended") for r in seen)


def test_hands_are_private_and_resampling_keeps_the_view():
    g = game(3, characters=("Dipper", "Mabel", "Stan"))
    rng = random.Random(4)
    state = g.new_initial_state()
    steps = 0
    while not state.is_terminal() and steps < 400:
        if state.current_player() == CHANCE:
            state.apply_action(sample_chance(state, rng))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
        steps += 1
        if steps % 25:
            continue
        for seat in range(3):
            mine = json.dumps(state.private_values(seat)["hand"])
            for other in (None, *[s for s in range(3) if s != seat]):
                assert mine not in json.dumps(state.observation(other))
            twin = state.resample_from_infostate(seat, random.Random(steps))
            assert twin.observation(seat) == state.observation(seat)
            tensor = state.observation_tensor(seat)
            assert len(tensor) == g.spec.observation_shape[0]
            assert twin.observation_tensor(seat) == tensor


def test_fresh_game_is_set_up_by_the_rules():
    g = game(4, monsters=("Gideon-Bot", "Pterodactyl", "Manotaur"))
    rng = random.Random(1)
    state = g.new_initial_state()
    while state.current_player() == CHANCE:
        state.apply_action(sample_chance(state, rng))
    b = state.to_json()["state"]
    assert [m["name"] for m in b["monsters"]] == ["Gideon-Bot", "Pterodactyl", "Manotaur"]
    assert all(m["location"] for m in b["monsters"])
    places = [c["location"] for c in b["characters"]]
    assert len(set(places)) == 4 and all(b["locations"][p]["die"] for p in places)
    assert len(b["revealed"]) == 3 and len(b["movement_discard"]) == 3 + 4
    assert sum(1 for c in b["movement_deck"] if c.startswith("event")) == 4  # the default events=4
    assert sorted(state.observation(None)["events_in_game"]) == sorted(
        c for c in b["movement_deck"] if c.startswith("event")
    )
    assert all(c["hand"] == ["0-4", "1-5", "2-2", "3-1", "4-0", "T"] for c in b["characters"])
    assert b["tasks"][0][:2] == ["choose_card", 0]


def _seat_decisions(g, rng: random.Random, games: int):
    """Random games of ``g``: yields each seat decision as ``(state, legal)`` before a random choice is played."""
    for _ in range(games):
        state = g.new_initial_state()
        while not state.is_terminal():
            if state.current_player() == CHANCE:
                state.apply_action(sample_chance(state, rng))
                continue
            legal = state.legal_actions()
            yield state, legal
            state.apply_action(rng.choice(legal))


@pytest.mark.parametrize("players", [2, 4])
def test_route_answers_kept_per_game_match_a_fresh_search(players: int):
    # Route questions are answered once per game (GravityFallsGame.plain_route_cache and route_cache)
    # and reused by every state. At each card choice and route step of random games (curses, other
    # characters and Gnome Giants in play), the options must equal those of a search that remembers nothing.
    from gravity_games.games.gravity_falls.state import TaskKind

    g = game(players, monsters=["Gnome Giant", "Gideon-Bot", "Zhivogryz"], events=8)
    fresh = game(players, monsters=["Gnome Giant", "Gideon-Bot", "Zhivogryz"], events=8)
    checked = 0
    for state, legal in _seat_decisions(g, random.Random(players), 12):
        if front_task(state).kind in (TaskKind.CHOOSE_CARD, TaskKind.ROUTE):
            fresh.clear_route_cache()
            assert fresh.state_from_json(state.to_json()).legal_actions() == legal
            checked += 1
    assert checked > 100


@pytest.mark.parametrize("players", [1, 3, 5])
def test_route_options_equal_the_plain_route_rule_at_every_route_step(players: int):
    # The kept answers are cut to what can matter (masks limited to the locations within reach);
    # here every route step's options are recomputed by the rule itself (route_continues with the
    # full masks: every other character's location under the no-shared-location curse, every
    # Gnome Giant's location), with nothing kept and nothing cut.
    from gravity_games.games.gravity_falls.rules_move import route_continues
    from gravity_games.games.gravity_falls.state import TaskKind

    g = game(players, monsters=["Gnome Giant", "Gideon-Bot", "Zhivogryz"], events=8)
    checked = blocked_seen = stop_seen = 0
    for state, legal in _seat_decisions(g, random.Random(100 + players), 25):
        if front_task(state).kind != TaskKind.ROUTE:
            continue
        seat = front_task(state).seat
        lonely = state.curses[seat] & g.rule_tables.curse_no_shared_location
        blocked = (
            sum(1 << loc for loc in {loc for s, loc in enumerate(state.character_locations) if s != seat and loc >= 0})
            if lonely
            else 0
        )
        stop = sum(
            1 << state.monster_locations[m]
            for m in range(3)
            if state.monster_locations[m] >= 0 and state.monsters[m] in g.rule_tables.gnome_giants
        )
        pos, left, used, start = state.route_position, state.route_left, state.route_used, state.route_start
        expected = sorted(
            g.rule_tables.ACTION_LOCATION + nxt
            for nxt, bit in g.rule_tables.adjacent_roads[pos]
            if not (used & bit or nxt == start or blocked >> nxt & 1)
            and (
                stop >> nxt & 1
                or route_continues(g.rule_tables.adjacent_roads, nxt, left - 1, used | bit, start, blocked, stop)
            )
        )
        assert legal == expected
        checked += 1
        blocked_seen += bool(blocked)
        stop_seen += bool(stop)
    assert checked > 300 and stop_seen > 20 and (players == 1 or blocked_seen > 20)


def _play_to_the_next_turn(state, rng) -> int:
    turn, steps = state.turn, 0
    while state.turn == turn and not state.is_terminal():
        state.apply_action(
            sample_chance(state, rng) if state.current_player() == CHANCE else rng.choice(state.legal_actions())
        )
        steps += 1
    return steps


@pytest.mark.parametrize("bound", ["turns", "steps: one too many", "steps: exactly fits"])
def test_the_summer_ends_at_the_turn_limit_or_when_a_turn_no_longer_fits(bound: str):
    # A new turn starts only while turn < TURN_LIMIT and a whole turn (PER_TURN_STEPS) still fits in
    # max_game_length; otherwise the game is lost, "the summer ended", at that turn start.
    from gravity_games.games.gravity_falls.state import LAST_TURN_START, TURN_LIMIT, TaskKind

    g = game(2)
    assert LAST_TURN_START == g.spec.max_game_length - 3000
    rng = random.Random(9)
    state = g.new_initial_state()
    while front_task(state).kind != TaskKind.CHOOSE_CARD:  # the first turn has started
        state.apply_action(
            sample_chance(state, rng) if state.current_player() == CHANCE else rng.choice(state.legal_actions())
        )
    turn = state.turn
    if bound == "turns":
        state.turn = TURN_LIMIT - 1  # the turn now played is the last one
        turn = state.turn
    else:
        # the same turn played on copies tells how many steps it takes until the next turn starts
        twin_rng = random.Random()
        twin_rng.setstate(rng.getstate())
        steps = _play_to_the_next_turn(state.clone(), twin_rng)
        # the next turn starts inside the turn's last step, before that step joins the history
        at_start = LAST_TURN_START + (1 if bound == "steps: one too many" else 0)
        state._history.extend([0] * (at_start - (steps - 1) - len(state._history)))
    _play_to_the_next_turn(state, rng)
    if bound == "steps: exactly fits":
        assert not state.is_terminal() and state.turn == turn + 1
        assert front_task(state).kind == TaskKind.CHOOSE_CARD  # the next turn has started
        return
    assert state.outcome().reason == "lost: the summer ended"
    assert state.turn == turn + 1
