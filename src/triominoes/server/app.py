"""The HTTP and WebSocket application (server.md): lobby, play, operations.

Routes are thin: a lobby request becomes a call to the :class:`Hub`, a
WebSocket frame is checked against the protocol's schema and handed to its
table. Every error is ``{"error": CODE, "message": TEXT}`` with a 4xx
status over HTTP, an ``error`` frame over the WebSocket.
"""

from __future__ import annotations

import asyncio
import gc
import json
import logging
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Annotated, Any

from fastapi import FastAPI, Query, Request, WebSocket
from fastapi.exceptions import RequestValidationError
from fastapi.responses import (
    JSONResponse,
    Response,
    StreamingResponse,
)
from pydantic import BaseModel, ConfigDict, Field, StringConstraints
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.routing import Match
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from triominoes import __version__
from triominoes.ai.registry import LEVELS, PLAYERS
from triominoes.core.errors import TriominoesError
from triominoes.core.record import Record, replay, replay_steps
from triominoes.core.record import read as read_record
from triominoes.core.round import tables_for
from triominoes.core.rules import MAX_PLAYERS, MIN_PLAYERS, PRESETS, rules_schema
from triominoes.server.client import Client
from triominoes.server.config import ServerConfig
from triominoes.server.hub import Hub, LobbyError
from triominoes.server.pads import PadError, pad_routes
from triominoes.server.phrases import PHRASES
from triominoes.server.protocol import (
    Act,
    Answer,
    Back,
    BadMessage,
    Chat,
    Hello,
    Hint,
    Next,
    Ping,
    Rematch,
    Takeback,
    parse_frame,
)
from triominoes.server.security import origin_allowed
from triominoes.server.static import add_static
from triominoes.server.table import FINISHED, Settings

log = logging.getLogger("triominoes.server")

STATIC = Path(__file__).parent.parent / "static"
MAX_BODY = 256 * 1024
PAGES = ("/", "/pad", "/replay")


SEAT = r"^(human|bot:[A-Za-z0-9:=.,_-]{1,60})$"


class CreateTable(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)

    rules: Annotated[str | dict[str, Any], Field(json_schema_extra=rules_schema())] = "standard"
    """A preset name or ``{"preset": NAME, FIELD: VALUE, ...}`` (docs/records.md)."""
    seats: Annotated[
        list[Annotated[str, StringConstraints(pattern=SEAT)]],
        Field(min_length=MIN_PLAYERS, max_length=MAX_PLAYERS),
    ]
    """Each ``human``, ``bot:LEVEL`` (easy, medium, hard, expert) or ``bot:NAME``."""
    turn_seconds: Annotated[int, Field(ge=5, le=3600)] | None = None
    next_seconds: Annotated[float, Field(ge=0, le=600)] = 30.0
    """How long the table waits between rounds for players to be ready."""
    bot_pace: Annotated[float, Field(ge=0, le=5)] = 0.6
    """The least time a bot's move takes, so people can follow it."""


class Join(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)

    name: Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=32)]
    seat: Annotated[int, Field(ge=0, lt=MAX_PLAYERS)] | None = None


class Created(BaseModel):
    id: str
    invite: str


class Joined(BaseModel):
    seat: int
    token: str
    url: str


ANALYSIS_STREAM: dict[str, Any] = {
    "description": "JSON lines: progress as decisions are judged, then the analysis",
    "content": {
        "application/x-ndjson": {
            "schema": {
                "type": "object",
                "required": ["type"],
                "properties": {
                    "type": {"enum": ["progress", "analysis"]},
                    "done": {"type": "integer"},
                    "total": {"type": "integer"},
                    "analysis": {"type": "object"},
                },
            }
        }
    },
}


class ErrorBody(BaseModel):
    """Every error answer: a stable code and a sentence."""

    error: str
    message: str


def error_response(status: int, code: str, message: str) -> JSONResponse:
    return JSONResponse({"error": code, "message": message}, status_code=status)


