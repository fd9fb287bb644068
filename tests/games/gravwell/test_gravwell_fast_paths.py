"""The speed work's shortcuts give the answers of the plain rule they stand for.

Each test compares a fast path (kept deck order, cached window options, the one-pass beam direction,
the derived waiting lists) with a plain recomputation written here from the rule text.
"""

from __future__ import annotations

import json
import random

from gravity_games import CHANCE, TERMINAL, load
from gravity_games.core.api import sample_chance
from gravity_games.games.gravwell import state as position_module
from gravity_games.games.gravwell import tables as tables_module
from gravity_games.games.gravwell.rules import GravwellState
from gravity_games.games.gravwell.rules_abilities import own_window_options, response_window_options
from gravity_games.games.gravwell.rules_moves import direction_of_gravity, gravity_sources
from gravity_games.games.gravwell.rules_rounds import first_miner
from gravity_games.games.gravwell.state import (
    NO_CARD,
    NO_SEAT,
    Stage,
    find_card,
    is_among,
    is_chance_stage,
    remove_card,
    spaces_between,
)
from gravity_games.games.gravwell.tables import CONDITION_BIT, CONDITIONS, BeamType

from .gravwell_scenario import state


def _sign(x: int) -> int:
    return (x > 0) - (x < 0)


def reference_beam_direction(st: GravwellState, seat: int) -> int:
    """The rule as written: nearest object; equidistant on both sides -> the side with more objects."""
    p = st.ship_spaces[seat]
    sources = gravity_sources(st, seat)
    if not sources:
        return 0
    best = min(abs(q - p) for q in sources)
    ahead = any(q - p == best for q in sources)
    behind = any(p - q == best for q in sources)
    if ahead and behind:
        return _sign(sum(q > p for q in sources) - sum(q < p for q in sources))
    return 1 if ahead else -1


def test_beam_direction_matches_the_rule_on_random_boards() -> None:
    rng = random.Random(5)
    checked = 0
    for _ in range(3000):
        n = rng.randint(2, 6)
        pos = [rng.choice([0, 54, rng.randint(1, 53)]) for _ in range(n)]
        junk = rng.sample(range(1, 54), 2)
        cloaked = [rng.random() < 0.2 for _ in range(n)]
        st = state(n, pos=pos, junk=junk, cloaked=cloaked)
        for seat in range(n):
            assert direction_of_gravity(st, seat) == reference_beam_direction(st, seat), (pos, junk, cloaked, seat)
            checked += 1
    assert checked > 3000


def test_ties_and_shared_spaces_follow_the_tie_rule() -> None:
    # seat 0 on 10; ships on 8 and 12 (equal pulls), junk on 30 tips it toward the side with more objects
    st = state(3, pos=[10, 8, 12], junk=[30, 40])
    assert direction_of_gravity(st, 0) == 1 == reference_beam_direction(st, 0)
    st = state(3, pos=[10, 8, 12], junk=[2, 40])
    assert direction_of_gravity(st, 0) == 0 == reference_beam_direction(st, 0)  # 2 behind, 2 ahead: stuck


def test_chance_outcomes_are_sorted_even_for_a_deck_read_in_another_order() -> None:
    st = state(2, stage="form", deck=["Ne", "A", "U", "H"], stacks=[[None, None, None]] * 4, taken=[-1] * 4)
    outcomes = st.chance_outcomes()
    ids = [a for a, _ in outcomes]
    assert ids == sorted(ids) and len(ids) == 4
    assert all(p == 0.25 for _, p in outcomes)
    # the JSON keeps the order it was given (exact round trip)
    assert st.to_json()["state"]["deck"] == ["Ne", "A", "U", "H"]
    outcomes.append((99, 1.0))  # the caller owns the list it got
    assert len(st.chance_outcomes()) == 4


def test_a_deck_of_one_card_gives_one_outcome() -> None:
    st = state(2, stage="form", deck=["H"], stacks=[[None, None, None]] * 4, taken=[-1] * 4)
    assert st.chance_outcomes() == [(st.tables.symbol_index["H"], 1.0)]


def _random_states(players: int, seed: int, every: int = 7) -> list[GravwellState]:
    game = load("gravwell", players=players)
    st = game.new_initial_state()
    rng = random.Random(seed)
    out = []
    while st.current_player() != TERMINAL:
        if st.move_number() % every == 0:
            out.append(st.clone())
        if st.current_player() == CHANCE:
            st.apply_action(sample_chance(st, rng))
        else:
            legal = st.legal_actions()
            st.apply_action(legal[rng.randrange(len(legal))])
    return out


