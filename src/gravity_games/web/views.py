"""The documents the web pages read: a seat's view of a live game, its board extras, a step of
an ended game's replay, and the lobby's catalog entry of a game.

Every document is built from ``observation(seat)`` alone (None: a spectator), and a seat's log
from ``state.log(seat)``, so nothing hidden from that seat reaches it. The hub (``service``) holds
the games and calls these; they change nothing but the per-revision caches kept on ``LiveGame``.
"""

from __future__ import annotations

import json
from typing import Any, TypeVar

from gravity_games.agents import available_agents
from gravity_games.core.api import CHANCE, State
from gravity_games.core.registry import entry
from gravity_games.web.board_view import (
    decision_steps,
    decisions_made,
    info_docs,
    last_change,
    last_decision_index,
    legal_moves,
    seat_docs,
    state_at,
)
from gravity_games.web.live_game import LiveGame, WebError, undo_allowed
from gravity_games.web.render import render_board


def seat_log(state: State, seat: int | None) -> list[str]:
    """The move log ``seat`` may read: public lines plus the lines private to it (None: public only)."""
    return state.log(seat)


def catalog_entry(game_id: str) -> dict[str, Any]:
    """What the lobby needs to offer a game: players, parameters, agents, summary."""
    e = entry(game_id)
    cls = e.game_class
    return {
        "id": game_id,
        "title": cls.TITLE,
        "min_players": cls.MIN_PLAYERS,
        "max_players": cls.MAX_PLAYERS,
        "cooperative": cls.COOPERATIVE,
        "summary": cls.SUMMARY,
        "params": [p.to_json() for p in cls.PARAMS],
        "variants": list(cls.variants()),
        "agents": available_agents(game_id),
        "has_svg": e.svg_view is not None,
        "levels": [lv for lv in ("easy", "medium", "hard") if lv in available_agents(game_id)],
    }


T = TypeVar("T")

VIEWS_KEPT = 16
"""Views kept per game (the current revision's, one per seat and board choice)."""


def seat_view(live: LiveGame, seat: int | None, *, svg: bool = False) -> dict[str, Any]:
    """What ``seat`` (None: a spectator) may see now. Built from observation(seat) only.

    Built once per revision, seat and board choice: every change of a game (a move, an undo, a
    name) raises its revision, so a kept view is never out of date. Callers must not change it.
    """
    key = (live.revision, seat, svg)
    found = live.views.get(key)
    if found is None:
        found = keep_for_revision(live.views, key, build_seat_view(live, seat, svg=svg))
    return found


def seat_view_text(live: LiveGame, seat: int | None, *, svg: bool = False) -> str:
    """``seat_view`` as JSON text, serialized once per revision, seat and board choice.

    The answer to a move and the push to each of the seat's sockets send these same bytes: a
    view is serialized once, not once per receiver (and not walked again by FastAPI's encoder).
    """
    key = (live.revision, seat, svg)
    found = live.view_texts.get(key)
    if found is None:
        text = json.dumps(seat_view(live, seat, svg=svg), ensure_ascii=False, allow_nan=False, separators=(",", ":"))
        found = keep_for_revision(live.view_texts, key, text)
    return found


def keep_for_revision(cache: dict[tuple[int, int | None, bool], T], key: tuple[int, int | None, bool], value: T) -> T:
    """Keep ``value`` under ``key`` (revision first), dropping what older revisions left."""
    if len(cache) >= VIEWS_KEPT or any(k[0] != key[0] for k in cache):
        cache.clear()
    cache[key] = value
    return value


def build_seat_view(live: LiveGame, seat: int | None, *, svg: bool = False) -> dict[str, Any]:
    """The view of ``seat`` now, from its observation (``seat_view`` keeps it)."""
    state = live.state
    observation = state.observation(seat)
    player = state.current_player()
    terminal = state.is_terminal()
    legal: list[dict[str, Any]] = []
    if seat is not None and player == seat:
        legal = legal_moves(live.game, observation, [(a, state.action_to_string(a)) for a in state.legal_actions()])
    doc: dict[str, Any] = {
        "id": live.id,
        "game": live.game.ID,
        "title": live.game.TITLE,
        "players": live.game.players,
        "params": {k: (list(v) if isinstance(v, tuple) else v) for k, v in live.game.params.items()},
        "seat": seat,
        "seats": seat_docs(live.game, observation, live.bots, live.names),
        "move": state.move_number(),
        "decision": decisions_made(live.actors),
        "revision": live.revision,
        "observation": observation,
        "current_player": None if terminal else player,
        "legal_actions": legal,
        "terminal": terminal,
        "log": seat_log(state, seat),
        "can_undo": seat is not None and undo_allowed(live, seat),
        "hints": live.hints,
    }
    if terminal:
        outcome = state.outcome()
        doc["returns"] = state.returns()
        doc["outcome"] = outcome.to_json() if outcome else None
    if svg:
        doc["svg"] = render_board(live.game, observation)
        doc["info"] = info_docs(live.game, observation)
        doc.update(board_extras(live, seat))
    return doc


