"""Rule by rule: setup, order of resolution, drifting, escape, end of game, mining, variants."""

from __future__ import annotations

import json
import random

import pytest

from gravity_games import CHANCE, load
from gravity_games.core.api import sample_chance

from .gravwell_scenario import body, fields, play, state

NONE = [False] * 4
ES = [True, False, False, False]


def _through_chance(st, rng):
    while st.current_player() == CHANCE:
        st.apply_action(sample_chance(st, rng))
    return st


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_2_to_4_players_inner_gate_and_26_cards(players: int) -> None:
    game = load("gravwell", players=players)
    st = game.new_initial_state()
    for k in range(players):
        assert fields(st, "stage", "actor") == {"stage": "ship", "actor": k}
        st.apply_action(st.legal_actions()[0])
    assert fields(st, "stage", "pos", "round")["stage"] == "deal"
    assert fields(st, "pos")["pos"] == [0] * players
    assert len(st.chance_outcomes()) == 26
    _through_chance(st, random.Random(1))
    hands = fields(st, "hands")["hands"]
    assert [len(h) for h in hands] == [6] * players
    assert fields(st, "stage", "phase") == {"stage": "choose", "phase": 1}
    assert fields(st, "charged")["charged"] == [ES] * players


def test_setup_5_players_choose_gates_at_most_three_per_gate_and_40_cards() -> None:
    game = load("gravwell", players=5)
    st = game.new_initial_state()
    play(st, "ship Rayken", "ship RC71", "ship T'Rang", "ship Lehamarn", "ship Gracie")
    assert fields(st, "stage")["stage"] == "gate"
    play(st, "inner gate", "inner gate", "inner gate")
    # three ships on the Inner Warp Gate: the last two are sent to the Outer gate without a step
    assert fields(st, "stage", "start", "pos") == {
        "stage": "deal",
        "start": ["inner"] * 3 + ["outer"] * 2,
        "pos": [0, 0, 0, 54, 54],
    }
    assert len(st.chance_outcomes()) == 40


def test_each_ship_goal_is_the_opposite_gate() -> None:
    st = state(6, pos=[0, 0, 0, 54, 54, 54], start=["inner"] * 3 + ["outer"] * 3)
    obs = st.observation(None)
    assert [s["to_goal"] for s in obs["ships"]] == [54] * 6


def test_cards_resolve_alphabetically_second_letter_breaking_ties() -> None:
    st = state(
        5,
        phase=6,
        pos=[5, 10, 15, 20, 25],
        junk=[40, 50],
        hands=[["Ne"], ["Na"], ["Ni"], ["C"], ["Cl"]],
        charged=[NONE] * 4 + [ES],
    )
    play(st, "play Ne", "play Na", "play Ni", "play C", "play Cl")
    assert fields(st, "order") == {"order": [3, 4, 1, 0, 2]}


def test_drifting_passes_every_occupied_space() -> None:
    """A ship pulled onto a row of objects keeps going in the same direction to the first free space."""
    st = state(3, phase=6, pos=[20, 22, 23], junk=[24, 36], hands=[["B"], ["Zr"], ["Y"]], charged=[NONE, NONE, ES])
    play(st, "play B", "play Zr", "play Y")
    assert fields(st, "pos") == {"pos": [25, 22, 23]}
    assert any("drifting" in line for line in st.log())


def test_space_junk_drifts_too() -> None:
    st = state(3, phase=6, pos=[30, 20, 5], junk=[28, 26], hands=[["Jo"], ["Zr"], ["Y"]], charged=[NONE, NONE, ES])
    play(st, "play Jo", "play Zr", "play Y")
    # Jo from 30: junk 28 (2) -> 30 is Blue -> drifts to 31; Red 20 (10) -> 22; junk 26 (4) -> 28;
    # seat 2 on 5 (25) -> 7
    assert fields(st, "pos", "junk") == {"pos": [30, 22, 7], "junk": [31, 28]}


