"""Quick match over HTTP (server.md): a signed-in player queues a ticket,
asks how it goes, or leaves; the **matcher** seats the waiting players.

Every process runs a matcher twice a second; with Redis only the one that
holds the matcher's lock (``matcher``) matches at a time, over
the one queue every process shares. It takes the tickets of each table the
pairing found (:mod:`triominoes.players.matching`) out of the queue, all or
none, makes the table with the players already seated (bound to their
accounts: their page plays the seat by the session) and bots where the
match says, starts it, and leaves each ticket's result for its player.
A ticket its player has not asked about for 30 seconds (the page closed)
is dropped.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
import secrets
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Annotated, Any, Literal

from fastapi import APIRouter, Request, Response
from pydantic import BaseModel, ConfigDict, Field

from triominoes.core.rules import MAX_PLAYERS, PRESETS
from triominoes.players import ratings
from triominoes.players.matching import Match, Ticket, match
from triominoes.server.errors import ApiError
from triominoes.server.security import new_token, token_hash
from triominoes.server.sessions import signed_in
from triominoes.server.tickets import SharedTickets, Tickets, Waiting
from triominoes.storage import SeatRow
from triominoes.table import SeatKind, Settings

if TYPE_CHECKING:
    from triominoes.server.hub import Hub, NewTable

log = logging.getLogger("triominoes.server")

EVERY = 0.5
"""Seconds between two rounds of matching."""
FORGOTTEN = 30.0
"""A ticket nobody asked about for this long is dropped."""
TURN_SECONDS = 60
"""Quick match's turn clock: a player who leaves is stood in for, never waited for."""
BOTS_SECONDS = 60.0
"""How long the bots' ratings are read once for."""
_SEATING = random.SystemRandom()


class Queue(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)

    pool: Literal["duel", "table"]
    players: Annotated[int, Field(ge=2, le=MAX_PLAYERS)] | None = None
    """duel: 2; table: 3 to 6 (4 if not given)."""
    rules: Literal[tuple(PRESETS)] = "standard"  # type: ignore[valid-type]
    rated: bool = True
    bots_after: Annotated[float, Field(ge=0, le=3600)] | None = None


class Queued(BaseModel):
    ticket: str


class Matcher:
    """The queue of this process's hub and its matching."""

    def __init__(self, hub: Hub) -> None:
        self.hub = hub
        self.tickets: Tickets = Tickets()
        self._task: asyncio.Task[None] | None = None
        self._bots: tuple[float, dict[str, dict[str, int]]] = (0.0, {})
        self.wake = asyncio.Event()
        self._one = asyncio.Lock()
        """One round at a time in this process (Redis's lock: in all of them)."""

    def start(self) -> None:
        redis = self.hub.instances.redis
        if redis is not None:
            self.tickets = SharedTickets(redis, self.hub.instances.prefix)
        self._task = asyncio.create_task(self._run())

    def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()

    async def _run(self) -> None:
        while True:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.wake.wait(), EVERY)
            self.wake.clear()
            try:
                await self.round()
            except asyncio.CancelledError:
                raise
            except Exception:  # Redis or the database away a moment: next round
                log.exception("matching failed")

    async def round(self, now: float | None = None) -> list[str]:
        """One round of matching; returns the tables it made."""
        async with self._one:
            return await self._round(now)

    async def _round(self, now: float | None) -> list[str]:
        tickets = self.tickets
        if not await tickets.count():
            return []
        name = self.hub.instances.name
        if not await tickets.lock(name):
            return []
        try:
            now = time.time() if now is None else now
            waiting: dict[str, Waiting] = {}
            for ticket in await tickets.waiting():
                if now - ticket.seen > FORGOTTEN:
                    await tickets.remove(ticket.ticket.id)
                else:
                    waiting[ticket.ticket.id] = ticket
            found = match([w.ticket for w in waiting.values()], now, await self.bots())
            seating: list[tuple[Match, list[Waiting]]] = []
            for table in found:
                if await tickets.take([t.id for t in table.tickets]):
                    seating.append((table, [waiting[t.id] for t in table.tickets]))
                # else withdrawn meanwhile: the others wait on
            try:
                made = await self.seat(seating)
            except Exception:
                await tickets.put_back([w for _, taken in seating for w in taken])
                raise
            return made
        finally:
            await tickets.unlock(name)

    async def bots(self) -> dict[str, dict[str, int]]:
        """Each pool's bot levels and their displayed ratings (read once a minute)."""
        read, known = self._bots
        if time.monotonic() - read > BOTS_SECONDS or not known:
            skills = await asyncio.to_thread(self.hub.store.accounts.bots)
            known = {
                pool: {level: ratings.displayed(skill) for level, skill in levels.items()}
                for pool, levels in skills.items()
            }
            self._bots = (time.monotonic(), known)
        return known

    async def seat(self, seating: list[tuple[Match, list[Waiting]]]) -> list[str]:
        """Make and start the tables of the matches (in one transaction);
        tell each ticket where."""
        wanted: list[NewTable] = []
        for found, _ in seating:
            first = found.tickets[0]
            seats: list[Ticket | str] = [*found.tickets, *(f"bot:{b}" for b in found.bots)]
            _SEATING.shuffle(seats)
            specs = ["human" if isinstance(s, Ticket) else s for s in seats]
            bound = {
                index: SeatRow(
                    index,
                    SeatKind.HUMAN,
                    name=s.name,
                    token_hash=token_hash(new_token()),  # the session plays it: nobody needs this
                    player_id=s.player,
                )
                for index, s in enumerate(seats)
                if isinstance(s, Ticket)
            }
            settings = Settings(turn_seconds=TURN_SECONDS, rated=first.rated)
            wanted.append((first.rules, specs, settings, bound))
        tables = await self.hub.create_many(wanted)
        for table, (_, taken) in zip(tables, seating, strict=True):
            for waiting in taken:
                url = f"{waiting.base}/t/{table.id}"
                await self.tickets.settle(waiting.ticket.id, {"table": table.id, "url": url})
        return [table.id for table in tables]


