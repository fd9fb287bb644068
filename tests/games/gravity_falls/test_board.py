"""Gravity Falls on its drawn board: the taps of each decision, their words, what a move changes,
the info cards and what another seat's board hides."""

from __future__ import annotations

import re

from gravity_games.games.gravity_falls.board import BOARD
from gravity_games.games.gravity_falls.render_svg import render_svg

from .scenario import build, game, play

FAR = [
    {"name": "Gremoblin", "location": "Kordroy House"},
    {"name": "Manotaur", "location": "Mini Golf Course"},
    {"name": "Time Monster", "location": "Cemetery"},
]
ROW = ["Skull Fracture", "Police Station", "Water Tower"]


def moves_of(state, seat: int = 0):
    obs = state.observation(seat)
    legal = [(a, state.action_to_string(a)) for a in state.legal_actions()]
    return {text: move for (a, text), move in zip(legal, BOARD.board_moves(obs, state.rule_tables, legal), strict=True)}


def drawn(svg: str) -> set[str]:
    return set(re.findall(r'data-part="([^"]+)"', svg))


def route_start(card: str = "2-2"):
    g = game(2)
    return build(
        g,
        {
            "monsters": FAR,
            "revealed": ROW,
            "characters": [{"name": "Dipper", "location": "Mystery Shack"}, {"name": "Mabel", "location": "Town Hall"}],
            "tasks": [["choose_card", 0, 0, 0], ["end_turn", 0, 0, 0]],
        },
    )


def test_a_card_is_played_by_tapping_it_and_rest_is_a_button():
    state = route_start()
    moves = moves_of(state)
    assert moves["play 2-2"].parts == ("card:2-2",)
    assert moves["play 2-2"].description == "Dipper plays the 2-2 card: travel exactly 2 roads, roll 2 dice."
    assert moves["rest"].parts == ("button:rest",) and moves["rest"].confirm
    svg = render_svg(state.observation(0), state.rule_tables)
    assert {"card:2-2", "card:teleport", "button:rest"} <= drawn(svg)


def test_a_route_is_one_confirmed_tap_per_location_passed_and_the_board_shows_the_roads_used():
    state = play(route_start(), "play 2-2")
    moves = moves_of(state)
    assert set(moves) == {"go Gravity Falls Forest", "go Letoyin's Shop", "go Summerween Shop", "go Bottomless Pit"}
    first = moves["go Letoyin's Shop"]
    assert first.parts == ("loc:letoyins-shop",) and first.confirm
    assert first.description == "Dipper travels the road to Letoyin's Shop then 1 more road"
    before = state.observation(0)
    play(state, "go Letoyin's Shop")
    after = state.observation(0)
    assert set(BOARD.changed_parts(before, after, state.rule_tables)) == {"loc:mystery-shack", "loc:letoyins-shop"}
    last = moves_of(state)["go Gideon's Telepathy Tent"]
    assert last.parts == ("loc:gideons-telepathy-tent",)
    assert last.description == "Dipper travels the road to Gideon's Telepathy Tent and stops there"
    svg = render_svg(after, state.rule_tables)
    assert svg.count('stroke="#e07b00" stroke-width="9"') == 1  # the road travelled so far
    assert "Dipper travels: choose the next location (1 road left)" in svg
    assert 'aria-label="the route started at Mystery Shack: it may not come back"' in svg


def test_an_arrow_of_the_roll_is_the_token_then_the_neighbour():
    g = game(1)
    state = build(
        g,
        {
            "monsters": FAR,
            "revealed": ROW,
            "locations": {"Town Hall": {"support": 1, "distrust": 1}},
            "characters": [{"name": "Wendy", "location": "Town Hall"}],
            "turn_state": {"roll": [0, 1, 0]},
            "tasks": [["move_token", 0, 1, 0], ["end_turn", 0, 0, 0]],
        },
    )
    moves = moves_of(state)
    assert moves["move distrust to Police Station"].parts == ("distrust:town-hall", "loc:police-station")
    assert moves["move support to Greasy's Diner"].parts == ("support:town-hall", "loc:greasys-diner")
    words = moves["move support to Greasy's Diner"].description
    assert words == "move a support token from Town Hall to Greasy's Diner"
    svg = render_svg(state.observation(0), g)
    assert "die:move" in drawn(svg) and "Wendy&#x27;s roll" in svg


