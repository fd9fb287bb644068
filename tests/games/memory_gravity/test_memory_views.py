"""Determinization, observation tensor, views and the heuristic bot of Memory × Gravity."""

from __future__ import annotations

import random
from collections import Counter

from gravity_games import load
from gravity_games.agents import make_agents
from gravity_games.core.play import play_game
from gravity_games.core.registry import entry
from gravity_games.games.gravity_three import posterior_numbers
from gravity_games.games.memory_gravity.tensor import observation_size

from .memory_helpers import memory_state, play


def test_resample_is_the_exact_posterior_of_the_seats_readings() -> None:
    """Seat 0 read K3 once (hard perception, level drawn once): the resampled number of K3 follows the
    posterior of that reading, and the other tokens of black stay a permutation of 1-5."""
    state = memory_state(2, perception="hard")
    play(state, "lift K3")
    outcomes = state.chance_outcomes()
    level = max(outcomes, key=lambda o: o[1])[0]  # the likeliest reading of a 3 (16 g)
    state.apply_action(level)
    game = state.game
    expected = posterior_numbers(game.model, game.grams, [(level, 1)])
    rng = random.Random(11)
    draws = 4000
    counts: Counter[int] = Counter()
    for _ in range(draws):
        sample = state.resample_from_infostate(0, rng)
        assert sorted(sample.token_numbers[:5]) == [1, 2, 3, 4, 5]
        assert sample.observation(0) == state.observation(0)
        counts[sample.token_numbers[2]] += 1
    for number in range(1, 6):
        assert abs(counts[number] / draws - expected[number - 1]) < 0.03, (number, counts, expected)
    assert counts[3] > counts[1]  # the reading is evidence: not a uniform redraw


def test_resample_redraws_what_the_seat_did_not_see() -> None:
    """Seat 1 has no reading, so its resamples vary the numbers; an exact reading pins one down."""
    state = memory_state(2, perception="exact", numbers=[3, 1, 2, 4, 5] * 3)
    play(state, "lift K1")
    rng = random.Random(2)
    seen_by_1 = {tuple(state.resample_from_infostate(1, rng).token_numbers[:5]) for _ in range(40)}
    assert len(seen_by_1) > 10
    assert all(state.resample_from_infostate(0, rng).token_numbers[0] == 3 for _ in range(40))


def test_observation_tensor_has_the_spec_shape_and_follows_the_observation() -> None:
    game = load("memory-gravity", players=3, perception="normal")
    assert game.spec.observation_shape == (observation_size(3),)
    assert observation_size(2) < observation_size(3)  # one slot per possible lift
    state = memory_state(3, perception="normal")
    before = state.observation_tensor(0)
    play(state, "lift R2")
    after_lift = state.observation_tensor(0)
    assert len(before) == len(after_lift) == observation_size(3)
    assert before != after_lift  # a public lift changes the view
    state.apply_action(state.chance_outcomes()[0][0])
    assert state.observation_tensor(0) != after_lift  # and so does the seat's own reading
    assert state.observation_tensor(1)[3:] != state.observation_tensor(0)[3:]  # seat 1 lacks seat 0's reading
    assert state.observation_tensor(1)[:3] == [0.0, 1.0, 0.0]  # the seat is encoded


def test_views_show_readings_only_to_the_lifter() -> None:
    state = memory_state(2, perception="normal")
    play(state, "lift G2")
    state.apply_action(state.chance_outcomes()[-1][0])
    grams = state.observation(0)["readings"]["lifts"][0]["grams"]
    views = entry("memory-gravity")
    assert views.text_view is not None and views.svg_view is not None
    mine = views.text_view(state.observation(0), state.game)
    theirs = views.text_view(state.observation(1), state.game)
    # The grey row shows G2 lifted 1st this turn; the line under it, G2's reading, in G2's column.
    row = next(i for i, line in enumerate(mine.splitlines()) if line.startswith("  grey "))
    grey, notes = mine.splitlines()[row : row + 2]
    assert "G2 [/] [bold yellow]1st[/]" in grey and f"[bold] {grams:.1f} g" in notes
    assert f"{grams:.1f} g" not in theirs and "1st" in theirs
    svg = views.svg_view(state.observation(0), state.game)
    assert svg.startswith("<svg") and svg.rstrip().endswith("</svg>") and f"{grams:.1f}" in svg
    assert f"{grams:.1f}" not in views.svg_view(state.observation(1), state.game)
    assert state.log(1)[-1] == "Seat 0 lifts G2." and state.log(0)[-1].startswith("Seat 0 feels G2 at")


def test_heuristic_beats_random() -> None:
    game = load("memory-gravity", players=2)
    wins = 0
    games = 40
    for seed in range(games):
        seat = seed % 2
        specs = ["random", "random"]
        specs[seat] = "heuristic"
        state, _ = play_game(game, make_agents(specs, game, seed), seed)
        outcome = state.outcome()
        assert outcome is not None
        wins += seat in outcome.winners
    assert wins / games > 0.65
