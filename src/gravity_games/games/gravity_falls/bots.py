"""Cooperative heuristic bot."""

from __future__ import annotations

from gravity_games.core.agent import Agent, SeatView


class HeuristicAgent(Agent):
    name = "heuristic"

    def act(self, view: SeatView) -> int:
        legal = view.legal_actions()
        return legal[self.rng.randrange(len(legal))]
