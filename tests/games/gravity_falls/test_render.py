"""The text and SVG views show the board from one seat's observation, and nothing hidden."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET
from html import escape

from gravity_games.core.api import CHANCE, sample_chance
from gravity_games.games.gravity_falls.render import render_svg, render_text

from .scenario import game


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


def test_text_view_lists_locations_tokens_monsters_and_the_alarm():
    g, state = midgame()
    obs = state.observation(0)
    text = render_text(obs, g)
    for loc in obs["locations"]:
        assert loc["name"] in text
    assert f"Alarm {obs['alarm']['level']}/{obs['alarm']['bus']}" in text
    for m in obs["monsters"]:
        assert m["name"] in text
    assert "Your hand (seat 0)" in text and "Your hand (seat 1)" not in text


def test_svg_view_is_well_formed_and_shows_the_town():
    g, state = midgame()
    obs = state.observation(1)
    svg = render_svg(obs, g)
    root = ET.fromstring(svg)
    assert root.tag.endswith("svg")
    for loc in obs["locations"]:
        assert f"<title>{escape(loc['name'])}:" in svg  # every location has its box with a tooltip
    assert "Alarm track" in svg and "Your hand" in svg
    public = render_svg(state.observation(None), g)
    assert "Your hand" not in public