def test_window_options_kept_at_opening_equal_a_fresh_computation() -> None:
    seen = 0
    for players in (2, 4):
        for st in _random_states(players, seed=players, every=1):
            stage = st.to_json()["state"]["stage"]
            if stage not in ("own", "response"):
                continue
            fresh = own_window_options(st, st.actor) if stage == "own" else response_window_options(st, st.actor)
            assert st.legal_actions() == [62, *fresh]
            copy = st.game.state_from_json(json.loads(json.dumps(st.to_json())))
            assert copy.legal_actions() == st.legal_actions() == st.clone().legal_actions()
            seen += 1
    assert seen > 50


def test_waiting_lists_follow_the_ships_and_survive_json_and_resampling() -> None:
    for st in _random_states(3, seed=11):
        t = st.tables
        for c in CONDITIONS:
            expect = tuple(s for s, k in enumerate(st.ships) if k != NO_SEAT and c in t.conditions[k])
            assert st.watchers[c] == expect
        assert st.passed_over_watchers == st.watchers["passed_over"]
        assert st.approached_watchers == st.watchers["approached"]
        for seat, conditions in enumerate(st.awaited_conditions):
            assert st.awaited_bits[seat] == sum(CONDITION_BIT[c] for c in conditions)
            assert all(st.awaited_bits[seat] & CONDITION_BIT[c] for c in conditions)
        copy = st.game.state_from_json(st.to_json())
        assert (
            copy.watchers == st.watchers
            and copy.passed_over_watchers == st.passed_over_watchers
            and copy.approached_watchers == st.approached_watchers
            and copy.awaited_bits == st.awaited_bits
            and st.clone().approached_watchers == st.approached_watchers
            and copy.awaited_conditions == st.awaited_conditions
            and copy.seat_names == st.seat_names
        )
        sample = st.resample_from_infostate(0, random.Random(3))
        assert sample.deck == sorted(sample.deck)
        assert _all_cards(sample) == _all_cards(st)


def _all_cards(st: GravwellState) -> list[int]:
    """Every card of the deck in play: the deck, hands, face-down choices, untaken stacks, discards."""
    cards = list(st.deck) + [c for h in st.hands for c in h] + [c for c in st.chosen if c != NO_CARD]
    cards += [c for k, stack in enumerate(st.stacks) if st.stack_taken_by[k] == NO_SEAT for c in stack if c != NO_CARD]
    return sorted(cards + list(st.discards))


def test_the_literal_stage_and_beam_constants_are_the_enums_values() -> None:
    for stage in Stage:
        assert getattr(position_module, f"STAGE_{stage.name}") == int(stage)
    for beam in BeamType:
        assert getattr(tables_module, f"{beam.name}_BEAM") == int(beam)
    assert [s for s in Stage if is_chance_stage(s)] == [Stage.DEAL, Stage.FORM]


def test_card_lookups_by_typed_loops_equal_the_list_operations() -> None:
    rng = random.Random(5)
    for _ in range(200):
        cards = rng.sample(range(40), rng.randrange(1, 12))
        probe = rng.randrange(40)
        assert is_among(probe, cards) == (probe in cards)
        in_order = sorted(cards)
        expect_index = in_order.index(probe) if probe in in_order else -1
        assert find_card(in_order, probe, True) == expect_index
        assert find_card(cards, probe, False) == (cards.index(probe) if probe in cards else -1)
        card = rng.choice(cards)
        expect = list(cards)
        expect.remove(card)
        remove_card(cards, card)
        assert cards == expect
        expect = list(in_order)
        expect.remove(card)
        remove_card(in_order, card, True)
        assert in_order == expect
        assert spaces_between(probe, card) == abs(probe - card)
    try:
        remove_card([1, 2], 3)
    except ValueError as error:
        assert "3" in str(error)
    else:
        raise AssertionError("removing a card that is not there must fail")


def test_resolution_order_and_first_miner_equal_the_rule_as_written() -> None:
    seen = 0
    for players in (2, 5):
        for st in _random_states(players, seed=20 + players, every=1):
            if st.resolution_order and st.resolution_index == 0:
                rank = st.tables.resolution_rank
                delayed = st.delayed_seats
                normal = sorted((s for s in range(players) if s not in delayed), key=lambda s: rank[st.chosen[s]])
                assert st.resolution_order == normal + sorted(delayed, key=lambda s: rank[st.chosen[s]])
                seen += 1
            m = st.tables.merton
            assert first_miner(st) == min(
                range(players), key=lambda s: (abs(st.ship_spaces[s] - m), st.ship_spaces[s], s)
            )
    assert seen > 20
