"""This server process among the others that share its database, by Redis.

Several processes may serve one PostgreSQL database (``--redis``): the
clients of one table may be connected to different ones. Through Redis
they share:

- **news**: each committed change is announced; a process holding the
  table reads what it lacks from the database and tells its clients;
- **chat** lines and **presence** (which chairs have a client where);
- **leases**: the follow-ups of a table being played (its bots, its turn
  clock, the next deal) run in one process only, the holder of the
  table's lease: a Redis key that expires unless its holder renews it.
  When the holder dies, another process takes the lease within seconds,
  rebuilds the table from the database and goes on; a process that stops
  gives its leases up at once.

Every key and the channel are prefixed with the installation's id (made
with the database's schema, :func:`namespace`): two installations on one
Redis never take each other's tables, tickets or news.

Without Redis this process is alone and runs every table's follow-ups.
Correctness never rests on a lease: every change is committed against
the table's version, so two processes that both think they run a table
make one change and a version conflict.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
from typing import TYPE_CHECKING, Any

from triominoes.table import TableSeat, TableStatus, apply
from triominoes.table.changes import Chatted

if TYPE_CHECKING:
    from triominoes.server.hub import Hub
    from triominoes.server.table import Table

log = logging.getLogger("triominoes.server")

CHANNEL = "tables"
"""The news channel, after the installation's prefix."""
LEASE = "lease:"
PRESENCE_SECONDS = 5.0
"""How often a process repeats who is connected to it; twice that unheard
and its presence is forgotten (the process is gone)."""


def namespace(installation: str) -> str:
    """The prefix of an installation's Redis keys and channel."""
    return f"triominoes:{installation}:"


_RENEW = """
if redis.call('get', KEYS[1]) == ARGV[1] then
  return redis.call('pexpire', KEYS[1], ARGV[2])
end
return 0
"""
_RELEASE = """
if redis.call('get', KEYS[1]) == ARGV[1] then
  return redis.call('del', KEYS[1])
end
return 0
"""


