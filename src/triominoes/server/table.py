"""One table of this server process: the table machine's state, the
clients at it, and its follow-ups — one command at a time.

Every command goes the same way under the table's lock: the machine
decides (:func:`~triominoes.table.decide`), the changes are committed,
the actor gets its ``ack``, then every client gets its own view with the
events of the change as it may see them, and what the new state calls for
next (a bot's move, a clock) is started if this process runs the table's
follow-ups. Memory never runs ahead of the disk: the state before a
change stays until the change is committed, and a refused commit catches
up with the database instead.
"""

from __future__ import annotations

import asyncio
import logging
import random
import time
from collections import defaultdict
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

from triominoes.server.client import Client
from triominoes.server.errors import error_frame
from triominoes.server.followups import FollowUps
from triominoes.server.protocol import encode
from triominoes.server.rows import append_of, caught_up, loaded
from triominoes.server.writer import WriterClosed
from triominoes.storage import VersionConflict
from triominoes.storage.finished import as_json
from triominoes.table import (
    Command,
    Decision,
    EngineSeat,
    Refusal,
    TableSeat,
    TableState,
    decide,
    views,
)
from triominoes.table import commands as c
from triominoes.table.changes import Chatted
from triominoes.table.events import Event, seen_by
from triominoes.table.seats import TableStatus

if TYPE_CHECKING:
    from triominoes.server.hub import Hub

log = logging.getLogger("triominoes.server")

T = TypeVar("T")
Build = Callable[[TableState], Command]
"""A command made from the state it will be decided on (a person's
engine seat can change between two tries: a rematch rotates the order)."""

_SHUFFLE = random.SystemRandom()
"""Deals and their salts: the operating system's randomness."""