def test_escape_ends_the_game_at_once_without_exact_count() -> None:
    """A (Red) first; then W (Yellow on 47) is pulled toward Blue (49) 8 spaces: 7 would reach the
    Outer Warp Gate, and no exact count is needed. Blue's Zr never resolves: the game is over."""
    st = state(
        3, phase=3, pos=[49, 30, 47], junk=[20, 36], hands=[["Zr", "B"], ["A", "Th"], ["W", "C"]], charged=[NONE] * 3
    )
    play(st, "play Zr", "play A", "play W")
    assert st.is_terminal()
    assert st.outcome().winners == (2,) and st.outcome().reason == "escaped"
    assert fields(st, "pos") == {"pos": [49, 31, 54]}


def test_a_ship_dragged_into_its_destination_gate_escapes() -> None:
    """Five players: seat 4 started on the Outer gate; Blue in the Inner gate plays Qt and drags it home."""
    st = state(
        5,
        phase=6,
        pos=[0, 54, 54, 54, 2],
        start=["inner"] + ["outer"] * 4,
        hands=[["Qt"], ["Zr"], ["Y"], ["W"], ["V"]],
        charged=[NONE] * 5,
    )
    play(st, "play Qt", "play Zr", "play Y", "play W", "play V")
    assert st.is_terminal() and st.outcome().winners == (4,)


def test_after_round_six_the_nearest_ship_wins() -> None:
    st = state(3, round=6, phase=6, pos=[30, 40, 12], hands=[["A"], ["B"], ["C"]], charged=[NONE] * 3, junk=[20, 50])
    play(st, "play A", "play B", "play C")
    assert st.is_terminal()
    out = st.outcome()
    assert out.reason == "nearest after round 6"
    assert out.winners == (1,)
    assert st.returns() == [0.0, 1.0, 0.0]


def test_joint_victory_when_two_ships_are_equally_near() -> None:
    """Seat 0 (Inner start) on 44 and seat 4 (Outer start) on 10 are both 10 from their goals."""
    # every card is cancelled with an Emergency Stop, so the positions stay as they are
    st = state(
        5,
        round=6,
        phase=6,
        pos=[44, 30, 20, 25, 10],
        start=["inner"] * 4 + ["outer"],
        hands=[["He"], ["Am"], ["Hg"], ["Rn"], ["Kr"]],
        charged=[ES] * 5,
        junk=[2, 52],
    )
    play(st, "play He", "play Am", "play Hg", "play Rn", "play Kr")
    while not st.is_terminal():
        play(st, "emergency stop")
    assert st.outcome().winners == (0, 4)
    assert st.returns() == [1.0, 0.0, 0.0, 0.0, 1.0]


def test_mining_first_miner_nearest_the_merton_cloud_tie_nearer_the_inner_gate() -> None:
    """Seats on 25 and 29 are both 2 from the Merton Cloud (27): the one on 25 mines first."""
    st = state(3, round=1, phase=6, pos=[29, 25, 10], hands=[["A"], ["B"], ["C"]], charged=[NONE] * 3, junk=[2, 52])
    play(st, "play A", "play B", "play C")
    # A: seat 0 on 29 pulled by 25 (4) vs 52: back 1 to 28 -> now 1 from the cloud
    _through_chance(st, random.Random(3))
    assert fields(st, "stage", "actor")["stage"] == "mine"
    p = fields(st, "pos")["pos"]
    expect = min(range(3), key=lambda s: (abs(p[s] - 27), p[s]))
    assert fields(st, "actor")["actor"] == expect


