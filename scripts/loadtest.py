#!/usr/bin/env python3
"""Load test of ``gravity serve``: N concurrent games of client-side bots over HTTP and WebSockets.

Every seat of every game is a small bot in this process: it holds its own WebSocket,
and when a pushed view says it is to act, it POSTs a random legal action (with the
move number it saw). The run is bounded in games (``--games``) and time (``--seconds``).

At the end every game's stored actions are compared with the acknowledged ones:
an acknowledged action missing from the store is *lost*; a stored action by a seat that
was never acknowledged, or stored twice, is *duplicated*. Both must be 0.

    python scripts/loadtest.py --spawn --games 200 --seconds 120 --json -
    python scripts/loadtest.py --url http://127.0.0.1:8000 --games 20

``--spawn`` starts ``gravity serve`` on a free loopback port with a fresh SQLite file
(and, knowing that file, can also check games the time bound left unfinished); with
``--db postgresql://...`` on that database instead, and ``--workers N`` runs N processes there.

Two ways to drive the server:

* closed loop (the default): each seat acts as soon as a push puts it to act, one move
  outstanding per game; the throughput it reaches is the saturation throughput (as long as the
  client has CPU to spare: ``client_cpu_share`` says how much of a core it used);
* open loop (``--rate R``): actions are *scheduled* at a fixed total rate of R actions/s,
  spread evenly over the games (game i acts at its own fixed times, every games/R seconds), and
  each latency is measured from the scheduled time, not from when the client got round to
  sending, so a slow server (or a slow client) cannot hide its queueing (no coordinated
  omission). ``late_sends`` counts actions sent more than 10 ms after their time.

``--hinters K`` adds K games in which the seat to act asks for a hint (``--hint-seconds``), again
and again, and never moves: the latency of the other games' actions then shows whether hint
searches delay anyone else.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import aiohttp


@dataclass
class Ack:
    seat: int
    action: int
    move: int  # the move number the action was applied at (its index in the record)


@dataclass
class GameRun:
    gid: str
    tokens: list[str]
    acks: list[Ack] = field(default_factory=list)
    finished: bool = False
    errors: dict[int, int] = field(default_factory=dict)


@dataclass
class Totals:
    # (when the action was due, or sent in the closed loop; its latency), one per answered action
    timeline: list[tuple[float, float]] = field(default_factory=list)
    pushes: int = 0
    retries: int = 0
    late_sends: int = 0


@dataclass
class Pace:
    """Open loop: a game's actions are due at fixed times ``first + k * interval``."""

    interval: float
    next_due: float

    async def wait_turn(self) -> float:
        """Sleep until this game's next action is due; returns the time it was due."""
        due = self.next_due
        self.next_due += self.interval
        delay = due - time.perf_counter()
        if delay > 0:
            await asyncio.sleep(delay)
        return due


def free_port() -> int:
    with contextlib.closing(socket.socket(socket.AF_INET, socket.SOCK_STREAM)) as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def server_cpu(pid: int) -> float | None:
    """CPU seconds of the server and its worker processes (``--workers``, search workers)."""
    total = cpu_seconds(pid)
    if total is None:
        return None
    with contextlib.suppress(OSError):
        for child in Path(f"/proc/{pid}/task/{pid}/children").read_text().split():
            cmdline = Path(f"/proc/{child}/cmdline").read_bytes()
            if b"multiprocessing.forkserver" in cmdline or b"multiprocessing.resource_tracker" in cmdline:
                continue  # the search workers' forkserver (and its bots): no bots in this load
            total += server_cpu(int(child)) or 0.0
    return total


