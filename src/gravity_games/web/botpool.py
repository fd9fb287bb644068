"""Bounded search pools: bot moves and hints run in worker processes under a hard deadline.

A search (a bot's move, a hint) is pure CPU in Python: run in the server's own process it
holds the GIL and delays every other game's action, and nothing can stop a thread that
searches too long. So searches run in separate worker processes, niced below the server:

* each call gets a deadline; a worker that overruns it is killed (SIGKILL) and replaced, and
  the caller gets :class:`SearchTimeout` (a bot then plays its fallback move), so no search
  can hold a worker, a thread or the shutdown forever;
* at most ``workers`` searches run at once and at most ``max_waiting`` wait for a worker; past
  that :class:`PoolBusy` is raised at once (hints answer 503 with Retry-After);
* workers start in the background on first use (a forkserver that has imported the package
  forks them in milliseconds), so the server's start never waits on them;
* :meth:`SearchPool.close` kills every worker at once (SIGTERM stops the server in time).

``workers=0`` runs searches in threads of the pool's own executor instead (the tests use it:
a test can then patch what a search calls and register games the workers would not know). The
deadline then still answers the caller in time, but the thread runs on to its end.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import multiprocessing
import os
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from typing import Any

log = logging.getLogger("gravity_games.web")

WORKER_NICE = int(os.environ.get("GRAVITY_WORKER_NICE", "10"))
"""Niceness added to worker processes: the server's own actions always come first.

``GRAVITY_WORKER_NICE=19`` (the lowest priority) keeps hints further out of other games' way on a
small machine (docs/web.md, "Load and faults"), at the price of searches that get almost no CPU
while the machine is busy; 10 leaves them a share."""


class SearchTimeout(Exception):
    """The search ran past its deadline; its worker was killed."""


class PoolBusy(Exception):
    """Too many searches are already waiting for a worker."""


class SearchFailed(Exception):
    """The search raised, or its worker died; the message says what happened."""


def _worker_main(conn: Connection, nice: int) -> None:
    """A worker's loop: run ``fn(*args)`` for each job, answer ``(ok, value)``."""
    with contextlib.suppress(OSError):
        os.nice(nice)
    while True:
        try:
            job = conn.recv()
        except (EOFError, OSError):
            return
        if job is None:
            return
        fn, args = job
        try:
            result = fn(*args)
        except Exception as exc:  # reported to the caller, who falls back
            conn.send((False, f"{type(exc).__name__}: {exc}"))
        else:
            conn.send((True, result))


class _Worker:
    def __init__(self, process: BaseProcess, conn: Connection) -> None:
        self.process = process
        self.conn = conn

    def kill(self) -> None:
        with contextlib.suppress(Exception):
            self.process.kill()
        with contextlib.suppress(Exception):
            self.conn.close()
        with contextlib.suppress(Exception):
            self.process.join(timeout=1)


_CONTEXT: Any = None


def _context() -> Any:
    """A forkserver context that has the package imported: forking a worker costs milliseconds.

    Forking the server itself would copy its threads' locks (the store's writer, asyncio) in
    whatever state they are; the forkserver is a clean process.
    """
    global _CONTEXT
    if _CONTEXT is None:
        ctx = multiprocessing.get_context("forkserver")
        ctx.set_forkserver_preload(["gravity_games.web.botpool", "gravity_games.web.searches"])
        _CONTEXT = ctx
    return _CONTEXT


