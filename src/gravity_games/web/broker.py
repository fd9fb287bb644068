"""Changes between server processes over PostgreSQL ``LISTEN/NOTIFY`` (psycopg 3).

Several ``gravity serve`` processes on one PostgreSQL each keep the games they serve in memory.
Every committed change (an action batch, an undo, a seat's name) sends
``NOTIFY gravity_games, '<game id> <process id>'`` inside its own transaction (see
``Storage``), so the notice goes out exactly when the change is committed and never for a
change that was rolled back. Each process listens on one connection of its own, in a thread,
and hands each notice about a game it holds to the hub, which reloads that game from the store
(the truth) and pushes the new views to its own WebSockets.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import threading
from collections.abc import Callable

log = logging.getLogger("gravity_games.web")

CHANNEL = "gravity_games"


class Broker:
    """Listens for other processes' changes and calls ``on_change(game_id)`` on the event loop."""

    def __init__(self, url: str, origin: str, on_change: Callable[[str], None]) -> None:
        self.url = url
        self.origin = origin
        self.on_change = on_change
        self._stop = threading.Event()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self.ready = threading.Event()

    def start(self, loop: asyncio.AbstractEventLoop) -> None:
        self._loop = loop
        self._thread = threading.Thread(target=self._run, name="gravity-listen", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        import psycopg

        while not self._stop.is_set():
            try:
                with psycopg.connect(self.url, autocommit=True, connect_timeout=5) as conn:
                    conn.execute(f"LISTEN {CHANNEL}")
                    self.ready.set()
                    while not self._stop.is_set():
                        for notice in conn.notifies(timeout=0.5):
                            self._deliver(notice.payload)
            except Exception as exc:
                if self._stop.is_set():
                    return
                # A lost connection loses notices: tell the hub to check every game it holds.
                log.warning("LISTEN connection lost (%s); reconnecting", exc)
                self._deliver("* *")
                self._stop.wait(1.0)

    def _deliver(self, payload: str) -> None:
        gid, _, origin = payload.partition(" ")
        if origin == self.origin or self._loop is None:
            return
        with contextlib.suppress(RuntimeError):  # the loop has closed: we are stopping
            self._loop.call_soon_threadsafe(self.on_change, gid)

    def close(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=2)
