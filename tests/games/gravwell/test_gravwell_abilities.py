"""Each reconstructed Ship Ability Card, as JSON state -> the ability used -> the state expected.

Unless said otherwise the other ships wait in the Inner Warp Gate and play Standard Repulsors, which do
not move a ship in a gate, so only the ability under test changes the board.
"""

from __future__ import annotations

from .gravwell_scenario import fields, play, state

NONE = [False] * 4
ES = [True, False, False, False]


def charged(slot: int) -> list[bool]:
    row = [False] * 4
    row[slot] = True
    return row


def legal_texts(st) -> list[str]:
    return [st.action_to_string(a) for a in st.legal_actions()]


def test_afterburner_adds_three_spaces_to_a_standard_beam() -> None:
    st = state(
        2,
        "standard",
        phase=6,
        ship=["Rayken", "Gracie"],
        pos=[10, 0],
        hands=[["B"], ["Ne"]],
        charged=[charged(1), NONE],
    )
    play(st, "play B", "play Ne")
    assert legal_texts(st) == ["go", "use Afterburner"]
    play(st, "use Afterburner")
    assert fields(st, "pos") == {"pos": [15, 0]}


def test_swap_paint_swaps_with_the_nearest_ship_ahead_within_the_card_value() -> None:
    st = state(
        3,
        "standard",
        phase=6,
        ship=["Rayken", "Gracie", "RC71"],
        pos=[10, 13, 0],
        hands=[["C"], ["Zr"], ["Ne"]],
        charged=[charged(2), ES, NONE],
    )
    play(st, "play C", "play Zr", "play Ne")
    play(st, "use Swap Paint")
    assert fields(st, "pos", "resolving", "stage") == {"pos": [13, 10, 0], "resolving": 1, "stage": "own"}


def test_swap_paint_is_not_offered_without_a_ship_in_reach() -> None:
    st = state(
        3,
        "standard",
        phase=6,
        ship=["Rayken", "Gracie", "RC71"],
        pos=[10, 14, 0],
        hands=[["C"], ["Zr"], ["Ne"]],
        charged=[[True, False, True, False], ES, NONE],
    )
    play(st, "play C", "play Zr", "play Ne")
    assert legal_texts(st) == ["go", "emergency stop"]


def test_slipstream_answers_a_beam_that_would_pull_the_ship_back() -> None:
    st = state(
        2,
        "standard",
        phase=6,
        ship=["Rayken", "Gracie"],
        pos=[20, 10],
        hands=[["Zr"], ["Jo"]],
        charged=[[True, False, False, True], NONE],
    )
    play(st, "play Zr", "play Jo")
    assert fields(st, "stage", "actor") == {"stage": "response", "actor": 0}
    assert legal_texts(st) == ["pass", "use Slipstream"]
    play(st, "use Slipstream")
    assert fields(st, "pos", "junk", "stage", "resolving") == {
        "pos": [20, 10],
        "junk": [24, 34],
        "stage": "own",
        "resolving": 0,
    }


def test_redirect_sends_another_ships_standard_beam_the_other_way() -> None:
    st = state(
        2,
        "standard",
        phase=6,
        ship=["Rayken", "RC71"],
        pos=[10, 30],
        hands=[["B"], ["Zr"]],
        charged=[NONE, [True, True, False, False]],
    )
    play(st, "play B", "play Zr")
    assert fields(st, "stage", "actor") == {"stage": "response", "actor": 1}
    play(st, "use Redirect")
    assert fields(st, "pos", "resolving") == {"pos": [8, 30], "resolving": 1}


def test_vanish_makes_the_ship_no_source_of_gravity() -> None:
    """Rayken's Boron would pull it back toward RC71 (2 behind); RC71 vanishes, so the nearest object is
    the Space Junk on 26 and Rayken moves forward instead."""
    st = state(
        2,
        "standard",
        phase=6,
        ship=["Rayken", "RC71"],
        pos=[10, 8],
        hands=[["B"], ["Zr"]],
        charged=[NONE, [True, False, True, False]],
    )
    play(st, "play B", "play Zr")
    play(st, "use Vanish")
    assert fields(st, "pos", "cloaked", "resolving") == {"pos": [12, 8], "cloaked": [False, True], "resolving": 1}


