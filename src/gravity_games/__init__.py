"""gravity-games: six tabletop rule sets as playable, simulable, researchable software.

>>> from gravity_games import load, list_games
>>> "doubt-gravity" in list_games()
True
>>> game = load("doubt-gravity", players=3)
>>> game.spec.cooperative
False
"""

# First: it decides whether the engine modules below load compiled (build/compiled) or from source.
from gravity_games.compiled import BUILD
from gravity_games.core.api import (
    CHANCE,
    TERMINAL,
    DataError,
    Game,
    GameSpec,
    GravityError,
    IllegalActionError,
    InvalidParameterError,
    InvalidStateError,
    Outcome,
    Param,
    State,
    UnknownGameError,
)
from gravity_games.core.record import GameRecord
from gravity_games.core.registry import list_games, load

__version__ = "0.1.0"

__all__ = [
    "BUILD",
    "CHANCE",
    "TERMINAL",
    "DataError",
    "Game",
    "GameRecord",
    "GameSpec",
    "GravityError",
    "IllegalActionError",
    "InvalidParameterError",
    "InvalidStateError",
    "Outcome",
    "Param",
    "State",
    "UnknownGameError",
    "list_games",
    "load",
]
