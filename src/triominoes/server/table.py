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
from triominoes.server.loading import caught_up, loaded
from triominoes.server.protocol import encode
from triominoes.server.writer import WriterClosed
from triominoes.storage import Append, ChangeRow, GameRow, VersionConflict
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
from triominoes.table.changes import GameStarted, logged, to_row
from triominoes.table.events import Event, seen_by
from triominoes.table.follow import Alarm, BotTurn, follow_up
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
        self._timer: asyncio.Task[None] | None = None
        self.last_used = time.monotonic()

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
        return encode(frame)

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
            self.changed(decision.events)
        return decision

    def changed(self, events: tuple[Event, ...]) -> None:
        """After a committed change: tell the other processes and every client,
        and start what comes next."""
        self.hub.instances.published(self)
        self.broadcast(events)
        self.resume()

    async def _commit(self, decision: Decision) -> bool:
        """Commit a decision's changes; False (and the table caught up with
        the database) if the database refused them."""
        try:
            await self.hub.writer.append(self._append(decision))
        except (VersionConflict, WriterClosed):
            await self.catch_up()
            return False
        except Exception:
            log.exception("table %s: commit failed", self.id)
            await self.catch_up()
            return False
        return True

    def _append(self, decision: Decision) -> Append:
        before, after = self.state, decision.state
        version, game = before.version, before.number
        rows: list[ChangeRow] = []
        start: GameRow | None = None
        for change in decision.changes:
            if isinstance(change, GameStarted):
                game = change.number
                start = GameRow(game, list(change.order), change.at)
            else:
                assert logged(change), change
                version += 1
                row = to_row(change)  # type: ignore[arg-type]
                rows.append(
                    ChangeRow(version, game, row.kind, row.seat, row.client_id, row.data, row.at)
                )
        finish = None
        if after.status is TableStatus.FINISHED and before.status is TableStatus.PLAYING:
            finish = GameRow(
                after.number, list(after.order), 0.0, time.time(), views.record(after).to_json()
            )
        status = after.status.value if after.status is not before.status else None
        return Append(self.id, before.version, rows, status, start, finish)

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
        if events or result is None:
            self.broadcast(tuple(events))
            self.resume()

    # --- follow-ups ------------------------------------------------------------------

    def resume(self) -> None:
        """Start what the state calls for next, if this process runs the
        table's follow-ups (under the lock, or with nothing else running)."""
        self.stop()
        if self.state.status is not TableStatus.PLAYING:
            self.hub.instances.let_go(self.id)
            return
        if not self.hub.instances.runs(self.id):
            return
        next_up = follow_up(self.state)
        if isinstance(next_up, BotTurn):
            self._timer = asyncio.create_task(self._bot_turn(next_up))
        elif isinstance(next_up, Alarm):
            self._timer = asyncio.create_task(self._alarm(next_up))

    def stop(self) -> None:
        timer, self._timer = self._timer, None
        if timer is not None and timer is not asyncio.current_task():
            timer.cancel()

    async def _alarm(self, alarm: Alarm) -> None:
        await asyncio.sleep(max(0.0, alarm.at - time.time()))
        await self.run(lambda _: alarm.command)

    async def _bot_turn(self, turn: BotTurn) -> None:
        game = self.state.game
        assert game is not None
        spec = turn.spec or self.hub.config.stand_in
        token = await self.hub.bots.choose(spec, game.view(turn.seat))
        await asyncio.sleep(max(0.0, turn.not_before - time.time()))
        await self.run(lambda _: c.BotAct(turn.seat, turn.version, token))

    # --- clients ------------------------------------------------------------------

    async def hello(self, client: Client, chair: TableSeat | None) -> None:
        """Seat a client (None: a spectator) and show it the table; a person
        back at a seat a bot played for them gets it back."""
        async with self.lock:
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
        at = decision.changes[0].at
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

    async def hint(self, client: Client) -> None:
        """The strongest bot's suggestion for the client's seat, at tables
        where bots play (where people play people, hints would be help
        from outside). One at a time per seat: a hint is a second of a bot
        worker's time, which the bots' moves need too."""

        def refuse(message: str) -> None:
            self.error(client, Refusal("not-now", message), state=False)

        chair = client.seat
        async with self.lock:
            state = self.state
            if chair is None:
                self.error(client, Refusal("unauthorized", "spectators have no seat"), state=False)
                return
            if all(s.human for s in state.seats):
                return refuse("hints are for games with bots")
            seat = state.engine_seat(chair)
            if state.to_move != seat or state.game is None:
                return refuse("hints are for your turn")
            if chair in self.hinting:
                return refuse("a hint is already on its way")
            version = state.version
            view = state.game.view(seat)
            self.hinting.add(chair)
        try:
            suggestion = await self.hub.bots.hint(view)
        except Exception:
            log.exception("table %s: hint failed", self.id)
            return refuse("no hint can be found now")
        finally:
            self.hinting.discard(chair)
        client.send({"type": "hint", "version": version, **suggestion})