def test_jam_stops_another_players_multipoint_beam() -> None:
    st = state(
        2,
        "standard",
        phase=6,
        ship=["Rayken", "RC71"],
        pos=[10, 20],
        hands=[["Jo"], ["Zr"]],
        charged=[NONE, [True, False, False, True]],
    )
    play(st, "play Jo", "play Zr")
    assert legal_texts(st) == ["pass", "use Jam"]
    play(st, "use Jam")
    assert fields(st, "pos", "junk", "resolving") == {"pos": [10, 20], "junk": [26, 36], "resolving": 1}


def test_preact_takes_the_card_back_and_plays_another_after_the_reveal() -> None:
    st = state(
        2,
        "standard",
        phase=5,
        ship=["T'Rang", "Rayken"],
        pos=[10, 0],
        hands=[["A", "Zr"], ["Ne", "Kr"]],
        charged=[charged(1), ES],
    )
    play(st, "play A", "play Ne")
    assert fields(st, "stage", "actor", "revealed") == {"stage": "reveal", "actor": 0, "revealed": True}
    play(st, "use Preact")
    assert legal_texts(st) == ["instead Zr"]
    play(st, "instead Zr")
    assert fields(st, "chosen", "known", "order") == {
        "chosen": ["Zr", "Ne"],
        "known": [["A"], []],
        "order": [1, 0],
    }  # Rayken's Ne now resolves first
    assert st.observation(1)["ships"][0]["known_cards"] == ["A"]


def test_echo_drive_resolves_the_card_twice() -> None:
    st = state(
        2,
        "standard",
        phase=6,
        ship=["T'Rang", "Rayken"],
        pos=[10, 0],
        hands=[["B"], ["Ne"]],
        charged=[charged(2), NONE],
    )
    play(st, "play B", "play Ne", "use Echo Drive")
    assert fields(st, "pos") == {"pos": [14, 0]}


def test_foresight_makes_the_card_resolve_last() -> None:
    st = state(
        3,
        "standard",
        phase=6,
        ship=["T'Rang", "Rayken", "Gracie"],
        pos=[10, 0, 0],
        hands=[["A"], ["Ne"], ["Kr"]],
        charged=[[True, False, False, True], NONE, NONE],
    )
    play(st, "play A", "play Ne", "play Kr")
    play(st, "use Foresight")
    assert fields(st, "order", "delayed") == {"order": [2, 1, 0], "delayed": [0]}


def test_root_keeps_lehamarn_in_place_against_a_multipoint_beam() -> None:
    st = state(
        2,
        "standard",
        phase=6,
        ship=["Rayken", "Lehamarn"],
        pos=[10, 20],
        hands=[["Jo"], ["Zr"]],
        charged=[NONE, [True, True, False, False]],
    )
    play(st, "play Jo", "play Zr", "use Root")
    assert fields(st, "pos", "junk", "resolving") == {"pos": [10, 20], "junk": [24, 34], "resolving": 1}


def test_flail_turns_a_standard_beam_into_a_multipoint_beam() -> None:
    st = state(
        2,
        "standard",
        phase=6,
        ship=["Lehamarn", "Rayken"],
        pos=[10, 20],
        hands=[["B"], ["Zr"]],
        charged=[charged(2), ES],
    )
    play(st, "play B", "play Zr", "use Flail")
    assert fields(st, "pos", "junk", "resolving") == {"pos": [10, 18], "junk": [24, 34], "resolving": 1}


