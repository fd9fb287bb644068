"""The FastAPI app of ``gravity serve``: JSON API, WebSocket per seat, and the browser app.

API (see docs/web.md; the OpenAPI page is at ``/docs``):

* ``POST /api/games`` ``{game, players?, params?, seed?, bots?}`` -> ``{id, seats: [{seat, token, bot}]}``
* ``GET /api/games/{id}`` (``Authorization: Bearer <seat token>``; none: spectator) -> the view
* ``POST /api/games/{id}/actions`` ``{action, move?}`` -> the new view; 401/404/409/422
* ``POST /api/games/{id}/undo`` -> the view after taking back the seat's last step
* ``GET /api/games/{id}/hints?seconds=S&top=K`` -> the seat's best moves with estimated win chances
* ``GET /api/games/{id}/record`` -> the GameRecord once the game has ended
* ``GET /api/games/{id}/replay?step=K&seat=S`` -> a finished game after K steps
* ``WS /ws/games/{id}?token=...`` pushes the seat's view after every change

Every error answers ``{"detail": "<what was wrong and what is allowed>"}``; a refused
request never changes a game.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import AsyncIterator, Awaitable, Callable, MutableMapping
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Query, Request, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from fastapi.templating import Jinja2Templates
from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt, StrictStr
from sqlalchemy.exc import SQLAlchemyError
from starlette.exceptions import HTTPException as StarletteHTTPException

from gravity_games.core.api import GravityError
from gravity_games.web.board_view import game_help
from gravity_games.web.broker import Broker
from gravity_games.web.limits import MAX_BOT_SPEC_CHARS, RateLimit
from gravity_games.web.service import (
    BOT_DEADLINE_SLACK,
    BOT_SECONDS,
    IDLE_SECONDS,
    MAX_HINT_MOVES,
    MAX_HINT_SECONDS,
    OVERFLOW,
    QUEUE_LIMIT,
    SLOW_CLIENT_CLOSE,
    Hub,
    Outbox,
    WebError,
    storage_unavailable,
)
from gravity_games.web.storage import Storage

log = logging.getLogger("gravity_games.web")

HERE = Path(__file__).parent
MAX_BODY_BYTES = 64 * 1024
"""Largest request body accepted; a game request is a few hundred bytes."""

BODY_TIMEOUT = 10.0
"""Seconds a client may take to send a request body once its headers are in (408 after)."""

CREATE_PER_MINUTE = 30.0
CREATE_BURST = 20
"""Games one client (address) may create: ``CREATE_BURST`` at once, then ``CREATE_PER_MINUTE`` a minute."""

CONTENT_SECURITY_POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; "
    "connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; "
    "frame-ancestors 'none'"
)
"""The pages run only their own scripts; no page may be framed (seat tokens live in the page's
storage). Inline style attributes are allowed: the boards' SVG and the page's swatches and hint bars
set them (a style cannot run code; scripts stay 'self' only)."""

DOCS_POLICY = (
    "default-src 'self'; script-src 'self' 'unsafe-inline' https://cdn.jsdelivr.net; "
    "style-src 'self' 'unsafe-inline' https://cdn.jsdelivr.net; img-src 'self' data: https://fastapi.tiangolo.com; "
    "frame-ancestors 'none'"
)
"""FastAPI's OpenAPI page loads Swagger UI from its CDN with an inline starter script."""

SECURITY_HEADERS = [
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
    (b"x-frame-options", b"DENY"),
]

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]


# -- request bodies ------------------------------------------------------------


class CreateGame(BaseModel):
    """A new game. ``bots`` lists one agent spec or null per seat (missing seats are people)."""

    model_config = ConfigDict(extra="forbid")

    game: StrictStr = Field(description="a registered game id, e.g. doubt-gravity")
    players: StrictInt | None = Field(default=None, description="number of seats (default: the game's minimum)")
    params: dict[str, Any] = Field(default_factory=dict, description="game parameters, e.g. {'variant': 'simple'}")
    seed: StrictInt | None = Field(default=None, ge=0, lt=2**63, description="seed of chance and bots")
    bots: list[StrictStr | None] = Field(
        default_factory=list,
        max_length=16,
        description=f"agent spec (at most {MAX_BOT_SPEC_CHARS} characters) or null per seat",
    )
    hints: StrictBool = Field(default=True, description="whether the people at this game may ask for hints")


class ActionBody(BaseModel):
    """One move: an action id or its notation; ``move`` guards against acting on a stale view."""

    model_config = ConfigDict(extra="forbid")

    action: StrictInt | StrictStr = Field(description="action id or notation, e.g. 3 or 'doubt'")
    move: StrictInt | None = Field(default=None, description="the move number of the view you acted on")


