"""The game hub: live games in memory, backed by the store, with seats, bots, undo and push.

This module holds ``Hub`` (creating, loading and evicting games, acting under each game's lock,
storing before announcing, bots, hints, WebSocket push, other processes on the same store) and
its limits. A live game and its rules of chance and undo are in ``live_game``; the documents a
seat reads (views, replays, the catalog) in ``views``. Their names are importable from here too.

Rules of the house:

* A seat acts only with its secret token; a seat's view is built from
  ``observation(seat)`` alone, spectators get ``observation(None)``.
* The server resolves every chance node itself, with an RNG derived from the game's
  seed and the step number, before it answers; a view never shows chance to act.
  Deriving per step (not one running RNG) is what makes a restarted server draw
  exactly what the old one would have drawn.
* An action is applied to a copy, stored (committed), and only then made live and
  announced (HTTP answer, WebSocket pushes, bots). An error leaves the game as it was.
* Hints: a person may ask for the best moves with their estimated win chance (an IS-MCTS
  search over determinizations of that seat's own information set, so a hint never uses
  a hidden card), when the game's creator allowed hints. The search runs on a copy, in a
  worker thread, one at a time per server; it never changes the game.
* Undo, as Board Game Arena allows it: a seat may take back its own last step while it
  is still its turn, unless that step revealed information to anyone (detected by
  replaying the step on determinizations of each seat's information set) or a chance
  event followed it.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import time
from typing import Any

from gravity_games.agents import make_agent
from gravity_games.core.api import GravityError, IllegalActionError, State
from gravity_games.core.record import GameRecord
from gravity_games.core.registry import entry, list_games
from gravity_games.core.seeding import derive_seed
from gravity_games.web.board_view import clean_name
from gravity_games.web.botpool import PoolBusy, SearchFailed, SearchPool, SearchTimeout
from gravity_games.web.limits import check_bot_spec
from gravity_games.web.live_game import (
    OVERFLOW,
    UNDO_SAMPLES,
    LiveGame,
    Outbox,
    WebError,
    bot_is_to_act,
    game_result,
    may_undo_later,
    rebuild,
    resolve_chance,
    step_reveals_information,
    storage_unavailable,
    undo_allowed,
    undo_refusal,
)
from gravity_games.web.searches import bot_choice, fallback_move, hint_search
from gravity_games.web.storage import Storage, StorageError, StoredAction, hash_token
from gravity_games.web.views import board_extras, catalog_entry, replay_view, seat_log, seat_view, seat_view_text

__all__ = [
    "BOT_DEADLINE_SLACK",
    "BOT_SECONDS",
    "HINT_QUEUE",
    "IDLE_SECONDS",
    "MAX_FINISHED_IN_MEMORY",
    "MAX_HINT_MOVES",
    "MAX_HINT_SECONDS",
    "OVERFLOW",
    "QUEUE_LIMIT",
    "SLOW_CLIENT_CLOSE",
    "UNDO_SAMPLES",
    "Hub",
    "LiveGame",
    "Outbox",
    "WebError",
    "catalog_entry",
    "may_undo_later",
    "rebuild",
    "resolve_chance",
    "seat_log",
    "step_reveals_information",
    "storage_unavailable",
    "undo_refusal",
]

log = logging.getLogger("gravity_games.web")

MAX_HINT_SECONDS = 5.0
"""Longest search a hint request may ask for (wall seconds); the default is 1."""

MAX_HINT_MOVES = 10
"""Most moves one hint answer lists."""

MAX_FINISHED_IN_MEMORY = 500
"""Finished games kept in memory; older ones are dropped and replayed from the store on demand."""

BOT_SECONDS = 3.0
"""A bot's time budget per move (wall seconds); a time-bounded search is held to it."""

BOT_DEADLINE_SLACK = 2.0
"""Seconds past the budget before a bot's worker is stopped and the bot plays its fallback move."""

IDLE_SECONDS = 300.0
"""A game nobody has touched (no request, no socket, no bot) for this long leaves memory."""

QUEUE_LIMIT = 32
"""Views waiting for one WebSocket; a client that lets more pile up is disconnected (code 4008)."""

SLOW_CLIENT_CLOSE = 4008
"""WebSocket close code for a client that does not read its views."""

HINT_QUEUE = 4
"""Hint searches that may wait for the hint worker; past that a hint answers 503."""


