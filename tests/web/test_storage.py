"""Storage: Alembic migrations, group commit, stale writes refused."""

from __future__ import annotations

import time
from concurrent.futures import Future

import pytest
from alembic import command
from alembic.config import Config
from sqlalchemy import create_engine, text

from gravity_games.web.storage import MIGRATIONS_DIR, Storage, StorageError, StoredAction, normalise_url


def test_migrating_an_old_database_keeps_its_games(tmp_path) -> None:
    url = f"sqlite:///{tmp_path / 'old.sqlite3'}"
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS_DIR))
    config.set_main_option("sqlalchemy.url", url)
    command.upgrade(config, "0001")  # a database written before revisions existed
    engine = create_engine(url)
    with engine.begin() as conn:
        conn.execute(
            text(
                "INSERT INTO games"
                " (id, game, players, params_json, seed, num_actions, finished, created_at, updated_at)"
                " VALUES ('old', 'doubt-gravity', 2, '{\"players\": 2}', 1, 0, 0, '2026-01-01', '2026-01-01')"
            )
        )
        conn.execute(text("INSERT INTO seats (game_id, seat, token_hash) VALUES ('old', 0, 'h0'), ('old', 1, 'h1')"))
    engine.dispose()
    storage = Storage(url)  # upgrades to head
    stored = storage.load_game("old")
    assert stored is not None and stored.revision == 0 and [s.token_hash for s in stored.seats] == ["h0", "h1"]
    assert stored.hints is True  # migration 0003: games from before it keep the hints they had
    storage.append_actions("old", 0, [StoredAction(0, 3, -1, False)], None).result()
    assert storage.load_game("old").revision == 1  # type: ignore[union-attr]
    storage.close()


def test_writes_commit_together_and_a_stale_one_fails_alone(tmp_path) -> None:
    storage = Storage(f"sqlite:///{tmp_path / 's.sqlite3'}")
    for gid in ("a", "b"):
        storage.create_game(
            gid, "doubt-gravity", 2, {"players": 2}, 1, [(gid + "0", None), (gid + "1", None)], [], None
        ).result()
    futures: list[Future[None]] = [
        storage.append_actions("a", 0, [StoredAction(0, 1, 0, False)], None),
        storage.append_actions("b", 5, [StoredAction(5, 1, 0, False)], None),  # stale: b has 0 actions
        storage.append_actions("a", 1, [StoredAction(1, 2, 1, True)], None),
    ]
    futures[0].result()
    futures[2].result()
    with pytest.raises(StorageError, match="refused a stale write"):
        futures[1].result()
    assert [a.action for a in storage.load_game("a").actions] == [1, 2]  # type: ignore[union-attr]
    assert storage.load_game("b").actions == ()  # type: ignore[union-attr]
    storage.truncate_actions("a", 2, 1).result()
    assert [a.action for a in storage.load_game("a").actions] == [1]  # type: ignore[union-attr]
    with pytest.raises(StorageError, match="stale undo"):
        storage.truncate_actions("a", 2, 1).result()
    storage.close()


def test_the_hint_setting_is_stored(tmp_path) -> None:
    storage = Storage(f"sqlite:///{tmp_path / 'h.sqlite3'}")
    storage.create_game(
        "off", "doubt-gravity", 2, {"players": 2}, 1, [("x0", None), ("x1", None)], [], None, hints=False
    ).result()
    storage.create_game("on", "doubt-gravity", 2, {"players": 2}, 1, [("y0", None), ("y1", None)], [], None).result()
    assert storage.load_game("off").hints is False  # type: ignore[union-attr]
    assert storage.load_game("on").hints is True  # type: ignore[union-attr]
    storage.close()


def test_database_urls() -> None:
    assert normalise_url(None) == "sqlite:///var/gravity.sqlite3"
    assert normalise_url("postgresql://u@h/db") == "postgresql+psycopg://u@h/db"
    assert normalise_url("postgres://u@h/db") == "postgresql+psycopg://u@h/db"
    assert normalise_url("games.db") == "sqlite:///games.db"


def test_load_since_reads_only_the_new_actions_and_the_names(db_url: str) -> None:
    """What another process reads after a move: the tail of the actions, the revision, the names."""
    storage = Storage(db_url)
    try:
        first = [StoredAction(0, 4, -1, False), StoredAction(1, 2, 0, True)]
        storage.create_game(
            "g", "doubt-gravity", 2, {"players": 2}, 1, [("h0", None), ("h1", None)], first, None
        ).result()
        storage.append_actions("g", 2, [StoredAction(2, 7, 1, False), StoredAction(3, 1, -1, False)], None).result()
        storage.set_seat_name("g", 1, "Ada").result()
        change = storage.load_since("g", 2)
        assert change is not None and change.complete
        assert change.num_actions == 4 and change.revision == storage.load_game("g").revision  # type: ignore[union-attr]
        assert [(a.idx, a.action, a.seat, a.undoable) for a in change.actions] == [(2, 7, 1, False), (3, 1, -1, False)]
        assert change.names == (None, "Ada")
        assert storage.load_since("g", 4).actions == () and storage.load_since("missing", 0) is None  # type: ignore[union-attr]
    finally:
        storage.close()


def test_sqlite_checkpoints_run_on_their_own_thread_not_in_a_commit(tmp_path) -> None:
    """Autocheckpoint is off (a commit never copies the log into the database itself), and the
    checkpointer thread does it within a few seconds, so the database file grows while the log holds."""
    path = tmp_path / "ck.sqlite3"
    storage = Storage(f"sqlite:///{path}")
    try:
        with storage.engine.connect() as connection:
            assert connection.exec_driver_sql("PRAGMA wal_autocheckpoint").scalar() == 0
        storage.create_game("g", "doubt-gravity", 2, {"players": 2}, 1, [("h0", None), ("h1", None)], [], None).result()
        time.sleep(2.5)  # a checkpoint round of the thread copies the new game in
        before = path.stat().st_size
        for i in range(300):
            storage.append_actions("g", i, [StoredAction(i, 3, 0, False)], None).result()
        deadline = time.monotonic() + 10
        while path.stat().st_size <= before and time.monotonic() < deadline:
            time.sleep(0.2)
        assert path.stat().st_size > before, "nothing copied the write-ahead log into the database"
    finally:
        storage.close()
