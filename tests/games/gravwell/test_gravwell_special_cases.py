"""The rulebook's "Special Cases", each as an explicit JSON state, the action and the state expected."""

from __future__ import annotations

import pytest

from .gravwell_scenario import fields, play, state

NONE = [False] * 4
ES = [True, False, False, False]


def test_equidistant_objects_only_the_counts_matter_hopelessly_stuck() -> None:
    """Nearest objects 2 behind (18) and 2 ahead (22); the next one 4 behind (junk 16), another 11 ahead
    (junk 31): two objects on each side, the distances of the others do not matter, so Argon (first to
    resolve) leaves Blue where it is. Yellow's Y is next, so the state stops at Yellow's window."""
    st = state(3, phase=6, pos=[20, 18, 22], junk=[16, 31], hands=[["A"], ["Zr"], ["Y"]], charged=[NONE, NONE, ES])
    play(st, "play A", "play Zr", "play Y")
    assert fields(st, "pos", "junk", "stage", "resolving") == {
        "pos": [20, 18, 22],
        "junk": [16, 31],
        "stage": "own",
        "resolving": 2,
    }
    assert any("held between equal pulls" in line for line in st.log())


def test_stuck_ship_does_not_move_with_a_repulsor_either() -> None:
    st = state(3, phase=6, pos=[20, 18, 22], junk=[16, 31], hands=[["Kr"], ["Zr"], ["Y"]], charged=[NONE, NONE, ES])
    play(st, "play Kr", "play Zr", "play Y")
    assert fields(st, "pos", "resolving") == {"pos": [20, 18, 22], "resolving": 2}


def test_uneven_counts_break_the_tie_toward_the_larger_side() -> None:
    """Same distances, but a third object ahead: the pull ahead wins and Argon moves Blue forward."""
    st = state(
        4,
        phase=6,
        pos=[20, 18, 22, 40],
        junk=[16, 31],
        hands=[["A"], ["Zr"], ["Y"], ["W"]],
        charged=[NONE, NONE, NONE, ES],
    )
    play(st, "play A", "play Zr", "play Y", "play W")
    assert fields(st, "pos", "resolving") == {"pos": [21, 18, 22, 40], "resolving": 3}


def test_ships_in_a_warp_gate_are_not_moved_by_a_standard_repulsor() -> None:
    """Red's Argon resolves first (Blue in the gate is no object, so Red follows the junk on 26); then
    Blue's Neon would push Blue away from Red, but a ship in a Warp Gate is not moved by a repulsor."""
    st = state(2, phase=6, pos=[0, 10], hands=[["Ne"], ["A"]], charged=[NONE, NONE])
    play(st, "play Ne", "play A")
    assert fields(st, "pos", "stage", "round") == {"pos": [0, 11], "stage": "form", "round": 2}


def test_ships_in_a_warp_gate_are_not_moved_by_a_multipoint_repulsor() -> None:
    """Five players: Americium is a Multipoint Repulsor 2. Seat 1 in the Inner and seat 4 in the Outer
    Warp Gate stay; 17 -> 15; 24 -> 26 is junk, so it drifts to 27; the junk 26 -> 28 and 36 -> 38."""
    st = state(
        5,
        phase=6,
        pos=[20, 0, 17, 24, 54],
        start=["inner"] * 4 + ["outer"],
        hands=[["Am"], ["Zr"], ["Zn"], ["Y"], ["W"]],
        charged=[NONE, NONE, NONE, NONE, ES],
    )
    play(st, "play Am", "play Zr", "play Zn", "play Y", "play W")
    assert fields(st, "pos", "junk", "resolving") == {"pos": [20, 0, 15, 27, 54], "junk": [28, 38], "resolving": 4}


def test_multipoint_tractor_drags_ships_out_of_a_gate_and_the_owner_orders_them() -> None:
    """'If two or more ships are inside a Warp Gate, choose the order in which to move them out.'"""
    st = state(3, phase=6, pos=[10, 0, 0], hands=[["Qt"], ["Zr"], ["Y"]], charged=[NONE, NONE, ES])
    play(st, "play Qt", "play Zr", "play Y")
    assert fields(st, "stage", "actor", "drag") == {"stage": "drag", "actor": 0, "drag": [[1, 2], [6], [7]]}
    assert [st.action_to_string(a) for a in st.legal_actions()] == ["drag Seat 1", "drag Seat 2"]
    play(st, "drag seat 2")
    # seat 2 first lands on 3; seat 1 then lands on 3 too and drifts to 4; then the junk 26 -> 23, 36 -> 33
    assert fields(st, "pos", "junk", "resolving") == {"pos": [10, 4, 3], "junk": [23, 33], "resolving": 2}


