"""Named bot levels (``easy``, ``medium``, ``hard``) and the beginner agent behind ``easy``.

Each game maps the three levels to concrete agents in its own ``levels.py`` (registered in its
registry entry's ``agents`` dict, so every layer reaches them through the registry like any other
agent). This module holds what those mappings share:

* :class:`BeginnerAgent` (``beginner``): the game's heuristic, except that with chance
  ``mistakes`` (default 0.25) a decision is a uniformly random legal move, as a new player who
  knows the rules but not yet the game misjudges a move now and then;
* :func:`level_factory`: a factory for the registry that builds a given agent spec, with the
  settings written after the level name (``hard:worlds=4``) laid over the level's own.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from typing import Any

from gravity_games.core.agent import Agent, SeatView
from gravity_games.core.api import Game, InvalidParameterError
from gravity_games.core.registry import entry

from . import register_agent

LEVELS = ("easy", "medium", "hard")


class BeginnerAgent(Agent):
    """The heuristic with a share of random moves (``mistakes``), as a fair beginner."""

    name = "beginner"

    def __init__(self, game: Game, seat: int, seed: int, **settings: Any) -> None:
        unknown = sorted(set(settings) - {"mistakes", "base"})
        if unknown:
            raise InvalidParameterError(
                f"agent 'beginner' has no setting {', '.join(unknown)}; allowed: mistakes, base"
            )
        super().__init__(game, seat, seed, **settings)
        mistakes = settings.get("mistakes", 0.25)
        if (
            isinstance(mistakes, bool)
            or not isinstance(mistakes, int | float)
            or math.isnan(mistakes)
            or not 0 <= mistakes <= 1
        ):
            raise InvalidParameterError(f"beginner setting mistakes must be a number from 0 to 1, got {mistakes!r}")
        self.mistakes = float(mistakes)
        base = str(settings.get("base", "heuristic"))
        factory = entry(game.ID).agents.get(base)
        if factory is None or base in LEVELS:
            raise InvalidParameterError(f"beginner setting base must name one of {game.ID}'s own agents, got {base!r}")
        self.inner: Agent = factory(game, seat, seed)

    def act(self, view: SeatView) -> int:
        legal = view.legal_actions()
        # The heuristic is asked every time so that its plans (a turn laid out ahead) stay in step.
        planned = self.inner.act(view)
        if len(legal) > 1 and self.rng.random() < self.mistakes:
            return legal[self.rng.randrange(len(legal))]
        return planned


register_agent("beginner", BeginnerAgent)


def _parse(spec: str) -> tuple[str, dict[str, Any]]:
    from . import parse_spec  # the spec syntax of the command line

    return parse_spec(spec)


SpecChoice = str | Mapping[int, str]
"""A level's agent spec, or one per player count (``{2: ..., 3: ...}``; the largest key below a
count that is not given serves it)."""


def spec_for(choice: SpecChoice, players: int) -> str:
    """The spec of ``choice`` for a table of ``players``."""
    if isinstance(choice, str):
        return choice
    fitting = [n for n in choice if n <= players] or [min(choice)]
    return choice[max(fitting)]


def level_factory(level: str, spec: SpecChoice, description: str) -> Callable[..., Agent]:
    """A registry factory for ``level`` that builds ``spec`` (settings given to the level win)."""

    def build(game: Game, seat: int, seed: int, **settings: Any) -> Agent:
        from . import _GENERIC, _load_optional

        _load_optional()
        name, base_settings = _parse(spec_for(spec, game.players))
        factory = entry(game.ID).agents.get(name) or _GENERIC.get(name)
        if factory is None:
            raise InvalidParameterError(f"level {level!r} of {game.ID} names an unknown agent {name!r}")
        agent: Agent = factory(game, seat, seed, **{**base_settings, **settings})
        agent.name = level
        return agent

    build.spec = spec  # type: ignore[attr-defined]
    build.description = description  # type: ignore[attr-defined]
    build.__doc__ = f"Level {level!r}: {spec} ({description})"
    return build


def level_agents(specs: Mapping[str, tuple[SpecChoice, str]]) -> dict[str, Callable[..., Agent]]:
    """``{"easy": (spec, why), ...}`` -> registry factories; all three levels must be given."""
    missing = [lv for lv in LEVELS if lv not in specs]
    if missing:
        raise ValueError(f"levels missing: {', '.join(missing)}")
    return {lv: level_factory(lv, *specs[lv]) for lv in LEVELS}


def level_spec(game_id: str, level: str, players: int = 2) -> str:
    """The agent spec a game's level stands for at ``players`` (``hard`` -> ``ismcts:iterations=300``)."""
    factory = entry(game_id).agents.get(level)
    spec = getattr(factory, "spec", None)
    if spec is None:
        raise InvalidParameterError(f"{game_id} has no level {level!r}; levels: {', '.join(LEVELS)}")
    return spec_for(spec, players)


__all__ = ["LEVELS", "BeginnerAgent", "SpecChoice", "level_agents", "level_factory", "level_spec", "spec_for"]
