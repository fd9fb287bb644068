"""Gravwell on its drawn board (issue 14) and in the terminal (issue 17), at known positions.

Each test builds a position from a state document (``gravwell_scenario``), asks the board hooks
and the views with one seat's observation, and checks the taps, words and hidden cards.
"""

from __future__ import annotations

import random
import re

from gravity_games.core.api import sample_chance
from gravity_games.core.registry import entry
from gravity_games.games.gravwell.board import BOARD
from gravity_games.games.gravwell.data import load_data
from gravity_games.games.gravwell.render_svg import render_svg
from gravity_games.games.gravwell.render_text import render_text

from .gravwell_scenario import fields, play, state

NONE = [False] * 4
ES = [True, False, False, False]
PART = re.compile(r'data-part="([^"]+)"')
INFO = re.compile(r'data-info="([^"]+)"')


def moves(st):
    seat = st.current_player()
    legal = [(a, st.action_to_string(a)) for a in st.legal_actions()]
    return {st.action_to_string(m.action): m for m in BOARD.board_moves(st.observation(seat), st.game, legal)}


def through_chance(st, rng: random.Random) -> None:
    while st.is_chance_node():
        st.apply_action(sample_chance(st, rng))


def mining_position():
    """Round 1 ends (every card cancelled by its Emergency Stop); the mining stacks of round 2 are laid out."""
    st = state(
        2,
        "standard",
        phase=6,
        ship=["Rayken", "Gracie"],
        pos=[10, 20],
        hands=[["A"], ["B"]],
        charged=[ES, ES],
        last_cards=["C", "F"],
    )
    play(st, "play A", "play B", "emergency stop", "emergency stop")
    through_chance(st, random.Random(5))
    assert fields(st, "stage")["stage"] == "mine"
    return st


def test_stacks_are_tapped_by_letter_and_described_by_their_open_cards() -> None:
    st = mining_position()
    found = moves(st)
    stacks = st.observation(st.current_player())["stacks"]
    assert sorted(found) == ["stack A", "stack B", "stack C", "stack D"]
    for k, letter in enumerate("ABCD"):
        move = found[f"stack {letter}"]
        assert move.parts == (f"stack:{letter}",)
        symbol = stacks[k]["face_up"][0]
        card = next(c for c in load_data(None).cards if c.symbol == symbol)
        beam = {
            "tractor": "Tractor",
            "repulsor": "Repulsor",
            "multi_tractor": "Multipoint Tractor",
            "multi_repulsor": "Multipoint Repulsor",
        }[card.type]
        assert f"{symbol} {card.value} {beam}" in move.description
        assert move.description.startswith(f"mine stack {letter}: one face-down card, ")
    # the old numbers still name the stacks
    assert st.string_to_action("stack 2") == st.string_to_action("stack B")


def test_mining_view_letters_the_stacks_and_hides_last_rounds_cards() -> None:
    st = mining_position()
    seat = st.current_player()
    text = render_text(st.observation(seat), st.game)
    assert "stack A: one face-down card, " in text and "stack D: one face-down card, " in text
    assert "stack 1" not in text
    assert "Phase 6 cards" not in text and "Last phase" not in text  # round 1's cards, not needed while mining
    svg = render_svg(st.observation(seat), st.game)
    assert {"stack:A", "stack:B", "stack:C", "stack:D"} <= set(PART.findall(svg))


def test_taking_a_stack_changes_it_and_the_hand_for_the_miner_only() -> None:
    st = mining_position()
    miner = st.current_player()
    other = 1 - miner
    before = {s: st.observation(s) for s in (0, 1)}
    hidden = fields(st, "stacks")["stacks"][0][0]
    play(st, "stack A")
    mine = BOARD.changed_parts(before[miner], st.observation(miner), st.game)
    theirs = BOARD.changed_parts(before[other], st.observation(other), st.game)
    assert "stack:A" in mine and "stack:A" in theirs
    assert f"card:{hidden}" in mine  # the face-down card joined the miner's hand
    assert not any(p.startswith("card:") for p in theirs)
    # the face-down card stays hidden from the other seat, on the board and in the terminal
    assert f'data-part="card:{hidden}"' not in render_svg(st.observation(other), st.game)
    assert f"known in hand: {hidden} " not in render_text(st.observation(other), st.game)


