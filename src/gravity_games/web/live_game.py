"""One live game and the rules the server keeps for it, apart from the hub that holds them.

* ``LiveGame``: a game in memory (state, seats, bots, lock, the ``Outbox`` of each WebSocket),
  mirrored by the store, and ``rebuild``, which replays a stored game into one.
* Chance: ``resolve_chance`` draws every chance outcome with an RNG derived from the game's seed
  and the step number, so a restarted server draws exactly what the old one would have drawn.
* Undo, as Board Game Arena allows it: ``may_undo_later`` (the turn stays with the seat and the
  step revealed nothing: as the game's rules say, ``State.reveals_information``, or else as
  checked in redrawn worlds by ``step_reveals_information``), ``undo_allowed`` and, in words,
  ``undo_refusal``.
* ``WebError`` (an error with its HTTP status) and ``storage_unavailable`` (the 503 of a store
  that cannot be reached or refuses).
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from dataclasses import dataclass, field
from typing import Any

from gravity_games.core.api import (
    CHANCE,
    TERMINAL,
    Game,
    GravityError,
    InvalidParameterError,
    State,
    sample_chance,
)
from gravity_games.core.registry import entry
from gravity_games.core.seeding import rng_for
from gravity_games.web.storage import StoredGame, hash_token

log = logging.getLogger("gravity_games.web")

UNDO_SAMPLES = 6
"""Determinizations tried per seat when deciding whether a step revealed information.

Reveals in these games mostly come through chance nodes (a reading, a draw), which end undo on
their own, and a game's rules can say a step shows nothing (``State.reveals_information``:
doubt-gravity's placements, which were most of the server's CPU per person's action); this
check catches the rest, at a cost paid by multi-step turns only. It stays at 6: a reveal of a
hidden value with only two possible values is missed by k worlds with chance 2**-k, 12 % at 3
and 1.6 % at 6, and a missed reveal would let a person look and take the step back."""

OVERFLOW: str = "overflow: the views were not read"
"""Put in a WebSocket's queue in place of the views it did not read: the socket closes.

