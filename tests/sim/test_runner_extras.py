"""What the runner keeps beyond DESIGN.md's minimum: lead changes and outcome details."""

from __future__ import annotations

from gravity_games.sim import run_batch
from gravity_games.sim.runner import LeadTracker


def test_lead_tracker_counts_new_sole_leaders_and_ignores_ties() -> None:
    tracker = LeadTracker()
    for standings in ([0, 0], [1, 0], [1, 1], [1, 2], [3, 2], [3, 3], [3, 4], [5, 4]):
        tracker.see(standings)
    # leader: seat 0, (tie), seat 1, seat 0, (tie), seat 1, seat 0 -> four changes
    assert tracker.changes == 4


def test_lead_tracker_does_not_count_the_same_leader_after_a_tie() -> None:
    tracker = LeadTracker()
    for standings in ([1, 0], [1, 1], [2, 1]):
        tracker.see(standings)
    assert tracker.changes == 0


def test_batches_keep_lead_changes_where_the_game_has_standings() -> None:
    race = run_batch("toy-race", games=30, players=3, seed=2, keep_games=True)
    assert all(isinstance(g["lead_changes"], int) for g in race["per_game"])
    assert race["mean_lead_changes"] == sum(g["lead_changes"] for g in race["per_game"]) / 30
    nim = run_batch("toy-nim", games=10, players=2, seed=2, keep_games=True)
    assert all(g["lead_changes"] is None for g in nim["per_game"])
    assert "mean_lead_changes" not in nim


def test_cooperative_batches_have_no_lead_changes() -> None:
    doc = run_batch("toy-push", games=10, players=3, seed=1, keep_games=True)
    assert all(g["lead_changes"] is None for g in doc["per_game"])


def test_outcome_details_reach_the_per_game_summaries() -> None:
    doc = run_batch("toy-race", games=20, players=2, seed=5, keep_games=True)
    assert {g["detail"]["finish"] for g in doc["per_game"]} <= {"close", "clear"}
    assert all(g["detail"]["track"] == "short" for g in doc["per_game"])