def test_own_card_window_taps_ability_cards_and_the_go_button() -> None:
    st = state(
        2,
        "standard",
        phase=6,
        ship=["Rayken", "Gracie"],
        pos=[10, 0],
        hands=[["B"], ["Ne"]],
        charged=[[True, True, False, False], NONE],
    )
    play(st, "play B", "play Ne")
    found = moves(st)
    assert sorted(found) == ["emergency stop", "go", "use Afterburner"]
    assert found["go"].parts == ("button:go",) and not found["go"].confirm
    after = found["use Afterburner"]
    assert after.parts == ("ability:1",) and after.confirm
    assert "your Standard Beam moves your ship 3 more spaces" in after.description  # the data's text
    assert found["emergency stop"].parts == ("ability:0",)
    assert "discard your Fuel Card without moving" in found["emergency stop"].description
    svg = render_svg(st.observation(0), st.game)
    assert {"button:go", "ability:0", "ability:1", "ability:2", "ability:3"} <= set(PART.findall(svg))
    # the board says which card resolves, with value and beam type
    assert "Resolving: Rayken's B, now 2 Tractor" in svg


def test_revealed_cards_show_value_and_beam_to_everyone() -> None:
    st = state(
        2, "standard", phase=6, ship=["Rayken", "Gracie"], pos=[10, 0], hands=[["B"], ["Ne"]], charged=[ES, NONE]
    )
    play(st, "play B", "play Ne")
    ne_words = "Ne 6 Repulsor"  # Neon, 6, a Standard Repulsor Beam (cards.toml)
    for seat in (0, 1, None):
        obs = st.observation(seat)
        assert "Played B 2 Tractor" in render_svg(obs, st.game)
        assert f"Played {ne_words}" in render_svg(obs, st.game)
        text = render_text(obs, st.game)
        assert "played B 2 Tractor (resolves 1st)" in text
        assert f"Resolution order: B 2 Tractor (Rayken) -> {ne_words} (Gracie)" in text


def test_choosing_a_card_taps_it_and_keeps_the_hand_hidden() -> None:
    st = state(
        2,
        "standard",
        phase=3,
        ship=["Rayken", "Gracie"],
        pos=[10, 20],
        hands=[["A", "Li", "Xe"], ["B", "Ne", "Zr"]],
        charged=[ES, ES],
    )
    found = moves(st)
    assert found["play Xe"].parts == ("card:Xe",)
    assert found["play Xe"].description == "play Xenon (Xe): Xe 3 Repulsor this phase"
    before = st.observation(0)
    play(st, "play Xe")
    assert "card:Xe" in BOARD.changed_parts(before, st.observation(0), st.game)
    svg0 = render_svg(st.observation(0), st.game)
    assert "Played (face down)" in svg0
    # seat 1 sees neither seat 0's hand nor its face-down card
    svg1 = render_svg(st.observation(1), st.game)
    for symbol in ("A", "Li", "Xe"):
        assert f'data-info="card:{symbol}"' not in svg1
    assert "Card chosen (face down)" in svg1
    for symbol in ("B", "Ne", "Zr"):
        assert f'data-part="card:{symbol}"' in svg1


def test_ship_choice_taps_ship_cards_and_describes_abilities() -> None:
    game = entry("gravwell").game_class(players=2)
    st = game.new_initial_state()
    found = moves(st)
    assert found["ship T'Rang"].parts == ("shipcard:T'Rang",)
    assert found["ship T'Rang"].description == "fly T'Rang"
    svg = render_svg(st.observation(0), game)
    assert 'data-part="shipcard:T\'Rang"' in svg
    text = render_text(st.observation(0), game)
    assert "The ships[/] (the ship abilities are reconstructed from the rulebook's ship descriptions)" in text
    for ship in load_data(None).ships:
        for a in ship.abilities:
            assert f"      {a.name}: {a.text} {a.charge_text}\n" in text


