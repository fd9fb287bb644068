"""The reading tables a Gravity Three game builds from its perception parameter."""

from __future__ import annotations

import random

from gravity_games.games.gravity_three import load_components
from gravity_games.games.gravity_three.perception import PerceptionReadings, draw_outcome


def test_the_tables_are_the_models_outcomes_by_number_and_by_mass() -> None:
    readings = PerceptionReadings(load_components(), "normal")
    assert not readings.exact
    for number, grams in enumerate(readings.grams, 1):
        outcomes = readings.number_outcomes[number - 1]
        assert outcomes == tuple(readings.model.outcomes(grams))
        assert readings.number_levels[number - 1] == {level for level, _ in outcomes}
        assert abs(sum(p for _, p in outcomes) - 1.0) < 1e-9
    stack = readings.grams[0] + readings.grams[4]
    by_mass, levels = readings.outcomes_of_mass(stack)
    assert by_mass == tuple(readings.model.outcomes(stack)) and levels == {level for level, _ in by_mass}
    assert readings.outcomes_of_mass(stack)[0] is by_mass  # computed once per mass


def test_exact_perception_reads_the_true_mass_without_chance() -> None:
    readings = PerceptionReadings(load_components(), "exact")
    assert readings.exact
    for number, grams in enumerate(readings.grams, 1):
        level = readings.exact_levels[number - 1]
        assert readings.number_outcomes[number - 1] == ((level, 1.0),)
        assert readings.reading_grams(level) == grams
        assert readings.reading_text(level) == f"{grams:.1f}"


def test_a_drawn_outcome_follows_the_inverse_cdf() -> None:
    outcomes = ((7, 0.25), (8, 0.5), (9, 0.25))
    rng = random.Random(5)
    draws = [draw_outcome(outcomes, rng) for _ in range(2000)]
    assert set(draws) == {7, 8, 9}
    assert 0.45 < draws.count(8) / len(draws) < 0.55
