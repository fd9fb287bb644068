"""Durable storage of web games: SQLAlchemy 2 over SQLite (default) or PostgreSQL.

A stored game is its record (game id, parameters, seed, every action applied,
chance outcomes included) plus its seats (a hash of each seat's secret token and
the bot spec sitting there). The live state is never stored: it is rebuilt by
replaying the actions, which is exact because games are deterministic given their
actions. That is what lets a server killed with ``kill -9`` resume every game.

Every accepted action is written in one transaction, checked by a unique
``(game, idx)`` key and by the game's action count (optimistic concurrency), and
committed before the caller tells anyone about it.
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import queue
import secrets
import threading
from collections.abc import Callable, Sequence
from concurrent.futures import Future
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any, cast

from sqlalchemy import (
    BigInteger,
    Boolean,
    DateTime,
    ForeignKey,
    Integer,
    String,
    Table,
    Text,
    bindparam,
    create_engine,
    delete,
    event,
    false,
    func,
    insert,
    select,
    text,
    true,
    update,
)
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, sessionmaker

log = logging.getLogger("gravity_games.web")

DEFAULT_DB_PATH = Path("var") / "gravity.sqlite3"
MAX_BATCH = 256
"""Most writes committed together by the group-commit writer."""
MIGRATIONS_DIR = Path(__file__).with_name("migrations")


class StorageError(RuntimeError):
    """The store refused a write (a concurrent writer got there first, or the row is missing)."""


class Base(DeclarativeBase):
    pass


class GameRow(Base):
    __tablename__ = "games"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(64), index=True)
    players: Mapped[int] = mapped_column(Integer)
    params_json: Mapped[str] = mapped_column(Text)
    seed: Mapped[int] = mapped_column(BigInteger)
    num_actions: Mapped[int] = mapped_column(Integer, default=0)
    # Bumped by every change (an action batch or an undo); views carry it so clients can
    # order them even when an undo lowers the move number. Added by migration 0002.
    revision: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    finished: Mapped[bool] = mapped_column(Boolean, default=False, index=True)
    # Whether people at this game may ask for hints (the creator decides). Added by migration 0003;
    # games stored before it allow them, as the server did then.
    hints: Mapped[bool] = mapped_column(Boolean, default=True, server_default=true())
    # Whether a bot is to act now (migration 0005): a restart resumes exactly these games.
    bot_to_act: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false(), index=True)
    result_json: Mapped[str | None] = mapped_column(Text, nullable=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class SeatRow(Base):
    __tablename__ = "seats"

    game_id: Mapped[str] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    bot: Mapped[str | None] = mapped_column(String(200), nullable=True)
    # The name the person at this seat gave (migration 0004); None until they give one.
    name: Mapped[str | None] = mapped_column(String(40), nullable=True)


class ActionRow(Base):
    __tablename__ = "actions"

    game_id: Mapped[str] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), primary_key=True)
    idx: Mapped[int] = mapped_column(Integer, primary_key=True)
    action: Mapped[int] = mapped_column(Integer)
    # The seat that chose it, or -1 for a chance outcome drawn by the server.
    seat: Mapped[int] = mapped_column(Integer)
    # May the seat take this action back (same turn, nothing revealed)? Decided when applied.
    undoable: Mapped[bool] = mapped_column(Boolean, default=False)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


@dataclass(frozen=True)
class StoredAction:
    idx: int
    action: int
    seat: int
    undoable: bool


@dataclass(frozen=True)
class StoredSeat:
    seat: int
    token_hash: str
    bot: str | None
    name: str | None = None


@dataclass(frozen=True)
class StoredChange:
    """A game's revision and length now, its actions from one index on, and its seats' names."""

    revision: int
    num_actions: int
    since: int
    actions: tuple[StoredAction, ...]
    names: tuple[str | None, ...]

    @property
    def complete(self) -> bool:
        """Whether ``actions`` are every action from ``since`` on (no write landed between the reads)."""
        return len(self.actions) == max(0, self.num_actions - self.since)


@dataclass(frozen=True)
class StoredGame:
    id: str
    game: str
    players: int
    params: dict[str, Any]
    seed: int
    num_actions: int
    revision: int
    finished: bool
    result: dict[str, Any] | None
    created_at: datetime
    updated_at: datetime
    seats: tuple[StoredSeat, ...] = ()
    actions: tuple[StoredAction, ...] = ()
    hints: bool = True


def hash_token(token: str) -> str:
    """Seat tokens are stored only as SHA-256 hashes, so a leaked database leaks no seat."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def normalise_url(url: str | None) -> str:
    """Accept ``postgresql://`` (psycopg 3 is the driver) and plain SQLite paths."""
    if url is None or url == "":
        return f"sqlite:///{DEFAULT_DB_PATH}"
    if url.startswith("postgres://"):
        url = "postgresql://" + url[len("postgres://") :]
    if url.startswith("postgresql://"):
        return "postgresql+psycopg://" + url[len("postgresql://") :]
    if "://" not in url:
        return f"sqlite:///{url}"
    return url