def test_mining_two_stacks_each_twice_around_the_table_in_the_chosen_direction() -> None:
    game = load("gravwell", players=4, variant="classic")
    rng = random.Random(4)
    st = state(
        4, round=1, phase=6, pos=[10, 20, 27, 40], hands=[["A"], ["B"], ["C"], ["Dy"]], charged=[NONE] * 4, junk=[2, 52]
    )
    play(st, "play A", "play B", "play C", "play Dy")
    _through_chance(st, rng)
    first = fields(st, "actor")["actor"]
    assert len(fields(st, "stacks")["stacks"]) == 8
    stack = fields(st, "stacks")["stacks"][2]
    play(st, "stack 3")
    hidden = stack[0]
    assert hidden in st.observation(first)["my_hand"]
    for other in range(4):
        if other != first:
            assert hidden not in json.dumps(st.observation(other)["ships"][first])
            assert st.observation(other)["ships"][first]["known_cards"] == sorted(
                stack[1:], key=lambda s: game.tables.resolution_rank[game.tables.symbol_index[s]]
            )
    assert fields(st, "stage")["stage"] == "dir"
    play(st, "right")
    order = fields(st, "mine_order")["mine_order"]
    assert order == [(first - i) % 4 for i in range(8)]
    while fields(st, "stage")["stage"] == "mine":
        st.apply_action(st.legal_actions()[0])
    assert [len(h) for h in fields(st, "hands")["hands"]] == [6, 6, 6, 6]
    assert fields(st, "stage", "round", "phase") == {"stage": "choose", "round": 2, "phase": 1}


def test_make_it_count_starts_all_charged_and_never_recharges() -> None:
    game = load("gravwell", players=2, variant="make-it-count")
    st = game.new_initial_state()
    play(st, "ship Rayken", "ship Gracie")
    assert fields(st, "charged")["charged"] == [[True] * 4] * 2
    st = state(
        2,
        variant="make-it-count",
        phase=6,
        ship=["Rayken", "Gracie"],
        pos=[10, 20],
        hands=[["A"], ["B"]],
        charged=[[True, False, False, False], NONE],
    )
    play(st, "play A", "play B", "emergency stop")
    # end of the round: the used Emergency Stop stays spent, and a drift charged nothing
    assert fields(st, "charged", "stage") == {"charged": [NONE, NONE], "stage": "form"}


def test_classic_has_only_the_emergency_stop_which_recharges_every_round() -> None:
    game = load("gravwell", players=3, variant="classic")
    st = game.new_initial_state()
    assert fields(st, "stage", "ship") == {"stage": "deal", "ship": ["Rayken", "RC71", "T'Rang"]}
    st = state(2, phase=6, ship=["Rayken", "Gracie"], pos=[5, 7], hands=[["B"], ["C"]], charged=[ES, NONE])
    play(st, "play B", "play C", "emergency stop")
    assert fields(st, "charged", "stage") == {"charged": [ES, NONE], "stage": "form"}


def test_round_end_charge_for_a_ship_that_kept_its_emergency_stop() -> None:
    st = state(
        2,
        variant="standard",
        phase=6,
        ship=["Rayken", "Gracie"],
        pos=[10, 20],
        junk=[40, 50],
        hands=[["Th"], ["Zr"]],
        charged=[ES, ES],
        es_used=[False, True],
    )
    play(st, "play Th", "play Zr", "go", "go")
    # Rayken kept its Emergency Stop; Gracie used one this round: only Rayken may charge a card
    assert fields(st, "stage", "actor") == {"stage": "charge", "actor": 0}
    assert [st.action_to_string(a) for a in st.legal_actions()] == [
        "pass",
        "charge Swap Paint",
        "charge Slipstream",
    ]  # Afterburner was charged by Th (value 2)
    play(st, "charge Slipstream")
    assert fields(st, "charged", "stage") == {"charged": [[True, True, False, True], ES], "stage": "form"}


