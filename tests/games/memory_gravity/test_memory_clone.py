"""A reading completes the pending lift in place: a clone taken before it must keep its own lift."""

from __future__ import annotations

from gravity_games.games.memory_gravity.state import PENDING

from .memory_helpers import memory_state


def test_a_reading_after_a_clone_leaves_the_clone_pending_and_its_log_unchanged() -> None:
    state = memory_state(perception="normal")
    state.apply_action(state.legal_actions()[0])  # lift K1: its reading is a chance node
    clone = state.clone()
    level, _ = state.chance_outcomes()[0]
    state.apply_action(level)
    assert state.lifts[-1].level == level
    assert clone.lifts[-1].level == PENDING
    assert clone.to_json()["state"]["lifts"][-1][2] == PENDING
    other, _ = clone.chance_outcomes()[-1]
    clone.apply_action(other)
    assert (state.lifts[-1].level, clone.lifts[-1].level) == (level, other) and level != other
    assert clone.log(0)[-1] != state.log(0)[-1]  # each position's own private reading line
