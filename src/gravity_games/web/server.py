"""Running the app under uvicorn: header timeouts, graceful but bounded shutdown, N processes.

uvicorn's h11 protocol has a keep-alive timeout between requests but none while a request's
headers arrive, so a client sending a header a byte at a time ("slowloris") holds its connection
for ever. :class:`HeaderTimeoutProtocol` closes a connection whose request headers are not
complete within ``GRAVITY_HEADER_TIMEOUT`` seconds (default 10) of the connection's start or of
the first byte of the request. Bodies have their own timeout in the app (``BodyLimit``, 408).

``--workers N`` runs N processes (uvicorn's supervisor, one listening socket); every process
builds its app from the settings in the ``GRAVITY_SERVE`` environment variable (JSON), which
:func:`serve` sets. Several processes need PostgreSQL: they share its store and hear each other's
changes by ``LISTEN/NOTIFY`` (:mod:`gravity_games.web.broker`).
"""

from __future__ import annotations

import asyncio
import gc
import json
import os
from typing import Any

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

HEADER_TIMEOUT = 10.0
"""Seconds a client may take to send a request's headers."""

MAX_HEADER_BYTES = 16 * 1024
"""Largest request head (request line and headers) accepted; h11 answers 400 past it."""

SHUTDOWN_GRACE = 1
"""Seconds open requests get to finish after SIGTERM before they are cancelled."""


class HeaderTimeoutProtocol(H11Protocol):
    """uvicorn's h11 protocol, closing connections whose request headers do not arrive in time."""

    header_timeout = float(os.environ.get("GRAVITY_HEADER_TIMEOUT", HEADER_TIMEOUT))

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._header_timer: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._arm_header_timer()

    def _arm_header_timer(self) -> None:
        self._cancel_header_timer()
        self._header_timer = self.loop.call_later(self.header_timeout, self._headers_too_slow)

    def _cancel_header_timer(self) -> None:
        if self._header_timer is not None:
            self._header_timer.cancel()
            self._header_timer = None

    def _headers_too_slow(self) -> None:
        self._header_timer = None
        waiting_for_head = self.cycle is None or self.cycle.response_complete
        if waiting_for_head and not self.transport.is_closing() and self.conn.their_state in (h11.IDLE, h11.DONE):
            # Partial (or no) headers after the timeout: drop the connection (no answer is owed).
            self.transport.close()

    def data_received(self, data: bytes) -> None:
        # The first bytes of a request after an answer start its clock (an idle keep-alive
        # connection is uvicorn's keep-alive timeout's business, not this one's).
        if self._header_timer is None and (self.cycle is None or self.cycle.response_complete):
            self._arm_header_timer()
        super().data_received(data)

    def handle_events(self) -> None:
        cycle = self.cycle
        super().handle_events()
        if self.cycle is not cycle:  # a request's headers were complete: it is being answered
            self._cancel_header_timer()

    def connection_lost(self, exc: Exception | None) -> None:
        self._cancel_header_timer()
        super().connection_lost(exc)


def app_from_env() -> Any:
    """The app of one worker process, built from the settings :func:`serve` put in ``GRAVITY_SERVE``."""
    from gravity_games.web.app import create_app

    settings = json.loads(os.environ.get("GRAVITY_SERVE", "{}"))
    app = create_app(**settings)
    freeze_startup_objects()
    return app


def freeze_startup_objects() -> None:
    """Put everything loaded so far out of the garbage collector's sight (``gc.freeze``).

    The modules, game tables and app built at startup live as long as the process, yet every full
    collection walked them all: 120-130 ms pauses under load, straight into the p99 of actions.
    Frozen, a full collection walks only what the games in play allocate.
    """
    gc.collect()
    gc.freeze()


def serve(host: str, port: int, workers: int, settings: dict[str, Any]) -> None:
    """Run the app (in ``workers`` processes when > 1) until SIGTERM or Ctrl-C."""
    import uvicorn

    os.environ["GRAVITY_SERVE"] = json.dumps(settings)
    options: dict[str, Any] = {
        "host": host,
        "port": port,
        "log_level": "warning",
        "ws": "websockets-sansio",
        "http": HeaderTimeoutProtocol,
        # Keep idle connections open a while: browsers and bots reuse them between moves.
        "timeout_keep_alive": 30,
        "timeout_graceful_shutdown": SHUTDOWN_GRACE,
        "h11_max_incomplete_event_size": MAX_HEADER_BYTES,
        "limit_concurrency": 4000,
    }
    if workers > 1:
        options["http"] = "gravity_games.web.server:HeaderTimeoutProtocol"
        uvicorn.run("gravity_games.web.server:app_from_env", factory=True, workers=workers, **options)
    else:
        uvicorn.run(app_from_env(), **options)