class BodyLimit:
    """Refuse request bodies above ``MAX_BODY`` bytes (413) before they are read whole."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = dict(scope.get("headers", [])).get(b"content-length")
        if declared is not None and (not declared.isdigit() or int(declared) > MAX_BODY):
            await error_response(413, "too-large", f"bodies are at most {MAX_BODY} bytes")(
                scope, receive, send
            )
            return
        seen = 0

        async def limited() -> Message:
            nonlocal seen
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > MAX_BODY:
                    raise _TooLarge
            return message

        try:
            await self.app(scope, limited, send)
        except _TooLarge:
            await error_response(413, "too-large", f"bodies are at most {MAX_BODY} bytes")(
                scope, receive, send
            )


class _TooLarge(Exception):
    pass


def create_app(config: ServerConfig) -> FastAPI:
    hub_holder: dict[str, Hub] = {}

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        hub = Hub(config)
        hub_holder["hub"] = hub
        app.state.hub = hub
        await hub.start()
        # The engine's tables (every preset's, built now rather than on the
        # first game) and what the start loaded live as long as the server:
        # out of the collector's sight, a full collection takes a few
        # milliseconds rather than a few hundred in the middle of an ack.
        for rules in PRESETS.values():
            tables_for(rules)
        gc.collect()
        gc.freeze()
        log.info("ready", extra={"db": _safe_url(config.db)})
        yield
        if not hub.stopping:
            await hub.stop()

    app = FastAPI(
        title="Triominoes server",
        version=__version__,
        lifespan=lifespan,
        description="The lobby over HTTP; play over the WebSocket /ws/tables/{id} "
        "(messages: docs/protocol.md).",
    )
    app.add_middleware(BodyLimit)
    app.openapi = lambda: _openapi(app)  # type: ignore[method-assign]

    def hub() -> Hub:
        return hub_holder["hub"]

    def base_url(request: Request) -> str:
        if config.public_url:
            return config.public_url.rstrip("/")
        return str(request.base_url).rstrip("/")

    @app.exception_handler(RequestValidationError)
    async def bad_request(request: Request, exc: RequestValidationError) -> JSONResponse:
        first = exc.errors()[0] if exc.errors() else {}
        where = ".".join(str(p) for p in first.get("loc", ()) if p != "body")
        message = f"{where}: {first.get('msg', 'invalid')}" if where else str(first.get("msg"))
        return error_response(400, "bad-request", message[:300])

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, exc: StarletteHTTPException) -> JSONResponse:
        code = {404: "not-found", 405: "method-not-allowed"}.get(exc.status_code, "bad-request")
        response = error_response(exc.status_code, code, str(exc.detail))
        if exc.status_code == 405:
            # The path's routes together: GET and POST /api/tables are two routes.
            allowed: set[str] = set()
            for route in app.routes:
                match, _ = route.matches({"type": "http", "path": request.url.path, "method": ""})
                if match != Match.NONE:
                    allowed |= getattr(route, "methods", None) or set()
            response.headers["Allow"] = ", ".join(sorted(allowed))
        return response

    @app.exception_handler(LobbyError)
    async def lobby_error(request: Request, exc: LobbyError) -> JSONResponse:
        return error_response(exc.status, exc.code, str(exc))

    @app.exception_handler(PadError)
    async def pad_error(request: Request, exc: PadError) -> JSONResponse:
        return error_response(exc.status, exc.code, str(exc))

    app.include_router(pad_routes(hub, base_url))

    # --- operations ---------------------------------------------------------------

    @app.get("/healthz", tags=["operations"])
    async def healthz() -> JSONResponse:
        if await asyncio.to_thread(hub().store.ping):
            return JSONResponse({"status": "ok"})
        return JSONResponse({"status": "unavailable"}, status_code=503)

    @app.get("/metrics", tags=["operations"], response_class=Response)
    async def metrics() -> Response:
        current = hub()
        for status, count in current.counts().items():
            current.metrics.tables.labels(status).set(count)
        return Response(current.metrics.render(), media_type="text/plain; version=0.0.4")

    # --- the lobby ------------------------------------------------------------------

    @app.post("/api/tables", status_code=201, response_model=Created, tags=["lobby"])
    async def create_table(body: CreateTable, request: Request) -> Created:
        settings = Settings(body.turn_seconds, body.next_seconds, body.bot_pace)
        table = await hub().create(body.rules, list(body.seats), settings)
        return Created(id=table.id, invite=f"{base_url(request)}/t/{table.id}")

    @app.post(
        "/api/tables/{table_id}/join",
        response_model=Joined,
        tags=["lobby"],
        responses={404: {}, 409: {}},
    )
    async def join_table(table_id: str, body: Join, request: Request) -> Joined:
        if any(ord(ch) < 32 or ord(ch) == 127 for ch in body.name):
            raise LobbyError("bad-request", "a name may not contain control characters")
        table, seat, token = await hub().join(table_id, body.name, body.seat)
        return Joined(seat=seat, token=token, url=f"{base_url(request)}/t/{table.id}#seat={token}")

    @app.get("/api/tables/{table_id}", tags=["lobby"], responses={404: {}})
    async def table_summary(table_id: str) -> dict[str, Any]:
        table = await hub().table(table_id)
        if table is None:
            raise LobbyError("not-found", f"there is no table {table_id}", 404)
        return await table.committed(table.summary)

    @app.get("/api/tables", tags=["lobby"])
    async def list_tables(
        status: Annotated[str, Query(pattern="^(waiting|playing|finished|closed)$")] = "waiting",
        limit: Annotated[int, Query(ge=1, le=200)] = 50,
    ) -> list[dict[str, Any]]:
        ids = await asyncio.to_thread(hub().store.tables, [status], limit)
        out = []
        for table_id in ids:
            table = await hub().table(table_id)
            if table is not None and table.status == status:
                out.append(await table.committed(table.summary))
        return out

    @app.get("/api/tables/{table_id}/history", tags=["lobby"], responses={404: {}})
    async def table_history(table_id: str) -> dict[str, Any]:
        """The current game's finished rounds (public logs, ends, totals): the
        score sheet of a page that joins or reloads mid-game."""
        table = await hub().table(table_id)
        if table is None:
            raise LobbyError("not-found", f"there is no table {table_id}", 404)
        return await table.committed(table.history)

    @app.get("/api/tables/{table_id}/record", tags=["lobby"], responses={404: {}, 409: {}})
    async def table_record(table_id: str) -> dict[str, Any]:
        table = await hub().table(table_id)
        if table is None:
            raise LobbyError("not-found", f"there is no table {table_id}", 404)
        if table.status != FINISHED:
            raise LobbyError("not-finished", "the record is published when the game is over", 409)
        games = await asyncio.to_thread(hub().store.games, table_id)
        record = games[-1].record if games else None
        if record is None:  # pragma: no cover - a finished table has its record
            raise LobbyError("not-finished", "no finished game", 409)
        return record

    @app.get("/api/tables/{table_id}/games", tags=["lobby"], responses={404: {}})
    async def table_games(table_id: str) -> list[dict[str, Any]]:
        if await hub().table(table_id) is None:
            raise LobbyError("not-found", f"there is no table {table_id}", 404)
        games = await asyncio.to_thread(hub().store.games, table_id)
        return [
            {
                "game": g.number,
                "started_at": g.started_at,
                "finished_at": g.finished_at,
                "totals": g.record["result"]["totals"] if g.record else None,
                "winners": g.record["result"]["winners"] if g.record else None,
                "players": g.record["players"] if g.record else None,
            }
            for g in games
            if g.record is not None
        ]

    @app.get("/api/tables/{table_id}/games/{number}/record", tags=["lobby"], responses={404: {}})
    async def game_record(table_id: str, number: int) -> dict[str, Any]:
        games = await asyncio.to_thread(hub().store.games, table_id)
        for game in games:
            if game.number == number and game.record is not None:
                return game.record
        raise LobbyError("not-found", f"table {table_id} has no finished game {number}", 404)

    @app.post("/api/replay", tags=["replay"])
    async def replay_record(request: Request) -> dict[str, Any]:
        """A record (as uploaded to the replay viewer) step by step, by the engine."""
        try:
            data = json.loads(await request.body())
            return replay_steps(read_record(data))
        except (ValueError, RecursionError) as exc:
            message = str(exc) if isinstance(exc, TriominoesError) else "the body is not a record"
            raise LobbyError("bad-record", message[:300]) from None

    @app.get("/api/tables/{table_id}/games/{number}/replay", tags=["replay"], responses={404: {}})
    async def game_replay(table_id: str, number: int) -> dict[str, Any]:
        record = await game_record(table_id, number)
        return replay_steps(read_record(record))

    @app.post(
        "/api/analysis",
        tags=["replay"],
        response_class=StreamingResponse,
        responses={200: ANALYSIS_STREAM},
    )
    async def analyse_record(
        request: Request,
        seat: Annotated[list[int] | None, Query(description="Only these seats (0 first).")] = None,
    ) -> StreamingResponse:
        """Every decision of a record (as uploaded to the replay viewer)
        judged by search from the deciding seat's view: JSON lines, a
        ``progress`` line per decision, then the ``analysis``."""
        try:
            record = read_record(json.loads(await request.body()))
        except (ValueError, RecursionError) as exc:
            message = str(exc) if isinstance(exc, TriominoesError) else "the body is not a record"
            raise LobbyError("bad-record", message[:300]) from None
        return analysis_stream(record, seat)

    @app.get(
        "/api/tables/{table_id}/games/{number}/analysis",
        tags=["replay"],
        response_class=StreamingResponse,
        responses={200: ANALYSIS_STREAM, 404: {}},
    )
    async def game_analysis(
        table_id: str,
        number: int,
        seat: Annotated[list[int] | None, Query(description="Only these seats (0 first).")] = None,
    ) -> StreamingResponse:
        """A finished game of a table, analysed (as ``POST /api/analysis``)."""
        return analysis_stream(read_record(await game_record(table_id, number)), seat)

    def analysis_stream(record: Record, seats: list[int] | None) -> StreamingResponse:
        if seats is not None and not all(0 <= s < len(record.players) for s in seats):
            raise LobbyError("bad-seat", f"seats are 0 to {len(record.players) - 1} in this game")
        try:
            replay(record)
        except TriominoesError as exc:
            raise LobbyError("bad-record", str(exc)[:300]) from None
        return StreamingResponse(
            hub().analyses.stream(record, seats), media_type="application/x-ndjson"
        )

    @app.get("/api/phrases", tags=["reference"])
    async def phrases() -> dict[str, str]:
        """The quick-chat phrases: id -> English text (translated by clients)."""
        return dict(PHRASES)

    @app.get("/api/rules", tags=["reference"])
    async def rules() -> dict[str, Any]:
        """The presets (every field) and the JSON Schema of house rules."""
        return {
            "presets": {name: r.to_json() for name, r in PRESETS.items()},
            "schema": rules_schema(),
        }

    @app.get("/api/bots", tags=["reference"])
    async def bots() -> dict[str, Any]:
        return {"levels": dict(LEVELS), "players": list(PLAYERS)}

    # --- play -------------------------------------------------------------------------

    @app.websocket("/ws/tables/{table_id}")
    async def play(websocket: WebSocket, table_id: str) -> None:
        current = hub()
        origin = websocket.headers.get("origin")
        if not origin_allowed(origin, websocket.headers.get("host"), config.origins):
            await websocket.close(1008, "origin not allowed")
            return
        if current.stopping:
            await websocket.close(1012, "server restarting")
            return
        table = await current.table(table_id)
        await websocket.accept()
        if table is None:
            await websocket.send_text(
                json.dumps(
                    {
                        "type": "error",
                        "code": "bad-message",
                        "message": f"there is no table {table_id}",
                        "version": 0,
                    }
                )
            )
            await websocket.close(1008, "no such table")
            return
        client = Client(websocket, config.rate, config.burst)
        current.metrics.connections.inc()
        try:
            await _serve(current, table, client, config)
        finally:
            current.metrics.connections.dec()
            await table.leave(client)
            await client.finish()

    # --- pages -------------------------------------------------------------------------

    add_static(app, STATIC, (*PAGES, "/t/{table_id}", "/pad/{pad_id}"))
    return app


async def _serve(hub: Hub, table: Any, client: Client, config: ServerConfig) -> None:
    websocket = client.websocket
    strikes = 0
    while True:
        message = await websocket.receive()
        if message["type"] == "websocket.disconnect":
            return
        received = time.perf_counter()
        text = message.get("text")
        if text is None:
            table.error(client, "bad-message", "frames must be text (JSON)", state=False)
            client.close_soon(1003, "binary frames are not accepted")
            return
        if len(text.encode("utf-8", "surrogatepass")) > config.max_frame:
            table.error(client, "bad-message", "the frame is too large", state=False)
            client.close_soon(1009, "frame too large")
            return
        try:
            frame = parse_frame(text)
        except BadMessage as exc:
            frame = None
            problem = str(exc)
        if client.limit.allow():
            strikes = 0
        else:
            strikes += 1
            hub.metrics.errors.labels("rate-limited").inc()
            await table.refuse(
                client,
                "rate-limited",
                "too many frames; slow down",
                frame.id if isinstance(frame, Act) else None,
                state=strikes <= 3,
            )
            if strikes > 3 * config.burst:
                client.close_soon(1008, "too many frames")
                return
            continue
        if frame is None:
            hub.metrics.errors.labels("bad-message").inc()
            await table.refuse(client, "bad-message", problem, state=client.hello)
            continue
        hub.metrics.frames.labels(frame.type).inc()
        if isinstance(frame, Hello):
            if client.hello:
                await table.refuse(client, "bad-message", "hello was already said")
                continue
            if not await table.hello(client, frame.token):
                table.error(
                    client, "unauthorized", "this token is no seat's at this table", state=False
                )
                client.close_soon(1008, "unauthorized")
                return
            client.hello = True
            continue
        if isinstance(frame, Ping):
            client.send({"type": "pong", "version": table.version})
            continue
        if not client.hello:
            table.error(client, "unauthorized", "say hello first", state=False)
            continue
        if hub.stopping:  # nothing more is written: come back to the next server
            client.close_soon(1012, "server restarting")
            return
        if isinstance(frame, Act):
            await table.act(client, frame, received)
        elif isinstance(frame, Next):
            await table.next(client)
        elif isinstance(frame, Chat):
            await table.say(client, frame.phrase)
        elif isinstance(frame, Takeback):
            await table.ask_takeback(client)
        elif isinstance(frame, Answer):
            await table.answer(client, frame.accept)
        elif isinstance(frame, Rematch):
            await table.rematch(client)
        elif isinstance(frame, Back):
            await table.back(client)
        elif isinstance(frame, Hint):
            await table.hint(client)


def _openapi(app: FastAPI) -> dict[str, Any]:
    """The OpenAPI document, with the errors this server really sends: 400
    with ``{"error", "message"}`` where FastAPI would say 422."""
    if app.openapi_schema is not None:
        return app.openapi_schema
    from fastapi.openapi.utils import get_openapi

    schema = get_openapi(
        title=app.title, version=app.version, description=app.description, routes=app.routes
    )
    error = {
        "description": "An error",
        "content": {"application/json": {"schema": {"$ref": "#/components/schemas/ErrorBody"}}},
    }
    schema.setdefault("components", {}).setdefault("schemas", {})["ErrorBody"] = (
        ErrorBody.model_json_schema()
    )
    for path in schema.get("paths", {}).values():
        for operation in path.values():
            responses = operation.setdefault("responses", {})
            responses.pop("422", None)
            for status in ("400", "413", *(k for k in responses if k.startswith("4"))):
                responses[status] = error
    for name in ("HTTPValidationError", "ValidationError"):
        schema["components"]["schemas"].pop(name, None)
    app.openapi_schema = schema
    return schema


def _safe_url(url: str) -> str:
    """A database URL without its password, for logs."""
    if "@" in url and "://" in url:
        scheme, rest = url.split("://", 1)
        return f"{scheme}://***@{rest.split('@', 1)[1]}"
    return url
