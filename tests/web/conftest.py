"""Fixtures of the web tests: the app on SQLite and on a private PostgreSQL, the toy game.

The PostgreSQL server is started here, once per test session, on a loopback port
with its data and socket in a temporary folder, as the ``postgres`` user when the
tests run as root (the server refuses to run as root). ``scripts/ci_services.sh``
installs the binaries when missing; without them these tests fail and say so.
"""

from __future__ import annotations

import contextlib
import glob
import os
import shutil
import socket
import subprocess
import tempfile
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from gravity_games.core import registry
from gravity_games.web.app import create_app

from .toy_game import TOY_ID, register_toy


def free_port() -> int:
    with contextlib.closing(socket.socket(socket.AF_INET, socket.SOCK_STREAM)) as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _pg_bin() -> Path:
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
    if found:
        return Path(found[-1]).parent
    initdb = shutil.which("initdb")
    if initdb:
        return Path(initdb).parent
    raise RuntimeError(
        "PostgreSQL server binaries not found; run `bash scripts/ci_services.sh` (apt-get install postgresql)"
    )


class PostgresServer:
    """A throwaway PostgreSQL cluster on 127.0.0.1:<port>, trust auth, no fsync."""

    def __init__(self) -> None:
        self.bin = _pg_bin()
        self.root = Path(tempfile.mkdtemp(prefix="gg-pg-"))
        self.data = self.root / "data"
        self.port = free_port()
        self.as_root = os.geteuid() == 0
        if self.as_root:
            shutil.chown(self.root, "postgres", "postgres")
        os.chmod(self.root, 0o755)

    def _run(self, *args: str) -> subprocess.CompletedProcess[str]:
        cmd = list(args)
        if self.as_root:
            cmd = ["runuser", "-u", "postgres", "--", *cmd]
        return subprocess.run(cmd, check=True, capture_output=True, text=True, timeout=120)

    def start(self) -> None:
        self._run(str(self.bin / "initdb"), "-D", str(self.data), "-A", "trust", "-U", "postgres", "--no-sync")
        options = f"-p {self.port} -k {self.root} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200"
        self._run(
            str(self.bin / "pg_ctl"),
            "-D",
            str(self.data),
            "-o",
            options,
            "-l",
            str(self.root / "log"),
            "-w",
            "-t",
            "60",
            "start",
        )

    def stop(self) -> None:
        with contextlib.suppress(Exception):
            self._run(str(self.bin / "pg_ctl"), "-D", str(self.data), "-m", "immediate", "-w", "stop")
        shutil.rmtree(self.root, ignore_errors=True)

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://postgres@127.0.0.1:{self.port}/{database}"

    def new_database(self) -> str:
        import psycopg

        name = "gg_" + uuid.uuid4().hex[:12]
        with psycopg.connect(self.url(), autocommit=True) as conn:
            conn.execute(f'CREATE DATABASE "{name}"')
        return self.url(name)


@pytest.fixture(scope="session")
def postgres() -> Iterator[PostgresServer]:
    server = PostgresServer()
    server.start()
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture(params=["sqlite", "postgres"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A fresh empty database: a SQLite file, or a new database on the private PostgreSQL."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'gravity.sqlite3'}"
    server: PostgresServer = request.getfixturevalue("postgres")
    return server.new_database()


@pytest.fixture
def sqlite_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'gravity.sqlite3'}"


@pytest.fixture
def toy() -> Iterator[str]:
    """Register the toy game for one test and take it away after, so no other test sees it."""
    register_toy()
    try:
        yield TOY_ID
    finally:
        registry._ENTRIES.pop(TOY_ID, None)


@pytest.fixture
def client(db_url: str) -> Iterator[TestClient]:
    # Searches in threads (search_workers=0): a test can patch them and use the toy game;
    # tests/web/test_bounds.py runs them in worker processes, as `gravity serve` does.
    with TestClient(create_app(db_url, bot_delay=0.0, search_workers=0)) as c:
        yield c


@pytest.fixture
def lite_client(sqlite_url: str) -> Iterator[TestClient]:
    with TestClient(create_app(sqlite_url, bot_delay=0.0, search_workers=0)) as c:
        yield c
