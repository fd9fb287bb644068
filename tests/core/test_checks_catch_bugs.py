"""The conformance checks must fail on broken games: each test plants one bug in the toy game."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tests.conformance.checks import (
    check_clone_and_json,
    check_illegal_rejected,
    check_observations,
    check_privacy,
    check_resample,
    check_resample_uses_only_the_view,
)

from .toy import ToyGame, ToyState


class LeakyState(ToyState):
    def observation(self, seat: int | None) -> dict[str, Any]:
        obs = super().observation(seat)
        obs["all"] = [{"bonus": b} for b in self.bonus]  # every seat's private bonus, for everyone
        return obs

    def clone(self) -> LeakyState:
        new = super().clone()
        new.__class__ = LeakyState
        return new  # type: ignore[return-value]


class SharingState(ToyState):
    def clone(self) -> SharingState:
        new = super().clone()
        new.__class__ = SharingState
        new.scores = self.scores  # the bug: a shared list
        return new  # type: ignore[return-value]


class MutatingRejectState(ToyState):
    def _explain_illegal(self, action: int) -> str:
        self.scores[0] += 1  # the bug: explaining a refusal changes the state
        return "no"


class PeekingResampleState(ToyState):
    def resample_from_infostate(self, seat: int, rng: random.Random) -> ToyState:
        new = self.clone()
        new.bonus[seat] += 1  # the bug: changes what the seat itself saw
        return new


def advanced(cls: type[ToyState]) -> ToyState:
    state = cls(ToyGame(players=2))
    state.apply_action(1)
    state.apply_action(1)  # chance: seat 0's bonus of 1
    return state


def test_privacy_check_catches_a_leak() -> None:
    state = advanced(LeakyState)
    with pytest.raises(AssertionError, match="leaks into the view of seat 1"):
        check_privacy(state, 2, check_observations(state, 2))


def test_privacy_check_passes_an_honest_game() -> None:
    state = advanced(ToyState)
    check_privacy(state, 2, check_observations(state, 2))


def test_clone_check_catches_shared_data() -> None:
    state = advanced(SharingState)
    with pytest.raises(AssertionError, match="clone changed the original"):
        check_clone_and_json(state, 2, 0)


def test_rejection_check_catches_a_changed_state() -> None:
    state = advanced(MutatingRejectState)
    with pytest.raises(AssertionError, match="changed the state"):
        check_illegal_rejected(state, 2, state.legal_actions())


def test_resample_check_catches_a_changed_view() -> None:
    state = advanced(PeekingResampleState)
    with pytest.raises(AssertionError, match="changed what seat 0 sees"):
        check_resample(state, 2, random.Random(0))


class OrderLeakingResampleState(ToyState):
    """Redraws the other seats' bonuses as a shift of the real ones: the view is kept, the truth leaks."""

    def resample_from_infostate(self, seat: int, rng: random.Random) -> ToyState:
        new = self.clone()
        new.__class__ = OrderLeakingResampleState
        shift = rng.randrange(3)
        for other in range(len(new.bonus)):
            if other != seat:
                new.bonus[other] = self.bonus[other] + shift  # the bug: drawn relative to the truth
        return new


def test_resample_check_catches_a_draw_shaped_by_the_truth() -> None:
    state = advanced(OrderLeakingResampleState)
    state.apply_action(0)
    state.apply_action(1)  # chance: seat 1's bonus of 1, hidden from seat 0
    with pytest.raises(AssertionError, match=r"two worlds seat \d cannot tell apart"):
        check_resample_uses_only_the_view(state, 4, random.Random(3))


def test_resample_view_check_passes_an_honest_game() -> None:
    state = advanced(ToyState)
    check_resample_uses_only_the_view(state, 2, random.Random(3))
