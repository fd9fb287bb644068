"""The core's own promises, on a toy game that lives in the tests."""

from __future__ import annotations

import json
import random

import pytest

from gravity_games import CHANCE, GameRecord, IllegalActionError, InvalidParameterError, InvalidStateError
from gravity_games.core.agent import SeatView
from gravity_games.core.api import Param, normalise, sample_chance
from gravity_games.core.seeding import derive_seed

from .toy import ToyGame, ToyState


def test_players_and_parameters_are_checked() -> None:
    with pytest.raises(InvalidParameterError, match="2-3 players, got 4"):
        ToyGame(players=4)
    with pytest.raises(InvalidParameterError, match="whole number"):
        ToyGame(players="two")  # type: ignore[arg-type]
    with pytest.raises(InvalidParameterError, match=r"'target' got 50; allowed: a number from 2 to 20"):
        ToyGame(players=2, target=50)
    with pytest.raises(InvalidParameterError, match="one of 'standard', 'fast'"):
        ToyGame(players=2, variant="slow")
    with pytest.raises(InvalidParameterError, match="no parameter 'speed'"):
        ToyGame(players=2, speed=3)
    game = ToyGame(players=3, target=7)
    assert game.spec.values == {"target": 7, "variant": "standard"}
    assert game.spec.variants == ("standard", "fast")


def test_param_parse_from_text() -> None:
    p = Param("n", 3, "a number", kind=int, low=1, high=5)
    assert p.parse("4") == 4
    with pytest.raises(InvalidParameterError, match="got 'x'"):
        p.parse("x")
    flag = Param("f", False, "a flag", kind=bool)
    assert flag.parse("yes") is True and flag.parse("off") is False
    names = Param("names", None, "list", kind=tuple, nullable=True)
    assert names.parse("a, b") == ("a", "b") and names.parse("random") is None


def test_illegal_action_leaves_the_state_untouched() -> None:
    state = ToyGame(players=2).new_initial_state()
    before = json.dumps(state.to_json(), sort_keys=True)
    for bad in (2, -1, 99, True, "0"):
        with pytest.raises(IllegalActionError) as err:
            state.apply_action(bad)  # type: ignore[arg-type]
        assert str(err.value)
    assert json.dumps(state.to_json(), sort_keys=True) == before
    with pytest.raises(IllegalActionError, match=r"legal: step 1 \[0\], step 2 \[1\]"):
        state.apply_action(5)


def test_clone_is_copy_on_write() -> None:
    state = ToyGame(players=2).new_initial_state()
    state.apply_action(1)
    copy = state.clone()
    copy.apply_action(0)
    assert state.history() == [1] and copy.history() == [1, 0]
    assert state.log() == ["seat 0 moves 2"]
    state.apply_action(1)
    assert copy.history() == [1, 0] and state.history() == [1, 1]


def test_private_log_lines_reach_only_their_seat() -> None:
    state = ToyGame(players=2).new_initial_state()
    state.apply_action(0)
    state.apply_action(1)  # chance: seat 0's private bonus
    assert state.log() == ["seat 0 moves 1"]
    assert state.log(0) == ["seat 0 moves 1", "seat 0 draws a bonus of 1"]
    assert state.log(1) == ["seat 0 moves 1"]
    assert state.full_log()[-1] == "[seat 0 only] seat 0 draws a bonus of 1"
    rebuilt = state.game.state_from_json(json.loads(json.dumps(state.to_json())))
    assert rebuilt.log(0) == state.log(0) and rebuilt.log(1) == state.log(1)


def test_lazy_log_lines_read_as_text_everywhere() -> None:
    state = ToyGame(players=2).new_initial_state()
    state.apply_action(0)
    copy = state.clone()
    # an engine's hot path may append (format, *args) and leave the text to the readers
    copy._unshare()
    copy._log.append(("%s tokens move from %s (100%%)", 2, "the Shack"))
    line = "2 tokens move from the Shack (100%)"
    assert copy.log() == copy.log(1) == ["seat 0 moves 1", line]
    assert copy.full_log()[-1] == line
    assert copy.to_json()["log"][-1] == line
    rebuilt = copy.game.state_from_json(json.loads(json.dumps(copy.to_json())))
    assert rebuilt.log() == copy.log() and rebuilt.to_json() == copy.to_json()
    assert state.log() == ["seat 0 moves 1"]  # the clone's line stays its own


def test_note_later_keeps_a_line_as_data_until_it_is_read() -> None:
    state = ToyGame(players=2).new_initial_state()
    state.apply_action(0)
    copy = state.clone()
    copy._note_later("%s tokens move from %s (100%%)", 2, "the Shack")
    line = "2 tokens move from the Shack (100%)"
    assert copy._log[-1] == ("%s tokens move from %s (100%%)", 2, "the Shack")
    assert copy.log() == copy.log(0) == ["seat 0 moves 1", line]
    assert copy.full_log()[-1] == line and copy.to_json()["log"][-1] == line
    assert state.log() == ["seat 0 moves 1"]  # the log shared with the clone was copied first


