"""The searches that run in the worker processes of :mod:`gravity_games.web.botpool`.

Module-level functions, so a worker can unpickle them; each takes a copy of the state and
returns a plain value. Nothing here touches the store or the hub.
"""

from __future__ import annotations

import dataclasses
import logging
import random
from typing import Any

from gravity_games.agents import make_agent
from gravity_games.agents.hint_words import hint_words
from gravity_games.agents.hints import advice as search_advice
from gravity_games.core.agent import SeatView
from gravity_games.core.api import Game, State
from gravity_games.core.seeding import derive_seed
from gravity_games.web.board_view import legal_moves

log = logging.getLogger("gravity_games.web")


def preload_games() -> None:
    """Import every game and its agents: the forkserver does it once, so a forked worker starts
    searching at once instead of importing a game on its first job (seconds on a busy machine)."""
    import contextlib

    from gravity_games.agents import available_agents
    from gravity_games.core.registry import list_games

    for game_id in list_games():
        with contextlib.suppress(Exception):
            available_agents(game_id)
            # the rules and renderers a pickled state refers to
            __import__(f"gravity_games.games.{game_id.replace('-', '_')}")


preload_games()


def fallback_move(seed: int, state: State, *, avoid: int | None = None) -> int:
    """A seeded random legal move: what a bot plays when its own search fails or overruns.

    ``avoid``: a move that could not be stored, left out where another legal move remains."""
    legal = state.legal_actions()
    if avoid is not None and len(legal) > 1:
        legal = [a for a in legal if a != avoid]
    return legal[random.Random(derive_seed(seed, "fallback", state.move_number())).randrange(len(legal))]


def bot_choice(game: Game, spec: str, seat: int, seed: int, state: State, budget: float | None = None) -> int:
    """The bot's move; seeded by game seed, seat and step, so a restarted server plays the same.

    ``budget`` (seconds) caps a time-bounded search (``ismcts``) so that it stops in time and plays
    the best move found so far rather than being stopped with nothing; a search that fits its own
    budget is untouched (and so plays exactly as seeded).
    """
    agent = make_agent(spec, game, seat, derive_seed(seed, "agent", seat, state.move_number()))
    config = getattr(agent, "config", None)
    if budget is not None and config is not None and dataclasses.is_dataclass(config) and hasattr(config, "seconds"):
        seconds = config.seconds
        if seconds is None or seconds > budget:
            agent.config = dataclasses.replace(config, seconds=budget)  # type: ignore[attr-defined,type-var]
    legal = state.legal_actions()
    try:
        action = agent.act(SeatView(state, seat))
        if action in legal:
            return action
        log.warning("bot %s chose illegal action %r in %s; playing a random legal one", spec, action, game.ID)
    except Exception:
        log.exception("bot %s failed in %s; playing a random legal one", spec, game.ID)
    return fallback_move(seed, state)


def hint_search(state: State, seat: int, seconds: float, top: int, seed: int) -> dict[str, Any]:
    """The seat's best moves with their estimated win chances, in words, and whether the search is
    unsure and why (:mod:`gravity_games.agents.hint_words`): ``{unsure, reason, samples, hints}``.

    Everything here reads the seat's :class:`SeatView` only: the search, and the moves' words (the
    board's descriptions, from the seat's observation).
    """
    view = SeatView(state, seat)
    found = search_advice(view, seconds=seconds, top=top, seed=seed)
    legal = [(a, view.action_to_string(a)) for a in view.legal_actions()]
    names = {m["id"]: (m["text"], m["description"]) for m in legal_moves(view.game, view.observation(), legal)}
    return hint_words(found, names, seconds=seconds, team=view.game.COOPERATIVE).to_json()