class Table:
    def __init__(self, hub: Hub, state: TableState) -> None:
        self.hub = hub
        self.state = state
        self.lock = asyncio.Lock()
        self.seated: defaultdict[TableSeat, set[Client]] = defaultdict(set)
        self.spectators: set[Client] = set()
        self.hinting: set[TableSeat] = set()
        """The chairs whose hint is being searched."""
        self.follow = FollowUps(self)
        self.last_used = time.monotonic()
        self.rated: tuple[int, list[dict[str, Any]]] | None = None
        """The rating changes of the table's finished rated game, by number."""

    @property
    def id(self) -> str:
        return self.state.id

    @property
    def status(self) -> TableStatus:
        return self.state.status

    def clients(self) -> list[Client]:
        out = list(self.spectators)
        for clients in self.seated.values():
            out.extend(clients)
        return out

    def connected(self) -> set[TableSeat]:
        """The chairs with a client here or at another process."""
        here = {chair for chair, clients in self.seated.items() if clients}
        return here | self.hub.instances.present_elsewhere(self.id)

    def engine_seat(self, client: Client) -> EngineSeat | None:
        return None if client.seat is None else self.state.engine_seat(client.seat)

    # --- showing ------------------------------------------------------------------

    def state_text(
        self, client: Client, table: dict[str, Any] | None = None, events: tuple[Event, ...] = ()
    ) -> str:
        seat = self.engine_seat(client)
        table = table if table is not None else self.table_json()
        view = views.view_for(self.state, seat, table)
        frame = {"type": "state", "version": self.state.version, "view": view}
        frame["events"] = seen_by(events, seat)
        if self.rated is not None and self.rated[0] == self.state.number and self.finished:
            frame["ratings"] = self.rated[1]
        return encode(frame)

    @property
    def finished(self) -> bool:
        return self.state.status is TableStatus.FINISHED

    async def know_ratings(self) -> None:
        """Read the rating changes of a rated game that has just finished
        (the database computed them in the commit of its last action), so
        that every ``state`` frame from then on shows them."""
        state = self.state
        if not (state.settings.rated and self.finished):
            return
        if self.rated is not None and self.rated[0] == state.number:
            return
        store = self.hub.store
        changes = await asyncio.to_thread(store.accounts.game_ratings, self.id, state.number)
        if changes:
            self.rated = (state.number, as_json(changes))

    def table_json(self) -> dict[str, Any]:
        return views.table_view(self.state, self.connected(), time.time())

    def send_state(self, client: Client) -> None:
        client.send_text(self.state_text(client))

    def broadcast(self, events: tuple[Event, ...] = ()) -> None:
        """Every client its own view and events: encoded once per seat, and
        once for every spectator."""
        self.last_used = time.monotonic()
        table = self.table_json()
        texts: dict[TableSeat | None, str] = {}
        for client in self.clients():
            text = texts.get(client.seat)
            if text is None:
                text = texts[client.seat] = self.state_text(client, table, events)
            client.send_text(text)

    def error(
        self, client: Client, refusal: Refusal, frame_id: str | None = None, *, state: bool = True
    ) -> None:
        frame = error_frame(
            refusal.code, refusal.message, self.state.version, frame_id, refusal.reason
        )
        client.send(frame)
        if state:
            self.send_state(client)

    # --- commands -----------------------------------------------------------------

    async def run(
        self,
        build: Build,
        client: Client | None = None,
        frame_id: str | None = None,
        received: float | None = None,
    ) -> Decision | None:
        """Decide a command and carry it out; None if its commit was refused."""
        async with self.lock:
            return await self._run(build, client, frame_id, received, retry=True)

    async def _run(
        self,
        build: Build,
        client: Client | None,
        frame_id: str | None,
        received: float | None,
        *,
        retry: bool,
    ) -> Decision | None:
        command = build(self.state)
        decision = decide(self.state, command, now=time.time(), rng=_SHUFFLE)
        if decision.repeat is not None and client is not None:
            client.send({"type": "ack", "id": frame_id, "version": decision.repeat})
            return decision
        if decision.changes and not await self._commit(decision):
            if retry:  # the database knew better: decide again against it
                return await self._run(build, client, frame_id, received, retry=False)
            if client is not None:
                self.error(client, Refusal("stale", "the table moved on"), frame_id)
            return None
        self.state = decision.state
        if client is not None:
            if decision.refusal is not None:
                self.error(client, decision.refusal, frame_id)
            elif isinstance(command, c.Act):
                ack = {"type": "ack", "id": frame_id, "version": self.state.version}
                await client.send_flushed(ack)
                if received is not None:
                    self.hub.metrics.acked(time.perf_counter() - received)
            elif not decision.changes:
                self.send_state(client)  # nothing to change: what is, is the answer
        if decision.changes:
            await self.know_ratings()
            self.changed(decision.events)
        return decision

    def changed(self, events: tuple[Event, ...]) -> None:
        """After a committed change: tell the other processes and every client,
        and start what comes next."""
        self.hub.instances.published(self)
        self.broadcast(events)
        self.follow.resume()

    async def _commit(self, decision: Decision) -> bool:
        """Commit a decision's changes; False (and the table caught up with
        the database) if the database refused them."""
        try:
            await self.hub.writer.append(append_of(self.state, decision))
        except (VersionConflict, WriterClosed):
            await self.catch_up()
            return False
        except Exception:
            log.exception("table %s: commit failed", self.id)
            await self.catch_up()
            return False
        return True

    async def catch_up(self) -> None:
        """Read what other processes committed since this state (under the lock)."""
        store = self.hub.store
        delta = await asyncio.to_thread(store.since, self.id, self.state.version, self.state.number)
        if delta is None:
            return  # tables are never deleted
        result = caught_up(self.state, delta)
        if result is None:
            snapshot = await asyncio.to_thread(store.snapshot, self.id)
            assert snapshot is not None
            self.state, events = loaded(snapshot), []
        else:
            self.state, events = result[0], result[1]
        await self.know_ratings()
        if events or result is None:
            self.broadcast(tuple(events))
            self.follow.resume()

    # --- clients ------------------------------------------------------------------

    async def hello(self, client: Client, chair: TableSeat | None) -> None:
        """Seat a client (None: a spectator) and show it the table; a person
        back at a seat a bot played for them gets it back."""
        async with self.lock:
            await self.know_ratings()
            client.seat = chair
            if chair is None:
                self.spectators.add(client)
                self.send_state(client)
                return
            self.seated[chair].add(client)
            self.hub.instances.presence_changed(self)
            back = await self._run(
                lambda s: c.Back(s.engine_seat(chair)), None, None, None, retry=True
            )
            if back is None or not back.changes:
                self.broadcast()  # everyone sees who is connected

    async def leave(self, client: Client) -> None:
        async with self.lock:
            self.spectators.discard(client)
            if client.seat is not None:
                self.seated[client.seat].discard(client)
                self.hub.instances.presence_changed(self)
                self.broadcast()

    async def refuse(
        self, client: Client, refusal: Refusal, frame_id: str | None = None, *, state: bool = True
    ) -> None:
        """An error for a frame refused before it reached the table (by the
        connection's reader); its state is a committed one, never one still
        being written."""
        if not state:
            self.error(client, refusal, frame_id, state=False)
            return
        async with self.lock:
            self.error(client, refusal, frame_id)

    async def committed(self, read: Callable[[TableState], T]) -> T:
        """What ``read`` makes of the table as committed (for HTTP answers)."""
        async with self.lock:
            return read(self.state)

    async def say(self, client: Client, phrase: str) -> None:
        """A chat line: kept in the database, shown everywhere; no new version
        (a chat line never makes a move stale)."""
        chair = client.seat
        if chair is None:
            self.error(client, Refusal("unauthorized", "spectators cannot chat"), state=False)
            return
        async with self.lock:
            decision = decide(
                self.state,
                c.Say(self.state.engine_seat(chair), phrase),
                now=time.time(),
                rng=_SHUFFLE,
            )
            self.state = decision.state
        said = decision.changes[0]
        assert isinstance(said, Chatted)
        at = said.at
        try:
            await asyncio.to_thread(self.hub.store.add_chat, self.id, chair, phrase, at)
        except Exception:
            log.exception("table %s: chat not kept", self.id)
        self.show_chat(chair, phrase, at)
        self.hub.instances.chatted(self, chair, phrase, at)

    def show_chat(self, chair: TableSeat, phrase: str, at: float) -> None:
        line = {"seat": self.state.engine_seat(chair), "phrase": phrase, "at": at}
        for client in self.clients():
            client.send({"type": "chat", "version": self.state.version, **line})
