"""Sessions: the cookie, who it names, and the guards around signing in.

The session is a cookie (``HttpOnly``, ``SameSite=Lax``, ``Secure`` when
the page is served over https) holding 32 random bytes; the database
keeps only their SHA-256, so a copy of the database signs nobody in. A
session ended on one server process is ended on all: every request looks
it up in the database.

Requests that change anything and carry the cookie (or any ``Origin``)
must come from the served origin: its ``Origin`` header (or, without one,
its ``Referer``) is the page's own host or one given with ``--origin``,
else ``403 forbidden`` — a page of another site cannot act with a
player's session (CSRF), nor sign a player into its own account.

Failed sign-ins are counted per name and per address (in Redis when
several processes share it): past the limit a sign-in is ``429
rate-limited`` before the password is even checked.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections import defaultdict
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

from fastapi import Request, Response
from starlette.types import ASGIApp, Receive, Scope, Send

from triominoes.server.errors import ApiError
from triominoes.server.security import new_token, origin_allowed, token_hash
from triominoes.storage import PlayerRow

if TYPE_CHECKING:
    from triominoes.server.hub import Hub

COOKIE = "triominoes_session"
SESSION_SECONDS = 30 * 24 * 3600
"""A session lasts 30 days from sign-in."""
FAILURES_PER_NAME = 10
FAILURES_PER_ADDRESS = 30
SIGNUPS_PER_ADDRESS = 20
LIMIT_SECONDS = 15 * 60
"""Failures (and sign-ups) are counted over this long."""
SAFE = {"GET", "HEAD", "OPTIONS"}


def session_token(request: Request) -> str | None:
    token = request.cookies.get(COOKIE)
    return token if token and len(token) <= 128 else None


async def current(hub: Hub, token: str | None) -> PlayerRow | None:
    """The player a session token names (None: none, ended or expired)."""
    if token is None:
        return None
    return await asyncio.to_thread(hub.store.accounts.session, token_hash(token))


async def signed_in(hub: Hub, request: Request) -> PlayerRow:
    player = await current(hub, session_token(request))
    if player is None:
        raise ApiError("unauthorized", "sign in first", 401)
    return player


async def open_session(hub: Hub, player: PlayerRow, request: Request, response: Response) -> None:
    token = new_token()
    await asyncio.to_thread(
        hub.store.accounts.open_session, token_hash(token), player.id, SESSION_SECONDS
    )
    response.set_cookie(
        COOKIE,
        token,
        max_age=SESSION_SECONDS,
        path="/",
        httponly=True,
        samesite="lax",
        secure=served_over_https(hub, request),
    )


def close_session(response: Response, hub: Hub, request: Request) -> None:
    response.delete_cookie(
        COOKIE, path="/", httponly=True, samesite="lax", secure=served_over_https(hub, request)
    )


def served_over_https(hub: Hub, request: Request) -> bool:
    public = hub.config.public_url
    if public is not None:
        return public.startswith("https://")
    return request.url.scheme == "https"


def address(request: Request) -> str:
    return request.client.host if request.client else "unknown"


class Limits:
    """Counters of events per key over :data:`LIMIT_SECONDS`: in Redis when
    several processes share one (so a limit holds across them), else in
    this process."""

    def __init__(self) -> None:
        self.redis: Any = None
        self.prefix = ""
        """The installation's Redis prefix."""
        self._counts: defaultdict[str, list[float]] = defaultdict(list)

    def _name(self, key: str) -> str:
        """The Redis key of a counter."""
        return f"{self.prefix}limit:{key}"

    async def count(self, key: str) -> int:
        if self.redis is not None:
            try:
                found = await self.redis.get(self._name(key))
                return int(found or 0)
            except Exception:  # Redis away a moment: count here meanwhile
                pass
        horizon = time.monotonic() - LIMIT_SECONDS
        times = [t for t in self._counts.get(key, []) if t > horizon]
        if times:
            self._counts[key] = times
        else:
            self._counts.pop(key, None)
        return len(times)

    async def add(self, key: str) -> None:
        if self.redis is not None:
            try:
                name = self._name(key)
                async with self.redis.pipeline(transaction=True) as pipe:
                    pipe.incr(name)
                    pipe.expire(name, LIMIT_SECONDS, nx=True)
                    await pipe.execute()
                return
            except Exception:
                pass
        self._counts[key].append(time.monotonic())

    async def clear(self, key: str) -> None:
        if self.redis is not None:
            with contextlib.suppress(Exception):
                await self.redis.delete(self._name(key))
        self._counts.pop(key, None)


class OriginCheck:
    """``403 forbidden`` for a request that changes anything with a session
    cookie, or from a page, whose origin is not the server's own."""

    def __init__(self, app: ASGIApp, origins: tuple[str, ...]) -> None:
        self.app = app
        self.origins = origins

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] in SAFE:
            await self.app(scope, receive, send)
            return
        headers = {k.decode("latin-1"): v.decode("latin-1") for k, v in scope["headers"]}
        origin = headers.get("origin")
        if origin is None and "referer" in headers:
            parts = urlsplit(headers["referer"])
            origin = f"{parts.scheme}://{parts.netloc}"
        cookie = f"{COOKIE}=" in headers.get("cookie", "")
        if (cookie or origin is not None) and (
            origin is None or not origin_allowed(origin, headers.get("host"), self.origins)
        ):
            error = ApiError("forbidden", "this request must come from the game's own pages", 403)
            response = _json(error.body(), 403)
            await response(scope, receive, send)
            return
        await self.app(scope, receive, send)


def _json(body: dict[str, Any], status: int) -> Any:
    from fastapi.responses import JSONResponse

    return JSONResponse(body, status_code=status)
