"""Game ids to games, discovered lazily from the ``gravity_games.games`` package.

A game package registers itself when imported (``register(...)`` in its
``__init__``). The package for id ``memory-gravity`` is ``games/memory_gravity``, so
``load`` imports only the game asked for; ``list_games`` imports them all.
Layers above ``core`` (cli, web, sim, agents, interop) reach games only through here.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from gravity_games.core.api import Game, GravityError, InvalidParameterError, UnknownGameError
from gravity_games.core.board import NO_BOARD, BoardHooks
from gravity_games.core.design import NO_DESIGN, DesignHooks

GAMES_PACKAGE = "gravity_games.games"

TextView = Callable[[dict[str, Any], Game], str]
SvgView = Callable[[dict[str, Any], Game], str]


@dataclass
class GameEntry:
    """What the registry knows of one game: its class, its agents and its views."""

    id: str
    game_class: type[Game]
    agents: dict[str, Callable[..., Any]] = field(default_factory=dict)
    text_view: TextView | None = None
    svg_view: SvgView | None = None
    doc: str = ""
    reconstructed: Callable[[], list[dict[str, Any]]] | None = None
    load_data: Callable[[str], Any] | None = None
    board: BoardHooks = NO_BOARD
    design: DesignHooks = NO_DESIGN


_ENTRIES: dict[str, GameEntry] = {}
_BROKEN: dict[str, str] = {}
_SCANNED = False


def register(
    game_class: type[Game],
    *,
    agents: dict[str, Callable[..., Any]] | None = None,
    text_view: TextView | None = None,
    svg_view: SvgView | None = None,
    doc: str = "",
    reconstructed: Callable[[], list[dict[str, Any]]] | None = None,
    board: BoardHooks | None = None,
    design: DesignHooks | None = None,
) -> GameEntry:
    """Register a game class under ``game_class.ID`` (called by each game package).

    ``agents`` maps agent names (``"heuristic"``) to factories taking
    ``(game, seat, seed, **settings)``. ``reconstructed`` lists the component values
    that the rulebook does not give, for ``gravity rules``. ``board`` says how the SVG view is
    played by taps (see :mod:`gravity_games.core.board`); ``design`` gives each seat's roles and
    the components as a data file, for balance reports and sweeps (:mod:`gravity_games.core.design`).
    """
    entry = GameEntry(
        id=game_class.ID,
        game_class=game_class,
        agents=dict(agents or {}),
        text_view=text_view,
        svg_view=svg_view,
        doc=doc,
        reconstructed=reconstructed,
        board=board or NO_BOARD,
        design=design or NO_DESIGN,
    )
    _ENTRIES[game_class.ID] = entry
    return entry


def unregister(game_id: str) -> GameEntry | None:
    """Forget a game registered from outside ``gravity_games.games`` (a test's example game).

    A packaged game removed this way stays away until the process restarts (its package is not
    imported again); returns the entry removed, or ``None`` if the id was not registered.
    """
    return _ENTRIES.pop(game_id, None)


def _module_name(game_id: str) -> str:
    return f"{GAMES_PACKAGE}.{game_id.replace('-', '_')}"


def _import_game(game_id: str) -> None:
    name = _module_name(game_id)
    try:
        importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name is not None and (name == exc.name or name.startswith(exc.name + ".")):
            return  # no such package: the id is simply unknown
        _BROKEN[game_id] = f"{type(exc).__name__}: {exc}"
    except Exception as exc:  # a broken game must not hide the others
        _BROKEN[game_id] = f"{type(exc).__name__}: {exc}"


def _scan() -> None:
    global _SCANNED
    if _SCANNED:
        return
    package = importlib.import_module(GAMES_PACKAGE)
    for info in sorted(pkgutil.iter_modules(package.__path__), key=lambda m: m.name):
        if info.ispkg and not info.name.startswith("_"):
            game_id = info.name.replace("_", "-")
            if game_id not in _ENTRIES:
                _import_game(game_id)
    _SCANNED = True


def entry(game_id: str) -> GameEntry:
    """The registry entry of ``game_id``; :class:`UnknownGameError` names the known ids."""
    if not isinstance(game_id, str):
        raise UnknownGameError(f"a game id is a string, got {game_id!r}")
    if game_id not in _ENTRIES:
        _import_game(game_id)
    if game_id in _ENTRIES:
        return _ENTRIES[game_id]
    if game_id in _BROKEN:
        raise GravityError(f"game {game_id!r} failed to load: {_BROKEN[game_id]}")
    known = ", ".join(list_games()) or "none"
    raise UnknownGameError(f"unknown game {game_id!r}; known games: {known}")


def list_games() -> list[str]:
    """Ids of every registered game, sorted."""
    _scan()
    return sorted(_ENTRIES)


def broken_games() -> dict[str, str]:
    """Game packages that failed to import, with the error (for diagnostics and tests)."""
    _scan()
    return dict(_BROKEN)


def load(game_id: str, players: int | None = None, **params: Any) -> Game:
    """Make a game: ``load("doubt-gravity", players=3, perception="hard")``."""
    cls = entry(game_id).game_class
    if players is not None and (isinstance(players, bool) or not isinstance(players, int)):
        raise InvalidParameterError(
            f"{game_id}: players must be a whole number from {cls.MIN_PLAYERS} to {cls.MAX_PLAYERS}, got {players!r}"
        )
    return cls(players=players, **params)


def parse_params(game_id: str, pairs: list[str]) -> dict[str, Any]:
    """Parse ``K=V`` strings from the command line into checked parameter values."""
    cls = entry(game_id).game_class
    known = {p.name: p for p in cls.PARAMS}
    result: dict[str, Any] = {}
    for pair in pairs:
        if "=" not in pair:
            raise InvalidParameterError(f"a parameter is written K=V, got {pair!r}")
        key, _, value = pair.partition("=")
        key = key.strip()
        if key not in known:
            allowed = ", ".join(sorted(known)) or "none"
            # The seat count is an argument of its own everywhere (--players / -n, "players": N).
            where = "; the number of players is set with --players (-n)" if key == "players" else ""
            raise InvalidParameterError(f"{game_id} has no parameter {key!r}; its parameters: {allowed}{where}")
        result[key] = known[key].parse(value)
    return result