def test_emergency_stop_cancels_your_own_multipoint_beam() -> None:
    st = state(3, phase=6, pos=[10, 5, 14], hands=[["Jo"], ["Zr"], ["Y"]], charged=[ES, NONE, ES])
    play(st, "play Jo", "play Zr", "play Y")
    play(st, "emergency stop")
    assert fields(st, "pos", "junk", "resolving", "charged", "es_used") == {
        "pos": [10, 5, 14],
        "junk": [26, 36],
        "resolving": 2,
        "charged": [NONE, NONE, ES],
        "es_used": [True, False, False],
    }


def test_emergency_stop_cannot_prevent_movement_caused_by_other_players() -> None:
    """Red's Jodium resolves first. Blue holds a charged Emergency Stop but gets no window against it:
    after Red's own window the beam moves everything, and the next stop is Blue's window for its W."""
    st = state(3, phase=6, pos=[10, 5, 14], hands=[["W"], ["Jo"], ["Y"]])
    play(st, "play W", "play Jo", "play Y")
    assert fields(st, "stage", "actor") == {"stage": "own", "actor": 1}
    play(st, "go")
    assert fields(st, "pos", "junk", "stage", "actor", "resolving") == {
        "pos": [8, 5, 12],
        "junk": [24, 34],
        "stage": "own",
        "actor": 0,
        "resolving": 0,
    }


def test_a_single_action_may_charge_more_than_one_ability() -> None:
    """Gracie plays Boron (value 2: Overclock) and drifts (Polarity Inverter): both charge at once."""
    st = state(
        3,
        variant="standard",
        phase=6,
        ship=["Gracie", "Rayken", "RC71"],
        pos=[5, 7, 12],
        hands=[["B"], ["Zr"], ["Y"]],
        charged=[ES, NONE, ES],
    )
    play(st, "play B", "play Zr", "play Y")
    play(st, "go")
    assert fields(st, "pos", "charged", "resolving") == {
        "pos": [8, 7, 12],
        "charged": [[True, False, True, True], NONE, ES],
        "resolving": 2,
    }


@pytest.mark.parametrize(("card", "expected_type"), [("Jo", "tractor"), ("Am", "repulsor")])
def test_multiplex_dynamo_converts_a_multipoint_only_to_a_standard_beam_of_the_same_type(
    card: str, expected_type: str
) -> None:
    st = state(
        5,
        variant="standard",
        phase=6,
        ship=["Gracie", "Rayken", "RC71", "T'Rang", "Lehamarn"],
        pos=[10, 12, 0, 0, 0],
        hands=[[card], ["Zr"], ["Y"], ["W"], ["V"]],
        charged=[[False, True, False, False], NONE, NONE, NONE, ES],
    )
    play(st, f"play {card}", "play Zr", "play Y", "play W", "play V")
    assert fields(st, "stage", "actor") == {"stage": "own", "actor": 0}
    play(st, "use Multiplex Dynamo")
    # as a Standard Tractor 2 Gracie moves toward Rayken (12) and drifts past it; as a Standard
    # Repulsor 2 it moves away from Rayken; nothing else moves. Lehamarn's V is next (its window).
    expected = 13 if expected_type == "tractor" else 8
    assert fields(st, "pos", "junk", "resolving") == {"pos": [expected, 12, 0, 0, 0], "junk": [26, 36], "resolving": 4}


def test_multiplex_dynamo_is_not_offered_for_a_standard_beam() -> None:
    st = state(
        3,
        variant="standard",
        phase=6,
        ship=["Gracie", "Rayken", "RC71"],
        pos=[10, 12, 0],
        hands=[["B"], ["Zr"], ["Y"]],
        charged=[[True, True, False, False], [False] * 4, [False] * 4],
    )
    play(st, "play B", "play Zr", "play Y")
    texts = [st.action_to_string(a) for a in st.legal_actions()]
    assert texts == ["go", "emergency stop"]