class Hub:
    """All live games of one server process."""

    def __init__(
        self,
        storage: Storage,
        *,
        bot_delay: float = 0.4,
        search_workers: int = 2,
        bot_seconds: float = BOT_SECONDS,
        max_unfinished: int = 10_000,
        idle_seconds: float = IDLE_SECONDS,
        queue_limit: int = QUEUE_LIMIT,
    ) -> None:
        self.storage = storage
        self.bot_delay = bot_delay
        self.bot_seconds = bot_seconds
        self.max_unfinished = max_unfinished
        self.idle_seconds = idle_seconds
        self.queue_limit = queue_limit
        self.games: dict[str, LiveGame] = {}
        self._loading: dict[str, asyncio.Lock] = {}
        self.background: set[asyncio.Task[None]] = set()
        # Bot moves and hints run in worker processes (0: threads), each under a deadline; hints
        # have a pool of their own so a long hint never delays a bot, and neither delays an action.
        self.bots = SearchPool(search_workers, name="bot", max_waiting=10_000)
        self.hints = SearchPool(min(search_workers, 1), name="hint", max_waiting=HINT_QUEUE)
        self._unfinished_count: tuple[float, int] = (0.0, 0)
        self._closing = False
        # With other processes on the same store (PostgreSQL): how often to look for bot games
        # nobody moves (their process died); 0 turns the watch off.
        self.stall_check = 0.0

    # -- catalog ------------------------------------------------------------

    @staticmethod
    def catalog() -> list[dict[str, Any]]:
        out = []
        for game_id in list_games():
            try:
                out.append(catalog_entry(game_id))
            except GravityError:
                log.warning("game %s is registered but cannot be listed", game_id, exc_info=True)
        return out

    # -- creating and loading -----------------------------------------------

    async def create(
        self,
        game_id: str,
        players: int | None,
        params: dict[str, Any],
        seed: int | None,
        bots: list[str | None],
        *,
        hints: bool = True,
    ) -> tuple[LiveGame, list[str | None]]:
        """Make, resolve the setup chance, store; returns the game and one token per human seat."""
        try:
            cls = entry(game_id).game_class
        except GravityError as exc:
            raise WebError(422, str(exc)) from None
        if params.get("data") is not None:
            # A path on the server: reading it for a stranger would let anyone probe the server's
            # files. Custom components are a command-line feature (--data).
            raise WebError(
                422,
                "parameter 'data' (a components file on the server) is not accepted over the web; "
                "use the packaged components, or `gravity play --data FILE` on your own machine",
            )
        try:
            game = cls(players=players, **params)
        except GravityError as exc:
            raise WebError(422, str(exc)) from None
        if len(bots) > game.players:
            raise WebError(422, f"bots lists {len(bots)} seats but the game has {game.players} players")
        bots = list(bots) + [None] * (game.players - len(bots))
        if seed is None:
            seed = secrets.randbits(62)
        for seat, spec in enumerate(bots):
            if spec is None:
                continue
            try:
                check_bot_spec(spec)
                make_agent(spec, game, seat, derive_seed(seed, "agent", seat, 0))
            except GravityError as exc:
                raise WebError(422, f"bot for seat {seat}: {exc}") from None
        await self._check_unfinished_cap()
        state = game.new_initial_state()
        actors: list[int] = []
        undoable: list[bool] = []
        try:
            resolve_chance(state, seed, actors, undoable)
        except GravityError as exc:
            raise WebError(500, f"{game_id} could not be set up: {exc}") from None
        tokens = [secrets.token_urlsafe(24) for _ in range(game.players)]
        hashes = [hash_token(t) for t in tokens]
        params_all = {"players": game.players, **game.params}
        params_all = {k: (list(v) if isinstance(v, tuple) else v) for k, v in params_all.items()}
        gid = secrets.token_urlsafe(9)
        stored = [StoredAction(i, a, actors[i], undoable[i]) for i, a in enumerate(state.history())]
        try:
            await asyncio.wrap_future(
                self.storage.create_game(
                    gid,
                    game.ID,
                    game.players,
                    params_all,
                    seed,
                    list(zip(hashes, bots, strict=True)),
                    stored,
                    game_result(state),
                    hints=hints,
                    bot_to_act=bot_is_to_act(state, bots),
                )
            )
        except Exception as exc:
            raise storage_unavailable(exc, "creating the game") from None
        count_at, count = self._unfinished_count
        self._unfinished_count = (count_at, count + 1)
        live = LiveGame(
            gid, game, seed, state, hashes, bots, actors, undoable, hints=hints, names=[None] * game.players
        )
        self.games[gid] = live
        self._evict_finished()
        self.schedule_bots(live)
        return live, [None if bots[s] is not None else tokens[s] for s in range(game.players)]

    async def _check_unfinished_cap(self) -> None:
        """Refuse a new game (503) once the store holds ``max_unfinished`` unfinished games."""
        if self.max_unfinished <= 0:
            return
        counted_at, count = self._unfinished_count
        now = time.monotonic()
        if now - counted_at > 2.0:  # counted in the store (all processes), at most every 2 s
            try:
                count = await asyncio.to_thread(self.storage.count_unfinished)
            except Exception as exc:
                raise storage_unavailable(exc, "counting the unfinished games") from None
            self._unfinished_count = (now, count)
        if count >= self.max_unfinished:
            raise WebError(
                503,
                f"the server holds {count} unfinished games, its cap ({self.max_unfinished}); "
                "finish a game or try again later",
                retry_after=60,
            )

    async def get(self, gid: str) -> LiveGame:
        """The live game ``gid``, loaded (replayed) from the store when not in memory; 404 if unknown."""
        live = self.games.get(gid)
        if live is not None:
            live.touched = time.monotonic()
            return live
        if not 0 < len(gid) <= 32:
            raise WebError(404, f"no game with id {gid[:40]!r}")
        lock = self._loading.setdefault(gid, asyncio.Lock())
        try:
            async with lock:
                live = self.games.get(gid)
                if live is not None:
                    return live
                try:
                    stored = await asyncio.to_thread(self.storage.load_game, gid)
                except Exception as exc:
                    raise storage_unavailable(exc, "loading the game") from None
                if stored is None:
                    raise WebError(404, f"no game with id {gid!r}")
                live = await asyncio.to_thread(rebuild, stored)
                self.games[gid] = live
                self._evict_finished()
        finally:
            # Nothing is kept for an id once its load ends, found or not (unknown ids leave no trace).
            if self._loading.get(gid) is lock and not lock.locked():
                del self._loading[gid]
        return live

    def _evict_finished(self) -> None:
        """Forget the oldest finished games nobody watches (the store keeps them)."""
        finished = [
            gid
            for gid, g in self.games.items()
            if g.state.is_terminal() and not any(g.subscribers.values()) and not g.lock.locked()
        ]
        for gid in finished[: max(0, len(finished) - MAX_FINISHED_IN_MEMORY)]:
            del self.games[gid]

    def evict_idle(self, now: float | None = None) -> int:
        """Drop the games nobody used for ``idle_seconds`` (no socket, no bot, no lock held)."""
        now = time.monotonic() if now is None else now
        idle = [
            gid
            for gid, g in self.games.items()
            if now - g.touched >= self.idle_seconds
            and not any(g.subscribers.values())
            and not g.lock.locked()
            and (g.bot_task is None or g.bot_task.done())
            and not g.hinting
        ]
        for gid in idle:
            del self.games[gid]
        return len(idle)

    async def resume_all(self) -> int:
        """After a (re)start: let the bots of every game waiting on a bot carry on.

        Only those games are loaded (the store marks them); a game waiting for a person loads on
        its first request. Runs in the background: the server listens before it starts.
        """
        try:
            ids = await asyncio.to_thread(self.storage.bot_waiting_ids)
        except Exception:
            log.exception("could not list the games waiting on a bot")
            return 0
        for gid in ids:
            if self._closing:
                break
            try:
                live = await self.get(gid)
            except Exception:
                log.exception("could not resume game %s", gid)
                continue
            self.schedule_bots(live)
        return len(ids)

    def start_background(self) -> None:
        """Resume the bots and sweep idle games, without making the start wait for either."""
        self.bots.start_in_background()
        self.hints.start_in_background()
        self._keep(asyncio.ensure_future(self._resume_quietly()))
        self._keep(asyncio.ensure_future(self._sweep_idle()))
        if self.stall_check > 0:
            self._keep(asyncio.ensure_future(self._watch_stalled_bots()))

    # -- other processes (PostgreSQL) ------------------------------------------

    def remote_change(self, gid: str) -> None:
        """Another process committed a change to ``gid`` (a NOTIFY): reload it if held here.

        ``*`` (the listening connection was lost, notices may be missing) checks every game held.
        """
        targets = list(self.games.values()) if gid == "*" else [g for g in (self.games.get(gid),) if g]
        for live in targets:
            self._keep(asyncio.ensure_future(self._refresh_quietly(live)))

    async def _refresh_quietly(self, live: LiveGame) -> None:
        try:
            async with live.lock:
                await self._refresh_locked(live)
        except Exception:
            log.warning("could not reload game %s after a change elsewhere", live.id, exc_info=True)

    async def _refresh_locked(self, live: LiveGame) -> bool:
        """Bring ``live`` to the store's revision (caller holds its lock); True when it changed.

        The common case, one change since ``live``'s revision that only added actions (a move
        elsewhere) or named a seat, reads and applies just that; anything else (an undo, several
        changes) replays the stored game.
        """
        known = len(live.state.history())
        change = await asyncio.to_thread(self.storage.load_since, live.id, known)
        if change is None or change.revision <= live.revision:
            return False
        if change.revision == live.revision + 1 and change.num_actions >= known and change.complete:
            state = live.state.clone() if change.actions else live.state
            for step in change.actions:
                state.apply_action(step.action)
            live.state = state
            live.actors = live.actors + [step.seat for step in change.actions]
            live.undoable = live.undoable + [step.undoable for step in change.actions]
            live.names = list(change.names)
            live.revision = change.revision
            live.touched = time.monotonic()
            if change.actions:
                live.before_last = None
                live.log_marks.clear()
            self.notify(live)
            return True
        stored = await asyncio.to_thread(self.storage.load_game, live.id)
        if stored is None or stored.revision <= live.revision:
            return False
        history = live.state.history()
        actions = [a.action for a in stored.actions]
        if actions[: len(history)] == history:
            state = live.state.clone()
            for a in actions[len(history) :]:
                state.apply_action(a)
        else:  # an undo elsewhere: replay from the start
            state = (await asyncio.to_thread(rebuild, stored)).state
        if actions != history:
            live.before_last = None
            live.log_marks.clear()
        live.state = state
        live.actors = [a.seat for a in stored.actions]
        live.undoable = [a.undoable for a in stored.actions]
        live.names = [st.name for st in stored.seats]
        live.revision = stored.revision
        live.touched = time.monotonic()
        self.notify(live)
        return True

    async def _watch_stalled_bots(self) -> None:
        """Several processes: resume the bot games another process left (it was killed mid-game)."""
        while not self._closing:
            await asyncio.sleep(self.stall_check)
            try:
                ids = await asyncio.to_thread(self.storage.bot_waiting_ids, older_than=self.stall_check)
            except Exception:
                log.warning("could not list the games waiting on a bot", exc_info=True)
                continue
            for gid in ids:
                try:
                    live = await self.get(gid)
                    async with live.lock:
                        await self._refresh_locked(live)
                except Exception:
                    log.warning("could not resume game %s", gid, exc_info=True)
                    continue
                self.schedule_bots(live)

    async def _resume_quietly(self) -> None:
        count = await self.resume_all()
        if count:
            log.info("resumed the bots of %d games", count)

    async def _sweep_idle(self) -> None:
        while True:
            await asyncio.sleep(max(1.0, min(30.0, self.idle_seconds / 4)))
            dropped = self.evict_idle()
            if dropped:
                log.info("%d idle games left memory", dropped)

    # -- views (built in ``views``) --------------------------------------------

    def view(self, live: LiveGame, seat: int | None, *, svg: bool = False) -> dict[str, Any]:
        """What ``seat`` (None: a spectator) may see now. Built from observation(seat) only."""
        return seat_view(live, seat, svg=svg)

    def view_text(self, live: LiveGame, seat: int | None, *, svg: bool = False) -> str:
        """``view`` as JSON text, serialized once per change and shared by the answer and the pushes."""
        return seat_view_text(live, seat, svg=svg)

    def board_extras(self, live: LiveGame, seat: int | None) -> dict[str, Any]:
        """What the last decision changed and what happened since ``seat``'s own last one."""
        return board_extras(live, seat)

    # -- acting -------------------------------------------------------------

    def seat_for(self, live: LiveGame, token: str | None) -> int | None:
        if token is None:
            return None
        seat = live.seat_of(token)
        if seat is None:
            raise WebError(401, "unknown seat token for this game")
        return seat

    async def act(self, live: LiveGame, token: str | None, action: int | str, move: int | None) -> int:
        """Apply a person's action for the seat holding ``token``; returns the seat."""
        if token is None:
            raise WebError(401, "acting needs a seat token: send 'Authorization: Bearer <token>'")
        seat = self.seat_for(live, token)
        assert seat is not None
        async with live.lock:
            state = live.state
            if live.bots[seat] is not None:
                raise WebError(409, f"seat {seat} is played by the bot {live.bots[seat]!r}")
            self._check_turn(state, seat)
            if move is not None and move != state.move_number():
                raise WebError(409, f"stale move: you sent move {move} but the game is at move {state.move_number()}")
            chosen = self._parse_action(state, action)
            await self._commit(live, seat, chosen)
        return seat

    async def hint(self, live: LiveGame, token: str | None, seconds: float, top: int) -> dict[str, Any]:
        """The best moves for the seat holding ``token`` now, each with its estimated win chance and
        range in words, and whether the search is unsure and why (``searches.hint_search``)."""
        if token is None:
            raise WebError(401, "hints need a seat token: send 'Authorization: Bearer <token>'")
        seat = self.seat_for(live, token)
        assert seat is not None
        if live.bots[seat] is not None:
            raise WebError(409, f"seat {seat} is played by the bot {live.bots[seat]!r}; hints are for people")
        if not live.hints:
            raise WebError(403, "hints are off in this game: its creator turned them off")
        if isinstance(seconds, bool) or not 0 < seconds <= MAX_HINT_SECONDS:
            raise WebError(422, f"seconds must be a number > 0 and <= {MAX_HINT_SECONDS:g}, got {seconds!r}")
        if isinstance(top, bool) or not 1 <= top <= MAX_HINT_MOVES:
            raise WebError(422, f"top must be a whole number from 1 to {MAX_HINT_MOVES}, got {top!r}")
        if seat in live.hinting:
            raise WebError(429, "a hint for your seat is already being searched; wait for its answer", retry_after=1)
        async with live.lock:
            self._check_turn(live.state, seat)
            # The search works on its own copy, so moves by others cannot change what it reads.
            snapshot = live.state.clone()
            revision = live.revision
        move = snapshot.move_number()
        seed = derive_seed(live.seed, "hint", seat, move)
        live.hinting.add(seat)
        try:
            found = await self.hints.run(hint_search, snapshot, seat, seconds, top, seed, deadline=seconds + 10.0)
        except PoolBusy:
            raise WebError(503, "the hint searches are all busy; try again in a few seconds", retry_after=5) from None
        except (SearchTimeout, SearchFailed) as exc:
            raise WebError(503, f"the hint search did not finish ({exc}); try again") from None
        finally:
            live.hinting.discard(seat)
        return {
            "seat": seat,
            "move": move,
            "revision": revision,
            "seconds": seconds,
            **found,  # unsure, reason, samples and the hints in words (searches.hint_search)
        }

    @staticmethod
    def _check_turn(state: State, seat: int) -> None:
        if state.is_terminal():
            raise WebError(409, "the game is over; no more moves")
        player = state.current_player()
        if player != seat:
            raise WebError(409, f"it is not your turn: seat {player} is to act, you are seat {seat}")

    @staticmethod
    def _parse_action(state: State, action: int | str) -> int:
        try:
            if isinstance(action, str):
                return state.string_to_action(action)
            if action not in state.legal_actions():
                # apply_action would say the same; asking first keeps the message in one place
                state.clone().apply_action(action)
            return action
        except IllegalActionError as exc:
            raise WebError(422, str(exc)) from None

    async def _commit(self, live: LiveGame, seat: int, action: int) -> None:
        """Apply on a copy, store, then make live and announce. Caller holds the lock."""
        before = live.state
        after = before.clone()
        try:
            after.apply_action(action)
        except IllegalActionError as exc:
            raise WebError(422, str(exc)) from None
        actors = [*live.actors, seat]
        # Bots never undo: their steps skip the reveal check (the costliest part of a step).
        undoable = [*live.undoable, live.bots[seat] is None and may_undo_later(before, after, seat, action, live.seed)]
        mark = len(after.log(seat))
        resolve_chance(after, live.seed, actors, undoable)
        start = before.move_number()
        new = [StoredAction(i, after.history()[i], actors[i], undoable[i]) for i in range(start, after.move_number())]
        stored = self.storage.append_actions(
            live.id, start, new, game_result(after), bot_to_act=bot_is_to_act(after, live.bots)
        )

        async def publish() -> None:
            # Runs to the end even if the request that caused it is cancelled: once the store
            # has the action, memory must have it too.
            await asyncio.wrap_future(stored)
            live.touched = time.monotonic()
            live.state, live.actors, live.undoable = after, actors, undoable
            live.before_last = before
            live.log_marks[seat] = mark
            live.revision += 1
            self.notify(live)
            self.schedule_bots(live)

        try:
            await asyncio.shield(self._keep(asyncio.ensure_future(publish())))
        except StorageError as exc:
            # Another process wrote first: take its change, so the next try starts from the truth.
            with contextlib.suppress(Exception):
                await self._refresh_locked(live)
            raise WebError(
                409, f"{exc}; the game moved on meanwhile (now at move {live.state.move_number()})"
            ) from None
        except Exception as exc:
            log.exception("storage failed for game %s", live.id)
            raise WebError(503, f"the action was not saved (storage error: {type(exc).__name__}); try again") from None

    def _keep(self, task: asyncio.Future[None]) -> asyncio.Future[None]:
        """Hold a reference to a task until it ends (asyncio keeps only weak ones)."""
        self.background.add(task)  # type: ignore[arg-type]
        task.add_done_callback(self.background.discard)
        return task

    def undo_allowed(self, live: LiveGame, seat: int) -> bool:
        """Whether ``seat`` may take back its last step now (``live_game.undo_allowed``)."""
        return undo_allowed(live, seat)

    async def undo(self, live: LiveGame, token: str | None) -> int:
        """Take back the seat's last step (same turn, nothing revealed, no chance since)."""
        if token is None:
            raise WebError(401, "undo needs a seat token: send 'Authorization: Bearer <token>'")
        seat = self.seat_for(live, token)
        assert seat is not None
        async with live.lock:
            if not self.undo_allowed(live, seat):
                raise WebError(409, undo_refusal(live, seat))
            n = live.state.move_number()
            rebuilt = live.game.new_initial_state()
            for a in live.state.history()[: n - 1]:
                rebuilt.apply_action(a)
            stored = self.storage.truncate_actions(live.id, n, n - 1, bot_to_act=bot_is_to_act(rebuilt, live.bots))

            async def publish() -> None:
                await asyncio.wrap_future(stored)
                live.state = rebuilt
                live.actors = live.actors[:-1]
                live.undoable = live.undoable[:-1]
                live.before_last = None
                live.log_marks.clear()
                live.revision += 1
                self.notify(live)

            try:
                await asyncio.shield(self._keep(asyncio.ensure_future(publish())))
            except StorageError as exc:
                raise WebError(409, str(exc)) from None
            except Exception as exc:
                raise storage_unavailable(exc, "undoing") from None
        return seat

    # -- records and replays -------------------------------------------------

    def record(self, live: LiveGame) -> dict[str, Any]:
        if not live.state.is_terminal():
            raise WebError(409, "the record is published once the game has ended")
        rec = GameRecord.from_state(live.state, live.seed, web_id=live.id, bots=list(live.bots))
        return rec.to_json()

    def replay_step(
        self, live: LiveGame, seat: int | None, *, decision: int | None = None, step: int | None = None
    ) -> dict[str, Any]:
        """The ended game after its ``decision``-th player decision and the chance it led to.

        ``step`` instead counts every applied action, chance included (the API's older form).
        """
        return replay_view(live, seat, decision=decision, step=step)

    # -- names --------------------------------------------------------------

    async def set_name(self, live: LiveGame, token: str | None, raw: Any) -> int:
        """The person at the seat of ``token`` gives their name; everyone at the table sees it."""
        if token is None:
            raise WebError(401, "naming a seat needs its token: send 'Authorization: Bearer <token>'")
        seat = self.seat_for(live, token)
        assert seat is not None
        try:
            name = clean_name(raw)
        except ValueError as exc:
            raise WebError(422, str(exc)) from None
        async with live.lock:
            if live.names[seat] == name:
                return seat
            try:
                await asyncio.wrap_future(self.storage.set_seat_name(live.id, seat, name))
            except StorageError as exc:
                raise WebError(409, str(exc)) from None
            except Exception as exc:
                log.exception("storage failed for game %s", live.id)
                raise WebError(503, f"the name was not saved (storage error: {type(exc).__name__})") from None
            live.names[seat] = name
            live.revision += 1
            self.notify(live)
        return seat

    # -- push ---------------------------------------------------------------

    def subscribe(self, live: LiveGame, seat: int | None, *, svg: bool = True) -> Outbox:
        # One slot more than the limit, for the OVERFLOW marker that closes the socket.
        queue = Outbox(self.queue_limit + 1)
        live.subscribers.setdefault((seat, svg), set()).add(queue)
        live.touched = time.monotonic()
        return queue

    @staticmethod
    def unsubscribe(live: LiveGame, seat: int | None, queue: Outbox, *, svg: bool = True) -> None:
        live.subscribers.get((seat, svg), set()).discard(queue)

    def notify(self, live: LiveGame) -> None:
        """Queue each subscribed seat's fresh view (one build per seat, in commit order)."""
        for (seat, svg), queues in list(live.subscribers.items()):
            if not queues:
                continue
            view = self.view_text(live, seat, svg=svg)
            for q in list(queues):
                if q.qsize() >= self.queue_limit:
                    # This client does not read: drop what it has not read and tell its socket
                    # to close (the views are rebuilt from scratch when it reconnects).
                    while not q.empty():
                        q.get_nowait()
                    q.put_nowait(OVERFLOW)
                    q.overflowed.set()
                    queues.discard(q)
                    continue
                q.put_nowait(view)

    # -- bots ---------------------------------------------------------------

    def schedule_bots(self, live: LiveGame) -> None:
        if live.bot_to_act() is None:
            return
        if live.bot_task is not None and not live.bot_task.done():
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return
        task = loop.create_task(self._run_bots(live))
        live.bot_task = task
        self.background.add(task)
        task.add_done_callback(self.background.discard)

    async def _run_bots(self, live: LiveGame) -> None:
        """Let bots move, one step each after a short think, until a person (or the end) is to act."""
        while live.bot_to_act() is not None:
            await asyncio.sleep(self.bot_delay)
            async with live.lock:
                seat = live.bot_to_act()
                if seat is None:
                    return
                state = live.state
                spec = live.bots[seat]
                assert spec is not None
                action = await self._bot_move(live, spec, seat, state)
                try:
                    await self._commit(live, seat, action)
                except WebError as exc:
                    log.warning("bot move in game %s failed: %s", live.id, exc.message)
                    await asyncio.sleep(max(self.bot_delay, 0.5))
                except Exception:
                    # A fault of ours, not of the move: said in the log, and the seat plays its
                    # fallback move, since a bot task that died would leave the table waiting.
                    log.exception(
                        "bot %s in game %s could not play %d; playing its fallback move", spec, live.id, action
                    )
                    if not await self._commit_fallback(live, seat, state, action):
                        return

    async def _commit_fallback(self, live: LiveGame, seat: int, state: State, failed: int) -> bool:
        """Commit the seat's fallback move (another than the one that failed, where there is one);
        False when that fails too (logged)."""
        try:
            await self._commit(live, seat, fallback_move(live.seed, state, avoid=failed))
        except Exception:
            log.exception("the fallback move of seat %d in game %s failed too; its bot stops", seat, live.id)
            return False
        return True

    async def _bot_move(self, live: LiveGame, spec: str, seat: int, state: State) -> int:
        """The bot's move from a worker, within its budget; its fallback move when it overruns or fails."""
        try:
            action: int = await self.bots.run(
                bot_choice,
                live.game,
                spec,
                seat,
                live.seed,
                state.clone(),
                self.bot_seconds,
                deadline=self.bot_seconds + BOT_DEADLINE_SLACK,
            )
            return action
        except (SearchTimeout, SearchFailed, PoolBusy) as exc:
            log.warning("bot %s in game %s: %s; playing its fallback move", spec, live.id, exc)
            return fallback_move(live.seed, state)

    async def shutdown(self) -> None:
        """Stop at once: kill the searches, cancel the bots (every committed action is stored)."""
        self._closing = True
        self.bots.close()
        self.hints.close()
        tasks = list(self.background)
        for task in tasks:
            task.cancel()
        if tasks:
            # A commit in flight finishes (shielded) or fails; either way nothing waits past 1 s.
            await asyncio.wait(tasks, timeout=1.0)
