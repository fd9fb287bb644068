"""Several server processes on one PostgreSQL: live pushes across processes, ordered writes, a killed
process losing nothing while the others carry on."""

from __future__ import annotations

import json
import os
import signal
import time
from pathlib import Path
from typing import Any

import httpx
from websockets.sync.client import connect

from .conftest import PostgresServer, free_port
from .test_hardening import Served, stored_actions


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def next_view(ws: Any, after_revision: int, limit: float = 10.0) -> dict[str, Any]:
    """The first pushed view newer than ``after_revision``."""
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        doc = json.loads(ws.recv(timeout=max(0.01, deadline - time.monotonic())))
        if doc["revision"] > after_revision:
            return doc
    raise AssertionError("no newer view was pushed")


def test_two_processes_push_each_others_moves_and_survive_a_kill(postgres: PostgresServer, tmp_path: Path) -> None:
    db = postgres.new_database()
    args = ("--bot-delay", "0", "--bot-seconds", "0.5")
    a = Served(db, free_port(), tmp_path / "a.log", *args)
    b = Served(db, free_port(), tmp_path / "b.log", *args)
    try:
        r = httpx.post(a.base + "/api/games", json={"game": "doubt-gravity", "players": 2, "seed": 11}, timeout=10)
        gid, tokens = r.json()["id"], [s["token"] for s in r.json()["seats"]]
        bases = [a.base, b.base]  # seat 0 plays on process A, seat 1 on process B
        sockets = [
            connect(f"{bases[s].replace('http', 'ws')}/ws/games/{gid}?token={tokens[s]}&svg=false") for s in range(2)
        ]
        views = [json.loads(ws.recv(timeout=10)) for ws in sockets]
        acked: list[int] = []
        for _ in range(6):
            seat = views[0]["current_player"]
            mine = views[seat]
            action = mine["legal_actions"][0]["id"]
            r = httpx.post(
                f"{bases[seat]}/api/games/{gid}/actions",
                headers=auth(tokens[seat]),
                json={"action": action, "move": mine["move"]},
                timeout=10,
            )
            assert r.status_code == 200, r.text
            acked.append(action)
            # both seats hear it live, the one on the other process too
            views = [next_view(ws, views[s]["revision"]) for s, ws in enumerate(sockets)]
            assert views[0]["move"] == views[1]["move"] == r.json()["move"]
        # a stale write through the other process is refused and changes nothing (ordered by revision)
        seat = views[0]["current_player"]
        stale = httpx.post(
            f"{bases[1 - seat]}/api/games/{gid}/actions",
            headers=auth(tokens[seat]),
            json={"action": views[seat]["legal_actions"][0]["id"], "move": views[seat]["move"] - 1},
            timeout=10,
        )
        assert stale.status_code == 409
        for ws in sockets:
            ws.close()
        # a bot game started on A: A is killed, B carries its bots on
        r = httpx.post(
            a.base + "/api/games",
            timeout=10,
            json={"game": "doubt-gravity", "players": 2, "seed": 12, "bots": ["random", "random"]},
        )
        bot_game = r.json()["id"]
        os.kill(a.proc.pid, signal.SIGKILL)
        a.proc.wait(timeout=10)
        stored = [x.action for x in stored_actions(db, gid)]
        assert all(x in stored for x in acked) and len(stored) >= len(acked)
        # the people's game goes on through B
        v = httpx.get(f"{b.base}/api/games/{gid}", headers=auth(tokens[seat]), timeout=10).json()
        r = httpx.post(
            f"{b.base}/api/games/{gid}/actions",
            headers=auth(tokens[seat]),
            json={"action": v["legal_actions"][0]["id"], "move": v["move"]},
            timeout=10,
        )
        assert r.status_code == 200, r.text
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if httpx.get(f"{b.base}/api/games/{bot_game}", timeout=10).json()["terminal"]:
                break
            time.sleep(0.5)
        assert httpx.get(f"{b.base}/api/games/{bot_game}", timeout=10).json()["terminal"]
    finally:
        for s in (a, b):
            if s.proc.poll() is None:
                assert s.terminate() < 5.0


def test_workers_option_runs_several_processes_and_stops_on_sigterm(postgres: PostgresServer, tmp_path: Path) -> None:
    db = postgres.new_database()
    server = Served(db, free_port(), tmp_path / "w.log", "--workers", "2")
    try:
        r = httpx.post(server.base + "/api/games", json={"game": "doubt-gravity", "players": 2}, timeout=10)
        assert r.status_code == 201
        assert httpx.get(f"{server.base}/api/games/{r.json()['id']}", timeout=10).status_code == 200
        children = Path(f"/proc/{server.proc.pid}/task/{server.proc.pid}/children").read_text().split()
        assert len(children) >= 2, children
    finally:
        assert server.terminate() < 5.0


def test_several_processes_need_postgresql(tmp_path: Path) -> None:
    import subprocess
    import sys

    gravity = Path(sys.executable).with_name("gravity")
    done = subprocess.run(
        [str(gravity), "serve", "--workers", "2", "--db", str(tmp_path / "x.sqlite3")],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2 and "needs a PostgreSQL store" in done.stderr