class SearchPool:
    """At most ``workers`` searches at once, each under a deadline (see the module docstring)."""

    def __init__(self, workers: int, *, name: str, max_waiting: int = 64, nice: int = WORKER_NICE) -> None:
        self.workers = workers
        self.name = name
        self.max_waiting = max_waiting
        self.nice = nice
        self._idle: list[_Worker] = []
        self._all: set[_Worker] = set()
        self._slots = asyncio.Semaphore(max(1, workers))
        self._waiting = 0
        self._closed = False
        self._threads = (
            ThreadPoolExecutor(max_workers=max(1, workers), thread_name_prefix=f"gravity-{name}")
            if workers == 0
            else None
        )
        self.timeouts = 0

    @property
    def busy(self) -> int:
        """Searches running or waiting now."""
        return self._waiting

    async def run(self, fn: Callable[..., Any], *args: Any, deadline: float) -> Any:
        """``fn(*args)`` in a worker, answered within ``deadline`` seconds of starting to run."""
        if self._closed:
            raise SearchFailed("the server is shutting down")
        if self._waiting >= self.max_waiting + max(1, self.workers):
            raise PoolBusy(f"{self._waiting} {self.name} searches are already running or waiting")
        self._waiting += 1
        try:
            async with self._slots:
                if self._threads is not None:
                    return await self._run_in_thread(fn, args, deadline)
                return await self._run_in_process(fn, args, deadline)
        finally:
            self._waiting -= 1

    async def _run_in_thread(self, fn: Callable[..., Any], args: tuple[Any, ...], deadline: float) -> Any:
        loop = asyncio.get_running_loop()
        assert self._threads is not None
        future = loop.run_in_executor(self._threads, fn, *args)
        try:
            return await asyncio.wait_for(asyncio.shield(future), deadline)
        except TimeoutError:
            self.timeouts += 1
            raise SearchTimeout(f"{self.name} search passed its {deadline:g} s deadline") from None

    async def _run_in_process(self, fn: Callable[..., Any], args: tuple[Any, ...], deadline: float) -> Any:
        worker = self._idle.pop() if self._idle else await asyncio.to_thread(self._spawn)
        if self._closed:
            worker.kill()
            raise SearchFailed("the server is shutting down")
        loop = asyncio.get_running_loop()
        answer: asyncio.Future[tuple[bool, Any]] = loop.create_future()

        def readable() -> None:
            loop.remove_reader(worker.conn.fileno())
            try:
                got = worker.conn.recv()
            except Exception as exc:  # the worker died (killed from outside, out of memory)
                if not answer.done():
                    answer.set_exception(SearchFailed(f"{self.name} worker died: {type(exc).__name__}"))
                return
            if not answer.done():
                answer.set_result(got)

        try:
            worker.conn.send((fn, args))
        except Exception as exc:
            self._discard(worker)
            raise SearchFailed(f"could not hand the search to a worker: {type(exc).__name__}: {exc}") from None
        loop.add_reader(worker.conn.fileno(), readable)
        try:
            ok, value = await asyncio.wait_for(answer, deadline)
        except TimeoutError:
            self.timeouts += 1
            self._discard(worker)
            raise SearchTimeout(
                f"{self.name} search passed its {deadline:g} s deadline; its worker was stopped"
            ) from None
        except BaseException:
            # cancelled (shutdown) or the worker died: it cannot be trusted with another job
            self._discard(worker)
            raise
        if self._closed:
            self._discard(worker)
        else:
            self._idle.append(worker)
        if not ok:
            raise SearchFailed(str(value))
        return value

    def _spawn(self) -> _Worker:
        ctx = _context()
        parent, child = ctx.Pipe()
        process = ctx.Process(target=_worker_main, args=(child, self.nice), name=f"gravity-{self.name}", daemon=True)
        process.start()
        child.close()
        worker = _Worker(process, parent)
        self._all.add(worker)
        return worker

    def _discard(self, worker: _Worker) -> None:
        with contextlib.suppress(Exception):
            asyncio.get_running_loop().remove_reader(worker.conn.fileno())
        worker.kill()
        self._all.discard(worker)
        with contextlib.suppress(ValueError):
            self._idle.remove(worker)

    def start_in_background(self) -> None:
        """Warm the forkserver (and one worker) without making anyone wait for it."""
        if self.workers == 0 or self._closed:
            return

        def warm() -> None:
            try:
                worker = self._spawn()
            except Exception:
                log.warning("could not start a %s worker", self.name, exc_info=True)
                return
            if self._closed:
                worker.kill()
            else:
                self._idle.append(worker)

        import threading

        threading.Thread(target=warm, name=f"gravity-{self.name}-warm", daemon=True).start()

    def close(self) -> None:
        """Kill every worker now (a search in progress is not worth waiting for at shutdown)."""
        self._closed = True
        for worker in list(self._all):
            worker.kill()
        self._all.clear()
        self._idle.clear()
        if self._threads is not None:
            self._threads.shutdown(wait=False, cancel_futures=True)
