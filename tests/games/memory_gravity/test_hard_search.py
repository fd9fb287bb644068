"""The hard level's parts: evidence from the other seats' public actions, blocked combinations, keep playouts."""

from __future__ import annotations

import random

import pytest

from gravity_games import load
from gravity_games.agents import make_agent
from gravity_games.core.agent import SeatView
from gravity_games.core.api import CHANCE, TERMINAL, State, sample_chance
from gravity_games.games.memory_gravity.bots import beat_table, blocked_beat_table
from gravity_games.games.memory_gravity.bots_evidence import (
    evidence_ratios,
    kept_over,
    opponent_evidence,
    pair_ratios,
)
from gravity_games.games.memory_gravity.state import KEEP_BASE


def _lifts(*pairs: tuple[int, str]) -> list[dict[str, object]]:
    return [{"seat": seat, "token": token} for seat, token in pairs]


def test_the_other_seats_lifts_and_keeps_give_each_token_its_feature() -> None:
    # seat 1: K1 G1 K2, keeps K2; seat 0: K1 G1 K3, keeps K3; seat 1: G1 R1 G2, keeps G1
    obs = {
        "seat": 0,
        "lifts": _lifts(
            (1, "K1"), (1, "G1"), (1, "K2"), (0, "K1"), (0, "G1"), (0, "K3"), (1, "G1"), (1, "R1"), (1, "G2")
        ),
        "kept": [["K3"], ["K2", "G1"]],
    }
    features = opponent_evidence(obs)
    assert features[1] == "k1l1p0"  # K2: seat 1's first keep
    assert features[0] == "k0l1p1"  # K1: lifted by seat 1, which kept another black token
    assert features[5] == "k2l2p1"  # G1: passed over once, then kept at seat 1's second keep
    assert features[10] == "k0l1p1"  # R1
    assert features[2] == "k0l0p0"  # K3: only this seat touched it
    # from seat 1's side, seat 0's K3 was its first keep and K1, G1 were passed over
    other = opponent_evidence({**obs, "seat": 1})
    assert (other[2], other[0], other[5]) == ("k1l1p0", "k0l1p1", "k0l1p1")


def test_a_keep_over_a_lifted_token_of_its_colour_is_a_pair() -> None:
    # seat 1: K1 G1 K2, keeps K2 (over K1); seat 0 (this seat): K1 G1 K3, keeps K3 (not evidence);
    # seat 1: G1 R1 G2, keeps G1 (over G2; R1 is another colour); seat 1's turn going on: no keep
    obs = {
        "seat": 0,
        "lifts": _lifts(
            *[(1, "K1"), (1, "G1"), (1, "K2"), (0, "K1"), (0, "G1"), (0, "K3")],
            *[(1, "G1"), (1, "R1"), (1, "G2"), (1, "R2"), (1, "K4")],
        ),
        "kept": [["K3"], ["K2", "G1"]],
    }
    assert kept_over(obs) == [(1, 0), (5, 6)]  # (K2 over K1), (G1 over G2)
    # from seat 1's side only seat 0's turn counts: K3 kept over K1 (G1 is grey)
    assert kept_over({**obs, "seat": 1}) == [(2, 0)]


def test_the_token_kept_over_another_likely_carries_the_higher_number() -> None:
    table = pair_ratios(2)
    assert all(table[n][n] == 0.0 for n in range(5))
    assert table[4][0] > 1.0 > table[0][4]  # kept a 5 over a 1 far likelier than a 1 over a 5
    cells = [table[a][b] for a in range(5) for b in range(5) if a != b]
    assert sum(cells) / len(cells) == pytest.approx(1.0)
    assert pair_ratios(5) == tuple(tuple(0.0 if a == b else 1.0 for b in range(5)) for a in range(5))


def test_a_token_an_opponent_kept_first_is_likely_high_and_one_it_passed_over_low() -> None:
    for players in (2, 3):
        ratios = evidence_ratios(players)
        kept_first, passed = ratios["k1l1p0"], ratios["k0l1p1"]
        assert kept_first[4] > 1.5 > 0.5 > kept_first[0]
        assert passed[0] > 1.0 > passed[4]


def test_holding_543_leaves_no_one_a_555() -> None:
    counts = {"555": 1, "211": 1}
    assert beat_table(counts, 0.5)[(5, 4, 3)] == pytest.approx(0.5)
    assert blocked_beat_table(counts, 0.5)[(5, 4, 3)] == pytest.approx(1.0)
    # holding black 1 and red 1 leaves no one a 211; a 554 stays possible (its 4 in grey)
    assert beat_table({"554": 1, "211": 1}, 0.5)[(1, 5, 1)] == pytest.approx(0.5)
    assert blocked_beat_table({"554": 1, "211": 1}, 0.5)[(1, 5, 1)] == pytest.approx(0.0)
    # holding black 5, grey 1, red 2 (521): 554, 211 keep 1 of 3 colourings each, 543 4 of 6
    counts = {"554": 3, "211": 3, "543": 3}
    assert beat_table(counts, 0.5)[(5, 1, 2)] == pytest.approx(1 / 3)
    assert blocked_beat_table(counts, 0.5)[(5, 1, 2)] == pytest.approx(1 / (1 + 1 + 2))


def _keep_positions(players: int, count: int, seed: int) -> list[State]:
    game = load("memory-gravity", players=players)
    rng = random.Random(seed)
    state = game.new_initial_state()
    agents = [make_agent("heuristic", game, s, s) for s in range(players)]
    found: list[State] = []
    while state.current_player() != TERMINAL and len(found) < count:
        player = state.current_player()
        if player == CHANCE:
            state.apply_action(sample_chance(state, rng))
            continue
        legal = state.legal_actions()
        if legal[0] >= KEEP_BASE and len(legal) > 1:
            found.append(state.clone())
        state.apply_action(agents[player].act(SeatView(state, player)))
    return found


@pytest.mark.parametrize(
    ("players", "extra"), [(2, "playouts=3:close=1"), (3, "playouts=3:close=1"), (2, "pairs=1"), (3, "pairs=1")]
)
def test_hard_settings_decide_alike_on_a_state_and_its_resampled_twin(players: int, extra: str) -> None:
    spec = f"heuristic:explore=0:fitted=1:power=4:blocked=1:evidence=1:{extra}"
    for index, state in enumerate(_keep_positions(players, 2, seed=7)):
        seat = state.current_player()
        twin = state.resample_from_infostate(seat, random.Random(300 + index))
        assert twin.observation(seat) == state.observation(seat)
        choices = [make_agent(spec, state.game, seat, seed=2).act(SeatView(s, seat)) for s in (state, twin)]
        assert choices[0] == choices[1]
        assert choices[0] in state.legal_actions()


def test_keep_playouts_only_settle_close_keeps() -> None:
    # close=0 leaves only the heuristic's own best keep (ties aside): the playouts never change it
    base = "heuristic:explore=0:fitted=1:power=4"
    for state in _keep_positions(2, 3, seed=8):
        seat = state.current_player()
        view = SeatView(state, seat)
        plain = make_agent(base, state.game, seat, 1).act(view)
        assert make_agent(f"{base}:playouts=2:close=0", state.game, seat, 1).act(view) == plain
