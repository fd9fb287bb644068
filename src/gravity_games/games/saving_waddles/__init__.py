"""Gravity Falls: Saving Waddles (spec page; full text in docs/games/saving-waddles.md).

TBD
"""

from gravity_games.core.registry import register

from .bots import HeuristicAgent
from .rules import SavingWaddlesGame

register(SavingWaddlesGame, agents={"heuristic": HeuristicAgent})
