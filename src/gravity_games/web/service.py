"""The game hub: live games in memory, backed by the store, with seats, bots, undo and push.

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
import random
import secrets
from dataclasses import dataclass, field
from typing import Any

from gravity_games.agents import available_agents, make_agent
from gravity_games.agents.hints import hints as search_hints
from gravity_games.core.agent import SeatView
from gravity_games.core.api import (
    CHANCE,
    TERMINAL,
    Game,
    GravityError,
    IllegalActionError,
    InvalidParameterError,
    State,
    sample_chance,
)
from gravity_games.core.record import GameRecord
from gravity_games.core.registry import entry, list_games
from gravity_games.core.seeding import derive_seed, rng_for
from gravity_games.web.board_view import (
    clean_name,
    decision_steps,
    decisions_made,
    info_docs,
    last_change,
    last_decision_index,
    legal_moves,
    seat_docs,
    state_at,
)
from gravity_games.web.render import render_board
from gravity_games.web.storage import Storage, StorageError, StoredAction, StoredGame, hash_token

log = logging.getLogger("gravity_games.web")

UNDO_SAMPLES = 6
"""Determinizations tried per seat when deciding whether a step revealed information.

Reveals in these games mostly come through chance nodes (a reading, a draw), which end
undo on their own; this check catches the rest, at a cost paid by multi-step turns only."""


MAX_HINT_SECONDS = 5.0
"""Longest search a hint request may ask for (wall seconds); the default is 1."""

MAX_HINT_MOVES = 10
"""Most moves one hint answer lists."""

MAX_FINISHED_IN_MEMORY = 500
"""Finished games kept in memory; older ones are dropped and replayed from the store on demand."""


class WebError(Exception):
    """An error with the HTTP status it maps to; the message is shown to the person as is."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


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
    subscribers: dict[tuple[int | None, bool], set[asyncio.Queue[dict[str, Any]]]] = field(default_factory=dict)
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
    # The state just before the last decision, and per seat the length of its log right after its
    # own last decision: kept by each commit, rebuilt by replay after a restart or an undo.
    before_last: State | None = None
    log_marks: dict[int, int] = field(default_factory=dict)

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


def _result(state: State) -> dict[str, Any] | None:
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
    """Whether the step can be taken back: the turn stays with the seat and nothing was revealed."""
    if after.is_terminal() or after.current_player() != seat:
        return False
    return not step_reveals_information(before, after, seat, action, seed)


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