def _now() -> datetime:
    return datetime.now(UTC)


def _aware(value: datetime) -> datetime:
    # SQLite hands back naive datetimes; they were written in UTC.
    return value if value.tzinfo is not None else value.replace(tzinfo=UTC)


Write = Callable[[Connection], None]
"""A write runs on a plain Core connection: the ORM's unit of work cost more than the move itself."""

GAMES = cast(Table, GameRow.__table__)
SEATS = cast(Table, SeatRow.__table__)
ACTIONS = cast(Table, ActionRow.__table__)

# The writes of every move, built once with bound parameters: SQLAlchemy then finds each compiled
# form at once, where a statement built per call with its values inside was compiled and keyed
# again every time (0.5-0.6 ms of CPU per action against 0.16, measured in batches of 50).
APPEND_TO_GAME = (
    update(GAMES)
    .where(GAMES.c.id == bindparam("game_id"), GAMES.c.num_actions == bindparam("expected"))
    .values(
        num_actions=bindparam("num_actions"),
        revision=GAMES.c.revision + 1,
        finished=bindparam("finished"),
        bot_to_act=bindparam("bot_to_act"),
        result_json=bindparam("result_json"),
        updated_at=bindparam("updated_at"),
    )
)
INSERT_ACTIONS = insert(ACTIONS)


class GroupCommitWriter:
    """One thread that commits every write; writes that queue up meanwhile share one commit.

    A commit with ``synchronous=FULL`` costs an fsync (~15 ms here), so one transaction
    per action would cap the whole server near 60 actions/s. Batching keeps every action
    durable before it is acknowledged (its future resolves only after the commit) while
    paying one fsync per batch. A batch that fails is retried write by write, so one
    refused write (a stale game) never takes the others down with it.
    """

    def __init__(self, engine: Engine) -> None:
        self._engine = engine
        self._queue: queue.Queue[tuple[Write, Future[None]] | None] = queue.Queue()
        self._thread = threading.Thread(target=self._run, name="gravity-db-writer", daemon=True)
        self._thread.start()

    def submit(self, write: Write) -> Future[None]:
        future: Future[None] = Future()
        self._queue.put((write, future))
        return future

    def close(self) -> None:
        self._queue.put(None)
        self._thread.join(timeout=30)

    def _run(self) -> None:
        while True:
            item = self._queue.get()
            if item is None:
                return
            batch = [item]
            stop = False
            while len(batch) < MAX_BATCH:
                try:
                    more = self._queue.get_nowait()
                except queue.Empty:
                    break
                if more is None:
                    stop = True
                    break
                batch.append(more)
            self._commit(batch)
            if stop:
                return

    def _commit(self, batch: list[tuple[Write, Future[None]]]) -> None:
        try:
            with self._engine.begin() as connection:
                for write, _ in batch:
                    write(connection)
        except Exception:
            if len(batch) == 1:
                _, future = batch[0]
                self._run_alone(batch[0][0], future)
                return
            for write, future in batch:
                self._run_alone(write, future)
            return
        for _, future in batch:
            future.set_result(None)

    def _run_alone(self, write: Write, future: Future[None]) -> None:
        try:
            with self._engine.begin() as connection:
                write(connection)
        except Exception as exc:
            future.set_exception(exc)
        else:
            future.set_result(None)


CHECKPOINT_SECONDS = 1.0
"""How often the SQLite checkpointer copies the write-ahead log into the database."""


