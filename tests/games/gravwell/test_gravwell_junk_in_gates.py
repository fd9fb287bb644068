"""Space Junk in the Warp Gates (issue 17): junk moves like a ship, into a gate too, and a gate holds it.

Rulebook sentences carried out here:

- "If you play a Multipoint Beam while in a Warp Gate, all other objects in the Gravwell will move toward
  (and possibly into) the Warp Gate."
- "Throughout the rules, the term 'object' refers to ships and Space Junk."
- "Ships in either Warp Gate do not act as objects (sources of gravity)." / "Do not include ships in Warp
  Gates." / "Multipoint Beams can drag ships out of Warp Gates." / Multipoint Repulsor: "Ships in Warp
  Gates are not affected."

Junk in a gate is read as a ship in a gate (docs/games/gravwell.md, Interpretations).
"""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET

import pytest

from gravity_games import InvalidStateError, load
from gravity_games.core.registry import entry
from gravity_games.games.gravwell.rules_moves import direction_of_gravity

from .gravwell_scenario import body, fields, play, state

NONE = [False] * 4


def test_a_multipoint_tractor_from_a_gate_pulls_space_junk_into_the_gate() -> None:
    """Rulebook: "If you play a Multipoint Beam while in a Warp Gate, all other objects in the Gravwell will
    move toward (and possibly into) the Warp Gate." Blue in the Inner gate plays Qt (Multipoint Tractor 3).
    The junk on 2 is nearest and moves 3 toward the gate: into it (it used to stop on space 1). Red 10 -> 7,
    the junk 36 -> 33. Then Red's Zr (Tractor 7): the junk in the gate is no source of gravity, so Red
    follows the junk on 33, 7 -> 14."""
    st = state(2, phase=6, pos=[0, 10], junk=[2, 36], hands=[["Qt"], ["Zr"]], charged=[NONE, NONE])
    play(st, "play Qt", "play Zr")
    assert fields(st, "pos", "junk") == {"pos": [0, 14], "junk": [0, 33]}
    assert "Space Junk moves from space 2 to the Inner Warp Gate" in st.log()


def test_junk_pushed_past_the_far_end_enters_that_gate() -> None:
    """'Follow the same rule when moving any objects': a Multipoint Repulsor pushes junk on 53 two spaces
    away, into the Outer Warp Gate, as it would push a ship."""
    st = state(2, phase=6, pos=[50, 10], junk=[53, 36], hands=[["Am"], ["Zr"]], charged=[NONE, NONE])
    play(st, "play Am", "play Zr")
    assert fields(st, "junk")["junk"][0] == 54


def test_junk_in_a_gate_is_dragged_out_by_a_multipoint_tractor() -> None:
    """Rulebook: "Multipoint Beams can drag ships out of Warp Gates": junk too. Blue on 10 plays Qt; the junk in the
    Inner gate and Red on 20 are both 10 away, and the one nearer the Inner gate moves first: the junk 0 -> 3,
    Red 20 -> 17, the other junk 36 -> 33."""
    st = state(2, phase=6, pos=[10, 20], junk=[0, 36], hands=[["Qt"], ["Zr"]], charged=[NONE, NONE])
    play(st, "play Qt", "play Zr")
    assert fields(st, "junk") == {"junk": [3, 33]}


def test_junk_in_a_gate_is_not_moved_by_a_multipoint_repulsor() -> None:
    """Multipoint Repulsor: "Ships in Warp Gates are not affected"; junk in a gate stays there too."""
    st = state(2, phase=6, pos=[10, 20], junk=[0, 36], hands=[["Am"], ["Zr"]], charged=[NONE, NONE])
    play(st, "play Am", "play Zr")
    assert fields(st, "junk") == {"junk": [0, 38]}


def test_junk_sharing_the_players_gate_does_not_move() -> None:
    """Only objects "in the Gravwell" move toward the gate; junk already in the owner's gate is at distance
    0, like a ship sharing the gate, and stays."""
    st = state(2, phase=6, pos=[0, 20], junk=[0, 36], hands=[["Qt"], ["Zr"]], charged=[NONE, NONE])
    play(st, "play Qt", "play Zr")
    assert fields(st, "junk")["junk"] == [0, 33]