class Hub:
    """All live games of one server process."""

    def __init__(self, storage: Storage, *, bot_delay: float = 0.4) -> None:
        self.storage = storage
        self.bot_delay = bot_delay
        self.games: dict[str, LiveGame] = {}
        self._loading: dict[str, asyncio.Lock] = {}
        self.background: set[asyncio.Task[None]] = set()
        # One hint search at a time: each holds a core for its whole budget.
        self._hint_slot = asyncio.Semaphore(1)

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
            raise WebError(422, "parameter 'data' (a components file on the server) is not accepted over the web; "
                                "use the packaged components, or `gravity play --data FILE` on your own machine")
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
                make_agent(spec, game, seat, derive_seed(seed, "agent", seat, 0))
            except GravityError as exc:
                raise WebError(422, f"bot for seat {seat}: {exc}") from None
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
        await asyncio.wrap_future(self.storage.create_game(
            gid,
            game.ID,
            game.players,
            params_all,
            seed,
            list(zip(hashes, bots, strict=True)),
            stored,
            _result(state),
            hints=hints,
        ))
        live = LiveGame(gid, game, seed, state, hashes, bots, actors, undoable, hints=hints,
                        names=[None] * game.players)
        self.games[gid] = live
        self._evict_finished()
        self.schedule_bots(live)
        return live, [None if bots[s] is not None else tokens[s] for s in range(game.players)]

    async def get(self, gid: str) -> LiveGame:
        """The live game ``gid``, loaded (replayed) from the store when not in memory; 404 if unknown."""
        live = self.games.get(gid)
        if live is not None:
            return live
        lock = self._loading.setdefault(gid, asyncio.Lock())
        async with lock:
            live = self.games.get(gid)
            if live is not None:
                return live
            stored = await asyncio.to_thread(self.storage.load_game, gid)
            if stored is None:
                raise WebError(404, f"no game with id {gid!r}")
            live = rebuild(stored)
            self.games[gid] = live
            self._evict_finished()
        self._loading.pop(gid, None)
        return live

    def _evict_finished(self) -> None:
        """Forget the oldest finished games nobody watches (the store keeps them)."""
        finished = [
            gid for gid, g in self.games.items()
            if g.state.is_terminal() and not any(g.subscribers.values()) and not g.lock.locked()
        ]
        for gid in finished[: max(0, len(finished) - MAX_FINISHED_IN_MEMORY)]:
            del self.games[gid]

    async def resume_all(self) -> int:
        """After a (re)start: load every unfinished game and let its bots carry on."""
        ids = await asyncio.to_thread(self.storage.unfinished_ids)
        for gid in ids:
            try:
                live = await self.get(gid)
            except Exception:
                log.exception("could not resume game %s", gid)
                continue
            self.schedule_bots(live)
        return len(ids)

    # -- views --------------------------------------------------------------

    def view(self, live: LiveGame, seat: int | None, *, svg: bool = False) -> dict[str, Any]:
        """What ``seat`` (None: a spectator) may see now. Built from observation(seat) only."""
        state = live.state
        observation = state.observation(seat)
        player = state.current_player()
        terminal = state.is_terminal()
        legal: list[dict[str, Any]] = []
        if seat is not None and player == seat:
            legal = legal_moves(
                live.game, observation, [(a, state.action_to_string(a)) for a in state.legal_actions()]
            )
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
            "can_undo": seat is not None and self.undo_allowed(live, seat),
            "hints": live.hints,
        }
        if terminal:
            outcome = state.outcome()
            doc["returns"] = state.returns()
            doc["outcome"] = outcome.to_json() if outcome else None
        if svg:
            doc["svg"] = render_board(live.game, observation)
            doc["info"] = info_docs(live.game, observation)
            doc.update(self.board_extras(live, seat))
        return doc

    def board_extras(self, live: LiveGame, seat: int | None) -> dict[str, Any]:
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
            live.game, before, live.state, seat, live.actors[last] if last is not None else None,
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
                raise WebError(
                    409, f"stale move: you sent move {move} but the game is at move {state.move_number()}"
                )
            chosen = self._parse_action(state, action)
            await self._commit(live, seat, chosen)
        return seat

    async def hint(self, live: LiveGame, token: str | None, seconds: float, top: int) -> dict[str, Any]:
        """The best moves for the seat holding ``token`` now, each with its estimated win chance."""
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
        async with live.lock:
            self._check_turn(live.state, seat)
            # The search works on its own copy, so moves by others cannot change what it reads.
            snapshot = live.state.clone()
            revision = live.revision
        move = snapshot.move_number()
        seed = derive_seed(live.seed, "hint", seat, move)
        async with self._hint_slot:
            found = await asyncio.to_thread(
                search_hints, SeatView(snapshot, seat), seconds=seconds, top=top, seed=seed
            )
        return {
            "seat": seat,
            "move": move,
            "revision": revision,
            "seconds": seconds,
            "hints": [{"id": a, "text": snapshot.action_to_string(a), "chance": chance} for a, chance in found],
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
        undoable = [*live.undoable, may_undo_later(before, after, seat, action, live.seed)]
        mark = len(after.log(seat))
        resolve_chance(after, live.seed, actors, undoable)
        start = before.move_number()
        new = [StoredAction(i, after.history()[i], actors[i], undoable[i]) for i in range(start, after.move_number())]
        stored = self.storage.append_actions(live.id, start, new, _result(after))

        async def publish() -> None:
            # Runs to the end even if the request that caused it is cancelled: once the store
            # has the action, memory must have it too.
            await asyncio.wrap_future(stored)
            live.state, live.actors, live.undoable = after, actors, undoable
            live.before_last = before
            live.log_marks[seat] = mark
            live.revision += 1
            self.notify(live)
            self.schedule_bots(live)

        try:
            await asyncio.shield(self._keep(asyncio.ensure_future(publish())))
        except StorageError as exc:
            raise WebError(409, str(exc)) from None
        except Exception as exc:
            log.exception("storage failed for game %s", live.id)
            raise WebError(503, f"the action was not saved (storage error: {type(exc).__name__}); try again") from None

    def _keep(self, task: asyncio.Future[None]) -> asyncio.Future[None]:
        """Hold a reference to a task until it ends (asyncio keeps only weak ones)."""
        self.background.add(task)  # type: ignore[arg-type]
        task.add_done_callback(self.background.discard)
        return task

    def undo_allowed(self, live: LiveGame, seat: int) -> bool:
        state = live.state
        return (
            bool(live.actors)
            and live.actors[-1] == seat
            and live.undoable[-1]
            and state.current_player() == seat
            and live.bots[seat] is None
        )

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
            stored = self.storage.truncate_actions(live.id, n, n - 1)

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
        if not live.state.is_terminal():
            raise WebError(
                409, f"this game has not ended yet (decision {decisions_made(live.actors)} so far): "
                     "its replay opens once the game has ended, so that nobody learns a hidden card from it"
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
        actor = text = None
        lines: list[str] = []
        if index is not None:
            before = state_at(live.game, history, index)
            actor = live.actors[index]
            text = before.action_to_string(history[index])
            lines = state.log(seat)[len(before.log(seat)):]
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
            "seats": seat_docs(live.game, observation, live.bots, live.names),
            "observation": observation,
            "log": seat_log(state, seat),
            "current_player": None if state.is_terminal() else state.current_player(),
            "terminal": state.is_terminal(),
            "svg": render_board(live.game, observation),
            "info": info_docs(live.game, observation),
        }

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

    def subscribe(self, live: LiveGame, seat: int | None, *, svg: bool = True) -> asyncio.Queue[dict[str, Any]]:
        queue: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        live.subscribers.setdefault((seat, svg), set()).add(queue)
        return queue

    @staticmethod
    def unsubscribe(
        live: LiveGame, seat: int | None, queue: asyncio.Queue[dict[str, Any]], *, svg: bool = True
    ) -> None:
        live.subscribers.get((seat, svg), set()).discard(queue)

    def notify(self, live: LiveGame) -> None:
        """Queue each subscribed seat's fresh view (one build per seat, in commit order)."""
        for (seat, svg), queues in list(live.subscribers.items()):
            if not queues:
                continue
            view = self.view(live, seat, svg=svg)
            for q in list(queues):
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
                action = await asyncio.to_thread(bot_choice, live.game, spec, seat, live.seed, state.clone())
                try:
                    await self._commit(live, seat, action)
                except WebError as exc:
                    log.warning("bot move in game %s failed: %s", live.id, exc.message)
                    await asyncio.sleep(max(self.bot_delay, 0.5))

    async def shutdown(self) -> None:
        for task in list(self.background):
            task.cancel()
        for task in list(self.background):
            with contextlib.suppress(BaseException):
                await task


def bot_choice(game: Game, spec: str, seat: int, seed: int, state: State) -> int:
    """The bot's move; seeded by game seed, seat and step, so a restarted server plays the same."""
    agent = make_agent(spec, game, seat, derive_seed(seed, "agent", seat, state.move_number()))
    legal = state.legal_actions()
    try:
        action = agent.act(SeatView(state, seat))
        if action in legal:
            return action
        log.warning("bot %s chose illegal action %r in %s; playing a random legal one", spec, action, game.ID)
    except Exception:
        log.exception("bot %s failed in %s; playing a random legal one", spec, game.ID)
    return legal[random.Random(derive_seed(seed, "fallback", state.move_number())).randrange(len(legal))]


def undo_refusal(live: LiveGame, seat: int) -> str:
    """Why the seat may not undo now, in words."""
    if live.bots[seat] is not None:
        return "bots do not undo"
    if not live.actors or live.actors[-1] != seat:
        who = "nothing yet" if not live.actors else ("a chance event" if live.actors[-1] == CHANCE else
                                                       f"seat {live.actors[-1]}")
        return f"nothing to undo: the last step was not yours ({who})"
    if live.state.current_player() != seat:
        return "nothing to undo: your turn has ended"
    return "that step cannot be undone: it revealed information"


def seat_log(state: State, seat: int | None) -> list[str]:
    """The move log ``seat`` may read: public lines plus the lines private to it (None: public only)."""
    return state.log(seat)


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

