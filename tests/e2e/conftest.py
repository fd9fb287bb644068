"""Browser tests: a live server (uvicorn in a thread) and Debian's Chromium driven by Playwright.

Chromium comes from apt (``scripts/ci_services.sh``); ``playwright install`` is never run.
Screenshots go to ``artifacts/e2e/`` at the repository root (gitignored).
"""

from __future__ import annotations

import contextlib
import shutil
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import uvicorn

from gravity_games.web.app import create_app

ARTIFACTS = Path(__file__).resolve().parents[2] / "artifacts" / "e2e"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def _free_port() -> int:
    with contextlib.closing(socket.socket(socket.AF_INET, socket.SOCK_STREAM)) as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class LiveServer:
    def __init__(self, db: str, *, bot_delay: float = 0.05) -> None:
        self.port = _free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        config = uvicorn.Config(
            create_app(db, bot_delay=bot_delay),
            host="127.0.0.1",
            port=self.port,
            log_level="warning",
            ws="websockets-sansio",
        )
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    def start(self) -> None:
        self.thread.start()
        for _ in range(400):
            with contextlib.suppress(httpx.HTTPError):
                if httpx.get(self.base + "/healthz", timeout=1).status_code == 200:
                    return
            time.sleep(0.05)
        raise RuntimeError("the test server did not start")

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=15)


@pytest.fixture(scope="module")
def live_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    db = tmp_path_factory.mktemp("e2e") / "gravity.sqlite3"
    server = LiveServer(f"sqlite:///{db}")
    server.start()
    try:
        yield server
    finally:
        server.stop()


def chromium_path() -> str:
    found = shutil.which("chromium") or ("/usr/bin/chromium" if Path("/usr/bin/chromium").exists() else None)
    if found is None:
        raise RuntimeError("Chromium is missing; run `bash scripts/ci_services.sh` (apt-get install chromium)")
    return found


class TestBrowser:
    """Chromium whose new pages let the tests evaluate string expressions.

    Playwright's ``wait_for_function`` evaluates its predicate string inside the page, which the
    server's Content-Security-Policy (``script-src 'self'``) refuses; the tests' pages bypass the
    CSP for that. ``strict`` gives a page under the real policy (used by the CSP test).
    """

    def __init__(self, browser: Any) -> None:
        self.browser = browser

    def new_context(self, **options: Any) -> Any:
        options.setdefault("bypass_csp", True)
        return self.browser.new_context(**options)

    def new_page(self, **options: Any) -> Any:
        options.setdefault("bypass_csp", True)
        return self.browser.new_page(**options)

    def strict_page(self, **options: Any) -> Any:
        return self.browser.new_page(**options)


@pytest.fixture(scope="module")
def browser() -> Iterator[TestBrowser]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS, headless=True)
        try:
            yield TestBrowser(b)
        finally:
            b.close()


@pytest.fixture(scope="session")
def artifacts() -> Path:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    return ARTIFACTS
