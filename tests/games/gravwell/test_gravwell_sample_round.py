"""The rulebook's "Sample Game Round and Examples of Movement", phase by phase, as JSON state tests.

Blue (seat 0, The Champion), Red (seat 1, Rayken) and Yellow (seat 2, Lehamarn); the Classic variant,
because the sample uses only the Emergency Stop. The rulebook names Blue's six cards (Argon, Lithium,
Jodium, Yttrium, Hydrogen, Xenon) and Yellow's Boron and Red's Iridium in phase 2; the other cards of
Red and Yellow are chosen so that every position the text states comes out (Red on space 6 after
phase 1, back in the Inner Warp Gate after phase 2, Blue on 15 after phase 3, surrounded in phase 5).
"""

from __future__ import annotations

from .gravwell_scenario import fields, go_until_choice, play, state

SHIPS = ["The Champion", "Rayken", "Lehamarn"]
HANDS = [["A", "Li", "Jo", "Y", "H", "Xe"], ["F", "Ir", "Dy", "Mg", "Kr", "U"], ["C", "B", "Es", "O", "Ga", "Th"]]


def test_phase_1_moving_out_of_a_warp_gate() -> None:
    """All ships in the Inner Warp Gate; the only objects are Space Junk; C, F, H resolve in order."""
    st = state(3, ship=SHIPS, hands=HANDS)
    play(st, "play H", "play F", "play C")
    # resolution order C (Yellow), F (Red), H (Blue): each owner may first use its Emergency Stop
    assert fields(st, "order", "stage", "actor") == {"order": [2, 1, 0], "stage": "own", "actor": 2}
    go_until_choice(st)
    assert fields(st, "pos", "phase", "stage", "last_cards") == {
        "pos": [4, 6, 3],
        "phase": 2,
        "stage": "choose",
        "last_cards": ["H", "F", "C"],
    }


def test_phase_2_moving_towards_the_nearest_object() -> None:
    """B (Yellow) 3->5; Ir (Red) pulled back 6 toward Yellow into the Inner Warp Gate; Y (Blue) 4->12."""
    st = state(
        3,
        phase=2,
        ship=SHIPS,
        pos=[4, 6, 3],
        hands=[["A", "Li", "Jo", "Y", "Xe"], ["Ir", "Dy", "Mg", "Kr", "U"], ["B", "Es", "O", "Ga", "Th"]],
    )
    play(st, "play Y", "play Ir", "play B")
    assert fields(st, "order") == {"order": [2, 1, 0]}
    go_until_choice(st)
    assert fields(st, "pos") == {"pos": [12, 0, 5]}
    # "As soon as a card has resolved, discard it into a common discard pile": face up for everyone
    assert fields(st, "discards") == {"discards": ["Y", "Ir", "B"]}
    assert st.observation(1)["discards"] == ["B", "Ir", "Y"]


def test_phase_3_repulsor_movement() -> None:
    """Dy (Red) leaves the gate toward Yellow and drifts past it; Es (Yellow); Xe (Blue) pushed on to 15."""
    st = state(
        3,
        phase=3,
        ship=SHIPS,
        pos=[12, 0, 5],
        hands=[["A", "Li", "Jo", "Xe"], ["Dy", "Mg", "Kr", "U"], ["Es", "O", "Ga", "Th"]],
    )
    play(st, "play Xe", "play Dy", "play Es")
    go_until_choice(st)
    assert fields(st, "pos") == {"pos": [15, 6, 7]}


def test_phase_4_emergency_stop() -> None:
    """Blue's Lithium resolves first and would pull it back toward Yellow: Emergency Stop cancels it."""
    st = state(3, phase=4, ship=SHIPS, pos=[15, 6, 7], hands=[["A", "Li", "Jo"], ["Mg", "Kr", "U"], ["O", "Ga", "Th"]])
    play(st, "play Li", "play Mg", "play O")
    assert fields(st, "stage", "actor", "resolving") == {"stage": "own", "actor": 0, "resolving": 0}
    play(st, "emergency stop")
    assert fields(st, "pos", "charged", "es_used")["pos"] == [15, 6, 7]
    assert fields(st, "charged")["charged"][0][0] is False
    go_until_choice(st)  # the opponents still resolve their cards as usual
    assert fields(st, "pos") == {"pos": [15, 16, 14]}


def test_phase_5_in_the_middle_tie_counts_objects() -> None:
    """Blue on 15 between Yellow (14) and Red (16): both 1 away, three objects ahead against one behind,
    so Argon pulls Blue forward, onto Red, and it drifts one more space to 17."""
    st = state(
        3,
        phase=5,
        ship=SHIPS,
        pos=[15, 16, 14],
        es_used=[True, False, False],
        charged=[[False, False, False, False], [True, False, False, False], [True, False, False, False]],
        hands=[["A", "Jo"], ["Kr", "U"], ["Ga", "Th"]],
    )
    play(st, "play A", "play Kr", "play Ga")
    assert fields(st, "pos", "resolving", "stage") == {"pos": [17, 16, 14], "resolving": 2, "stage": "own"}


def test_phase_6_multipoint_tractor_beam() -> None:
    """Jodium resolves first: Red (nearest) is pulled 2 onto Blue and drifts ahead of it, then Yellow,
    then each Space Junk, all 2 spaces toward Blue. Nobody may use an Emergency Stop against it."""
    st = state(3, phase=6, ship=SHIPS, pos=[17, 15, 12], hands=[["Jo"], ["U"], ["Th"]])
    play(st, "play Jo", "play U", "play Th")
    assert fields(st, "stage", "actor") == {"stage": "own", "actor": 0}  # only Blue's own window
    play(st, "go")
    assert fields(st, "pos", "junk") == {"pos": [17, 18, 14], "junk": [24, 34]}
    assert any("drifting" in line for line in st.log())


def test_end_of_the_sample_round_recharges_the_emergency_stop_and_mines() -> None:
    """A round ends when all six cards are played: used Emergency Stops recharge, then rounds 2-6 are
    mined: 2 x players stacks of three cards from the shuffled full deck."""
    st = state(
        3,
        phase=6,
        ship=SHIPS,
        pos=[17, 15, 12],
        hands=[["Jo"], ["U"], ["Th"]],
        es_used=[True, False, False],
        charged=[[False, False, False, False], [True, False, False, False], [True, False, False, False]],
    )
    play(st, "play Jo", "play U", "play Th")
    go_until_choice(st)
    got = fields(st, "stage", "round", "charged", "stacks", "es_used")
    assert got["stage"] == "form" and got["round"] == 2
    assert [c[0] for c in got["charged"]] == [True, True, True]
    assert got["stacks"] == [[None, None, None]] * 6 and got["es_used"] == [False, False, False]
    assert len(st.chance_outcomes()) == 26
