"""Helpers shared by the commands: consoles, game options, views and JSON output."""

from __future__ import annotations

import importlib.util
import json
import sys
from typing import Any

from rich.console import Console
from rich.markup import escape

from gravity_games.core.api import Game, InvalidParameterError, State
from gravity_games.core.registry import entry, load, parse_params

console = Console(highlight=False)
err_console = Console(stderr=True, highlight=False)


def make_game(game_id: str, players: int | None, params: list[str] | None, data: str | None = None) -> Game:
    """Load a game from command-line options (``--param K=V``, ``--data FILE``)."""
    values = parse_params(game_id, list(params or []))
    if data is not None:
        cls = entry(game_id).game_class
        if not any(p.name == "data" for p in cls.PARAMS):
            raise InvalidParameterError(f"{game_id} takes no data file")
        values["data"] = data
    return load(game_id, players=players, **values)


def working_backends() -> list[str]:
    """Every backend ``simulate`` and ``tournament`` can run here: the registered ones, and ``ray``
    when it is installed (its module registers itself on first use, and importing it is slow)."""
    from gravity_games.sim.runner import BACKENDS

    names = set(BACKENDS)
    if importlib.util.find_spec("ray") is not None:
        names.add("ray")
    return sorted(names)


def check_backend(backend: str) -> None:
    """Refuse an unknown ``--backend`` before any game runs, naming every one that works."""
    allowed = working_backends()
    if backend not in allowed:
        raise InvalidParameterError(f"unknown backend {backend!r}; allowed: {', '.join(allowed)}")


def text_view(state: State, seat: int | None) -> str:
    """The game's terminal view of ``seat``'s observation (Rich markup), or a tidy fallback."""
    game = state.game
    view = entry(game.ID).text_view
    obs = state.observation(seat)
    if view is not None:
        return view(obs, game)
    return escape(json.dumps(obs, indent=1, sort_keys=True))


def svg_view(state: State, seat: int | None) -> str | None:
    view = entry(state.game.ID).svg_view
    return None if view is None else view(state.observation(seat), state.game)


def write_json(doc: Any, target: str) -> None:
    """Write a JSON document to a file, or to standard output (and nothing else there) for ``-``."""
    text = json.dumps(doc, indent=1, sort_keys=True)
    if target == "-":
        sys.stdout.write(text + "\n")
        sys.stdout.flush()
    else:
        with open(target, "w", encoding="utf-8") as handle:
            handle.write(text + "\n")


def seat_name(state: State, seat: int) -> str:
    """A seat's display name from the public observation when the game gives one."""
    obs = state.observation(None)
    names = obs.get("seat_names") or obs.get("names")
    if isinstance(names, list) and seat < len(names) and isinstance(names[seat], str):
        return f"{names[seat]} (seat {seat})"
    return f"Seat {seat}"