class NameBody(BaseModel):
    """The name a person gives their seat (1-24 visible characters)."""

    model_config = ConfigDict(extra="forbid")

    name: StrictStr = Field(max_length=200, description="your name at this table, e.g. 'Mabel'")


# -- security headers ---------------------------------------------------------------


class SecurityHeaders:
    """Add the Content-Security-Policy and the other hardening headers to every HTTP answer."""

    def __init__(self, app: Callable[..., Awaitable[None]]) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        path = scope.get("path", "")
        policy = DOCS_POLICY if path in ("/docs", "/redoc") else CONTENT_SECURITY_POLICY

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                headers.append((b"content-security-policy", policy.encode()))
                headers.extend(SECURITY_HEADERS)
                message["headers"] = headers
            await send(message)

        await self.app(scope, receive, send_with_headers)


# -- body size limit --------------------------------------------------------------


class BodyLimit:
    """Refuse request bodies over ``limit`` bytes with 413, whether or not Content-Length is sent."""

    def __init__(self, app: Callable[..., Awaitable[None]], limit: int, timeout: float = BODY_TIMEOUT) -> None:
        self.app = app
        self.limit = limit
        self.timeout = timeout

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        for name, value in scope.get("headers", []):
            if name == b"content-length":
                try:
                    declared = int(value)
                except ValueError:
                    await _send_error(send, 400, "Content-Length is not a number")
                    return
                if declared > self.limit:
                    limit = self.limit
                    await _send_error(send, 413, f"request body of {declared} bytes is over the {limit}-byte limit")
                    return
        # Without a trustworthy length, read the body here (it is small by design) and
        # refuse it once it passes the limit, before the app parses any of it.
        chunks: list[bytes] = []
        seen = 0
        give_up = asyncio.get_running_loop().time() + self.timeout
        while True:
            try:
                # a deadline on this task, not wait_for's task per message: most bodies are
                # already in memory, and a task per request was a visible share of its cost
                async with asyncio.timeout_at(give_up):
                    message = await receive()
            except TimeoutError:
                await _send_error(send, 408, f"the request body did not arrive within {self.timeout:g} s")
                return
            if message["type"] != "http.request":
                return  # the client went away
            body = message.get("body", b"")
            seen += len(body)
            if seen > self.limit:
                await _send_error(send, 413, f"request body is over the {self.limit}-byte limit")
                return
            chunks.append(body)
            if not message.get("more_body", False):
                break
        whole = b"".join(chunks)
        delivered = False

        async def replay() -> Message:
            nonlocal delivered
            if not delivered:
                delivered = True
                return {"type": "http.request", "body": whole, "more_body": False}
            return await receive()

        await self.app(scope, replay, send)


async def _send_error(send: Send, status: int, detail: str) -> None:
    body = json.dumps({"detail": detail}).encode()
    headers = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]
    if status == 408:
        headers.append((b"connection", b"close"))
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})


# -- helpers --------------------------------------------------------------------------


def view_response(text: str) -> Response:
    """A view already serialized (``Hub.view_text``), sent as it is: FastAPI would walk the
    document again with its encoder for every answer."""
    return Response(content=text, media_type="application/json")


def bearer_token(request: Request) -> str | None:
    """The seat token from ``Authorization: Bearer <token>`` (None when absent)."""
    header = request.headers.get("authorization")
    if header is None:
        return None
    scheme, _, token = header.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise WebError(401, "the Authorization header must read 'Bearer <seat token>'")
    return token.strip()


def _describe_validation(exc: RequestValidationError) -> tuple[int, str]:
    problems = []
    for err in exc.errors():
        kind = err.get("type", "")
        where = ".".join(str(p) for p in err.get("loc", ()) if p != "body")
        if kind == "json_invalid":
            ctx = err.get("ctx", {}) or {}
            return 400, f"malformed JSON body: {ctx.get('error', err.get('msg', 'cannot parse'))}"
        if kind == "extra_forbidden":
            problems.append(f"unknown field {where!r}")
        elif kind == "missing":
            problems.append(f"missing field {where!r}")
        else:
            problems.append(f"{where or 'body'}: {err.get('msg', kind)}")
    return 422, "invalid request: " + "; ".join(problems)


# -- the app ---------------------------------------------------------------------------


