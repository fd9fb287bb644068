"""The cooperative heuristic bot plays legal moves from its seat view and beats random play."""

from __future__ import annotations

from gravity_games.agents import make_agents
from gravity_games.core.agent import SeatView
from gravity_games.core.play import play_game
from gravity_games.games.gravity_falls.bots import HeuristicAgent, p_at_least

from .scenario import build, game, texts

EASY = ("Gideon-Bot", "Gremoblin", "Pterodactyl")


def team_wins(agent: str, games: int) -> int:
    g = game(2, monsters=EASY)
    wins = 0
    for seed in range(games):
        state, _ = play_game(g, make_agents([agent], g, seed=seed), seed=seed)
        wins += bool(state.outcome().winners)
    return wins


def test_heuristic_team_beats_random_team():
    heuristic, random_play = team_wins("heuristic", 16), team_wins("random", 16)
    assert heuristic >= 5 and heuristic > random_play + 3


def test_fight_odds():
    assert p_at_least(1, 1, 0.5) == 0.5
    assert abs(p_at_least(3, 2, 0.5) - 0.5) < 1e-12
    assert p_at_least(4, 0, 0.5) == 1.0


def test_bot_fights_a_monster_it_can_beat():
    """Dipper next to Gideon-Bot (no distrust there): the bot goes for the fight with its best card."""
    g = game(1)
    state = build(
        g,
        {
            "monsters": [
                {"name": "Gideon-Bot", "location": "Police Station"},
                {"name": "Gremoblin", "location": "Cemetery"},
                {"name": "Manotaur", "location": "Kordroy House"},
            ],
            "characters": [{"name": "Dipper", "location": "Town Hall"}],
            "locations": {"Police Station": {"support": 2}},
            "revealed": ["Arcade", "Skull Fracture", "Bottomless Pit"],
            "tasks": [["start_turn", -1, 0, 0]],
        },
    )
    bot = HeuristicAgent(g, 0, seed=1)
    choice = bot.act(SeatView(state, 0))
    assert state.action_to_string(choice) in ("play 1-5", "play teleport")
    state.apply_action(choice)
    if "go Police Station" in texts(state):
        state.apply_action(bot.act(SeatView(state, 0)))
    assert state.to_json()["state"]["characters"][0]["location"] == "Police Station"