def board_extras(live: LiveGame, seat: int | None) -> dict[str, Any]:
    """What the last decision changed and what happened since ``seat``'s own last one.

    Built from ``seat``'s observations before and after (so nothing hidden leaks), once per
    revision and seat.
    """
    key = (live.revision, seat)
    found = live.extras.get(key)
    if found is not None:
        return found
    history = live.state.history()
    last = last_decision_index(live.actors)
    if live.before_last is None and last is not None:
        live.before_last = state_at(live.game, history, last)
    before = live.before_last
    change = last_change(
        live.game,
        before,
        live.state,
        seat,
        live.actors[last] if last is not None else None,
        len(before.log(seat)) if before is not None else 0,
    )
    since: list[str] = []
    if seat is not None:
        if seat not in live.log_marks:
            mine = next((i for i in range(len(live.actors) - 1, -1, -1) if live.actors[i] == seat), None)
            live.log_marks[seat] = -1 if mine is None else len(state_at(live.game, history, mine + 1).log(seat))
        mark = live.log_marks[seat]
        since = live.state.log(seat)[mark:] if mark >= 0 else []
    found = {"last": change, "since_mine": since[-40:]}
    if len(live.extras) > 8:
        live.extras.clear()
    live.extras[key] = found
    return found


def replay_view(
    live: LiveGame, seat: int | None, *, decision: int | None = None, step: int | None = None
) -> dict[str, Any]:
    """The ended game after its ``decision``-th player decision and the chance it led to.

    ``step`` instead counts every applied action, chance included (the API's older form).
    """
    if not live.state.is_terminal():
        raise WebError(
            409,
            f"this game has not ended yet (decision {decisions_made(live.actors)} so far): "
            "its replay opens once the game has ended, so that nobody learns a hidden card from it",
        )
    history = live.state.history()
    steps = decision_steps(live.actors)
    total = len(steps) - 1
    if seat is not None and not 0 <= seat < live.game.players:
        raise WebError(422, f"seat must be from 0 to {live.game.players - 1}, got {seat}")
    decided = [i for i, a in enumerate(live.actors) if a != CHANCE]
    if step is None:
        decision = 0 if decision is None else decision
        if not 0 <= decision <= total:
            raise WebError(422, f"decision must be from 0 to {total}, got {decision}")
        step = steps[decision]
        index = decided[decision - 1] if decision > 0 else None
    else:
        if not 0 <= step <= len(history):
            raise WebError(422, f"step must be from 0 to {len(history)}, got {step}")
        decision = sum(1 for i in decided if i < step)
        index = step - 1 if step > 0 else None
    state = state_at(live.game, history, step)
    actor = text = change = None
    lines: list[str] = []
    if index is not None:
        before = state_at(live.game, history, index)
        actor = live.actors[index]
        text = before.action_to_string(history[index])
        lines = state.log(seat)[len(before.log(seat)) :]
        change = last_change(live.game, before, state, seat, actor, len(before.log(seat)))
    observation = state.observation(seat)
    return {
        "id": live.id,
        "game": live.game.ID,
        "title": live.game.TITLE,
        "decision": decision,
        "decisions": total,
        "step": step,
        "steps": len(history),
        "seat": seat,
        "actor": actor,
        "action_text": text,
        "lines": lines,
        "last": change,
        "seats": seat_docs(live.game, observation, live.bots, live.names),
        "observation": observation,
        "log": seat_log(state, seat),
        "current_player": None if state.is_terminal() else state.current_player(),
        "terminal": state.is_terminal(),
        "svg": render_board(live.game, observation),
        "info": info_docs(live.game, observation),
    }
