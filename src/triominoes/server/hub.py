"""All tables of one server process: created, loaded, resumed, closed.

The hub owns the process's shared parts — the store and its writer, the
bot workers, the metrics — and the tables it holds in memory. With Redis,
several processes share one PostgreSQL database: each committed change is
announced on a channel, and a process holding that table reads the new
changes from the database and shows them to its own clients; the
follow-ups (a bot's move, a clock) run where the change was made.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
import time
from typing import Any

from triominoes.ai.registry import player_names
from triominoes.core.errors import InvalidRules
from triominoes.core.rules import MAX_PLAYERS, MIN_PLAYERS, RuleSet
from triominoes.server import collector
from triominoes.server.analysis import Analyses
from triominoes.server.bots import BotPool
from triominoes.server.config import ServerConfig
from triominoes.server.metrics import Metrics
from triominoes.server.pads import Followers
from triominoes.server.security import new_table_id, new_token, token_hash
from triominoes.server.table import (
    BOT,
    CLOSED,
    FINISHED,
    HUMAN,
    PLAYING,
    WAITING,
    Settings,
    Table,
)
from triominoes.server.writer import Writer
from triominoes.storage import SeatRow, Store, TableRow

log = logging.getLogger("triominoes.server")

CHANNEL = "triominoes:tables"
LEVELS = ("easy", "medium", "hard", "expert")


class LobbyError(ValueError):
    """A lobby request that cannot be done; ``status`` is the HTTP status."""

    def __init__(self, code: str, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.code = code
        self.status = status


class Hub:
    def __init__(self, config: ServerConfig) -> None:
        self.config = config
        self.store = Store(config.db)
        self.writer = Writer(self.store)
        self.bots = BotPool(config.bot_workers)
        self.analyses = Analyses(config.analysis_workers, config.analysis_worlds)
        self.metrics = Metrics()
        self.tables: dict[str, Table] = {}
        self.instance = secrets.token_hex(6)
        self._loading: dict[str, asyncio.Lock] = {}
        self._tasks: list[asyncio.Task[None]] = []
        self._redis: Any = None
        self.stopping = False
        self.pads = Followers()

    # --- life ------------------------------------------------------------------

    async def start(self) -> None:
        """Resume every unfinished table from the database, exactly as it was."""
        if self.config.redis:
            import redis.asyncio as aioredis

            self._redis = aioredis.from_url(self.config.redis)
            self._tasks.append(asyncio.create_task(self._listen()))
        for table_id in await asyncio.to_thread(self.store.tables, [PLAYING], 100_000):
            table = await self.table(table_id)
            if table is not None and table.status == PLAYING:
                async with table.lock:
                    table._after()
        self._tasks.append(asyncio.create_task(self._sweep()))
        self._tasks.append(asyncio.create_task(collector.tend()))

    async def stop(self) -> None:
        """Finish the writes in flight, then let every client go (1012: reconnect)."""
        self.stopping = True
        for task in self._tasks:
            task.cancel()
        for table in list(self.tables.values()):
            await table.shutdown()
            async with table.lock:  # an action in flight is committed and acked first
                pass
            for client in table.clients():
                client.close_soon(1012, "server restarting")
        await asyncio.sleep(0.05)
        await asyncio.to_thread(self.writer.close)
        self.bots.close()
        self.analyses.close()
        if self._redis is not None:
            with contextlib.suppress(Exception):
                await self._redis.aclose()
        self.store.close()

    # --- tables ------------------------------------------------------------------

    async def table(self, table_id: str) -> Table | None:
        """The table, from memory or loaded from the database."""
        table = self.tables.get(table_id)
        if table is not None:
            return table
        lock = self._loading.setdefault(table_id, asyncio.Lock())
        async with lock:
            table = self.tables.get(table_id)
            if table is not None:
                return table
            snapshot = await asyncio.to_thread(self.store.snapshot, table_id)
            if snapshot is None:
                return None
            table = Table(self, snapshot.table, snapshot.seats)
            table.restore(snapshot)
            self.tables[table_id] = table
            return table

    async def create(self, rules_json: Any, seat_specs: list[str], settings: Settings) -> Table:
        try:
            rules = RuleSet.from_json(rules_json)
        except InvalidRules as exc:
            raise LobbyError("bad-rules", str(exc)) from None
        except (TypeError, ValueError, RecursionError):
            raise LobbyError("bad-rules", "rules must be a preset name or an object") from None
        if not MIN_PLAYERS <= len(seat_specs) <= MAX_PLAYERS:
            raise LobbyError("bad-seats", f"a table has {MIN_PLAYERS} to {MAX_PLAYERS} seats")
        try:
            rules.hand_size_for(len(seat_specs))
        except InvalidRules as exc:
            raise LobbyError("bad-rules", str(exc)) from None
        seats = [_seat(index, spec) for index, spec in enumerate(seat_specs)]
        now = time.time()
        row = TableRow(
            id=new_table_id(),
            rules=rules.to_record(),
            settings=settings.to_json(),
            status=WAITING,
            version=0,
            game=0,
            created_at=now,
            touched_at=now,
        )
        await asyncio.to_thread(self.store.create_table, row, seats)
        table = Table(self, row, seats)
        self.tables[row.id] = table
        await table.start()  # at once when every seat is a bot
        return table

    async def join(self, table_id: str, name: str, seat: int | None) -> tuple[Table, int, str]:
        """Give a person a human seat; returns the table, the seat and its token."""
        table = await self.table(table_id)
        if table is None:
            raise LobbyError("not-found", f"there is no table {table_id}", 404)
        if table.status != WAITING:
            raise LobbyError("not-now", "the table is not waiting for players", 409)
        free = [s.seat for s in table.seats if s.human and s.token_hash is None]
        if seat is not None:
            if not 0 <= seat < table.players or not table.seats[seat].human:
                raise LobbyError("no-seat", f"seat {seat} is not a seat for a person", 409)
            free = [seat] if seat in free else []
        token = new_token()
        hashed = token_hash(token)
        taken = None
        for wanted in free:  # the first that nobody takes meanwhile
            if await asyncio.to_thread(self.store.take_seat, table_id, wanted, name, hashed):
                taken = wanted
                break
        if taken is None:
            message = "every seat is taken" if seat is None else f"seat {seat} is taken"
            raise LobbyError("no-seat", message, 409)
        seat = taken
        async with table.lock:
            table.seats[seat].name = name
            table.seats[seat].token_hash = hashed
            table.broadcast()
        self.published(table, seats_only=True)
        await table.start()
        return table, seat, token

    # --- between processes ---------------------------------------------------------

    def published(self, table: Table, *, seats_only: bool = False) -> None:
        """Tell the other processes that a table changed (with Redis)."""
        if self._redis is None:
            return
        message = {"from": self.instance, "table": table.id, "version": table.version}
        if seats_only:
            message["seats"] = True
        self._spawn(self._redis.publish(CHANNEL, json.dumps(message)))

    def shared(self, table: Table) -> None:
        """Tell the other processes who is ready and what takeback is asked."""
        if self._redis is not None:
            message = {
                "from": self.instance,
                "table": table.id,
                "version": table.version,
                "meta": table.meta(),
            }
            self._spawn(self._redis.publish(CHANNEL, json.dumps(message)))

    def pad_saved(self, pad_id: str, version: int) -> None:
        """Tell the other processes' followers of a pad that it changed."""
        if self._redis is not None:
            message = {"from": self.instance, "pad": pad_id, "version": version}
            self._spawn(self._redis.publish(CHANNEL, json.dumps(message)))

    async def _pad_changed(self, pad_id: str) -> None:
        if not self.pads.sockets.get(pad_id):
            return
        row = await asyncio.to_thread(self.store.pad, pad_id)
        if row is not None:
            await self.pads.tell(pad_id, row.version, row.data)

    def chatted(self, table: Table, line: dict[str, Any]) -> None:
        table.show_chat(line)
        if self._redis is not None:
            message = {"from": self.instance, "table": table.id, "chat": line}
            self._spawn(self._redis.publish(CHANNEL, json.dumps(message)))

    def _spawn(self, work: Any) -> None:
        task = asyncio.ensure_future(work)
        task.add_done_callback(_log_failure)

    async def _listen(self) -> None:
        pubsub = self._redis.pubsub()
        await pubsub.subscribe(CHANNEL)
        async for message in pubsub.listen():
            if message.get("type") != "message":
                continue
            try:
                data = json.loads(message["data"])
            except (TypeError, ValueError):
                continue
            if data.get("from") == self.instance:
                continue
            if "pad" in data:
                await self._pad_changed(str(data["pad"]))
                continue
            table = self.tables.get(data.get("table", ""))
            if table is None:
                continue
            if "chat" in data:
                table.chat.append(data["chat"])
                table.show_chat(data["chat"])
                continue
            if "meta" in data:
                await table.share(data["meta"], data.get("version", -1))
                continue
            async with table.lock:
                if data.get("seats") or data.get("version", 0) > table.version:
                    await table.reload()
                    table.broadcast()
            if data.get("seats"):  # the last seat may have been taken there
                await table.start()

    async def _sweep(self) -> None:
        """Close the tables nobody touched for a day (kept as history), and
        let go of finished tables nobody watches (the database keeps them)."""
        while True:
            await asyncio.sleep(self.config.sweep_seconds)
            await self.close_idle()
            self.forget_quiet()

    def forget_quiet(self, seconds: float = 600.0) -> list[str]:
        """Drop from memory the finished and closed tables without clients
        that nothing happened at for ``seconds``; they load again on demand
        (every write checks the version, so a copy still in use is safe)."""
        now = time.monotonic()
        gone = [
            table_id
            for table_id, table in self.tables.items()
            if table.status in (FINISHED, CLOSED)
            and not table.clients()
            and not table.lock.locked()
            and now - table.last_used > seconds
        ]
        for table_id in gone:
            del self.tables[table_id]
        return gone

    async def close_idle(self) -> list[str]:
        before = time.time() - self.config.idle_hours * 3600
        closed = await asyncio.to_thread(self.store.close_idle, before)
        for table_id in closed:
            table = self.tables.get(table_id)
            if table is not None:
                async with table.lock:
                    table.status = CLOSED
                    await table.shutdown()
                    table.broadcast()
        return closed

    def counts(self) -> dict[str, int]:
        out = {WAITING: 0, PLAYING: 0, FINISHED: 0, CLOSED: 0}
        for table in self.tables.values():
            out[table.status] = out.get(table.status, 0) + 1
        return out


def _seat(index: int, spec: object) -> SeatRow:
    if spec == HUMAN:
        return SeatRow(index, HUMAN)
    if isinstance(spec, str) and spec.startswith("bot:"):
        name = spec[4:]
        # A level or a player at its own settings, never settings of the
        # lobby's choosing: those could make a bot think for hours, and the
        # bots of every table share the workers.
        if name not in player_names():
            raise LobbyError(
                "bad-seats", f"seat {index}: no bot {name!r} (bots: {', '.join(player_names())})"
            )
        return SeatRow(index, BOT, bot=name, name=_bot_name(name))
    raise LobbyError("bad-seats", f'seat {index} must be "human" or "bot:LEVEL"')


def _bot_name(spec: str) -> str:
    level = spec.split(":", 1)[0]
    return f"Bot ({level})"


def _log_failure(task: asyncio.Future[Any]) -> None:
    if not task.cancelled() and task.exception() is not None:
        log.warning("background task failed: %s", task.exception())