def test_bad_parameters_and_data_are_refused_with_the_allowed_values(tmp_path) -> None:
    from gravity_games import DataError, InvalidParameterError

    with pytest.raises(InvalidParameterError, match="standard"):
        load("gravwell", players=3, variant="fast")
    with pytest.raises(InvalidParameterError, match="2-6"):
        load("gravwell", players=7)
    bad = tmp_path / "bad.toml"
    bad.write_text('[[cards]]\nsymbol = "A"\nname = "Argon"\nvalue = 0\ntype = "beam"\nmin_players = 3\n')
    with pytest.raises(DataError) as err:
        load("gravwell", players=2, data=str(bad))
    text = str(err.value)
    assert "cards.0.value" in text and "cards.0.type" in text and "cards.0.source" in text


def test_a_users_board_file_replaces_the_packaged_board(tmp_path) -> None:
    mine = tmp_path / "board.toml"
    mine.write_text('[board]\nlength = 60\ndebris_fields = [28, 40]\nmerton_cloud = 30\nsource = "published"\n')
    game = load("gravwell", players=2, data=str(mine))
    st = game.new_initial_state()
    assert fields(st, "junk") == {"junk": [28, 40]}
    assert st.observation(None)["track_length"] == 60
    assert not any(r["name"] == "board" for r in game.data.reconstructed())


def test_state_json_errors_name_the_field() -> None:
    from gravity_games import InvalidStateError

    with pytest.raises(InvalidStateError, match="unknown card 'Qq'"):
        state(2, hands=[["Qq"], []])
    with pytest.raises(InvalidStateError, match="two places"):
        state(2, hands=[["A"], ["A"]])


def test_a_users_ships_file_replaces_the_abilities_and_is_validated(tmp_path) -> None:
    from gravity_games import DataError
    from gravity_games.games.gravwell.data import load_data

    rows = []
    for ship in load_data(None).ships:
        rows.append(f'[[ships]]\nname = "{ship.name}"\ncolour = "{ship.colour}"\nsource = "published"\n')
        for a in ship.abilities:
            amount = 5 if a.name == "Afterburner" else a.amount
            rows.append(
                f'[[ships.abilities]]\nname = "{a.name}"\neffect = "{a.effect}"\namount = {amount}\n'
                f'scope = "{a.scope}"\ncondition = "{a.condition}"\n'
                f'condition_value = {a.condition_value}\nsource = "published"\n'
            )
    mine = tmp_path / "ships.toml"
    mine.write_text("\n".join(rows))
    game = load("gravwell", players=2, variant="standard", data=str(mine))
    doc = {
        "game": "gravwell",
        "players": 2,
        "state": body(
            2,
            phase=6,
            ship=["Rayken", "Gracie"],
            pos=[10, 0],
            hands=[["B"], ["Ne"]],
            charged=[[False, True, False, False], NONE],
        ),
    }
    st = game.state_from_json(doc)
    play(st, "play B", "play Ne", "use Afterburner")
    assert fields(st, "pos") == {"pos": [17, 0]}  # 2 + 5 spaces with the user's Afterburner (packaged: 3)
    assert not [r for r in game.data.reconstructed() if "Afterburner" in r["name"]]
    bad = tmp_path / "bad_ships.toml"
    bad.write_text('[[ships]]\nname = "X"\ncolour = "red"\nsource = "published"\nabilities = []\n')
    with pytest.raises(DataError) as err:
        load("gravwell", players=2, data=str(bad))
    assert "ships.0.colour" in str(err.value) and "ships.0.abilities" in str(err.value)


def test_every_reconstructed_value_is_listed_for_gravity_rules() -> None:
    from gravity_games.core.registry import entry

    values = entry("gravwell").reconstructed()
    names = [v["name"] for v in values]
    assert names[0] == "board"
    assert sum(n.startswith("card ") for n in names) == 14
    assert sum(":" in n and not n.endswith(": colour") for n in names) == 18  # three abilities per ship
    # The rulebook gives each ship a colour but never says which: all six are reconstructed.
    assert sum(n.endswith(": colour") for n in names) == 6
    assert all(v["value"] and v["reason"] for v in values)