def test_rumors_pull_the_chip_of_the_neighbour_asked():
    g = game(1)
    tent = g.tables.names.index("Gideon's Telepathy Tent")
    state = build(
        g,
        {
            "monsters": FAR,
            "revealed": ROW,
            "locations": {"Gideon's Telepathy Tent": {"support": 2, "distrust": 1, "die": True}},
            "characters": [{"name": "Stan", "location": "Arcade"}],
            "tasks": [["rumor", 0, tent, 0], ["end_turn", 0, 0, 0]],
        },
    )
    moves = moves_of(state)
    assert moves["pull distrust"].parts == ("distrust:gideons-telepathy-tent",)
    assert moves["pull distrust"].description == "Stan pulls a distrust token from Gideon's Telepathy Tent to Arcade"
    assert moves["leave"].parts == ("button:leave",)
    svg = render_svg(state.observation(0), g)
    assert {"distrust:gideons-telepathy-tent", "courage:gideons-telepathy-tent", "button:leave"} <= drawn(svg)


def test_the_event_choice_is_a_hand_card_or_the_alarm_track():
    g = game(1)
    state = build(
        g,
        {
            "monsters": FAR,
            "revealed": ROW,
            "characters": [
                {"name": "Soos", "location": "Town Hall", "hand": ["1-5", "T"], "deck": ["0-4", "2-2", "3-1", "4-0"]}
            ],
            "tasks": [["ev_discard_or_alarm", 0, 0, 0], ["end_turn", 0, 0, 0]],
        },
    )
    moves = moves_of(state)
    assert moves["raise alarm"].parts == ("alarm",) and moves["raise alarm"].confirm
    assert moves["discard teleport"].parts == ("card:teleport",)
    assert moves["discard 1-5"].description == "Soos discards 1-5 for the event"


def test_info_cards_give_the_data_texts_and_mark_what_is_reconstructed():
    state = route_start()
    cards = BOARD.info_cards(state.observation(0), state.rule_tables)
    svg = render_svg(state.observation(0), state.rule_tables)
    for key in set(re.findall(r'data-info="([^"]+)"', svg)):
        assert key in cards
    manotaur = cards["monster:manotaur"]
    assert "No action cards are drawn in its location or any adjacent one" in manotaur.text
    assert manotaur.reconstructed and "reconstructed" in manotaur.text
    dipper = cards["character:dipper"]
    assert dipper.reconstructed and "re-roll one die" in dipper.text
    assert cards["card:2-2"].text == "Travel exactly 2 roads, roll 2 dice." and not cards["card:2-2"].reconstructed
    assert cards["card:teleport"].reconstructed


def test_another_seats_board_hides_the_hand_and_names_are_never_cut():
    state = route_start()
    b = state.to_json()["state"]["characters"]
    mabel_svg = render_svg(state.observation(1), state.rule_tables)
    mine = {p for p in drawn(mabel_svg) if p.startswith("card:")}
    assert mine == {"card:" + ("teleport" if c == "T" else c) for c in b[1]["hand"]}
    public = render_svg(state.observation(None), state.rule_tables)
    assert not any(p.startswith(("card:", "discard:")) for p in drawn(public))
    assert ">Dipper<" in public and ">Mabel<" in public  # the figures carry the whole name
    roles = BOARD.seat_roles(state.observation(None), state.rule_tables)
    assert [r.role for r in roles] == ["Dipper", "Mabel"] and roles[0].mark == "D"
    assert "nearest monster: Time Monster, 2 roads away" in roles[0].public


def test_no_identifier_reaches_the_board_text():
    state = play(route_start(), "play 2-2")
    svg = render_svg(state.observation(0), state.rule_tables)
    words = " ".join(re.findall(r">([^<>]+)</text>", svg))
    assert not re.search(r"\b[a-z]+_[a-z_]+\b", words), words
    assert "token(s)" not in words and "(s)" not in words


def test_the_glossary_explains_every_curse_kind_of_the_notation():
    g = game(1)
    gloss = dict(BOARD.glossary(g))
    for cur in g.tables.data.curses:
        assert gloss[f"drop curse {cur.effect}"].endswith(cur.name)


def test_the_foe_among_monsters_sharing_a_location_is_tapped_on_the_map():
    g = game(1)
    state = build(
        g,
        {
            "monsters": [
                {"name": "Gremoblin", "location": "Town Hall"},
                {"name": "Manotaur", "location": "Town Hall"},
                FAR[2],
            ],
            "revealed": ROW,
            "locations": {"Town Hall": {"support": 2, "distrust": 1}},
            "characters": [{"name": "Dipper", "location": "Town Hall"}],
            "turn_state": {"card": 1},
            "tasks": [["roll_setup", 0, 0, 0], ["end_turn", 0, 0, 0]],
        },
    )
    moves = moves_of(state)
    assert {m.parts for m in moves.values()} == {("monster:gremoblin",), ("monster:manotaur",)}
    assert moves["monster Manotaur"].description == "Dipper fights Manotaur"
    svg = render_svg(state.observation(0), g)
    assert {"monster:gremoblin", "monster:manotaur"} <= drawn(svg)