def create_app(
    db_url: str | None = None,
    *,
    bot_delay: float = 0.4,
    max_body: int = MAX_BODY_BYTES,
    resume: bool = True,
    search_workers: int = 2,
    bot_seconds: float = BOT_SECONDS,
    max_unfinished: int = 10_000,
    create_per_minute: float = CREATE_PER_MINUTE,
    create_burst: int = CREATE_BURST,
    idle_seconds: float = IDLE_SECONDS,
    queue_limit: int = QUEUE_LIMIT,
    body_timeout: float = BODY_TIMEOUT,
) -> FastAPI:
    """Build the app. ``db_url``: a SQLAlchemy/PostgreSQL URL or SQLite path (default ./var/gravity.sqlite3).

    ``search_workers``: processes for bot moves (hints get one more of their own; 0: threads, for
    tests); ``bot_seconds``: a bot's budget per move; ``max_unfinished``: unfinished games the store
    may hold before a new game is refused (0: no cap); ``create_per_minute``/``create_burst``: games
    one client may create (0: no limit); ``idle_seconds``: after this long unused a game leaves memory.
    """
    creations = RateLimit(create_per_minute, create_burst)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        storage = Storage(db_url)
        hub = Hub(
            storage,
            bot_delay=bot_delay,
            search_workers=search_workers,
            bot_seconds=bot_seconds,
            max_unfinished=max_unfinished,
            idle_seconds=idle_seconds,
            queue_limit=queue_limit,
        )
        app.state.storage = storage
        app.state.hub = hub
        app.state.creations = creations
        broker = None
        if not storage.is_sqlite:
            # Other processes may serve the same games: hear their changes, and take over the bot
            # games of one that died.
            broker = Broker(storage.listen_url, storage.origin, hub.remote_change)
            broker.start(asyncio.get_running_loop())
            hub.stall_check = bot_delay + bot_seconds + BOT_DEADLINE_SLACK + 3.0
        app.state.broker = broker
        if resume:
            hub.start_background()  # the games waiting on a bot resume while the server listens
        try:
            yield
        finally:
            await hub.shutdown()
            if broker is not None:
                await asyncio.to_thread(broker.close)
            await asyncio.to_thread(storage.close)

    app = FastAPI(
        title="gravity-games",
        summary="Play the Gravity games in the browser and over HTTP, with friends and bots.",
        version="1",
        lifespan=lifespan,
    )
    templates = Jinja2Templates(directory=str(HERE / "templates"))
    app.mount("/static", StaticFiles(directory=str(HERE / "static")), name="static")

    def hub_of(request: Request | WebSocket) -> Hub:
        hub: Hub = request.app.state.hub
        return hub

    # -- errors ------------------------------------------------------------------

    @app.exception_handler(WebError)
    async def web_error(_request: Request, exc: WebError) -> JSONResponse:
        headers = {"Retry-After": str(max(1, round(exc.retry_after)))} if exc.retry_after is not None else None
        return JSONResponse({"detail": exc.message}, status_code=exc.status, headers=headers)

    @app.exception_handler(SQLAlchemyError)
    async def store_error(request: Request, exc: SQLAlchemyError) -> JSONResponse:
        err = storage_unavailable(exc, f"answering {request.method} {request.url.path}")
        return JSONResponse({"detail": err.message}, status_code=503, headers={"Retry-After": "2"})

    @app.exception_handler(Exception)
    async def internal_error(request: Request, exc: Exception) -> JSONResponse:
        log.exception("unexpected error answering %s %s", request.method, request.url.path)
        return JSONResponse(
            {"detail": f"internal error ({type(exc).__name__}); the game is unchanged"}, status_code=500
        )

    @app.exception_handler(RequestValidationError)
    async def validation_error(_request: Request, exc: RequestValidationError) -> JSONResponse:
        status, detail = _describe_validation(exc)
        return JSONResponse({"detail": detail}, status_code=status)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, exc: StarletteHTTPException) -> Response:
        if exc.status_code == 404 and not request.url.path.startswith("/api/"):
            return templates.TemplateResponse(
                request, "missing.html", {"message": "There is no page here."}, status_code=404
            )
        return JSONResponse({"detail": exc.detail}, status_code=exc.status_code)

    # -- API -----------------------------------------------------------------------

    @app.get("/api/catalog", tags=["games"], summary="Registered games with players, parameters and bots")
    async def catalog(request: Request) -> list[dict[str, Any]]:
        return hub_of(request).catalog()

    @app.get("/api/games", tags=["games"], summary="Recent games (newest first)")
    async def list_games(
        request: Request, limit: int = Query(50, ge=1, le=500), finished: bool | None = None
    ) -> list[dict[str, Any]]:
        try:
            stored = await asyncio.to_thread(hub_of(request).storage.list_games, limit=limit, finished=finished)
        except Exception as exc:
            raise storage_unavailable(exc, "listing the games") from None
        return [
            {
                "id": g.id,
                "game": g.game,
                "players": g.players,
                "params": g.params,
                "move": g.num_actions,
                "finished": g.finished,
                "result": g.result,
                "bots": [s.bot for s in g.seats],
                "created_at": g.created_at.isoformat(),
                "updated_at": g.updated_at.isoformat(),
            }
            for g in stored
        ]

    @app.post("/api/games", status_code=201, tags=["games"], summary="Create a game; returns the seat tokens")
    async def create_game(request: Request, body: CreateGame) -> dict[str, Any]:
        client = request.client.host if request.client else "unknown"
        wait = request.app.state.creations.take(client)
        if wait > 0:
            raise WebError(
                429,
                f"too many new games from {client}: at most {creations.burst} at once and "
                f"{creations.per_minute:g} a minute; try again in {wait:.0f} s",
                retry_after=wait,
            )
        live, tokens = await hub_of(request).create(
            body.game, body.players, body.params, body.seed, body.bots, hints=body.hints
        )
        return {
            "id": live.id,
            "game": live.game.ID,
            "players": live.game.players,
            "seats": [{"seat": s, "token": tokens[s], "bot": live.bots[s]} for s in range(live.game.players)],
            "hints": live.hints,
        }

    @app.get("/api/games/{gid}", tags=["play"], summary="The view of the seat whose token is sent (or spectator)")
    async def get_game(request: Request, gid: str, svg: bool = False) -> Response:
        hub = hub_of(request)
        live = await hub.get(gid)
        seat = hub.seat_for(live, bearer_token(request))
        return view_response(hub.view_text(live, seat, svg=svg))

    @app.post("/api/games/{gid}/actions", tags=["play"], summary="Play one action (id or notation)")
    async def post_action(request: Request, gid: str, body: ActionBody, svg: bool = False) -> Response:
        hub = hub_of(request)
        live = await hub.get(gid)
        seat = await hub.act(live, bearer_token(request), body.action, body.move)
        return view_response(hub.view_text(live, seat, svg=svg))

    @app.post("/api/games/{gid}/undo", tags=["play"], summary="Take back your last step of this turn")
    async def post_undo(request: Request, gid: str, svg: bool = False) -> Response:
        hub = hub_of(request)
        live = await hub.get(gid)
        seat = await hub.undo(live, bearer_token(request))
        return view_response(hub.view_text(live, seat, svg=svg))

    @app.get(
        "/api/games/{gid}/hints",
        tags=["play"],
        summary="Your best moves now, each with its estimated win chance and range, and whether the search is unsure",
    )
    async def get_hints(
        request: Request,
        gid: str,
        seconds: float = Query(default=1.0, gt=0, le=MAX_HINT_SECONDS, description="search time in seconds"),
        top: int = Query(default=3, ge=1, le=MAX_HINT_MOVES, description="how many moves to list"),
    ) -> dict[str, Any]:
        hub = hub_of(request)
        live = await hub.get(gid)
        return await hub.hint(live, bearer_token(request), seconds, top)

    @app.get("/api/games/{gid}/record", tags=["replay"], summary="The GameRecord of an ended game")
    async def get_record(request: Request, gid: str) -> dict[str, Any]:
        hub = hub_of(request)
        return hub.record(await hub.get(gid))

    @app.get(
        "/api/games/{gid}/replay",
        tags=["replay"],
        summary="An ended game after its `decision`-th player decision (or after `step` actions, chance included)",
    )
    async def get_replay(
        request: Request, gid: str, decision: int | None = None, step: int | None = None, seat: int | None = None
    ) -> dict[str, Any]:
        hub = hub_of(request)
        return hub.replay_step(await hub.get(gid), seat, decision=decision, step=step)

    @app.post("/api/games/{gid}/name", tags=["play"], summary="Give your seat a name everyone at the table sees")
    async def post_name(request: Request, gid: str, body: NameBody, svg: bool = False) -> Response:
        hub = hub_of(request)
        live = await hub.get(gid)
        seat = await hub.set_name(live, bearer_token(request), body.name)
        return view_response(hub.view_text(live, seat, svg=svg))

    @app.get("/api/catalog/{game_id}/help", tags=["games"], summary="How to play: rules, notation, reconstructed data")
    async def game_help_doc(game_id: str) -> dict[str, Any]:
        try:
            return game_help(game_id)
        except GravityError as exc:
            raise WebError(404, str(exc)) from None

    @app.get("/healthz", include_in_schema=False)
    async def healthz() -> dict[str, str]:
        return {"status": "ok"}

    # -- WebSocket ---------------------------------------------------------------

    @app.websocket("/ws/games/{gid}")
    async def game_socket(websocket: WebSocket, gid: str, token: str | None = None, svg: bool = True) -> None:
        hub = hub_of(websocket)
        await websocket.accept()
        try:
            live = await hub.get(gid)
            seat = hub.seat_for(live, token or None)
        except WebError as exc:
            await websocket.send_json({"error": exc.message, "status": exc.status})
            await websocket.close(code=4000 + exc.status, reason=exc.message[:120])
            return
        queue = hub.subscribe(live, seat, svg=svg)
        try:
            await websocket.send_text(hub.view_text(live, seat, svg=svg))
            sender = asyncio.create_task(_pump(websocket, queue))
            receiver = asyncio.create_task(_drain(websocket))
            watcher = asyncio.create_task(_watch_overflow(websocket, queue))
            done, pending = await asyncio.wait({sender, receiver, watcher}, return_when=asyncio.FIRST_COMPLETED)
            if sender in done and not sender.cancelled() and sender.exception() is None and not watcher.done():
                await force_close(websocket, SLOW_CLIENT_CLOSE, "too slow: views were not read; reconnect")
            for task in pending:
                task.cancel()
                with contextlib.suppress(BaseException):
                    await task
            for task in done:  # a disconnect ends one of them; nothing more to report
                with contextlib.suppress(BaseException):
                    task.result()
        except WebSocketDisconnect:
            pass
        finally:
            hub.unsubscribe(live, seat, queue, svg=svg)

    # -- pages ---------------------------------------------------------------------

    @app.get("/", response_class=HTMLResponse, include_in_schema=False)
    async def lobby(request: Request) -> Response:
        return templates.TemplateResponse(request, "lobby.html", {})

    @app.get("/games/{gid}", response_class=HTMLResponse, include_in_schema=False)
    async def game_page(request: Request, gid: str) -> Response:
        try:
            live = await hub_of(request).get(gid)
        except WebError as exc:
            return templates.TemplateResponse(request, "missing.html", {"message": exc.message}, status_code=404)
        return templates.TemplateResponse(
            request, "game.html", {"gid": gid, "title": live.game.TITLE, "game": live.game.ID}
        )

    @app.get("/games/{gid}/replay", response_class=HTMLResponse, include_in_schema=False)
    async def replay_page(request: Request, gid: str) -> Response:
        try:
            live = await hub_of(request).get(gid)
        except WebError as exc:
            return templates.TemplateResponse(request, "missing.html", {"message": exc.message}, status_code=404)
        return templates.TemplateResponse(
            request,
            "replay.html",
            {"gid": gid, "title": live.game.TITLE, "game": live.game.ID, "players": live.game.players},
        )

    app.add_middleware(BodyLimit, limit=max_body, timeout=body_timeout)
    app.add_middleware(SecurityHeaders)
    return app


