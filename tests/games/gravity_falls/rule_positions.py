"""The positions the rule tests start from: far-away monsters and a revealed row, so nothing but
the rule under test acts."""

from __future__ import annotations

from typing import Any

from .scenario import build, game

FAR = [
    {"name": "Gideon-Bot", "location": "Kordroy House"},
    {"name": "Gremoblin", "location": "Water Tower"},
    {"name": "Manotaur", "location": "Cemetery"},
]
ROW = ["Police Station", "Arcade", "Bottomless Pit"]


def pos(players: int = 1, monsters: list | None = None, **part: Any):
    g = game(players)
    part.setdefault("revealed", ROW)
    return build(g, {"monsters": monsters or FAR, **part})


def body(state) -> dict:
    return state.to_json()["state"]
