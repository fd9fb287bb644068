#!/usr/bin/env python3
"""Kill test of ``gravity serve``: ``kill -9`` it again and again mid-play; no acknowledged action may be lost.

Each round starts ``gravity serve`` on the same store, plays moves in every game at once (people
seats driven over HTTP, each POST carrying the move number it saw, plus games of bots that play
by themselves), and after a random 0.3-1.5 s kills the server with SIGKILL while requests are in
flight. After every kill the store is read directly and checked:

* every acknowledged action (a 200 answer) is stored at its move number, by its seat: else *lost*;
* the stored actions of every game replay to a legal game (the next round's server loads them);
* the next server answers on its port and every game is served from where the store left it.

An action whose answer was cut off by the kill may or may not be stored (it was never
acknowledged); a resend of it is refused as a stale move, so nothing is applied twice.

    python scripts/kill_test.py --kills 100
    python scripts/kill_test.py --kills 100 --db postgresql://postgres@127.0.0.1:5432/gg --json -
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import signal
import socket
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx


@dataclass
class Game:
    gid: str
    tokens: list[str | None]
    acked: dict[int, tuple[int, int]] = field(default_factory=dict)  # move -> (seat, action)
    finished: bool = False


@dataclass
class Tally:
    kills: int = 0
    acked: int = 0
    lost: int = 0
    unacked_stored: int = 0
    refused: dict[str, int] = field(default_factory=dict)
    start_seconds: list[float] = field(default_factory=list)
    bot_moves: int = 0


def free_port() -> int:
    with contextlib.closing(socket.socket(socket.AF_INET, socket.SOCK_STREAM)) as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start_server(db: str, port: int, log: Path) -> tuple[subprocess.Popen[bytes], float]:
    gravity = Path(sys.executable).with_name("gravity")
    began = time.monotonic()
    with log.open("ab") as out:
        proc = subprocess.Popen(
            [
                str(gravity),
                "serve",
                "--port",
                str(port),
                "--db",
                db,
                "--bot-delay",
                "0.01",
                "--create-per-minute",
                "0",
                "--bot-seconds",
                "0.5",
            ],
            stdout=out,
            stderr=subprocess.STDOUT,
        )
    base = f"http://127.0.0.1:{port}"
    while time.monotonic() - began < 90:
        with contextlib.suppress(httpx.HTTPError):
            if httpx.get(base + "/healthz", timeout=1).status_code == 200:
                return proc, time.monotonic() - began
        if proc.poll() is not None:
            break
        time.sleep(0.05)
    proc.kill()
    raise RuntimeError(f"gravity serve did not start: {log.read_text(errors='replace')[-2000:]}")


async def play(http: httpx.AsyncClient, game: Game, rng: random.Random, tally: Tally) -> None:
    """Move in ``game`` as fast as answers come, until the server dies or the game ends."""
    while not game.finished:
        try:
            public = (await http.get(f"/api/games/{game.gid}")).json()
            if public["terminal"]:
                game.finished = True
                return
            seat = public["current_player"]
            token = game.tokens[seat]
            if token is None:  # a bot's turn: it plays by itself
                await asyncio.sleep(0.02)
                continue
            headers = {"Authorization": f"Bearer {token}"}
            mine = (await http.get(f"/api/games/{game.gid}", headers=headers)).json()
            if not mine["legal_actions"]:
                continue
            action = rng.choice(mine["legal_actions"])["id"]
            r = await http.post(
                f"/api/games/{game.gid}/actions", headers=headers, json={"action": action, "move": mine["move"]}
            )
        except (httpx.HTTPError, ValueError, KeyError):
            return  # the server was killed under us
        if r.status_code == 200:
            game.acked[mine["move"]] = (seat, action)
            tally.acked += 1
        else:
            tally.refused[str(r.status_code)] = tally.refused.get(str(r.status_code), 0) + 1


async def new_games(http: httpx.AsyncClient, n: int, seed: int, bots: bool) -> list[Game]:
    games = []
    for i in range(n):
        body: dict[str, Any] = {"game": "doubt-gravity", "players": 2, "seed": seed + i}
        if bots:
            body["bots"] = ["random", "heuristic"]
        r = await http.post("/api/games", json=body)
        r.raise_for_status()
        doc = r.json()
        games.append(Game(doc["id"], [s["token"] for s in doc["seats"]]))
    return games


def check_store(db: str, games: list[Game], tally: Tally) -> None:
    """Every acknowledged action stored where it was acknowledged; the rest are counted."""
    from gravity_games.web.service import rebuild
    from gravity_games.web.storage import Storage

    storage = Storage(db, migrate=False)
    unacked = 0
    try:
        for game in games:
            stored = storage.load_game(game.gid)
            assert stored is not None, game.gid
            at = {a.idx: (a.seat, a.action) for a in stored.actions}
            for move, ack in game.acked.items():
                if at.get(move) != ack:
                    tally.lost += 1
            people = {i for i, (seat, _) in at.items() if seat >= 0 and game.tokens[seat] is not None}
            unacked += len(people - set(game.acked))
            rebuild(stored)  # the stored actions replay to a legal game (raises otherwise)
    finally:
        storage.close()
    tally.unacked_stored = unacked


async def round_trip(
    base: str, games: list[Game], rng: random.Random, tally: Tally, proc: subprocess.Popen[bytes], seed: int
) -> list[Game]:
    async with httpx.AsyncClient(base_url=base, timeout=10) as http:
        live = [g for g in games if not g.finished]
        people = [g for g in live if any(t is not None for t in g.tokens) and all(t is not None for t in g.tokens)]
        robots = [g for g in live if any(t is None for t in g.tokens)]
        fresh: list[Game] = []
        if len(people) < 6:
            fresh += await new_games(http, 6 - len(people), seed * 100, bots=False)
        if len(robots) < 2:
            fresh += await new_games(http, 2 - len(robots), seed * 100 + 50, bots=True)
        games = games + fresh
        tasks = [
            asyncio.ensure_future(play(http, g, random.Random(rng.random()), tally))
            for g in games
            if not g.finished and all(t is not None for t in g.tokens)
        ]
        await asyncio.sleep(rng.uniform(0.3, 1.5))
        os.kill(proc.pid, signal.SIGKILL)  # mid-play, requests in flight
        proc.wait(timeout=10)
        tally.kills += 1
        await asyncio.gather(*tasks, return_exceptions=True)
    return games


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--kills", type=int, default=100, help="how many times to kill -9 the server")
    parser.add_argument("--db", help="store URL (default: a fresh SQLite file)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", metavar="FILE", help="write the summary as JSON ('-' = standard output)")
    args = parser.parse_args(argv)
    if args.kills < 1:
        parser.error("--kills must be at least 1")
    tmp = tempfile.TemporaryDirectory(prefix="gg-kill-")
    db = args.db or f"sqlite:///{Path(tmp.name) / 'kill.sqlite3'}"
    log = Path(tmp.name) / "server.log"
    rng = random.Random(args.seed)
    tally = Tally()
    games: list[Game] = []
    port = free_port()
    began = time.monotonic()
    try:
        for k in range(args.kills):
            proc, took = start_server(db, port, log)
            tally.start_seconds.append(took)
            try:
                games = asyncio.run(round_trip(f"http://127.0.0.1:{port}", games, rng, tally, proc, args.seed + k))
            finally:
                if proc.poll() is None:
                    proc.kill()
                    proc.wait()
            check_store(db, games, tally)
        # a last server: every game is served from where the store left it, the bots carried on
        proc, took = start_server(db, port, log)
        try:
            for game in games:
                r = httpx.get(f"http://127.0.0.1:{port}/api/games/{game.gid}", timeout=10)
                assert r.status_code == 200, r.text
        finally:
            proc.terminate()
            proc.wait(timeout=10)
    finally:
        tmp.cleanup()
    summary = {
        "kills": tally.kills,
        "games": len(games),
        "acknowledged": tally.acked,
        "lost": tally.lost,
        "stored_without_answer": tally.unacked_stored,
        "refused": tally.refused,
        "start_seconds": {
            "max": round(max(tally.start_seconds), 2),
            "mean": round(sum(tally.start_seconds) / len(tally.start_seconds), 2),
        },
        "seconds": round(time.monotonic() - began, 1),
        "store": "postgresql" if db.startswith("postgres") else "sqlite",
        "load_average": [round(x, 2) for x in os.getloadavg()],
    }
    text = json.dumps(summary, indent=1)
    if args.json == "-":
        print(text)
    else:
        if args.json:
            Path(args.json).write_text(text + "\n", encoding="utf-8")
        print(f"{tally.kills} kills, {tally.acked} acknowledged actions, {tally.lost} lost; {summary}")
    return 0 if tally.lost == 0 else 1


if __name__ == "__main__":
    raise SystemExit(main())
