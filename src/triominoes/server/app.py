"""The HTTP and WebSocket application (server.md): its parts put together
(the lobby, play, replays, score pads), operations and the pages.

Routes are thin: a lobby request becomes a call to the :class:`Hub`, a
WebSocket frame a command of its table. Every error is ``{"error": CODE,
"message": TEXT}`` with a 4xx status over HTTP (:class:`ApiError`), an
``error`` frame over the WebSocket.
"""

from __future__ import annotations

import asyncio
import gc
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response
from pydantic import BaseModel
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.routing import Match
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from triominoes import __version__
from triominoes.core.round import tables_for
from triominoes.core.rules import PRESETS
from triominoes.server.accounts import account_routes
from triominoes.server.config import ServerConfig
from triominoes.server.errors import ApiError
from triominoes.server.hub import Hub
from triominoes.server.lobby import lobby_routes
from triominoes.server.pads import pad_routes
from triominoes.server.play import play_routes
from triominoes.server.puzzles import puzzle_routes
from triominoes.server.queue import queue_routes
from triominoes.server.replays import replay_routes
from triominoes.server.sessions import OriginCheck
from triominoes.server.static import add_static

log = logging.getLogger("triominoes.server")

STATIC = Path(__file__).parent.parent / "static"
MAX_BODY = 256 * 1024
PAGES = ("/", "/pad", "/replay", "/me", "/signin", "/signup", "/leaderboard", "/play", "/puzzles")


class ErrorBody(BaseModel):
    """Every error answer: a stable code and a sentence (and for the
    engine's errors its reason: code, English template, parameters)."""

    error: str
    message: str
    reason: dict[str, Any] | None = None


def error_response(status: int, code: str, message: str) -> JSONResponse:
    return JSONResponse(ApiError(code, message, status).body(), status_code=status)


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
    app.add_middleware(OriginCheck, origins=config.origins)
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

    @app.exception_handler(ApiError)
    async def api_error(request: Request, exc: ApiError) -> JSONResponse:
        return JSONResponse(exc.body(), status_code=exc.status)

    app.include_router(lobby_routes(hub, base_url))
    app.include_router(replay_routes(hub))
    app.include_router(play_routes(hub, config))
    app.include_router(pad_routes(hub, base_url))
    app.include_router(account_routes(hub, base_url))
    app.include_router(queue_routes(hub, base_url))
    app.include_router(puzzle_routes(hub))

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
        current.metrics.leases.set(current.instances.running())
        return Response(current.metrics.render(), media_type="text/plain; version=0.0.4")

    # --- pages -------------------------------------------------------------------------

    add_static(app, STATIC, (*PAGES, "/t/{table_id}", "/pad/{pad_id}", "/p/{name}"))
    return app


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
