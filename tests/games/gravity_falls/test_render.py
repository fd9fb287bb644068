"""The text and SVG views show the board from one seat's observation, and nothing hidden."""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET

from gravity_games.core.api import CHANCE, sample_chance
from gravity_games.games.gravity_falls.render_svg import render_svg
from gravity_games.games.gravity_falls.render_text import render_text

from .scenario import build, game


def midgame(players: int = 3):
    g = game(players, characters=("Dipper", "Mabel", "Stan")[:players])
    rng = random.Random(8)
    state = g.new_initial_state()
    for _ in range(120):
        if state.is_terminal():
            break
        action = sample_chance(state, rng) if state.current_player() == CHANCE else rng.choice(state.legal_actions())
        state.apply_action(action)
    return g, state


def plain(text: str) -> str:
    return re.sub(r"\[/?[a-z ]*\]", "", text)


def route_position():
    g = game(2)
    return g, build(
        g,
        {
            "monsters": [
                {"name": "Gremoblin", "location": "Letoyin's Shop"},
                {"name": "Manotaur", "location": "Arcade"},
                {"name": "Time Monster", "location": "Kordroy House"},
            ],
            "revealed": ["Skull Fracture", "Police Station", "Water Tower"],
            "characters": [{"name": "Dipper", "location": "Mystery Shack"}, {"name": "Mabel", "location": "Town Hall"}],
            "turn_state": {"route_pos": 0, "route_left": 2, "card": 2, "start": 0},
            "tasks": [["route", 0, 0, 0], ["end_turn", 0, 0, 0]],
        },
    )


def test_text_view_lists_locations_tokens_monsters_and_the_alarm():
    g, state = midgame()
    obs = state.observation(0)
    text = render_text(obs, g)
    for loc in obs["locations"]:
        assert loc["name"] in text
    assert f"Alarm {obs['alarm']['level']}/{obs['alarm']['bus']}" in text
    for m in obs["monsters"]:
        assert m["name"] in text
    assert "Your hand[/] (seat 0): " in text and "(seat 1): " not in text
    assert max(len(line) for line in plain(text).splitlines()) <= 100


def test_text_view_shows_the_roads_the_nearest_monster_and_words_not_ids():
    g, state = route_position()
    text = plain(render_text(state.observation(0), g))
    assert "      roads to: Gravity Falls Forest, Letoyin's Shop, Summerween Shop, Bottomless Pit" in text
    assert "      roads to: Letoyin's Shop, From Dusk Till Dawn, Arcade, Gravity Falls Junkyard" in text
    assert "nearest monster: Gremoblin, 1 road away" in text  # Dipper, one road from Letoyin's Shop
    assert "Manotaur (medium), at Arcade" in text
    assert "No action cards are drawn in its location or any adjacent one" in text
    assert "Now: Dipper travels: choose the next location (2 roads left) (seat 0)" in text
    assert "Next monster moves: 1 Water Tower | 2 Police Station | 3 Skull Fracture" in text
    assert not re.search(r"\b[a-z]+_[a-z_]+\b", text)  # no_draw_nearby, route, ...
    assert "Waiting for" not in text and "(s)" not in text


def test_svg_view_is_well_formed_and_shows_the_town():
    g, state = midgame()
    obs = state.observation(1)
    svg = render_svg(obs, g)
    root = ET.fromstring(svg)
    assert root.tag.endswith("svg") and float(root.get("width")) <= 820
    labels = {el.get("data-part"): el.get("aria-label") for el in root.iter() if el.get("data-part")}
    for loc in obs["locations"]:
        key = "loc:" + re.sub(r"[^a-z0-9]+", "-", loc["name"].lower().replace("'", "")).strip("-")
        assert labels[key].startswith(loc["name"] + ": ")
    assert labels["alarm"].startswith(f"alarm track at {obs['alarm']['level']} of {obs['alarm']['bus']}")
    assert "Your cards (Mabel)" in svg and 'data-region="hand"' in svg
    public = render_svg(state.observation(None), g)
    assert "Your cards" not in public and "every hand is hidden" in public


def test_svg_names_every_figure_in_full_and_marks_the_next_monster_moves():
    g, state = route_position()
    svg = render_svg(state.observation(0), g)
    for name in ("Dipper", "Mabel", "Gremoblin", "Manotaur", "Time Monster"):
        assert f">{name}</text>" in svg
    assert 'aria-label="Water Tower: 0 support tokens, 0 distrust tokens, monster movement card 1"' in svg
    assert "nearest monster: Gremoblin, 1 road away" in svg


def test_views_draw_the_setup_before_the_characters_are_dealt():
    g = game(2)
    state = g.new_initial_state()  # chance picks the monsters and characters first
    obs = state.observation(0)
    assert all(c["name"] is None for c in obs["characters"])
    svg = render_svg(obs, g)
    ET.fromstring(svg)
    assert "Seat 1: no character yet" in svg
    text = render_text(obs, g)
    assert "seat 1: no character yet" in text and "None" not in text and "None" not in svg