def test_a_private_line_kept_as_data_is_read_by_its_seat_only() -> None:
    state = ToyGame(players=2).new_initial_state()
    state.apply_action(0)
    copy = state.clone()
    copy._note_private_later(1, "Seat %s feels %s at %s g.", 1, "the Moon", 7)
    line = "Seat 1 feels the Moon at 7 g."
    assert copy._log[-1] == (1, "Seat %s feels %s at %s g.", 1, "the Moon", 7)
    assert copy.log(1) == ["seat 0 moves 1", line]
    assert copy.log() == copy.log(0) == ["seat 0 moves 1"]  # hidden from the others and the public
    assert copy.full_log()[-1] == f"[seat 1 only] {line}"
    assert copy.to_json()["log"][-1] == [1, line]  # the document holds the same text _note would have
    rebuilt = copy.game.state_from_json(json.loads(json.dumps(copy.to_json())))
    assert rebuilt.log(1) == copy.log(1) and rebuilt.to_json() == copy.to_json()
    assert state.log(1) == ["seat 0 moves 1"]  # the log shared with the clone was copied first


def test_a_refused_chance_action_names_the_outcomes_and_changes_nothing() -> None:
    state = ToyGame(players=2).new_initial_state()
    state.apply_action(0)  # now a chance step
    before = json.dumps(state.to_json(), sort_keys=True)
    with pytest.raises(IllegalActionError, match=r"action 7 is illegal for chance: .*legal: .*\[0\], .*\[1\]"):
        state.apply_action(7)
    assert json.dumps(state.to_json(), sort_keys=True) == before
    state.apply_action(1)
    assert state.history() == [0, 1]


def test_notation_both_ways() -> None:
    state = ToyGame(players=2).new_initial_state()
    assert state.string_to_action("STEP 2") == 1
    assert state.string_to_action("  step   1 ") == 0
    with pytest.raises(IllegalActionError, match="ambiguous"):
        state.string_to_action("step")
    with pytest.raises(IllegalActionError, match="not legal now; legal moves: step 1, step 2"):
        state.string_to_action("jump")


def test_state_documents_are_validated() -> None:
    game = ToyGame(players=2)
    doc = game.new_initial_state().to_json()
    assert game.state_from_json(json.dumps(doc)).to_json() == doc
    with pytest.raises(InvalidStateError, match="for game 'other'"):
        game.state_from_json({**doc, "game": "other"})
    with pytest.raises(InvalidStateError, match="3 players"):
        game.state_from_json({**doc, "players": 3})
    with pytest.raises(InvalidStateError, match="version 9"):
        game.state_from_json({**doc, "version": 9})
    with pytest.raises(InvalidStateError, match="malformed state document"):
        game.state_from_json({**doc, "state": {"scores": [0, 0]}})
    with pytest.raises(InvalidStateError, match="log"):
        game.state_from_json({**doc, "log": [3]})


def test_records_replay_and_refuse_bad_documents() -> None:
    game = ToyGame(players=2)
    state = game.new_initial_state()
    rng = random.Random(4)
    while not state.is_terminal():
        if state.current_player() == CHANCE:
            state.apply_action(sample_chance(state, rng))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    record = GameRecord.from_state(state, seed=4)
    assert record.to_json()["params"] == {"players": 2, "target": 5, "variant": "standard"}
    for bad, message in (
        ("[]", "JSON object"),
        ('{"game": "x"}', "lacks params, actions"),
        ('{"game": "x", "params": {}, "actions": ["a"]}', "integer action ids"),
        ('{"game": "x", "params": {}, "actions": [], "seed": "s"}', "seed"),
    ):
        with pytest.raises(InvalidStateError, match=message):
            GameRecord.from_json(bad)


def test_seat_view_hides_the_state() -> None:
    state = ToyGame(players=2).new_initial_state()
    view = SeatView(state, 1)
    assert view.observation() == state.observation(1)
    assert not hasattr(view, "state") and not hasattr(view, "_state")
    assert isinstance(view.sample_state(random.Random(0)), ToyState)


def test_seeds_and_chance() -> None:
    assert derive_seed(1, "game", 2) == derive_seed(1, "game", 2)
    assert len({derive_seed(1, "game", i) for i in range(1000)}) == 1000
    assert normalise([(3, 1.0), (1, 1.0), (3, 2.0), (2, 0.0)]) == [(1, 0.25), (3, 0.75)]
    state = ToyGame(players=2).new_initial_state()
    state.apply_action(0)
    draws = [sample_chance(state, random.Random(i)) for i in range(400)]
    assert 150 < sum(draws) < 250
