"""Game-agnostic agents and the agent specs of the command line (``random``, ``heuristic``, ...).

An agent spec names an agent and its settings: ``random``, ``heuristic``,
``ismcts:iterations=800``. Game-specific agents (``heuristic``) come from the game's
registry entry; game-agnostic ones are registered here.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Sequence
from typing import Any

from gravity_games.core.agent import Agent, SeatView
from gravity_games.core.api import Game, InvalidParameterError
from gravity_games.core.registry import entry
from gravity_games.core.seeding import derive_seed

from .random_agent import RandomAgent

AgentFactory = Callable[..., Agent]

_GENERIC: dict[str, AgentFactory] = {"random": RandomAgent}


def register_agent(name: str, factory: AgentFactory) -> None:
    """Add a game-agnostic agent under ``name``."""
    _GENERIC[name] = factory


def _load_optional() -> None:
    # Search agents live in their own modules; importing them registers them.
    with contextlib.suppress(ImportError):
        from . import ismcts  # noqa: F401
    with contextlib.suppress(ImportError):
        from . import levels, playouts  # noqa: F401


def available_agents(game_id: str) -> list[str]:
    """Names usable in an agent spec for ``game_id``."""
    _load_optional()
    return sorted(set(_GENERIC) | set(entry(game_id).agents))


def parse_spec(spec: str) -> tuple[str, dict[str, Any]]:
    """``"ismcts:iterations=800:c=1.4"`` -> ``("ismcts", {"iterations": 800, "c": 1.4})``."""
    parts = [p.strip() for p in spec.strip().split(":")]
    name = parts[0]
    if not name:
        raise InvalidParameterError(f"empty agent spec {spec!r}; write e.g. random, heuristic or ismcts:iterations=800")
    settings: dict[str, Any] = {}
    for part in parts[1:]:
        if "=" not in part:
            raise InvalidParameterError(f"agent setting {part!r} in {spec!r} is not written key=value")
        key, _, raw = part.partition("=")
        value: Any = raw
        for cast in (int, float):
            try:
                value = cast(raw)
                break
            except ValueError:
                continue
        settings[key.strip()] = value
    return name, settings


def make_agent(spec: str, game: Game, seat: int, seed: int) -> Agent:
    """Build the agent named by ``spec`` for ``seat`` of ``game``."""
    name, settings = parse_spec(spec)
    _load_optional()
    factory = entry(game.ID).agents.get(name) or _GENERIC.get(name)
    if factory is None:
        known = ", ".join(available_agents(game.ID))
        raise InvalidParameterError(f"unknown agent {name!r} for {game.ID}; available: {known}")
    # An agent class may declare the settings it reads (``SETTINGS``); any other is refused here,
    # naming the allowed ones, instead of being ignored silently.
    allowed = getattr(factory, "SETTINGS", None)
    if allowed is not None:
        unknown = sorted(set(settings) - set(allowed))
        if unknown:
            raise InvalidParameterError(
                f"agent {name!r} has no setting {', '.join(map(repr, unknown))}; "
                f"allowed: {', '.join(allowed) if allowed else 'none (write just ' + repr(name) + ')'}"
            )
    try:
        return factory(game, seat, seed, **settings)
    except TypeError as exc:
        raise InvalidParameterError(f"agent {name!r} does not take those settings: {exc}") from None


def make_agents(specs: Sequence[str], game: Game, seed: int) -> list[Agent]:
    """One agent per seat; a single spec fills every seat. Seeds come from ``seed``."""
    specs = list(specs)
    if len(specs) == 1:
        specs = specs * game.players
    if len(specs) != game.players:
        raise InvalidParameterError(
            f"{game.ID} with {game.players} players needs 1 or {game.players} agent specs, got {len(specs)}"
        )
    return [make_agent(s, game, seat, derive_seed(seed, "agent", seat)) for seat, s in enumerate(specs)]


__all__ = ["Agent", "RandomAgent", "SeatView", "available_agents", "make_agent", "make_agents", "parse_spec"]