class Instances:
    def __init__(self, hub: Hub, url: str | None, name: str, lease_seconds: float) -> None:
        self.hub = hub
        self.url = url
        self.name = name
        self.lease_seconds = lease_seconds
        self.held: set[str] = set()
        """The tables whose lease this process holds."""
        self._elsewhere: dict[str, dict[str, tuple[frozenset[TableSeat], float]]] = {}
        self._redis: Any = None
        self.prefix = namespace("")
        """This installation's Redis prefix (known once started)."""
        self._tasks: list[asyncio.Task[None]] = []

    @property
    def shared(self) -> bool:
        return self._redis is not None

    @property
    def redis(self) -> Any:
        """The Redis client (None without Redis)."""
        return self._redis

    async def start(self) -> None:
        if self.url is None:
            return
        import redis.asyncio as aioredis

        self.prefix = namespace(await asyncio.to_thread(self.hub.store.installation))
        self._redis = aioredis.from_url(self.url)
        self._renew = self._redis.register_script(_RENEW)
        self._release = self._redis.register_script(_RELEASE)
        self._tasks = [
            asyncio.create_task(self._listen()),
            asyncio.create_task(self._keep()),
            asyncio.create_task(self._present()),
        ]

    async def stop(self) -> None:
        """Give up every lease at once and say so: another process takes
        the tables over without waiting for the leases to expire."""
        for task in self._tasks:
            task.cancel()
        if self._redis is None:
            return
        with contextlib.suppress(Exception):
            held, self.held = sorted(self.held), set()
            for table_id in held:
                await self._release(keys=[self._lease(table_id)], args=[self.name])
            if held:
                await self._publish({"released": held})
        with contextlib.suppress(Exception):
            await self._redis.aclose()

    # --- leases -----------------------------------------------------------------

    def runs(self, table_id: str) -> bool:
        """Whether this process runs the table's follow-ups; if nobody does,
        it asks for the lease (and resumes the table once it has it)."""
        if self._redis is None or table_id in self.held:
            return True
        self._spawn(self._claim(table_id))
        return False

    def running(self) -> int:
        """How many tables' follow-ups this process runs."""
        if self._redis is None:
            return sum(t.status is TableStatus.PLAYING for t in self.hub.tables.values())
        return len(self.held)

    def let_go(self, table_id: str) -> None:
        """The table needs no follow-ups here (it is not being played, or
        this process could not load it)."""
        if table_id in self.held:
            self.held.discard(table_id)
            self._spawn(self._release(keys=[self._lease(table_id)], args=[self.name]))

    def _lease(self, table_id: str) -> str:
        return self.prefix + LEASE + table_id

    async def _claim(self, table_id: str) -> None:
        millis = int(self.lease_seconds * 1000)
        if not await self._redis.set(self._lease(table_id), self.name, nx=True, px=millis):
            return
        self.held.add(table_id)
        try:
            table = await self.hub.table(table_id)
        except Exception as exc:  # the database away a moment: another try later
            log.warning("table %s not loaded: %s", table_id, exc)
            table = None
        if table is None:  # held, nobody would run it: let another (or a later try) have it
            self.let_go(table_id)
            return
        async with table.lock:
            await table.catch_up()  # what the last holder did before it died
            table.follow.resume()

    async def _keep(self) -> None:
        """Renew the leases held, take the tables nobody runs, and catch up
        with changes whose news was lost."""
        millis = int(self.lease_seconds * 1000)
        while True:
            await asyncio.sleep(self.lease_seconds / 4)
            try:
                for table_id in list(self.held):
                    if not await self._renew(
                        keys=[self._lease(table_id)], args=[self.name, millis]
                    ):
                        self.held.discard(table_id)  # lost (this process stalled)
                        table = self.hub.tables.get(table_id)
                        if table is not None:
                            table.follow.stop()
                store = self.hub.store
                playing = await asyncio.to_thread(store.tables, [TableStatus.PLAYING], 100_000)
                free = [t for t in playing if t not in self.held]
                if free:
                    owners = await self._redis.mget([self._lease(t) for t in free])
                    for table_id, owner in zip(free, owners, strict=True):
                        if owner is None:
                            await self._claim(table_id)
                versions = await asyncio.to_thread(store.versions, sorted(self.held))
                for table_id, version in versions.items():
                    table = self.hub.tables.get(table_id)
                    if table is not None and version > table.state.version:
                        async with table.lock:
                            await table.catch_up()
            except Exception as exc:  # Redis or the database away a moment: try again
                log.warning("leases: %s", exc)

    # --- news --------------------------------------------------------------------

    def published(self, table: Table) -> None:
        """A change of the table is committed."""
        if self._redis is not None:
            self._spawn(self._publish({"table": table.id, "version": table.state.version}))

    def seats_changed(self, table: Table) -> None:
        if self._redis is not None:
            self._spawn(self._publish({"table": table.id, "seats": True}))

    def chatted(self, table: Table, chair: TableSeat, phrase: str, at: float) -> None:
        if self._redis is not None:
            line = {"chair": chair, "phrase": phrase, "at": at}
            self._spawn(self._publish({"table": table.id, "chat": line}))

    def pad_saved(self, pad_id: str, version: int) -> None:
        if self._redis is not None:
            self._spawn(self._publish({"pad": pad_id, "version": version}))

    # --- presence ----------------------------------------------------------------

    def presence_changed(self, table: Table) -> None:
        if self._redis is not None:
            self._spawn(self._publish({"presence": {table.id: _here(table)}}))

    def present_elsewhere(self, table_id: str) -> set[TableSeat]:
        now = time.monotonic()
        out: set[TableSeat] = set()
        for chairs, heard in self._elsewhere.get(table_id, {}).values():
            if now - heard < 2 * PRESENCE_SECONDS:
                out |= chairs
        return out

    async def _present(self) -> None:
        while True:
            await asyncio.sleep(PRESENCE_SECONDS)
            here = {t.id: _here(t) for t in self.hub.tables.values() if t.seated}
            with contextlib.suppress(Exception):
                await self._publish({"presence": here})

    # --- the channel ---------------------------------------------------------------

    async def _publish(self, message: dict[str, Any]) -> None:
        await self._redis.publish(self.prefix + CHANNEL, json.dumps({"from": self.name, **message}))

    async def _listen(self) -> None:
        pubsub = self._redis.pubsub()
        await pubsub.subscribe(self.prefix + CHANNEL)
        async for message in pubsub.listen():
            if message.get("type") != "message":
                continue
            try:
                data = json.loads(message["data"])
                if data.get("from") != self.name:
                    await self._heard(data)
            except Exception as exc:  # one bad message never stops the listener
                log.warning("news not understood: %s", exc)

    async def _heard(self, data: dict[str, Any]) -> None:
        if "pad" in data:
            await self.hub.pad_changed(str(data["pad"]))
        elif "released" in data:
            for table_id in data["released"]:
                await self._claim(str(table_id))
        elif "presence" in data:
            for table_id, chairs in data["presence"].items():
                self._heard_presence(str(data["from"]), table_id, chairs)
        elif (table := self.hub.tables.get(str(data.get("table")))) is not None:
            async with table.lock:
                if "chat" in data:
                    line = data["chat"]
                    chair = TableSeat(int(line["chair"]))
                    table.state, _ = apply(
                        table.state, Chatted(chair, str(line["phrase"]), float(line["at"]))
                    )
                    table.show_chat(chair, str(line["phrase"]), float(line["at"]))
                elif data.get("seats") or int(data.get("version", 0)) > table.state.version:
                    await table.catch_up()
            if data.get("seats"):  # the last seat may have been taken there
                await self.hub.start_game(table)

    def _heard_presence(self, instance: str, table_id: str, chairs: list[int]) -> None:
        seen = self._elsewhere.setdefault(table_id, {})
        before = seen.get(instance, (frozenset(), 0.0))[0]
        now = frozenset(TableSeat(int(c)) for c in chairs)
        seen[instance] = (now, time.monotonic())
        table = self.hub.tables.get(table_id)
        if table is not None and now != before:
            table.broadcast()

    def _spawn(self, work: Any) -> None:
        task = asyncio.ensure_future(work)
        task.add_done_callback(_log_failure)


def _here(table: Table) -> list[int]:
    return sorted(chair for chair, clients in table.seated.items() if clients)


def _log_failure(task: asyncio.Future[Any]) -> None:
    if not task.cancelled() and task.exception() is not None:
        log.warning("background task failed: %s", task.exception())