Told apart from a view by identity (``is``), never by value."""


class Outbox(asyncio.Queue[str]):
    """The views (JSON texts) waiting for one WebSocket; ``overflowed`` is set when its client stopped reading."""

    def __init__(self, maxsize: int) -> None:
        super().__init__(maxsize=maxsize)
        self.overflowed = asyncio.Event()


class WebError(Exception):
    """An error with the HTTP status it maps to; the message is shown to the person as is."""

    def __init__(self, status: int, message: str, *, retry_after: float | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.retry_after = retry_after


def storage_unavailable(exc: Exception, what: str) -> WebError:
    """A store that cannot be reached or refuses: 503, the request can be tried again."""
    log.warning("store unavailable while %s: %s", what, exc)
    return WebError(
        503, f"the game store is unavailable ({type(exc).__name__}) while {what}; try again shortly", retry_after=2
    )


@dataclass
class LiveGame:
    """One game in memory: the authoritative state, mirrored by the store."""

    id: str
    game: Game
    seed: int
    state: State
    seat_hashes: list[str]
    bots: list[str | None]
    actors: list[int]
    undoable: list[bool]
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    # (seat or None for spectators, wants svg) -> the queues of the open WebSockets
    subscribers: dict[tuple[int | None, bool], set[Outbox]] = field(default_factory=dict)
    bot_task: asyncio.Task[None] | None = None
    # Counts changes (moves and undos), as stored, so a client can drop a view that
    # arrives after a newer one (an undo lowers the move number).
    revision: int = 0
    # Whether the people at this game may ask for hints (the creator's choice, stored).
    hints: bool = True
    # The names people gave their seats (None: not given; bots are named by their level).
    names: list[str | None] = field(default_factory=list)
    # (revision, seat) -> the board extras of that view (last change, summary), built once.
    extras: dict[tuple[int, int | None], dict[str, Any]] = field(default_factory=dict)
    # (revision, seat, with svg) -> that seat's whole view, built once: the actor's answer, its
    # own push and every socket of a seat share one document. Never changed after it is built.
    views: dict[tuple[int, int | None, bool], dict[str, Any]] = field(default_factory=dict)
    # The same views as JSON text, serialized once for the answer and every socket of the seat.
    view_texts: dict[tuple[int, int | None, bool], str] = field(default_factory=dict)
    # The state just before the last decision, and per seat the length of its log right after its
    # own last decision: kept by each commit, rebuilt by replay after a restart or an undo.
    before_last: State | None = None
    log_marks: dict[int, int] = field(default_factory=dict)
    # When anyone last asked for this game (monotonic seconds): idle games leave memory.
    touched: float = field(default_factory=time.monotonic)
    # Seats whose hint search is running (one at a time per seat).
    hinting: set[int] = field(default_factory=set)

    def seat_of(self, token: str) -> int | None:
        digest = hash_token(token)
        for seat, known in enumerate(self.seat_hashes):
            if secrets.compare_digest(digest, known):
                return seat
        return None

    def bot_to_act(self) -> int | None:
        player = self.state.current_player()
        if player >= 0 and self.bots[player] is not None:
            return player
        return None


def game_result(state: State) -> dict[str, Any] | None:
    """The returns and outcome the store keeps for an ended game (None while it goes on)."""
    if not state.is_terminal():
        return None
    outcome = state.outcome()
    return {"returns": state.returns(), "outcome": outcome.to_json() if outcome else None}


def resolve_chance(state: State, seed: int, actors: list[int], undoable: list[bool]) -> list[int]:
    """Apply chance outcomes until a seat (or the end) is to act; returns the outcomes drawn."""
    drawn: list[int] = []
    limit = state.game.spec.max_game_length
    while state.current_player() == CHANCE:
        if state.move_number() > limit:
            raise GravityError(f"{state.game.ID} passed its max_game_length while drawing chance")
        action = sample_chance(state, rng_for(seed, "chance", state.move_number()))
        state.apply_action(action)
        drawn.append(action)
        actors.append(CHANCE)
        undoable.append(False)
    return drawn


def step_reveals_information(before: State, after: State, seat: int, action: int, seed: int) -> bool:
    """Did ``action`` by ``seat`` show anyone something they could not have known?

    For each seat ``s``, redraw everything ``s`` cannot see (``resample_from_infostate``),
    replay the step there, and compare ``s``'s observation with the real one: any
    difference means the step's result depended on hidden information, so ``s`` learnt
    something. Any failure counts as a reveal (undo is refused, the safe side).
    """
    try:
        for s in range(before.game.players):
            real = after.observation(s)
            if s != seat and real == before.observation(s):
                continue  # nothing at all changed for this seat, so it learnt nothing
            rng = rng_for(seed, "undo-check", before.move_number(), s)
            tested = 0
            for _ in range(UNDO_SAMPLES):
                world = before.resample_from_infostate(s, rng)
                if world.current_player() != seat or action not in world.legal_actions():
                    if s == seat:
                        return True  # the seat's own view should always allow its own move
                    continue
                world.apply_action(action)
                tested += 1
                if world.observation(s) != real:
                    return True
            if tested == 0:
                return True  # this seat's view changed and nothing shows it learnt nothing
    except Exception:  # a game that cannot resample cannot prove nothing was revealed
        log.debug("undo check failed for %s", before.game.ID, exc_info=True)
        return True
    return False


def may_undo_later(before: State, after: State, seat: int, action: int, seed: int) -> bool:
    """Whether the step can be taken back: the turn stays with the seat and nothing was revealed.

    The game says first (``State.reveals_information``, from its rules and free); only a step it
    says nothing about is checked in redrawn worlds (``step_reveals_information``).
    """
    if after.is_terminal() or after.current_player() != seat:
        return False
    declared = before.reveals_information(action)
    if declared is not None:
        return not declared
    return not step_reveals_information(before, after, seat, action, seed)


def undo_allowed(live: LiveGame, seat: int) -> bool:
    """Whether ``seat`` may take back its last step now (its own, undoable, still its turn, a person)."""
    state = live.state
    return (
        bool(live.actors)
        and live.actors[-1] == seat
        and live.undoable[-1]
        and state.current_player() == seat
        and live.bots[seat] is None
    )


def undo_refusal(live: LiveGame, seat: int) -> str:
    """Why the seat may not undo now, in words."""
    if live.bots[seat] is not None:
        return "bots do not undo"
    if not live.actors or live.actors[-1] != seat:
        who = (
            "nothing yet"
            if not live.actors
            else ("a chance event" if live.actors[-1] == CHANCE else f"seat {live.actors[-1]}")
        )
        return f"nothing to undo: the last step was not yours ({who})"
    if live.state.current_player() != seat:
        return "nothing to undo: your turn has ended"
    return "that step cannot be undone: it revealed information"


def bot_is_to_act(state: State, bots: list[str | None]) -> bool:
    """Whether a bot is to act now (stored, so a restart resumes exactly those games)."""
    player = state.current_player()
    return player >= 0 and bots[player] is not None


def rebuild(stored: StoredGame) -> LiveGame:
    """Replay a stored game into a live one (exact: games are deterministic given their actions)."""
    params = dict(stored.params)
    players = params.pop("players", stored.players)
    try:
        game = entry(stored.game).game_class(players=players, **params)
    except (GravityError, InvalidParameterError) as exc:
        raise WebError(500, f"stored game {stored.id} cannot be rebuilt: {exc}") from None
    state = game.new_initial_state()
    for a in stored.actions:
        state.apply_action(a.action)
    if state.current_player() == TERMINAL and not stored.finished:
        log.warning("game %s is terminal but was stored as unfinished", stored.id)
    return LiveGame(
        id=stored.id,
        game=game,
        seed=stored.seed,
        state=state,
        seat_hashes=[s.token_hash for s in stored.seats],
        bots=[s.bot for s in stored.seats],
        actors=[a.seat for a in stored.actions],
        undoable=[a.undoable for a in stored.actions],
        revision=stored.revision,
        hints=stored.hints,
        names=[s.name for s in stored.seats],
    )
