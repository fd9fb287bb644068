"""Hints: best moves with win chances, from the person's own information only."""

from __future__ import annotations

import pytest

from gravity_games import InvalidParameterError, load
from gravity_games.agents.hints import hints
from gravity_games.core.agent import SeatView


def test_hints_rank_the_forced_win_first_with_a_high_chance() -> None:
    game = load("toy-nim", players=2)
    result = hints(SeatView(game.new_initial_state(), 0), seconds=0.3, top=3, seed=1)
    assert result[0][0] == 2
    assert len(result) == 3
    assert result[0][1] > 0.8
    assert all(0.0 <= p <= 1.0 for _, p in result)


def test_hints_respect_top_and_legal_moves() -> None:
    game = load("toy-cards", players=2)
    state = game.new_initial_state()
    state.apply_action(9)
    state.apply_action(2)
    result = hints(SeatView(state, 0), seconds=0.05, top=1, seed=0)
    assert result == [(1, 1.0)]  # stay with the 9: certain win


@pytest.mark.parametrize(("kwargs", "needle"), [({"seconds": 0}, "seconds"), ({"top": 0}, "top")])
def test_hints_reject_bad_budgets(kwargs: dict[str, float], needle: str) -> None:
    game = load("toy-nim", players=2)
    with pytest.raises(InvalidParameterError, match=needle):
        hints(SeatView(game.new_initial_state(), 0), **kwargs)


def _choice_position(game_id: str) -> SeatView:
    import random

    from gravity_games.core.api import CHANCE, sample_chance

    state = load(game_id).new_initial_state()
    rng = random.Random(2)
    while True:
        if state.current_player() == CHANCE:
            state.apply_action(sample_chance(state, rng))
            continue
        legal = state.legal_actions()
        if len(legal) > 2:
            return SeatView(state, state.current_player())
        state.apply_action(legal[rng.randrange(len(legal))])


@pytest.mark.parametrize("game_id", ["doubt-gravity", "comparison-gravity"])
def test_hints_come_from_the_hard_level_and_say_when_they_are_unsure(game_id: str) -> None:
    from gravity_games.agents.hints import advice

    view = _choice_position(game_id)
    quick = advice(view, seconds=0.001, top=2, seed=3)
    assert [a for a, _ in quick.moves] and all(a in view.legal_actions() for a, _ in quick.moves)
    assert all(0.0 <= p <= 1.0 for _, p in quick.moves)
    # A thousandth of a second cannot give many playouts per move: the hint says so.
    assert quick.unsure and quick.reason
    # hints() is the same answer without the doubt (timed searches differ run to run in their figures).
    assert hints(view, seconds=0.001, top=2, seed=3)[0][0] in view.legal_actions()


def test_calibration_deciles_compare_observed_wins_with_the_predictions() -> None:
    from gravity_games.agents.hints import calibration_deciles

    rows = [{"predicted": 0.15, "won": i < 2} for i in range(10)]  # 20 % observed, 15 % predicted
    rows += [{"predicted": 0.85, "won": i < 5} for i in range(10)]  # 50 % observed, 85 % predicted
    rows += [{"predicted": 1.0, "won": True}]
    table = calibration_deciles(rows, bins="tenths")
    assert len(table) == 10 and sum(t["positions"] for t in table) == len(rows)
    low, high = table[1], table[8]
    assert low["positions"] == 10 and low["observed"] == pytest.approx(0.2) and low["within_10_points"]
    assert high["observed"] == pytest.approx(0.5) and not high["within_10_points"]
    assert high["low"] < 0.5 < high["high"]
    assert table[9]["positions"] == 1 and table[9]["observed"] == 1.0
    assert table[4]["positions"] == 0