def queue_routes(hub: Callable[[], Hub], base_url: Callable[[Request], str]) -> APIRouter:
    router = APIRouter(tags=["players"])

    @router.post("/api/queue", status_code=202, response_model=Queued, responses={401: {}})
    async def enqueue(body: Queue, request: Request) -> Queued:
        """Wait for a table of players of near rating (a newer ticket
        replaces the player's older one)."""
        current = hub()
        player = await signed_in(current, request)
        players = body.players or (2 if body.pool == "duel" else 4)
        if ratings.pool_of(players) != body.pool:
            raise ApiError("bad-request", "players: a duel has 2, a table 3 to 6")
        skills = await asyncio.to_thread(current.store.accounts.skills, player.id)
        now = time.time()
        ticket = Ticket(
            id=secrets.token_urlsafe(12),
            player=player.id,
            pool=body.pool,
            players=players,
            rules=body.rules,
            rated=body.rated,
            rating=ratings.displayed(skills[body.pool]),
            since=now,
            bots_after=body.bots_after,
            name=player.name,
        )
        await current.matcher.tickets.put(Waiting(ticket, base_url(request), now))
        current.matcher.wake.set()
        return Queued(ticket=ticket.id)

    @router.get("/api/queue/{ticket}", responses={401: {}, 404: {}})
    async def how_it_goes(ticket: str, request: Request) -> dict[str, Any]:
        """``waiting`` (with how long, the window of ratings and how many
        wait with the same wishes) or ``matched`` (the table and its link)."""
        current = hub()
        player = await signed_in(current, request)
        tickets = current.matcher.tickets
        found = await tickets.result(ticket)
        if found is not None:
            return {"status": "matched", **found}
        waiting = await tickets.get(ticket) or await tickets.seating(ticket)
        if waiting is None or waiting.ticket.player != player.id:
            raise ApiError("not-found", "no such ticket in the queue", 404)
        now = time.time()
        await tickets.touch(waiting, now)
        mine = waiting.ticket
        alike = sum(w.ticket.bucket == mine.bucket for w in await tickets.waiting())
        return {
            "status": "waiting",
            "since": mine.since,
            "now": now,
            "rating": mine.rating,
            "window": mine.window(now),
            "waiting": alike,
            "bots_at": None if mine.bots_after is None else mine.since + mine.bots_after,
        }

    @router.delete(
        "/api/queue/{ticket}",
        status_code=204,
        response_class=Response,
        responses={401: {}, 404: {}, 409: {}},
    )
    async def leave(ticket: str, request: Request) -> Response:
        """Leave the queue; ``409 matched`` once the ticket has a table."""
        current = hub()
        player = await signed_in(current, request)
        tickets = current.matcher.tickets
        waiting = await tickets.get(ticket)
        if (
            waiting is not None
            and waiting.ticket.player == player.id
            and await tickets.remove(ticket)
        ):
            return Response(status_code=204)
        if await tickets.result(ticket) or await tickets.seating(ticket):
            raise ApiError("matched", "the ticket has a table already", 409)
        raise ApiError("not-found", "no such ticket in the queue", 404)

    return router