def test_latch_follows_a_passing_ship_to_the_space_behind_it() -> None:
    st = state(
        2,
        "standard",
        phase=6,
        ship=["Rayken", "Lehamarn"],
        pos=[20, 2],
        hands=[["C"], ["Zr"]],
        charged=[NONE, [True, False, False, True]],
    )
    play(st, "play C", "play Zr")
    assert legal_texts(st) == ["pass", "use Latch"]
    play(st, "use Latch")
    assert fields(st, "pos", "resolving") == {"pos": [23, 22], "resolving": 1}


def test_turn_on_a_dime_reverses_the_standard_beam() -> None:
    st = state(
        2,
        "standard",
        phase=6,
        ship=["The Champion", "Rayken"],
        pos=[14, 12],
        hands=[["B"], ["Zr"]],
        charged=[charged(1), ES],
    )
    play(st, "play B", "play Zr", "use Turn on a Dime")
    assert fields(st, "pos", "resolving") == {"pos": [16, 12], "resolving": 1}


def test_precision_moves_one_space_fewer_or_more() -> None:
    for choice, expected in (("more", 19), ("fewer", 17)):
        st = state(
            2,
            "standard",
            phase=6,
            ship=["The Champion", "Rayken"],
            pos=[10, 0],
            hands=[["W"], ["Ne"]],
            charged=[charged(2), NONE],
        )
        play(st, "play W", "play Ne", "use Precision")
        assert legal_texts(st) == ["fewer", "more"]
        play(st, choice)
        assert fields(st, "pos") == {"pos": [expected, 0]}


def test_waypoint_moves_to_the_farthest_feature_in_reach_drifting_off_junk() -> None:
    """From 20 with Fluorine (6): the Debris Field on 26 is in reach, the Merton Cloud (27) is not; the
    junk still sits on 26, so the ship drifts to 27."""
    st = state(
        2,
        "standard",
        phase=6,
        ship=["The Champion", "Rayken"],
        pos=[20, 0],
        hands=[["F"], ["Ne"]],
        charged=[charged(3), NONE],
    )
    play(st, "play F", "play Ne", "use Waypoint")
    assert fields(st, "pos") == {"pos": [27, 0]}


def test_polarity_inverter_turns_a_repulsor_into_a_tractor() -> None:
    st = state(
        2,
        "standard",
        phase=6,
        ship=["Gracie", "Rayken"],
        pos=[10, 0],
        hands=[["Ne"], ["Kr"]],
        charged=[charged(2), NONE],
    )
    play(st, "play Ne", "play Kr")
    play(st, "use Polarity Inverter")
    assert fields(st, "pos") == {"pos": [16, 0]}


def test_polarity_inverter_without_it_the_repulsor_pushes_back() -> None:
    st = state(
        2,
        "standard",
        phase=6,
        ship=["Gracie", "Rayken"],
        pos=[10, 0],
        hands=[["Ne"], ["Kr"]],
        charged=[charged(2), NONE],
    )
    play(st, "play Ne", "play Kr", "go")
    assert fields(st, "pos") == {"pos": [4, 0]}


def test_overclock_raises_a_multipoint_value_by_two() -> None:
    st = state(
        2,
        "standard",
        phase=6,
        ship=["Gracie", "Rayken"],
        pos=[10, 20],
        hands=[["Jo"], ["Zr"]],
        charged=[charged(3), ES],
    )
    play(st, "play Jo", "play Zr", "use Overclock")
    assert fields(st, "pos", "junk", "resolving") == {"pos": [10, 16], "junk": [22, 32], "resolving": 1}


def test_abilities_charge_from_their_condition() -> None:
    """RC71's Redirect charges when another ship ends a move next to it; Rayken's Afterburner charges
    when it resolves a card of value 3 or less: one card, two ships charged."""
    st = state(2, "standard", phase=6, ship=["Rayken", "RC71"], pos=[10, 13], hands=[["B"], ["Zr"]], charged=[NONE, ES])
    play(st, "play B", "play Zr")
    assert fields(st, "pos", "charged") == {
        "pos": [12, 13],
        "charged": [[False, True, False, False], [True, True, False, False]],
    }
