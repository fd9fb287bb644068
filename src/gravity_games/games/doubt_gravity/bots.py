"""Heuristic agent for Doubt x Gravity."""

from __future__ import annotations

from gravity_games.core.agent import Agent, SeatView


class HeuristicAgent(Agent):
    name = "heuristic"

    def act(self, view: SeatView) -> int:
        return view.legal_actions()[0]