class Checkpointer:
    """SQLite: checkpoints on a thread of their own, never in the commit of a move.

    By default the connection whose commit makes the write-ahead log pass 1,000 pages copies the
    log into the database there and then, so one move in a few hundred waited 30-75 ms for it (a
    commit is 2-10 ms): the tail of the server's latency. Here autocheckpointing is off
    (``_sqlite_pragmas``) and this thread runs a PASSIVE checkpoint every second, which waits for
    no reader or writer.
    """

    def __init__(self, engine: Engine, every: float = CHECKPOINT_SECONDS) -> None:
        self._engine = engine
        self._every = every
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="gravity-db-checkpoint", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        while not self._stop.wait(self._every):
            try:
                with self._engine.connect() as connection:
                    connection.exec_driver_sql("PRAGMA wal_checkpoint(PASSIVE)")
            except Exception:  # the store is busy or gone: the next round tries again
                log.debug("SQLite checkpoint failed", exc_info=True)

    def close(self) -> None:
        self._stop.set()
        self._thread.join(timeout=10)


class Storage:
    """The game store. Thread-safe: reads open short sessions; writes go through one writer."""

    def __init__(self, url: str | None = None, *, migrate: bool = True) -> None:
        self.url = normalise_url(url)
        self.is_sqlite = self.url.startswith("sqlite")
        if self.is_sqlite:
            path = self.url.split("///", 1)[1] if "///" in self.url else ""
            if path and path != ":memory:":
                Path(path).parent.mkdir(parents=True, exist_ok=True)
            self.engine: Engine = create_engine(
                self.url, connect_args={"check_same_thread": False, "timeout": 30}, pool_size=8, max_overflow=8
            )
            event.listen(self.engine, "connect", _sqlite_pragmas)
        else:
            self.engine = create_engine(self.url, pool_size=8, max_overflow=8, pool_pre_ping=True)
        self._sessions = sessionmaker(self.engine, expire_on_commit=False)
        # Names this process in the change notices it sends (PostgreSQL), so it ignores its own.
        self.origin = f"{os.getpid()}-{secrets.token_hex(3)}"
        if migrate:
            self.migrate()
        self._writer = GroupCommitWriter(self.engine)
        self._checkpointer = Checkpointer(self.engine) if self.is_sqlite else None

    @property
    def listen_url(self) -> str:
        """The store's address as psycopg takes it (for the LISTEN connection)."""
        url = self.engine.url.set(drivername="postgresql")
        return url.render_as_string(hide_password=False)

    def migrate(self) -> None:
        """Bring the schema to the newest Alembic revision (a no-op when it is there)."""
        from alembic import command
        from alembic.config import Config

        config = Config()
        config.set_main_option("script_location", str(MIGRATIONS_DIR))
        config.set_main_option("sqlalchemy.url", self.url.replace("%", "%%"))
        with self.engine.begin() as connection:
            if not self.is_sqlite:
                # Several processes starting on one database (--workers) migrate one at a time; the
                # others then find the schema at head (two CREATE TABLEs at once collide).
                connection.execute(text("SELECT pg_advisory_xact_lock(7215016)"))
            config.attributes["connection"] = connection
            command.upgrade(config, "head")

    def close(self) -> None:
        self._writer.close()
        if self._checkpointer is not None:
            self._checkpointer.close()
        self.engine.dispose()

    # -- writes -------------------------------------------------------------

    def create_game(
        self,
        game_id: str,
        game: str,
        players: int,
        params: dict[str, Any],
        seed: int,
        seats: Sequence[tuple[str, str | None]],
        actions: Sequence[StoredAction],
        result: dict[str, Any] | None,
        *,
        hints: bool = True,
        bot_to_act: bool = False,
    ) -> Future[None]:
        """Store a new game with its seats (token hash, bot) and its setup actions, in one transaction.

        Returns a future that resolves once committed (``.result()`` waits and raises).
        """
        now = _now()

        def write(connection: Connection) -> None:
            connection.execute(
                insert(GAMES).values(
                    id=game_id,
                    game=game,
                    players=players,
                    params_json=json.dumps(params, sort_keys=True),
                    seed=seed,
                    num_actions=len(actions),
                    revision=0,
                    finished=result is not None,
                    hints=hints,
                    bot_to_act=bot_to_act,
                    result_json=json.dumps(result) if result is not None else None,
                    created_at=now,
                    updated_at=now,
                )
            )
            if seats:
                connection.execute(
                    insert(SEATS),
                    [
                        {"game_id": game_id, "seat": seat, "token_hash": token_hash, "bot": bot, "name": None}
                        for seat, (token_hash, bot) in enumerate(seats)
                    ],
                )
            self._add_actions(connection, game_id, actions, now)

        return self._writer.submit(write)

    def append_actions(
        self,
        game_id: str,
        expected: int,
        actions: Sequence[StoredAction],
        result: dict[str, Any] | None,
        *,
        bot_to_act: bool = False,
    ) -> Future[None]:
        """Append actions after exactly ``expected`` stored ones; the future raises StorageError otherwise."""
        now = _now()

        values = {
            "game_id": game_id,
            "expected": expected,
            "num_actions": expected + len(actions),
            "finished": result is not None,
            "bot_to_act": bot_to_act,
            "result_json": json.dumps(result) if result is not None else None,
            "updated_at": now,
        }

        def write(connection: Connection) -> None:
            moved = _rowcount(connection.execute(APPEND_TO_GAME, values))
            if moved != 1:
                raise StorageError(f"game {game_id} no longer has {expected} actions; refused a stale write")
            self._add_actions(connection, game_id, actions, now)
            self._announce(connection, game_id)

        return self._writer.submit(write)

    def truncate_actions(self, game_id: str, expected: int, keep: int, *, bot_to_act: bool = False) -> Future[None]:
        """Drop the actions from index ``keep`` on (an undo), if the game still has ``expected``."""
        now = _now()

        def write(connection: Connection) -> None:
            moved = _rowcount(
                connection.execute(
                    update(GAMES)
                    .where(GAMES.c.id == game_id, GAMES.c.num_actions == expected)
                    .values(
                        num_actions=keep,
                        revision=GAMES.c.revision + 1,
                        finished=False,
                        bot_to_act=bot_to_act,
                        result_json=None,
                        updated_at=now,
                    )
                )
            )
            if moved != 1:
                raise StorageError(f"game {game_id} no longer has {expected} actions; refused a stale undo")
            connection.execute(delete(ACTIONS).where(ACTIONS.c.game_id == game_id, ACTIONS.c.idx >= keep))
            self._announce(connection, game_id)

        return self._writer.submit(write)

    def set_seat_name(self, game_id: str, seat: int, name: str) -> Future[None]:
        """Store the name the person at ``seat`` gave (already checked by the caller)."""

        def write(connection: Connection) -> None:
            moved = _rowcount(
                connection.execute(
                    update(SEATS).where(SEATS.c.game_id == game_id, SEATS.c.seat == seat).values(name=name)
                )
            )
            if moved != 1:
                raise StorageError(f"game {game_id} has no seat {seat}")
            # A name is a change every seat sees, ordered with the moves like any other.
            connection.execute(update(GAMES).where(GAMES.c.id == game_id).values(revision=GAMES.c.revision + 1))
            self._announce(connection, game_id)

        return self._writer.submit(write)

    def _announce(self, connection: Connection, game_id: str) -> None:
        """Tell the other server processes (PostgreSQL NOTIFY, sent when this transaction commits)."""
        if not self.is_sqlite:
            payload = f"{game_id} {self.origin}"
            connection.execute(text("SELECT pg_notify('gravity_games', :payload)"), {"payload": payload})

    @staticmethod
    def _add_actions(connection: Connection, game_id: str, actions: Sequence[StoredAction], now: datetime) -> None:
        if not actions:
            return
        # One Core INSERT for the batch: the ORM's unit of work per row cost more than the move itself.
        connection.execute(
            INSERT_ACTIONS,
            [
                {
                    "game_id": game_id,
                    "idx": a.idx,
                    "action": a.action,
                    "seat": a.seat,
                    "undoable": a.undoable,
                    "created_at": now,
                }
                for a in actions
            ],
        )

    # -- reads --------------------------------------------------------------

    def load_game(self, game_id: str) -> StoredGame | None:
        with self._sessions() as session:
            row = session.get(GameRow, game_id)
            if row is None:
                return None
            seats = session.scalars(select(SeatRow).where(SeatRow.game_id == game_id).order_by(SeatRow.seat)).all()
            actions = session.scalars(
                select(ActionRow).where(ActionRow.game_id == game_id).order_by(ActionRow.idx)
            ).all()
            return _stored(row, seats, actions)

    def load_since(self, game_id: str, since: int) -> StoredChange | None:
        """The game's revision and length, its actions from index ``since`` on, and its names.

        What a process holding the game needs after another process changed it: one move is a
        row or two, where ``load_game`` reads every action of the game again.
        """
        with self.engine.connect() as connection:
            row = connection.execute(select(GAMES.c.revision, GAMES.c.num_actions).where(GAMES.c.id == game_id)).first()
            if row is None:
                return None
            actions = connection.execute(
                select(ACTIONS.c.idx, ACTIONS.c.action, ACTIONS.c.seat, ACTIONS.c.undoable)
                .where(ACTIONS.c.game_id == game_id, ACTIONS.c.idx >= since)
                .order_by(ACTIONS.c.idx)
            ).all()
            names = connection.execute(
                select(SEATS.c.name).where(SEATS.c.game_id == game_id).order_by(SEATS.c.seat)
            ).scalars()
            return StoredChange(
                revision=row.revision,
                num_actions=row.num_actions,
                since=since,
                actions=tuple(StoredAction(a.idx, a.action, a.seat, bool(a.undoable)) for a in actions),
                names=tuple(names),
            )

    def list_games(self, *, limit: int = 50, finished: bool | None = None) -> list[StoredGame]:
        with self._sessions() as session:
            query = select(GameRow).order_by(GameRow.updated_at.desc()).limit(limit)
            if finished is not None:
                query = query.where(GameRow.finished == finished)
            rows = session.scalars(query).all()
            ids = [r.id for r in rows]
            seats: dict[str, list[SeatRow]] = {i: [] for i in ids}
            if ids:
                for s in session.scalars(select(SeatRow).where(SeatRow.game_id.in_(ids)).order_by(SeatRow.seat)):
                    seats[s.game_id].append(s)
            return [_stored(r, seats[r.id], ()) for r in rows]

    def unfinished_ids(self) -> list[str]:
        with self._sessions() as session:
            return list(session.scalars(select(GameRow.id).where(GameRow.finished.is_(False))))

    def bot_waiting_ids(self, *, older_than: float | None = None) -> list[str]:
        """The unfinished games in which a bot is to act (what a restart must resume).

        ``older_than``: only those unchanged for that many seconds (a process that died left them).
        """
        with self._sessions() as session:
            query = select(GameRow.id).where(GameRow.finished.is_(False), GameRow.bot_to_act.is_(True))
            if older_than is not None:
                query = query.where(GameRow.updated_at < _now() - timedelta(seconds=older_than))
            return list(session.scalars(query))

    def count_unfinished(self) -> int:
        with self._sessions() as session:
            return int(session.scalar(select(func.count()).where(GameRow.finished.is_(False))) or 0)

    def count_actions(self, game_id: str) -> int:
        with self._sessions() as session:
            return int(session.scalar(select(func.count()).where(ActionRow.game_id == game_id)) or 0)


