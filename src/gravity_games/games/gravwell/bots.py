"""Placeholder replaced below."""
from gravity_games.core.agent import Agent, SeatView


class HeuristicAgent(Agent):
    name = "heuristic"

    def act(self, view: SeatView) -> int:
        return view.legal_actions()[0]