def cpu_seconds(pid: int) -> float | None:
    """User+system CPU time of a process (Linux), to report server cost per action on a busy machine."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def spawn_server(db: str, port: int, workers: int = 1) -> subprocess.Popen[str]:
    gravity = Path(sys.executable).with_name("gravity")
    # The server's output goes to a file: a pipe nobody reads fills up and blocks the server.
    log = Path(tempfile.gettempdir()) / f"gg-load-server-{port}.log"
    with log.open("w") as out:
        proc = subprocess.Popen(
            # no creation limit: the load client creates all its games at once from one address
            [
                str(gravity),
                "serve",
                "--port",
                str(port),
                "--db",
                db,
                "--bot-delay",
                "0",
                "--create-per-minute",
                "0",
                "--workers",
                str(workers),
            ],
            stdout=out,
            stderr=subprocess.STDOUT,
            text=True,
        )
    base = f"http://127.0.0.1:{port}"
    for _ in range(400):
        with contextlib.suppress(OSError), urllib.request.urlopen(base + "/healthz", timeout=1) as r:
            if r.status == 200:
                return proc
        time.sleep(0.05)
    proc.kill()
    raise RuntimeError("gravity serve did not start")


async def seat_bot(
    http: aiohttp.ClientSession,
    sockets: aiohttp.ClientSession,
    run: GameRun,
    seat: int,
    rng: random.Random,
    totals: Totals,
    deadline: float,
    pace: Pace | None = None,
) -> None:
    """One seat: act on every pushed view that puts it to act, until the game ends or time is up."""
    # relative to the session's base URL: aiohttp upgrades the http:// request to a WebSocket
    url = f"/ws/games/{run.gid}?token={run.tokens[seat]}&svg=false"
    headers = {"Authorization": f"Bearer {run.tokens[seat]}"}
    acted_at = -1
    async with sockets.ws_connect(url, max_msg_size=2**22, timeout=aiohttp.ClientWSTimeout(ws_receive=None)) as ws:
        while time.monotonic() < deadline:
            try:
                raw = await asyncio.wait_for(ws.receive_str(), timeout=max(0.1, deadline - time.monotonic()))
            except (TimeoutError, TypeError):  # TypeError: a close frame, not text
                return
            view = json.loads(raw)
            totals.pushes += 1
            if view.get("terminal"):
                run.finished = True
                return
            if view.get("current_player") != seat or view["move"] == acted_at or not view["legal_actions"]:
                continue
            choice = rng.choice(view["legal_actions"])["id"]
            acted_at = view["move"]
            if pace is not None:
                # latency counts from when the action was due, however late it is sent
                start = await pace.wait_turn()
                if time.perf_counter() - start > 0.010:
                    totals.late_sends += 1
            else:
                start = time.perf_counter()
            body = {"action": choice, "move": acted_at}
            status = await post_action(http, run.gid, body, headers, totals)
            totals.timeline.append((start, time.perf_counter() - start))
            if status == 200:
                run.acks.append(Ack(seat, choice, acted_at))
            else:
                run.errors[status] = run.errors.get(status, 0) + 1


async def post_action(
    http: aiohttp.ClientSession, gid: str, body: dict[str, int], headers: dict[str, str], totals: Totals
) -> int:
    """POST one action; its status (200 also when a resend was refused as the stale copy of it)."""
    url = f"/api/games/{gid}/actions"
    try:
        async with http.post(url, json=body, headers=headers) as r:
            await r.read()
            return r.status
    except aiohttp.ClientConnectionError:
        # The answer was lost on the wire (e.g. a keep-alive connection closed under us).
        # Resending is safe: the move number makes the server refuse a second copy with
        # 409 "stale move", which then means the first one was applied.
        totals.retries += 1
        async with http.post(url, json=body, headers=headers) as r:
            text = await r.text()
            return 200 if r.status == 409 and "stale move" in text else r.status


async def create_one(http: aiohttp.ClientSession, game: str, players: int, seed: int) -> GameRun:
    async with http.post("/api/games", json={"game": game, "players": players, "seed": seed}) as r:
        r.raise_for_status()
        doc = await r.json()
    return GameRun(doc["id"], [s["token"] for s in doc["seats"]])


async def ask_hints(
    http: aiohttp.ClientSession,
    run: GameRun,
    seconds: float,
    deadline: float,
    answers: list[float],
    refusals: list[int],
) -> None:
    """A person who keeps asking for hints (one at a time, never moving) until the time is up.

    Its game stands still, so the hint searches load the server beside the other games' actions:
    their latency then says whether a hint delays anyone else.
    """
    seat = None
    for s, token in enumerate(run.tokens):
        async with http.get(f"/api/games/{run.gid}", headers={"Authorization": f"Bearer {token}"}) as r:
            view = await r.json()
        if view.get("current_player") == s:
            seat = s
    if seat is None:
        return
    headers = {"Authorization": f"Bearer {run.tokens[seat]}"}
    while time.monotonic() + seconds < deadline:
        start = time.perf_counter()
        async with http.get(f"/api/games/{run.gid}/hints", params={"seconds": seconds}, headers=headers) as r:
            await r.read()
            status = r.status
        if status == 200:
            answers.append(time.perf_counter() - start)
        else:
            refusals.append(status)
            await asyncio.sleep(0.5)


async def play_one(
    http: aiohttp.ClientSession,
    sockets: aiohttp.ClientSession,
    run: GameRun,
    players: int,
    seed: int,
    totals: Totals,
    deadline: float,
    pace: Pace | None,
) -> GameRun:
    await asyncio.gather(
        *(
            seat_bot(http, sockets, run, seat, random.Random(seed * 31 + seat), totals, deadline, pace)
            for seat in range(players)
        )
    )
    return run


def player_steps(game: str, params: dict[str, Any], actions: list[int]) -> list[tuple[int, int, int]]:
    """(index, seat, action) of every non-chance step of a record, by replaying it."""
    from gravity_games.core.registry import load

    p = dict(params)
    players = p.pop("players")
    state = load(game, players=players, **p).new_initial_state()
    out = []
    for i, a in enumerate(actions):
        seat = state.current_player()
        if seat >= 0:
            out.append((i, seat, a))
        state.apply_action(a)
    return out


def compare(run: GameRun, steps: list[tuple[int, int, int]]) -> tuple[int, int]:
    """(lost, duplicated) for one game."""
    stored = {(i, seat, a) for i, seat, a in steps}
    acked = [(k.move, k.seat, k.action) for k in run.acks]
    lost = sum(1 for k in acked if k not in stored)
    duplicated = (len(steps) - len(set(steps))) + sum(1 for s in steps if s not in set(acked))
    return lost, duplicated


async def run_load(
    args: argparse.Namespace, base: str, db_path: str | None, server_pid: int | None = None
) -> dict[str, Any]:
    from gravity_games.core.registry import entry, list_games

    game = args.game or ("doubt-gravity" if "doubt-gravity" in list_games() else list_games()[0])
    players = args.players or max(2, entry(game).game_class.MIN_PLAYERS)
    totals = Totals()
    # aiohttp, not httpx: httpx's pool scans every connection on each request, which made the
    # client, not the server, the bottleneck of the first runs (13.6 ms of client CPU per action).
    connector = aiohttp.TCPConnector(limit=args.connections)
    timeout = aiohttp.ClientTimeout(total=60)
    # The WebSockets hold their connections for the whole run: a session of their own, unbounded,
    # so they never wait for (or starve) the pool the actions are posted through.
    async with (
        aiohttp.ClientSession(base_url=base, connector=connector, timeout=timeout) as http,
        aiohttp.ClientSession(base_url=base, connector=aiohttp.TCPConnector(limit=0)) as sockets,
    ):
        made = await asyncio.gather(*(create_one(http, game, players, args.seed + i) for i in range(args.games)))
        started = time.monotonic()
        cpu_start = server_cpu(server_pid) if server_pid else None
        own_start = time.process_time()
        deadline = started + args.seconds
        paces: list[Pace | None] = [None] * args.games
        if args.rate:
            now = time.perf_counter() + 1.0  # a second to open the sockets
            interval = args.games / args.rate
            paces = [Pace(interval, now + i / args.rate) for i in range(args.games)]
        hint_answers: list[float] = []
        hint_refusals: list[int] = []
        hint_games = await asyncio.gather(
            *(create_one(http, game, players, args.seed + 100_000 + i) for i in range(args.hinters))
        )
        hinting = [ask_hints(http, run, args.hint_seconds, deadline, hint_answers, hint_refusals) for run in hint_games]
        *runs, _ = await asyncio.gather(
            *(
                play_one(http, sockets, run, players, args.seed + i, totals, deadline, paces[i])
                for i, run in enumerate(made)
            ),
            asyncio.gather(*hinting),
        )
        elapsed = time.monotonic() - started
        cpu_end = server_cpu(server_pid) if server_pid else None
        own_cpu = time.process_time() - own_start
        lost = duplicated = unverified = 0
        store = None
        for run in runs:
            async with http.get(f"/api/games/{run.gid}/record") as r:
                doc = await r.json() if r.status == 200 else None
            if doc is not None:
                steps = player_steps(doc["game"], doc["params"], doc["actions"])
            elif db_path is not None:
                from gravity_games.web.storage import Storage

                store = store or Storage(db_path, migrate=False)  # one store (connections) for every game
                stored = store.load_game(run.gid)
                assert stored is not None
                steps = [(a.idx, a.seat, a.action) for a in stored.actions if a.seat >= 0]
            else:
                unverified += 1
                continue
            gl, gd = compare(run, steps)
            lost += gl
            duplicated += gd
        if store is not None:
            store.close()
    lat = sorted(latency for _, latency in totals.timeline)
    if args.timeline:
        first = min((due for due, _ in totals.timeline), default=0.0)
        rows = [[round(due - first, 4), round(1000 * latency, 2)] for due, latency in totals.timeline]
        Path(args.timeline).write_text(json.dumps({"columns": ["sent_s", "latency_ms"], "rows": rows}) + "\n")
    actions = sum(len(r.acks) for r in runs)
    errors: dict[str, int] = {}
    for run in runs:
        for status, n in run.errors.items():
            errors[str(status)] = errors.get(str(status), 0) + n

    def pct(q: float) -> float | None:
        return round(1000 * lat[min(len(lat) - 1, int(q * len(lat)))], 2) if lat else None

    return {
        "game": game,
        "players": players,
        "games": args.games,
        "finished": sum(1 for r in runs if r.finished),
        "seconds": round(elapsed, 2),
        "actions": actions,
        "actions_per_s": round(actions / elapsed, 1) if elapsed else None,
        "latency_ms": {
            "p50": pct(0.50),
            "p99": pct(0.99),
            "max": pct(1.0),
            "mean": round(1000 * statistics.fmean(lat), 2) if lat else None,
        },
        "pushes": totals.pushes,
        "retries": totals.retries,
        "server_cpu_ms_per_action": (
            round(1000 * (cpu_end - cpu_start) / actions, 2) if cpu_start is not None and cpu_end and actions else None
        ),
        "client_cpu_ms_per_action": round(1000 * own_cpu / actions, 2) if actions else None,
        "client_cpu_share": round(own_cpu / elapsed, 2) if elapsed else None,
        "server_cpu_share": round((cpu_end - cpu_start) / elapsed, 2) if cpu_start is not None and cpu_end else None,
        "rate": args.rate,
        "late_sends": totals.late_sends,
        "load_average": [round(x, 2) for x in os.getloadavg()],
        "errors": errors,
        "lost": lost,
        "duplicated": duplicated,
        "unverified_games": unverified,
        "hints": {
            "askers": args.hinters,
            "seconds": args.hint_seconds,
            "answered": len(hint_answers),
            "answer_s_max": round(max(hint_answers), 2) if hint_answers else None,
            "refused": {str(c): hint_refusals.count(c) for c in sorted(set(hint_refusals))},
        },
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    where = parser.add_mutually_exclusive_group(required=True)
    where.add_argument("--url", help="a running server, e.g. http://127.0.0.1:8000")
    where.add_argument("--spawn", action="store_true", help="start gravity serve with a fresh SQLite file")
    parser.add_argument("--games", type=int, default=20, help="concurrent games (default 20)")
    parser.add_argument("--seconds", type=float, default=120.0, help="time bound (default 120)")
    parser.add_argument("--game", help="game id (default doubt-gravity)")
    parser.add_argument("--players", type=int, help="seats per game (default the game's minimum, at least 2)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--connections", type=int, default=256, help="HTTP connection pool size")
    parser.add_argument("--json", metavar="FILE", help="write the summary as JSON ('-' = standard output)")
    parser.add_argument("--rate", type=float, help="open loop: total actions per second, at fixed times")
    parser.add_argument("--db", help="with --spawn: serve this database (e.g. postgresql://...) instead of SQLite")
    parser.add_argument("--workers", type=int, default=1, help="with --spawn: server processes (needs --db)")
    parser.add_argument(
        "--hinters",
        type=int,
        default=0,
        help="extra games in which a person keeps asking for hints, one after another (default 0)",
    )
    parser.add_argument(
        "--server-pid", type=int, help="with --url: the server's process id, to report its CPU per action"
    )
    parser.add_argument(
        "--timeline", metavar="FILE", help="write each action's send time and latency (JSON), to see when a tail forms"
    )
    parser.add_argument("--hint-seconds", type=float, default=2.0, help="each hint's search time (default 2)")
    args = parser.parse_args(argv)
    if args.games < 1 or args.seconds <= 0:
        parser.error("--games must be at least 1 and --seconds positive")
    if args.hinters < 0 or not 0 < args.hint_seconds <= 5:
        parser.error("--hinters must be 0 or more and --hint-seconds from 0 to 5 (the server's cap)")

    proc = None
    db_path = None
    tmp = None
    if args.spawn:
        tmp = tempfile.TemporaryDirectory(prefix="gg-load-")
        db_path = args.db or f"sqlite:///{os.path.join(tmp.name, 'load.sqlite3')}"
        port = free_port()
        proc = spawn_server(db_path, port, args.workers)
        base = f"http://127.0.0.1:{port}"
    else:
        base = args.url.rstrip("/")
    try:
        coroutine = run_load(args, base, db_path, proc.pid if proc is not None else args.server_pid)
        try:
            import uvloop  # installed with uvicorn[standard]; a faster client loop

            summary = uvloop.run(coroutine)
        except ImportError:
            summary = asyncio.run(coroutine)
    finally:
        if proc is not None:
            proc.terminate()
            with contextlib.suppress(subprocess.TimeoutExpired):
                proc.wait(timeout=10)
        if tmp is not None:
            tmp.cleanup()
    text = json.dumps(summary, indent=1)
    if args.json == "-":
        print(text)
    else:
        if args.json:
            Path(args.json).write_text(text + "\n", encoding="utf-8")
        lat = summary["latency_ms"]
        print(
            f"{summary['games']} games of {summary['game']} ({summary['finished']} finished) "
            f"in {summary['seconds']} s: "
            f"{summary['actions']} actions, {summary['actions_per_s']} actions/s, "
            f"latency p50 {lat['p50']} ms, p99 {lat['p99']} ms; lost {summary['lost']}, "
            f"duplicated {summary['duplicated']}, errors {summary['errors']}; "
            f"CPU per action: server {summary['server_cpu_ms_per_action']} ms, "
            f"client {summary['client_cpu_ms_per_action']} ms; load average {summary['load_average']}",
            file=sys.stderr if args.json == "-" else sys.stdout,
        )
    return 0 if summary["lost"] == 0 and summary["duplicated"] == 0 else 1


if __name__ == "__main__":
    raise SystemExit(main())