async def _pump(websocket: WebSocket, queue: Outbox) -> None:
    while True:
        view = await queue.get()
        if view is OVERFLOW:
            return
        await websocket.send_text(view)


async def _watch_overflow(websocket: WebSocket, queue: Outbox) -> None:
    """Close the socket of a client that let its views pile up (it does not read)."""
    await queue.overflowed.wait()
    await force_close(websocket, SLOW_CLIENT_CLOSE, "too slow: views were not read; reconnect")


async def force_close(websocket: WebSocket, code: int, reason: str) -> None:
    """Send a close frame even when the client reads nothing, then drop the connection.

    An ASGI ``websocket.close`` waits until the transport is writable again, which for a client
    that stopped reading is never; under uvicorn the frame is written past the write buffer's
    mark instead, the transport closed, and aborted if it has not flushed within 5 s.
    """
    proto = getattr(getattr(websocket, "_send", None), "__self__", None)
    conn: Any = getattr(proto, "conn", None)
    transport: Any = getattr(proto, "transport", None)
    if proto is not None and hasattr(conn, "send_close") and hasattr(conn, "data_to_send") and transport is not None:
        if not transport.is_closing():
            conn.send_close(code, reason)
            transport.write(b"".join(conn.data_to_send()))
            proto.close_sent = True
            transport.close()
            asyncio.get_running_loop().call_later(5.0, transport.abort)
        return
    with contextlib.suppress(BaseException):
        await asyncio.wait_for(websocket.close(code=code, reason=reason), 1.0)


async def _drain(websocket: WebSocket) -> None:
    # Clients send nothing we act on; reading notices the disconnect.
    while True:
        await websocket.receive_text()