def _rowcount(result: Any) -> int:
    # an UPDATE's result is a CursorResult, which has rowcount (typed as the generic Result)
    return int(result.rowcount)


def _stored(row: GameRow, seats: Sequence[SeatRow], actions: Sequence[ActionRow]) -> StoredGame:
    return StoredGame(
        id=row.id,
        game=row.game,
        players=row.players,
        params=json.loads(row.params_json),
        seed=int(row.seed),
        num_actions=row.num_actions,
        revision=row.revision,
        finished=bool(row.finished),
        result=json.loads(row.result_json) if row.result_json else None,
        created_at=_aware(row.created_at),
        updated_at=_aware(row.updated_at),
        seats=tuple(StoredSeat(s.seat, s.token_hash, s.bot, s.name) for s in seats),
        actions=tuple(StoredAction(a.idx, a.action, a.seat, bool(a.undoable)) for a in actions),
        hints=bool(row.hints),
    )


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    # WAL lets readers run beside the single writer; synchronous=FULL makes every commit
    # durable before we answer (NORMAL would survive kill -9 too, but not a power cut).
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=FULL")
    # Checkpoints run on their own thread (Checkpointer), not inside whichever commit passes the mark.
    cursor.execute("PRAGMA wal_autocheckpoint=0")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA busy_timeout=30000")
    cursor.close()
