"""Nothing is lost: a restarted server, even one killed with SIGKILL, resumes every game exactly."""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient

from gravity_games.core.record import GameRecord
from gravity_games.core.registry import entry, list_games
from gravity_games.web.app import create_app

from .conftest import free_port
from .helpers import act, create, view
from .toy_game import MARK


def test_restart_resumes_every_game_with_identical_views(db_url: str, toy: str) -> None:
    games: list[tuple[str, list[str | None]]] = []
    with TestClient(create_app(db_url, bot_delay=0.0)) as client:
        for seed in (1, 2, 3):
            gid, tokens = create(client, toy, 3, seed=seed)
            rng = random.Random(seed)
            for _ in range(seed * 3):
                v = view(client, gid)
                if v["terminal"]:
                    break
                seat = v["current_player"]
                choice = rng.choice(view(client, gid, tokens[seat])["legal_actions"])["id"]
                act(client, gid, tokens[seat], choice)
            games.append((gid, tokens))
        act(client, games[0][0], games[0][1][view(client, games[0][0])["current_player"]], MARK)
        before = {gid: [view(client, gid, t) for t in [*tokens, None]] for gid, tokens in games}
    with TestClient(create_app(db_url, bot_delay=0.0)) as client:
        after = {gid: [view(client, gid, t) for t in [*tokens, None]] for gid, tokens in games}
        assert after == before
        # and play goes on from there
        gid, tokens = games[0]
        seat = view(client, gid)["current_player"]
        assert act(client, gid, tokens[seat], "done")["move"] == before[gid][0]["move"] + 1


class Server:
    """``gravity serve`` in a real subprocess."""

    def __init__(self, db: str, port: int, log: Path) -> None:
        gravity = Path(sys.executable).with_name("gravity")
        # Output goes to a file: an unread pipe fills up and blocks the server mid-game.
        self.log = log
        with log.open("a") as out:
            self.proc = subprocess.Popen(
                [str(gravity), "serve", "--port", str(port), "--db", db, "--bot-delay", "0.02"],
                stdout=out,
                stderr=subprocess.STDOUT,
                text=True,
            )
        self.base = f"http://127.0.0.1:{port}"
        for _ in range(300):
            try:
                if httpx.get(self.base + "/healthz", timeout=1).status_code == 200:
                    return
            except httpx.HTTPError:
                time.sleep(0.05)
        raise AssertionError(f"server did not come up: {log.read_text()[-2000:]}")

    def kill9(self) -> None:
        os.kill(self.proc.pid, signal.SIGKILL)
        self.proc.wait(timeout=10)
        assert self.proc.returncode == -signal.SIGKILL

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()


def bot_spec(game: str) -> str:
    return "heuristic" if "heuristic" in entry(game).agents else "random"


def wait_for(base: str, gid: str, test: Any, limit: float = 120.0) -> dict[str, Any]:
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        v = httpx.get(f"{base}/api/games/{gid}", timeout=10).json()
        if test(v):
            return v
        time.sleep(0.02)
    raise AssertionError(f"game {gid} never reached the condition")


@pytest.mark.timeout(300)
def test_kill_9_mid_game_then_restart_resumes_exactly(tmp_path: Path) -> None:
    game = "doubt-gravity" if "doubt-gravity" in list_games() else list_games()[0]
    players = max(entry(game).game_class.MIN_PLAYERS, 2)
    bots = [bot_spec(game)] * players
    # the reference: the same bot game, never interrupted
    with TestClient(create_app(f"sqlite:///{tmp_path / 'ref.sqlite3'}", bot_delay=0.0)) as ref:
        rid, _ = create(ref, game, players, seed=77, bots=bots)
        for _ in range(20000):
            if view(ref, rid)["terminal"]:
                break
            time.sleep(0.005)
        assert view(ref, rid)["terminal"], "the reference bot game did not finish"
        reference = ref.get(f"/api/games/{rid}/record").json()["actions"]

    db = f"sqlite:///{tmp_path / 'live.sqlite3'}"
    port = free_port()
    server = Server(db, port, tmp_path / "server.log")
    acked: list[tuple[int, int]] = []
    try:
        r = httpx.post(server.base + "/api/games", json={"game": game, "players": players, "seed": 77, "bots": bots})
        bot_game = r.json()["id"]
        r = httpx.post(server.base + "/api/games", json={"game": game, "players": players, "seed": 5})
        human_game, tokens = r.json()["id"], [s["token"] for s in r.json()["seats"]]
        rng = random.Random(5)
        for _ in range(6):  # some acknowledged moves by people
            v = httpx.get(f"{server.base}/api/games/{human_game}").json()
            if v["terminal"]:
                break
            seat = v["current_player"]
            mine = httpx.get(
                f"{server.base}/api/games/{human_game}", headers={"Authorization": f"Bearer {tokens[seat]}"}
            ).json()
            choice = rng.choice(mine["legal_actions"])["id"]
            r = httpx.post(
                f"{server.base}/api/games/{human_game}/actions",
                json={"action": choice},
                headers={"Authorization": f"Bearer {tokens[seat]}"},
            )
            assert r.status_code == 200
            acked.append((seat, choice))
        views_before = [
            httpx.get(f"{server.base}/api/games/{human_game}", headers={"Authorization": f"Bearer {t}"}).json()
            for t in tokens
        ]
        seen = wait_for(server.base, bot_game, lambda v: v["move"] >= min(len(reference) // 2, 12))
        assert not seen["terminal"] or seen["move"] == len(reference)
        server.kill9()
    finally:
        server.stop()

    server = Server(db, port, tmp_path / "server.log")
    try:
        views_after = [
            httpx.get(f"{server.base}/api/games/{human_game}", headers={"Authorization": f"Bearer {t}"}).json()
            for t in tokens
        ]
        for before, after in zip(views_before, views_after, strict=True):
            assert json.dumps(after, sort_keys=True) == json.dumps(before, sort_keys=True)
        finished = wait_for(server.base, bot_game, lambda v: v["terminal"])
        record = httpx.get(f"{server.base}/api/games/{bot_game}/record").json()
        # Every action acknowledged before the kill survives unchanged, and the bots carry on
        # exactly as in the uninterrupted game.
        kept = seen["move"]
        assert record["actions"][:kept] == reference[:kept], "an acknowledged action changed across the restart"
        assert record["actions"] == reference, "the resumed bot game differs from the uninterrupted one"
        assert finished["move"] == len(reference)
        assert GameRecord.from_json(record).replay().is_terminal()
    finally:
        server.stop()
    # every acknowledged move is in the store, once, in order
    from gravity_games.web.storage import Storage

    stored = Storage(db).load_game(human_game)
    assert stored is not None
    people = [(a.seat, a.action) for a in stored.actions if a.seat >= 0]
    assert people == acked
