"""One WebSocket client: its seat, its own send queue, its rate limit.

Sending never blocks a table: each frame goes into the client's queue and
a task of the client's own writes it out. A client that falls far behind
(a dead connection that has not timed out yet) is closed rather than let
its queue grow.
"""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any

from starlette.websockets import WebSocket, WebSocketState

from triominoes.server.protocol import encode
from triominoes.server.security import RateLimit
from triominoes.table import TableSeat

MAX_QUEUE = 512

Outgoing = tuple[str, asyncio.Future[None] | None] | None


class Client:
    def __init__(self, websocket: WebSocket, rate: float, burst: float) -> None:
        self.websocket = websocket
        self.seat: TableSeat | None = None
        """The chair this client plays; None for a spectator."""
        self.hello = False
        self.limit = RateLimit(rate, burst)
        self._queue: asyncio.Queue[Outgoing] = asyncio.Queue()
        self._task = asyncio.create_task(self._send_loop())
        self.closed = False
        self._close_code = (1000, "")

    def send(self, message: dict[str, Any]) -> None:
        self.send_text(encode(message))

    def send_text(self, text: str) -> None:
        """Send a frame already encoded (one view encoded for many clients)."""
        if self.closed:
            return
        if self._queue.qsize() >= MAX_QUEUE:
            self.close_soon(1008, "too slow")
            return
        self._queue.put_nowait((text, None))

    async def send_flushed(self, message: dict[str, Any], timeout: float = 2.0) -> None:
        """Send and wait until the frame is written (or the client is gone)."""
        if self.closed:
            return
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._queue.put_nowait((encode(message), future))
        with contextlib.suppress(TimeoutError, asyncio.CancelledError):
            await asyncio.wait_for(asyncio.shield(future), timeout)

    def close_soon(self, code: int, reason: str = "") -> None:
        """Close after the frames already queued."""
        if self.closed:
            return
        self.closed = True
        self._queue.put_nowait(None)
        self._close_code = (code, reason)

    async def _send_loop(self) -> None:
        websocket = self.websocket
        try:
            while True:
                item = await self._queue.get()
                if item is None:
                    code, reason = self._close_code
                    if websocket.application_state == WebSocketState.CONNECTED:
                        await websocket.close(code, reason)
                    return
                text, future = item
                try:
                    await websocket.send_text(text)
                finally:
                    if future is not None and not future.done():
                        future.set_result(None)
        except Exception:
            self.closed = True
            while not self._queue.empty():
                item = self._queue.get_nowait()
                if item is not None and item[1] is not None and not item[1].done():
                    item[1].set_result(None)

    async def finish(self) -> None:
        """Stop the sender: after the frames queued before a close (so that
        the close frame goes out), else at once (the peer is gone)."""
        if not self.closed:
            self.closed = True
            self._queue.put_nowait(None)
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await asyncio.wait_for(self._task, 2.0)
