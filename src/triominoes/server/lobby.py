"""The lobby over HTTP (server.md): tables made, joined, listed, summed up,
and their finished games' records."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from functools import partial
from typing import Annotated, Any

from fastapi import APIRouter, Query, Request
from pydantic import BaseModel, ConfigDict, Field, StringConstraints

from triominoes.core.rules import MAX_PLAYERS, MIN_PLAYERS, rules_schema
from triominoes.server.errors import ApiError
from triominoes.server.hub import Hub
from triominoes.server.sessions import current, session_token
from triominoes.storage.accounts import DELETED
from triominoes.table import Settings, TableStatus, views

SEAT = r"^(human|bot:[A-Za-z0-9:=.,_-]{1,60})$"
CORRESPONDENCE = 14 * 24 * 3600
"""The longest turn clock: a game played over days, a move a day or two."""


class CreateTable(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)

    rules: Annotated[str | dict[str, Any], Field(json_schema_extra=rules_schema())] = "standard"
    """A preset name or ``{"preset": NAME, FIELD: VALUE, ...}`` (docs/records.md)."""
    seats: Annotated[
        list[Annotated[str, StringConstraints(pattern=SEAT)]],
        Field(min_length=MIN_PLAYERS, max_length=MAX_PLAYERS),
    ]
    """Each ``human``, ``bot:LEVEL`` (easy, medium, hard, expert) or ``bot:NAME``."""
    turn_seconds: Annotated[int, Field(ge=5, le=CORRESPONDENCE)] | None = None
    rated: bool = False
    """Its games change the players' ratings: a preset (with a target
    score at most), every person signed in, bots of a level."""
    next_seconds: Annotated[float, Field(ge=0, le=600)] = 30.0
    """How long the table waits between rounds for players to be ready."""
    bot_pace: Annotated[float, Field(ge=0, le=5)] = 0.6
    """The least time a bot's move takes, so people can follow it."""
    rematch_seconds: Annotated[float, Field(ge=0, le=3600)] = 60.0
    """How long an offer to play again waits for everyone's answer."""


class Join(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)

    name: (
        Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=32)] | None
    ) = None
    """A guest's name; a signed-in player sits under their account's name."""
    seat: Annotated[int, Field(ge=0, lt=MAX_PLAYERS)] | None = None


class Created(BaseModel):
    id: str
    invite: str


class Joined(BaseModel):
    seat: int
    token: str
    url: str


def lobby_routes(hub: Callable[[], Hub], base_url: Callable[[Request], str]) -> APIRouter:
    router = APIRouter(tags=["lobby"])

    @router.post("/api/tables", status_code=201, response_model=Created)
    async def create_table(body: CreateTable, request: Request) -> Created:
        settings = Settings(
            body.turn_seconds, body.next_seconds, body.bot_pace, body.rematch_seconds, body.rated
        )
        table = await hub().create(body.rules, list(body.seats), settings)
        return Created(id=table.id, invite=f"{base_url(request)}/t/{table.id}")

    @router.post(
        "/api/tables/{table_id}/join", response_model=Joined, responses={403: {}, 404: {}, 409: {}}
    )
    async def join_table(table_id: str, body: Join, request: Request) -> Joined:
        current_hub = hub()
        player = await current(current_hub, session_token(request))
        if player is not None:
            name, account = player.name, player.id
        elif body.name is None:
            raise ApiError("bad-request", "name: a guest gives a name")
        elif any(ord(ch) < 32 or ord(ch) == 127 for ch in body.name):
            raise ApiError("bad-request", "a name may not contain control characters")
        elif body.name.casefold() == DELETED:
            raise ApiError("bad-request", "that name is kept for deleted accounts")
        else:
            name, account = body.name, None
        table, seat, token = await current_hub.join(table_id, name, body.seat, account)
        return Joined(seat=seat, token=token, url=f"{base_url(request)}/t/{table.id}#seat={token}")

    @router.get("/api/tables/{table_id}", responses={404: {}})
    async def table_summary(table_id: str) -> dict[str, Any]:
        table = await hub().existing(table_id)
        return await table.committed(partial(views.summary, connected=table.connected()))

    @router.get("/api/tables")
    async def list_tables(
        status: Annotated[str, Query(pattern="^(waiting|playing|finished|closed)$")] = "waiting",
        limit: Annotated[int, Query(ge=1, le=200)] = 50,
    ) -> list[dict[str, Any]]:
        ids = await asyncio.to_thread(hub().store.tables, [status], limit)
        out = []
        for table_id in ids:
            table = await hub().table(table_id)
            if table is not None and table.status == TableStatus(status):
                out.append(
                    await table.committed(partial(views.summary, connected=table.connected()))
                )
        return out

    @router.get("/api/tables/{table_id}/history", responses={404: {}})
    async def table_history(table_id: str) -> dict[str, Any]:
        """The current game's finished rounds (public logs, ends, totals): the
        score sheet of a page that joins or reloads mid-game."""
        table = await hub().existing(table_id)
        return await table.committed(views.history)

    @router.get("/api/tables/{table_id}/record", responses={404: {}, 409: {}})
    async def table_record(table_id: str) -> dict[str, Any]:
        table = await hub().existing(table_id)
        if table.status != TableStatus.FINISHED:
            raise ApiError("not-finished", "the record is published when the game is over", 409)
        games = await asyncio.to_thread(hub().store.games, table_id)
        record = games[-1].record if games else None
        if record is None:  # pragma: no cover - a finished table has its record
            raise ApiError("not-finished", "no finished game", 409)
        return record

    @router.get("/api/tables/{table_id}/games", responses={404: {}})
    async def table_games(table_id: str) -> list[dict[str, Any]]:
        """The table's finished games; ``seats`` says which of the players
        (in the game's order) were bots, and of which level, so that a page
        names them in its reader's language (and which were signed in, or
        have deleted their account since)."""
        seats = (await hub().existing(table_id)).state.seats
        games = await asyncio.to_thread(hub().store.games, table_id)
        return [
            {
                "game": g.number,
                "started_at": g.started_at,
                "finished_at": g.finished_at,
                "totals": g.record["result"]["totals"],
                "winners": g.record["result"]["winners"],
                "players": g.record["players"],
                "seats": [
                    {
                        "kind": seats[chair].kind.value,
                        "bot": seats[chair].bot,
                        "player": seats[chair].name if seats[chair].player else None,
                        "deleted": seats[chair].deleted,
                    }
                    for chair in g.order
                ],
            }
            for g in games
            if g.record is not None
        ]

    return router


async def game_record(hub: Hub, table_id: str, number: int) -> dict[str, Any]:
    """The record of a table's finished game ``number``."""
    games = await asyncio.to_thread(hub.store.games, table_id)
    for game in games:
        if game.number == number and game.record is not None:
            return game.record
    raise ApiError("not-found", f"table {table_id} has no finished game {number}", 404)