def test_junk_in_a_gate_neither_pulls_nor_blocks() -> None:
    """Blue on 50 plays Ne (Repulsor 6). The junk in the Outer gate (4 away) is no object, so the nearest
    is Red on 45 and Blue is pushed forward; the gate holding junk blocks nothing: Blue enters and escapes."""
    st = state(2, phase=6, pos=[50, 45], junk=[54, 20], hands=[["Ne"], ["Zr"]], charged=[NONE, NONE])
    play(st, "play Ne", "play Zr")
    assert st.is_terminal() and st.outcome().winners == (0,)
    assert fields(st, "pos")["pos"][0] == 54


def test_junk_in_a_gate_is_not_counted_in_the_tie_rule() -> None:
    """Blue on 10 between Red on 8 and the junk on 12 (equal distance): "count the number of ... objects on
    each side". Junk in the Outer gate is not counted, so each side has one object and Blue does not move."""
    st = state(2, phase=6, pos=[10, 8], junk=[12, 54], hands=[["A"], ["Zr"]], charged=[NONE, NONE])
    assert direction_of_gravity(st, 0) == 0
    on_track = state(2, phase=6, pos=[10, 8], junk=[12, 53], hands=[["A"], ["Zr"]], charged=[NONE, NONE])
    assert direction_of_gravity(on_track, 0) == 1  # the same junk one space short of the gate tips the tie


def test_junk_in_a_gate_charges_no_near_junk_card() -> None:
    """Lehamarn's Flail charges when "your ship ends a move next to Space Junk"; junk in the Inner gate is out
    of the Gravwell: Lehamarn drifting to space 1 next to it charges nothing."""
    st = state(
        2,
        variant="standard",
        phase=6,
        ship=["Lehamarn", "Gracie"],
        pos=[4, 2],
        junk=[0, 36],
        hands=[["B"], ["Zr"]],
        charged=[NONE, NONE],
    )
    play(st, "play B", "play Zr")
    assert fields(st, "pos")["pos"][0] == 1
    assert not any("charges Flail" in line for line in st.log())


def test_the_position_document_writes_and_reads_junk_in_a_gate() -> None:
    """The format's junk field takes 0 and 54 (the gates, as in pos); documents of before (1..53) still load."""
    st = state(2, pos=[0, 10], junk=[0, 54])
    doc = st.to_json()
    assert doc["state"]["junk"] == [0, 54]
    again = st.game.state_from_json(json.loads(json.dumps(doc)))
    assert fields(again, "junk") == {"junk": [0, 54]}
    assert fields(state(2, junk=[26, 36]), "junk") == {"junk": [26, 36]}  # an old document


@pytest.mark.parametrize("junk", [[-1, 36], [26, 55], [26], [26, "36"], [True, 36]])
def test_a_bad_junk_field_is_refused_with_the_places_allowed(junk: list) -> None:
    game = load("gravwell", players=2, variant="classic")
    with pytest.raises(InvalidStateError, match=r"junk must list the two Space Junk places.*Warp Gate \(0 Inner, 54"):
        game.state_from_json({"game": "gravwell", "players": 2, "state": body(2, junk=junk)})


def test_observation_and_views_show_junk_in_a_gate() -> None:
    st = state(
        3,
        ship=["The Champion", "Rayken", "Lehamarn"],
        pos=[12, 0, 5],
        junk=[0, 54],
        hands=[["A"], ["F"], ["C"]],
        charged=[NONE] * 3,
    )
    obs = st.observation(0)
    assert obs["junk"] == [0, 54]
    assert len(st.observation_tensor(0)) == st.game.spec.observation_shape[0]
    text = entry("gravwell").text_view(obs, st.game)
    assert "In the Inner Warp Gate: Rayken (seat 1), Space Junk" in text
    assert "In the Outer Warp Gate: Space Junk" in text
    strip = next(line for line in text.splitlines() if line.startswith("  I"))
    assert strip.startswith("  I") and strip.rstrip().endswith("O")  # the gates keep their letters
    svg = entry("gravwell").svg_view(obs, st.game)
    assert ET.fromstring(svg).tag.endswith("svg")
