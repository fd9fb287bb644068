"""Doubt × Gravity: what each seat sees, the tensor, determinization and the two views."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET

from doubt_helpers import play, three_player_start, two_player_start

from gravity_games.games.doubt_gravity.render_svg import render_svg
from gravity_games.games.doubt_gravity.render_text import render_text
from gravity_games.games.doubt_gravity.state import IN_STACK


def test_own_numbers_are_private_and_others_see_colours_only() -> None:
    state = three_player_start()
    mine = state.observation(0)
    assert mine["hand"] == ["G4", "K2", "K3"]
    for other in (1, 2, None):
        obs = state.observation(other)
        held = [t for t in obs["tokens"] if t["where"] == "seat 0"]
        assert sorted(t["colour"] for t in held) == ["G", "K", "K"]
        assert all(t["number"] is None for t in held)
        assert "hand" not in obs or obs["hand"] != mine["hand"]
    assert state.private_values(0) == {"hand": ["G4", "K2", "K3"]}


def test_readings_are_private_values() -> None:
    state = play(three_player_start(), "roll 3", "place K3", "done", "pass", "pass")
    values = state.private_values(1)
    assert values["readings"][0]["seat"] == 1 and values["readings"][0]["round"] == 1
    assert state.observation(2)["readings"] == []


def test_tensor_has_the_spec_shape_and_follows_the_observation() -> None:
    state = play(two_player_start(), "roll 3")
    size = state.game.spec.observation_shape[0]
    before = state.observation_tensor(0)
    assert len(before) == size
    play(state, "place K3")
    after = state.observation_tensor(0)
    assert len(after) == size and after != before
    # Seat 1 does not know the number of K3, seat 0 does: their tensors differ on it.
    assert state.observation_tensor(1) != after
    assert state.clone().observation_tensor(0) == after


def test_resample_keeps_the_view_and_redraws_hidden_numbers() -> None:
    state = three_player_start()
    rng = random.Random(3)
    seen = set()
    for _ in range(40):
        sample = state.resample_from_infostate(0, rng)
        assert sample.observation(0) == state.observation(0)
        seen.add(tuple(sample.token_numbers))
        # Each colour keeps its five numbers.
        for c in range(3):
            assert sorted(sample.token_numbers[c * 5 : c * 5 + 5]) == [1, 2, 3, 4, 5]
    assert len(seen) > 10


def test_resample_weights_by_the_seats_own_reading() -> None:
    # Exact perception: K3 + G3 weigh 32 g, so a sample fitting the reading sums to 6.
    before = play(three_player_start(), "roll 3", "place K3", "done", "place G3", "done")
    rng = random.Random(11)
    spread = {sum(before.resample_from_infostate(2, rng).token_numbers[p] for p in before.stack) for _ in range(40)}
    assert len(spread) >= 4  # seat 2 has felt nothing yet: many sums fit
    state = play(before.clone(), "pass", "correct", "correct")
    assert state.current_player() == 2
    sums = []
    for _ in range(60):
        sample = state.resample_from_infostate(2, rng)
        assert sample.observation(2) == state.observation(2)
        assert all(sample.token_places[p] == IN_STACK for p in sample.stack)
        sums.append(sum(sample.token_numbers[p] for p in sample.stack))
    assert sum(1 for s in sums if s == 6) >= 54


def test_text_view_hides_others_numbers() -> None:
    state = play(three_player_start(), "roll 3", "place K3", "done")
    text = render_text(state.observation(1), state.game)
    assert "Designated Number" in text and "seat 1 (you)" in text
    assert "K3" not in text  # seat 0's token is face down for seat 1
    assert "G2" in text and "R4" in text  # seat 1's own hand
    assert "K3" in render_text(state.observation(0), state.game)


def test_svg_view_is_well_formed_and_shows_the_stack() -> None:
    state = play(two_player_start(), "roll 4", "place K4", "place K2", "done")
    svg = render_svg(state.observation(0), state.game)
    root = ET.fromstring(svg)
    assert root.tag.endswith("svg")
    texts = "".join(el.text or "" for el in root.iter() if el.tag.endswith("text"))
    assert "K4" in texts and "K2" in texts and "Designated Number: 4" in texts
    assert "2 tokens claimed as 4" in texts and "if true they weigh 38 g" in texts
    assert 'data-region="hand"' in svg
    other = render_svg(state.observation(1), state.game)
    assert "K2<" not in other and "K?" in other
    assert "Seat 0 places tokens claiming 4, or passes." not in other  # seat 0 is done: seat 1 acts
    assert "Your turn (claiming 4): tap a token, then the stack; or tap Pass." in other


def test_views_speak_in_proper_plurals() -> None:
    state = play(two_player_start(), "roll 4", "place K4", "done", "pass", "doubt")
    for seat in (0, 1):
        text = render_text(state.observation(seat), state.game)
        svg = render_svg(state.observation(seat), state.game)
        for view in (text, svg):
            assert "(s)" not in view
    text = render_text(state.observation(1), state.game)
    plain = text.replace("[dim]", "").replace("[/]", "")
    assert "seat 0 · black: 5 tokens" in plain and "seat 1 (you) · grey: 7 tokens" in plain
    assert "round 1, 1 token claimed as 4: seat 1 (you) doubted and turned over K4; seat 1 (you) took it." in text


def test_the_end_names_the_winner_in_words() -> None:
    state = play(two_player_start(max_rounds=1), "roll 4", "pass", "pass")
    assert state.is_terminal()
    text = render_text(state.observation(0), state.game)
    svg = render_svg(state.observation(0), state.game)
    assert "Game over: seat 0 (you) and seat 1 win[/] (round limit: fewest tokens, shared)." in text
    assert "Game over: Seat 0 (you) and seat 1 win (round limit: fewest tokens, shared)." in svg


def test_text_view_warns_when_a_player_is_about_to_go_out() -> None:
    state = play(three_player_start(), "roll 3", "place K3", "place K2", "place G4", "pass", "pass")
    text = render_text(state.observation(1), state.game)
    assert "seat 0 has no tokens left" in text
    setup = render_text(three_player_start().game.new_initial_state().observation(0), state.game)
    assert "setting up" in setup and "no colour yet" in setup


def test_a_resampled_state_has_a_history_that_replays_to_it() -> None:
    """The determinization rewrites the steps that name numbers, so no real number leaks through."""
    state = play(three_player_start(perception="normal"), "roll 3", "place K3", "place G4", "done")
    play(state, "place G2", "done", "pass")
    state.apply_action(max(state.chance_outcomes(), key=lambda o: o[1])[0])
    rng = random.Random(5)
    changed = 0
    for _ in range(20):
        sample = state.resample_from_infostate(2, rng)
        replay = state.game.new_initial_state()
        for action in sample.history():
            replay.apply_action(action)
        assert replay.to_json()["state"] == sample.to_json()["state"]
        changed += sample.history() != state.history()
    assert changed > 0
