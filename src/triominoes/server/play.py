"""Play over the WebSocket ``/ws/tables/{id}`` (server.md): each frame is
checked against the protocol's schema and the connection's rate limit,
then made a command of the client's table."""

from __future__ import annotations

import time
from collections.abc import Callable

from fastapi import APIRouter, WebSocket

from triominoes.server.client import Client
from triominoes.server.config import ServerConfig
from triominoes.server.errors import error_frame
from triominoes.server.hints import hint
from triominoes.server.hub import Hub
from triominoes.server.protocol import (
    Act,
    Answer,
    Back,
    BadMessage,
    Chat,
    ClientFrame,
    Hello,
    Hint,
    Next,
    Ping,
    Rematch,
    Resign,
    Takeback,
    encode,
    parse_frame,
)
from triominoes.server.security import origin_allowed, same_hash
from triominoes.server.sessions import COOKIE, current
from triominoes.server.table import Table
from triominoes.table import Command, EngineSeat, Refusal, TableSeat, TableState
from triominoes.table import commands as c


def play_routes(hub: Callable[[], Hub], config: ServerConfig) -> APIRouter:
    router = APIRouter()

    @router.websocket("/ws/tables/{table_id}")
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
            message = f"there is no table {table_id}"
            await websocket.send_text(encode(error_frame("bad-message", message, 0)))
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

    return router


def chair_of(state: TableState, token: str) -> TableSeat | None:
    """The chair whose secret ``token`` is (None: no seat's)."""
    for seat in state.seats:
        if seat.human and same_hash(token, seat.token_hash):
            return seat.chair
    return None


async def _serve(hub: Hub, table: Table, client: Client, config: ServerConfig) -> None:
    websocket = client.websocket
    strikes = 0
    while True:
        message = await websocket.receive()
        if message["type"] == "websocket.disconnect":
            return
        received = time.perf_counter()
        text = message.get("text")
        if text is None:
            table.error(client, Refusal("bad-message", "frames must be text (JSON)"), state=False)
            client.close_soon(1003, "binary frames are not accepted")
            return
        if len(text.encode("utf-8", "surrogatepass")) > config.max_frame:
            table.error(client, Refusal("bad-message", "the frame is too large"), state=False)
            client.close_soon(1009, "frame too large")
            return
        frame: ClientFrame | None
        try:
            frame = parse_frame(text)
        except BadMessage as exc:
            frame, problem = None, str(exc)
        if client.limit.allow():
            strikes = 0
        else:
            strikes += 1
            hub.metrics.errors.labels("rate-limited").inc()
            await table.refuse(
                client,
                Refusal("rate-limited", "too many frames; slow down"),
                frame.id if isinstance(frame, Act) else None,
                state=strikes <= 3,
            )
            if strikes > 3 * config.burst:
                client.close_soon(1008, "too many frames")
                return
            continue
        if frame is None:
            hub.metrics.errors.labels("bad-message").inc()
            await table.refuse(client, Refusal("bad-message", problem), state=client.hello)
            continue
        hub.metrics.frames.labels(frame.type).inc()
        if isinstance(frame, Hello):
            if client.hello:
                await table.refuse(client, Refusal("bad-message", "hello was already said"))
                continue
            if frame.token is None:  # a spectator, or a signed-in player's own seat
                player = await current(hub, websocket.cookies.get(COOKIE))
                chair = table.state.chair_of_player(player.id) if player else None
            else:
                chair = chair_of(table.state, frame.token)
            if frame.token is not None and chair is None:
                refusal = Refusal("unauthorized", "this token is no seat's at this table")
                table.error(client, refusal, state=False)
                client.close_soon(1008, "unauthorized")
                return
            await table.hello(client, chair)
            client.hello = True
        elif isinstance(frame, Ping):
            client.send({"type": "pong", "version": table.state.version})
        elif not client.hello:
            table.error(client, Refusal("unauthorized", "say hello first"), state=False)
        elif hub.stopping:  # nothing more is written: come back to the next server
            client.close_soon(1012, "server restarting")
            return
        else:
            await handle(table, client, frame, received)


async def handle(
    table: Table,
    client: Client,
    frame: Act | Next | Chat | Takeback | Answer | Rematch | Back | Resign | Hint,
    received: float,
) -> None:
    """A seat's frame as a command of its table."""
    chair = client.seat
    if chair is None:
        refusal = Refusal("unauthorized", "spectators have no seat")
        table.error(client, refusal, state=not isinstance(frame, Chat | Hint))
        return
    if isinstance(frame, Chat):
        await table.say(client, frame.phrase)
        return
    if isinstance(frame, Hint):
        await hint(table, client)
        return
    await table.run(
        lambda state: command_of(frame, state.engine_seat(chair)),
        client,
        frame.id if isinstance(frame, Act) else None,
        received if isinstance(frame, Act) else None,
    )


def command_of(
    frame: Act | Next | Takeback | Answer | Rematch | Back | Resign, seat: EngineSeat
) -> Command:
    match frame:
        case Act():
            return c.Act(seat, frame.id, frame.version, frame.action)
        case Next():
            return c.Ready(seat)
        case Takeback():
            return c.AskTakeback(seat)
        case Answer():
            return c.AnswerTakeback(seat, frame.accept)
        case Rematch():
            return c.PlayAgain(seat, frame.accept, frame.with_bots)
        case Back():
            return c.Back(seat)
        case Resign():
            return c.Resign(seat)
