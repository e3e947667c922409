"""Shared score pads: a pad kept on the server so other phones can follow it.

A score pad (the page ``/pad``) scores a physical game on the device; all of
its arithmetic is the rule set's and runs in the page. Sharing stores the
pad's document here: whoever created it holds its edit secret (only its
hash is stored) and saves new versions; everyone with the link reads it and
follows it live over ``/ws/pads/{id}``. The server keeps the document as it
is given (a JSON object, bounded in size and depth); it does not score.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections import defaultdict
from collections.abc import Callable
from typing import TYPE_CHECKING, Annotated, Any

from fastapi import APIRouter, Header, Request, WebSocket
from pydantic import BaseModel, ConfigDict, Field
from starlette.websockets import WebSocketDisconnect

from triominoes.server.errors import ApiError
from triominoes.server.security import new_table_id, new_token, same_hash, token_hash
from triominoes.storage import PadRow, Store, VersionConflict

if TYPE_CHECKING:
    from triominoes.server.hub import Hub

MAX_PAD = 200 * 1024
MAX_DEPTH = 12


class Created(BaseModel):
    id: str
    secret: str
    """Keep it: it is needed to change the pad."""
    url: str


class Saved(BaseModel):
    version: int


class Update(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)

    version: Annotated[int, Field(ge=0)]
    """The version this update is based on (a stale one is refused: 409)."""
    pad: dict[str, Any]


def _depth(value: Any, limit: int) -> bool:
    """Whether ``value`` nests at most ``limit`` levels (without recursion)."""
    stack = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if depth > limit:
            return False
        if isinstance(item, dict):
            stack.extend((v, depth + 1) for v in item.values())
        elif isinstance(item, list):
            stack.extend((v, depth + 1) for v in item)
    return True


def _check(pad: Any) -> dict[str, Any]:
    if not isinstance(pad, dict):
        raise ApiError("bad-pad", "a pad is a JSON object", 400)
    if not _depth(pad, MAX_DEPTH):
        raise ApiError("bad-pad", f"a pad nests at most {MAX_DEPTH} levels", 400)
    if len(json.dumps(pad)) > MAX_PAD:
        raise ApiError("too-large", f"a pad is at most {MAX_PAD} bytes", 413)
    return pad


class Followers:
    """The sockets following each pad (in this process)."""

    def __init__(self) -> None:
        self.sockets: dict[str, set[WebSocket]] = defaultdict(set)

    async def tell(self, pad_id: str, version: int, pad: dict[str, Any]) -> None:
        text = json.dumps({"type": "pad", "version": version, "pad": pad})
        for socket in list(self.sockets.get(pad_id, ())):
            try:
                await socket.send_text(text)
            except Exception:
                self.sockets[pad_id].discard(socket)


def pad_routes(hub_of: Callable[[], Hub], base_url: Callable[[Request], str]) -> APIRouter:
    """The pad routes; ``hub_of()`` gives the process's hub, ``base_url(request)`` the site."""
    router = APIRouter(tags=["pads"])

    def store() -> Store:
        return hub_of().store

    @router.post("/api/pads", status_code=201, response_model=Created)
    async def create(request: Request) -> Created:
        pad = _check(_json(await request.body()))
        pad_id, secret = new_table_id(), new_token()
        row = PadRow(pad_id, token_hash(secret), 0, pad, time.time())
        await asyncio.to_thread(store().create_pad, row)
        return Created(id=pad_id, secret=secret, url=f"{base_url(request)}/pad/{pad_id}")

    @router.get("/api/pads/{pad_id}", responses={404: {}})
    async def read(pad_id: str) -> dict[str, Any]:
        row = await asyncio.to_thread(store().pad, pad_id)
        if row is None:
            raise ApiError("not-found", f"there is no pad {pad_id}", 404)
        return {"id": row.id, "version": row.version, "pad": row.data}

    @router.put("/api/pads/{pad_id}", response_model=Saved, responses={403: {}, 404: {}, 409: {}})
    async def save(
        pad_id: str,
        update: Update,
        x_pad_secret: Annotated[str, Header(max_length=128)],
    ) -> Saved:
        pad = _check(update.pad)
        row = await asyncio.to_thread(store().pad, pad_id)
        if row is None:
            raise ApiError("not-found", f"there is no pad {pad_id}", 404)
        if not same_hash(x_pad_secret, row.secret_hash):
            raise ApiError("forbidden", "this secret does not open this pad", 403)
        try:
            version = await asyncio.to_thread(store().save_pad, pad_id, update.version, pad)
        except VersionConflict:
            raise ApiError("stale", "the pad changed meanwhile: load it again", 409) from None
        await hub_of().pads.tell(pad_id, version, pad)
        hub_of().instances.pad_saved(pad_id, version)
        return Saved(version=version)

    @router.websocket("/ws/pads/{pad_id}")
    async def follow(websocket: WebSocket, pad_id: str) -> None:
        await websocket.accept()
        row = await asyncio.to_thread(store().pad, pad_id)
        if row is None:
            await websocket.send_text(
                json.dumps({"type": "error", "code": "not-found", "message": "no such pad"})
            )
            await websocket.close(1008)
            return
        followers = hub_of().pads
        followers.sockets[pad_id].add(websocket)
        try:
            await websocket.send_text(
                json.dumps({"type": "pad", "version": row.version, "pad": row.data})
            )
            while True:  # followers only listen; anything they send is ignored
                message = await websocket.receive()
                if message["type"] == "websocket.disconnect":
                    return
        except WebSocketDisconnect:
            return
        finally:
            followers.sockets[pad_id].discard(websocket)

    return router


def _json(body: bytes) -> Any:
    try:
        return json.loads(body)
    except (ValueError, RecursionError):
        raise ApiError("bad-pad", "the body is not JSON", 400) from None
