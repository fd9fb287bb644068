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
from starlette.exceptions import HTTPException as StarletteHTTPException

from gravity_games.core.api import GravityError
from gravity_games.web.board_view import game_help
from gravity_games.web.service import MAX_HINT_MOVES, MAX_HINT_SECONDS, Hub, WebError
from gravity_games.web.storage import Storage

log = logging.getLogger("gravity_games.web")

HERE = Path(__file__).parent
MAX_BODY_BYTES = 64 * 1024
"""Largest request body accepted; a game request is a few hundred bytes."""

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
    bots: list[StrictStr | None] = Field(default_factory=list, description="agent spec or null per seat")
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


# -- body size limit --------------------------------------------------------------


class BodyLimit:
    """Refuse request bodies over ``limit`` bytes with 413, whether or not Content-Length is sent."""

    def __init__(self, app: Callable[..., Awaitable[None]], limit: int) -> None:
        self.app = app
        self.limit = limit

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
        while True:
            message = await receive()
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
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())],
        }
    )
    await send({"type": "http.response.body", "body": body})


# -- helpers --------------------------------------------------------------------------


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
) -> FastAPI:
    """Build the app. ``db_url``: a SQLAlchemy/PostgreSQL URL or SQLite path (default ./var/gravity.sqlite3)."""

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        storage = Storage(db_url)
        hub = Hub(storage, bot_delay=bot_delay)
        app.state.storage = storage
        app.state.hub = hub
        if resume:
            count = await hub.resume_all()
            if count:
                log.info("resumed %d unfinished games", count)
        try:
            yield
        finally:
            await hub.shutdown()
            storage.close()

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
        return JSONResponse({"detail": exc.message}, status_code=exc.status)

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
        stored = await asyncio.to_thread(hub_of(request).storage.list_games, limit=limit, finished=finished)
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
    async def get_game(request: Request, gid: str, svg: bool = False) -> dict[str, Any]:
        hub = hub_of(request)
        live = await hub.get(gid)
        seat = hub.seat_for(live, bearer_token(request))
        return hub.view(live, seat, svg=svg)

    @app.post("/api/games/{gid}/actions", tags=["play"], summary="Play one action (id or notation)")
    async def post_action(request: Request, gid: str, body: ActionBody, svg: bool = False) -> dict[str, Any]:
        hub = hub_of(request)
        live = await hub.get(gid)
        seat = await hub.act(live, bearer_token(request), body.action, body.move)
        return hub.view(live, seat, svg=svg)

    @app.post("/api/games/{gid}/undo", tags=["play"], summary="Take back your last step of this turn")
    async def post_undo(request: Request, gid: str, svg: bool = False) -> dict[str, Any]:
        hub = hub_of(request)
        live = await hub.get(gid)
        seat = await hub.undo(live, bearer_token(request))
        return hub.view(live, seat, svg=svg)

    @app.get(
        "/api/games/{gid}/hints",
        tags=["play"],
        summary="Your best moves now, each with its estimated win chance (an IS-MCTS search of your view)",
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
    async def post_name(request: Request, gid: str, body: NameBody, svg: bool = False) -> dict[str, Any]:
        hub = hub_of(request)
        live = await hub.get(gid)
        seat = await hub.set_name(live, bearer_token(request), body.name)
        return hub.view(live, seat, svg=svg)

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
            await websocket.send_json(hub.view(live, seat, svg=svg))
            sender = asyncio.create_task(_pump(websocket, queue))
            receiver = asyncio.create_task(_drain(websocket))
            done, pending = await asyncio.wait({sender, receiver}, return_when=asyncio.FIRST_COMPLETED)
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

    app.add_middleware(BodyLimit, limit=max_body)
    return app


async def _pump(websocket: WebSocket, queue: asyncio.Queue[dict[str, Any]]) -> None:
    while True:
        await websocket.send_json(await queue.get())


async def _drain(websocket: WebSocket) -> None:
    # Clients send nothing we act on; reading notices the disconnect.
    while True:
        await websocket.receive_text()