def test_info_cards_cover_every_info_key_and_mark_reconstructed_values() -> None:
    st = state(
        5,
        "standard",
        phase=2,
        ship=["Rayken", "Gracie", "RC71", "Lehamarn", "T'Rang"],
        pos=[10, 20, 0, 30, 54],
        start=["inner"] * 4 + ["outer"],
        hands=[["A", "Am"], [], [], [], []],
        charged=[ES] * 5,
    )
    obs = st.observation(0)
    cards = BOARD.info_cards(obs, st.game)
    svg = render_svg(obs, st.game)
    assert set(INFO.findall(svg)) <= set(cards)
    stop = cards["ability:Rayken:0"]
    assert stop.title == "Emergency Stop (Rayken)" and not stop.reconstructed
    burner = cards["ability:Rayken:1"]
    assert burner.reconstructed and burner.text.endswith("(reconstructed)")
    assert cards["ship:Rayken"].reconstructed and "Afterburner: On your turn" in cards["ship:Rayken"].text
    data = load_data(None)
    for c in data.cards:
        card = cards[f"card:{c.symbol}"]
        assert card.reconstructed == (c.source == "reconstructed")
        assert card.title == f"{c.name} ({c.symbol})" and f"Value {c.value}, " in card.text
    assert cards["feature:merton"].title == "Merton Cloud"
    # Americium (5-6 players, reconstructed) in the hand: its beam type in words on the card
    assert 'data-part="card:Am"' in svg and ">Multipoint</text>" in svg and cards["card:Am"].reconstructed
    assert "Used with 5 or 6 players only." in cards["card:Am"].text


def test_seat_roles_name_the_ship_colour_letter_and_public_facts() -> None:
    st = state(
        2,
        "standard",
        phase=2,
        ship=["The Champion", None],
        pos=[12, 0],
        hands=[["A", "Li"], ["B"]],
        charged=[ES, ES],
        known=[["Li"], []],
    )
    roles = BOARD.seat_roles(st.observation(1), st.game)
    champ, nobody = roles
    assert champ.role == "The Champion" and champ.mark == "C" and champ.swatch == "#3a6fd8"
    assert "space 12" in champ.public and "2 Fuel Cards in hand" in champ.public
    assert "known in hand: Li 4 Tractor" in champ.public
    assert nobody.role == "no ship yet" and nobody.info is None and "1 Fuel Card in hand" in nobody.public


def test_charge_step_is_explained_to_the_seat_that_charges() -> None:
    st = state(
        2, "standard", round=2, phase=6, ship=["Rayken", "Gracie"], pos=[10, 20], hands=[["A"], ["B"]], charged=[ES, ES]
    )
    play(st, "play A", "play B")
    while fields(st, "stage")["stage"] in ("own", "response"):
        play(st, "go" if fields(st, "stage")["stage"] == "own" else "pass")
    assert fields(st, "stage")["stage"] == "charge"
    seat = st.current_player()
    found = moves(st)
    assert found["pass"].parts == ("button:pass",) and found["pass"].description == "charge no ability this time"
    assert seat == 0 and sorted(found) == ["charge Slipstream", "charge Swap Paint", "pass"]  # Afterburner is charged
    assert found["charge Swap Paint"].parts == ("ability:2",) and not found["charge Swap Paint"].confirm
    words = load_data(None).texts.charge_step
    assert words in render_text(st.observation(seat), st.game)
    assert words not in render_text(st.observation(1 - seat), st.game)
    assert "Phase 6 cards: " in render_text(st.observation(seat), st.game)


