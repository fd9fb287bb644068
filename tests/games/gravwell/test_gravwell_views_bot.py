"""Views (text strip, SVG spiral) and the heuristic agent against random play."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET

from gravity_games import load
from gravity_games.agents import make_agents
from gravity_games.core.api import sample_chance
from gravity_games.core.play import play_game
from gravity_games.core.registry import entry

from .gravwell_scenario import state


def test_text_view_shows_the_numbered_strip_ships_junk_and_hand() -> None:
    st = state(
        3,
        ship=["The Champion", "Rayken", "Lehamarn"],
        pos=[12, 0, 5],
        hands=[["A", "Li"], ["F"], ["C"]],
        charged=[[True, False, False, False]] * 3,
    )
    game = st.game
    text = entry("gravwell").text_view(st.observation(0), game)
    assert "0123456789" in text and "Inner Warp Gate" in text
    assert "[bold #3a6fd8]C[/]" in text  # The Champion on its space, in its colour
    assert "[bold]Your hand[/] (seat 0): A 1 Tractor, Li 4 Tractor" in text  # value and beam, in words
    assert "The Champion (seat 0, you): space 12, 42 spaces to the Outer Warp Gate, 2 Fuel Cards" in text
    assert "In the Inner Warp Gate: Rayken (seat 1)" in text
    other = entry("gravwell").text_view(st.observation(1), game)
    assert "A 1 Tractor" not in other and "Li 4" not in other


def test_svg_view_is_well_formed_and_hides_other_hands() -> None:
    game = load("gravwell", players=4)
    rng = random.Random(7)
    st = game.new_initial_state()
    for _ in range(120):
        st.apply_action(sample_chance(st, rng) if st.is_chance_node() else rng.choice(st.legal_actions()))
    svg = entry("gravwell").svg_view(st.observation(2), game)
    root = ET.fromstring(svg)
    assert root.tag.endswith("svg")
    assert "Your hand (seat 2)" in svg and "Merton Cloud" in svg
    mine = st.observation(2)["my_hand"]
    others = [c for s in (0, 1, 3) for c in st.observation(s)["my_hand"]]
    public = entry("gravwell").svg_view(st.observation(None), game)
    assert "Your hand" not in public
    assert all(f">{c}<" in svg for c in mine)
    assert all(f">{c}<" not in svg for c in others if c not in mine and f">{c}<" not in public)


def _heuristic_wins(players: int, games: int) -> int:
    game = load("gravwell", players=players)
    wins = 0
    for i in range(games):
        seat = i % players
        specs = ["random"] * players
        specs[seat] = "heuristic:samples=3"
        final, _ = play_game(game, make_agents(specs, game, seed=100 + i), seed=100 + i)
        wins += seat in final.outcome().winners
    return wins


def test_heuristic_beats_random_at_two_seats() -> None:
    # random play would win about half of these 16 seeded games
    assert _heuristic_wins(2, 16) >= 12


def test_heuristic_beats_random_at_four_seats() -> None:
    # random play would win about a quarter of these 16 seeded games
    assert _heuristic_wins(4, 16) >= 8