def test_calibration_deciles_by_default_are_ten_equal_groups_of_positions_by_predicted_chance() -> None:
    from gravity_games.agents.hints import calibration_deciles

    # 200 positions: predictions 0.00-0.99 twice; the top half of them won, the bottom half lost.
    rows = [{"predicted": (i % 100) / 100, "won": i % 100 >= 50} for i in range(200)]
    table = calibration_deciles(rows)
    assert [t["positions"] for t in table] == [20] * 10
    assert [t["observed"] for t in table] == [0.0] * 5 + [1.0] * 5
    assert table[0]["from"] == 0.0 and table[0]["to"] == pytest.approx(0.09)
    assert table[2]["mean_predicted"] == pytest.approx(0.245)
    # The middle deciles predict about a quarter / three quarters and see none / all: they fail.
    assert [t["within_10_points"] for t in table] == [True, False, False, False, False] + [False] * 4 + [True]
    with pytest.raises(ValueError, match="bins"):
        calibration_deciles(rows, bins="fifths")


def test_playout_hints_give_fresh_means_of_the_chosen_moves_not_their_selection_means(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The best of several noisy means is too high: the figure shown comes from worlds of its own."""
    from gravity_games.agents import hints as hint_module
    from gravity_games.agents.playouts import MoveValue, PlayoutAgent

    view = _choice_position("doubt-gravity")
    legal = view.legal_actions()
    calls: list[tuple[int, list[int], float | None, int]] = []

    def evaluate(self: PlayoutAgent, view: object, seed: int, candidates: list[int]) -> list[MoveValue]:
        calls.append((seed, list(candidates), self.seconds, self.worlds))
        if len(calls) == 1:  # selection: the last legal move looks best on 5 lucky playouts
            return [MoveValue(a, 5, 0.9 if a == legal[-1] else 0.4) for a in candidates]
        return [MoveValue(a, 40, 0.5 if a == legal[-1] else 0.3) for a in candidates]

    monkeypatch.setattr(PlayoutAgent, "evaluate", evaluate)
    advice = hint_module.advice(view, seconds=1.0, top=2, seed=4, budget=600)
    assert len(calls) == 2
    select_seed, select_moves, select_seconds, select_worlds = calls[0]
    fresh_seed, fresh_moves, fresh_seconds, fresh_worlds = calls[1]
    assert select_moves == legal and fresh_moves[0] == legal[-1] and len(fresh_moves) == 2
    assert fresh_seed != select_seed  # other worlds, other luck
    # The budget's playouts: the selection's share over the legal moves, the estimate's over ESTIMATE_MOVES.
    share = hint_module.ESTIMATE_SHARE
    assert select_worlds == round(600 * (1 - share) / len(legal))
    assert fresh_worlds == round(600 * share / hint_module.ESTIMATE_MOVES)
    # The time cap is split the same way; what the selection leaves goes to the estimate.
    assert select_seconds == pytest.approx(1.0 - share)
    assert fresh_seconds is not None and share <= fresh_seconds <= 1.0
    best = advice.moves[0][0]
    assert best == legal[-1]
    doubt = hint_module.DOUBT
    assert advice.raw[0] == pytest.approx((0.5 * 40 + doubt) / (40 + 2 * doubt), abs=1e-4)
    assert advice.raw[1] == pytest.approx((0.3 * 40 + doubt) / (40 + 2 * doubt), abs=1e-4)
    assert advice.samples == 40
    # What is shown is that fresh figure through the game's calibration map (if it has one).
    for (_, shown), raw in zip(advice.moves, advice.raw, strict=True):
        assert shown == pytest.approx(hint_module.calibrated("doubt-gravity", 2, raw), abs=1e-4)


def test_tied_predictions_are_spread_over_the_deciles_not_kept_in_collection_order() -> None:
    """Positions of one game come one after another and their outcomes go together: a tie must not
    put a run of them into one decile."""
    from gravity_games.agents.hints import calibration_deciles

    rows = [{"predicted": 0.5, "won": i < 200} for i in range(400)]  # the first 200 (one 'game') won
    table = calibration_deciles(rows)
    assert [t["positions"] for t in table] == [40] * 10
    assert all(0.0 < t["observed"] < 1.0 for t in table)
    assert sum(t["within_10_points"] for t in table) >= 8  # each decile about half won, as predicted
    assert calibration_deciles(rows) == table  # the order of ties is seeded: the same rows, the same table