def test_glossary_names_every_notation_and_describes_every_ability() -> None:
    game = entry("gravwell").game_class(players=2)
    gloss = dict(BOARD.glossary(game))
    for form in (
        "play Xe",
        "stack A",
        "left / right",
        "ship Gracie",
        "use Afterburner",
        "emergency stop",
        "go",
        "pass",
        "fewer / more",
        "drag RC71",
        "charge Latch",
        "instead Ne",
    ):
        assert form in gloss
    for ship in load_data(None).ships:
        for a in ship.abilities:
            assert gloss[a.name].startswith(f"{ship.name}: {a.text}")
    assert gloss["Xe"].startswith("Xenon: ")


def test_drag_order_is_chosen_by_tapping_the_ships_in_the_gate() -> None:
    """Rayken's Multipoint Tractor pulls two ships out of the Inner Warp Gate: Rayken taps which one goes first."""
    st = state(
        3,
        "standard",
        phase=6,
        ship=["Rayken", "Gracie", "RC71"],
        pos=[10, 0, 0],
        hands=[["Jo"], ["Ne"], ["Xe"]],
        charged=[NONE] * 3,
    )
    play(st, "play Jo", "play Ne", "play Xe")
    assert fields(st, "stage")["stage"] == "drag"
    found = moves(st)
    assert found["drag Gracie"].parts == ("ship:1",)
    assert found["drag RC71"].parts == ("ship:2",)
    assert found["drag RC71"].description == "drag RC71 (seat 2) out of the Warp Gate next"
    svg = render_svg(st.observation(0), st.game)
    assert 'data-part="ship:1" data-info="ship:Gracie" aria-label="Gracie (seat 1), in the Inner Warp Gate"' in svg
    before = st.observation(0)
    play(st, "drag RC71")
    changed = BOARD.changed_parts(before, st.observation(0), st.game)
    assert "ship:2" in changed and "ship:0" not in changed  # a Multipoint Beam does not move its own ship


RAW = re.compile(r"\b[a-z]+_[a-z_]+\b|\(s\)|\bstep: |\bstage\b|\bNone\b")
"""What a player should never read: snake_case ids, "token(s)"-style plurals, raw observation words."""


def test_views_speak_words_a_player_knows_at_every_decision() -> None:
    game = entry("gravwell").game_class(players=3, variant="standard")
    st = game.new_initial_state()
    rng = random.Random(21)
    seen_stages = set()
    while not st.is_terminal():
        if st.is_chance_node():
            st.apply_action(sample_chance(st, rng))
            continue
        seat = st.current_player()
        obs = st.observation(seat)
        seen_stages.add(obs["stage"])
        text = render_text(obs, game)
        words = " ".join(re.findall(r">([^<]+)<", render_svg(obs, game)))
        for where, shown in (("text", text), ("svg", words)):
            bad = RAW.findall(shown)
            assert not bad, f"{obs['stage']}: {where} view shows {bad}"
        st.apply_action(rng.choice(st.legal_actions()))
    assert {"ship", "choose", "own", "mine", "dir"} <= seen_stages


def test_space_junk_in_a_warp_gate_is_drawn_in_the_gate() -> None:
    """Junk may enter a gate (issue 17): it is drawn there, beside the ships in it, as a part of its own."""
    st = state(
        2,
        "standard",
        phase=2,
        ship=["Rayken", "Gracie"],
        pos=[0, 20],
        hands=[["A"], ["B"]],
        charged=[ES, ES],
        junk=[0, 54],
    )
    svg = render_svg(st.observation(0), st.game)
    assert 'data-part="junk:1" data-info="feature:junk" aria-label="Space Junk in the Inner Warp Gate"' in svg
    assert 'data-part="junk:2" data-info="feature:junk" aria-label="Space Junk in the Outer Warp Gate"' in svg
    text = render_text(st.observation(0), st.game)
    assert "In the Inner Warp Gate: Rayken (seat 0), Space Junk" in text
    assert "In the Outer Warp Gate: Space Junk" in text
