"""All tables of one server process: created, joined, loaded, resumed, closed.

The hub owns the process's shared parts — the store and its writer, the
bot workers, the metrics, the other processes (:mod:`.instances`) — and
the tables it holds in memory.
"""

from __future__ import annotations

import asyncio
import secrets
import time

from triominoes.ai.registry import player_names
from triominoes.core.errors import InvalidRules
from triominoes.core.rules import MAX_PLAYERS, MIN_PLAYERS, PRESETS, RuleSet
from triominoes.players.ratings import BOT_SEEDS
from triominoes.server import collector
from triominoes.server.analysis import Analyses
from triominoes.server.bots import BotPool
from triominoes.server.config import ServerConfig
from triominoes.server.errors import ApiError
from triominoes.server.instances import Instances
from triominoes.server.metrics import Metrics
from triominoes.server.pads import Followers
from triominoes.server.queue import Matcher
from triominoes.server.rows import empty_state, loaded
from triominoes.server.security import new_table_id, new_token, token_hash
from triominoes.server.sessions import Limits
from triominoes.server.table import Table
from triominoes.server.writer import Writer
from triominoes.storage import SeatRow, Store, TableRow
from triominoes.table import SeatKind, Settings, TableSeat, TableStatus, decide
from triominoes.table import commands as c


class Hub:
    def __init__(self, config: ServerConfig) -> None:
        self.config = config
        self.store = Store(config.db)
        self.writer = Writer(self.store)
        self.bots = BotPool(config.bot_workers)
        self.analyses = Analyses(config.analysis_workers, config.analysis_worlds)
        self.metrics = Metrics()
        self.tables: dict[str, Table] = {}
        self.instances = Instances(self, config.redis, secrets.token_hex(6), config.lease_seconds)
        self._loading: dict[str, asyncio.Lock] = {}
        self._tasks: list[asyncio.Task[None]] = []
        self.stopping = False
        self.pads = Followers()
        self.limits = Limits()
        """Failed sign-ins (and sign-ups) per name and address."""
        self.matcher = Matcher(self)

    # --- life ------------------------------------------------------------------

    async def start(self) -> None:
        """Resume every table being played, exactly as it was (with other
        processes, the leases share them out)."""
        await self.instances.start()
        self.limits.redis, self.limits.prefix = self.instances.redis, self.instances.prefix
        self.matcher.start()
        if not self.instances.shared:
            for table_id in await asyncio.to_thread(
                self.store.tables, [TableStatus.PLAYING], 100_000
            ):
                table = await self.table(table_id)
                if table is not None:
                    async with table.lock:
                        table.follow.resume()
        self._tasks.append(asyncio.create_task(self._sweep()))
        self._tasks.append(asyncio.create_task(collector.tend()))

    async def stop(self) -> None:
        """Finish the writes in flight, give up the leases, then let every
        client go (1012: reconnect)."""
        self.stopping = True
        self.matcher.stop()
        for task in self._tasks:
            task.cancel()
        for table in list(self.tables.values()):
            table.follow.stop()
            async with table.lock:  # an action in flight is committed and acked first
                pass
        await self.instances.stop()
        for table in list(self.tables.values()):
            for client in table.clients():
                client.close_soon(1012, "server restarting")
        await asyncio.sleep(0.05)
        await asyncio.to_thread(self.writer.close)
        self.bots.close()
        self.analyses.close()
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
            table = self.tables[table_id] = Table(self, loaded(snapshot))
            return table

    async def existing(self, table_id: str) -> Table:
        table = await self.table(table_id)
        if table is None:
            raise ApiError("not-found", f"there is no table {table_id}", 404)
        return table

    async def create(
        self,
        rules_json: object,
        seat_specs: list[str],
        settings: Settings,
        taken: dict[int, SeatRow] | None = None,
    ) -> Table:
        """A new table; ``taken``: seats already given to people."""
        (table,) = await self.create_many([(rules_json, seat_specs, settings, taken)])
        return table

    async def create_many(self, wanted: list[NewTable]) -> list[Table]:
        """New tables, written in one transaction and started together (quick
        match seats hundreds of players at once): each is its rules, its
        seats, its settings and the seats already given to people."""
        made = [_table_rows(*one) for one in wanted]
        await asyncio.to_thread(self.store.create_tables, made)
        tables = []
        for row, seats in made:
            table = self.tables[row.id] = Table(self, empty_state(row, seats, 0))
            tables.append(table)
        # At once when every seat is taken (or a bot): their deals share commits.
        await asyncio.gather(*(self.start_game(table) for table in tables))
        return tables

    async def join(
        self, table_id: str, name: str, chair: int | None, player: str | None = None
    ) -> tuple[Table, int, str]:
        """Give a person a seat (``chair``, or the first free one), bound to
        their account (``player``) when signed in; returns the table, the
        chair and the seat's secret token."""
        table = await self.existing(table_id)
        token = new_token()
        hashed = token_hash(token)
        async with table.lock:
            state = table.state
            free = [s.chair for s in state.seats if not s.taken]
            wanted = free if chair is None else [TableSeat(chair)]
            for seat in wanted:  # the first that nobody takes meanwhile
                take = c.TakeSeat(seat, name, hashed, player)
                decision = decide(table.state, take, now=time.time())
                refusal = decision.refusal
                if refusal is not None:
                    if chair is None and refusal.code == "no-seat":
                        continue
                    status = 403 if refusal.code == "sign-in-needed" else 409
                    raise ApiError(refusal.code, refusal.message, status)
                if await asyncio.to_thread(
                    self.store.take_seat, table_id, seat, name, hashed, player
                ):
                    table.state = decision.state
                    table.broadcast(decision.events)
                    break
                await table.catch_up()  # taken meanwhile by another process
            else:
                raise ApiError("no-seat", "every seat is taken", 409)
        self.instances.seats_changed(table)
        await self.start_game(table)
        return table, seat, token

    async def start_game(self, table: Table) -> None:
        """Start the table's first game if every seat is taken."""
        if table.state.ready_to_start():
            await table.run(lambda _: c.Start())

    async def pad_changed(self, pad_id: str) -> None:
        """Another process saved a pad: tell its followers here."""
        if not self.pads.sockets.get(pad_id):
            return
        row = await asyncio.to_thread(self.store.pad, pad_id)
        if row is not None:
            await self.pads.tell(pad_id, row.version, row.data)

    # --- housekeeping --------------------------------------------------------------

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
            if table.status in (TableStatus.FINISHED, TableStatus.CLOSED)
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
                    decision = decide(table.state, c.Close(), now=time.time())
                    table.state = decision.state
                    table.follow.resume()
                    table.broadcast(decision.events)
        return closed

    def counts(self) -> dict[str, int]:
        out = dict.fromkeys(TableStatus, 0)
        for table in self.tables.values():
            out[table.status] += 1
        return {status.value: count for status, count in out.items()}


NewTable = tuple[object, list[str], Settings, dict[int, SeatRow] | None]


def _table_rows(
    rules_json: object, seat_specs: list[str], settings: Settings, taken: dict[int, SeatRow] | None
) -> tuple[TableRow, list[SeatRow]]:
    """A new table's rows, checked (an ApiError says what is wrong)."""
    try:
        rules = RuleSet.from_json(rules_json)
        rules.hand_size_for(len(seat_specs))
    except InvalidRules as exc:
        raise ApiError.of("bad-rules", exc) from None
    except (TypeError, ValueError, RecursionError):
        raise ApiError("bad-rules", "rules must be a preset name or an object") from None
    if not MIN_PLAYERS <= len(seat_specs) <= MAX_PLAYERS:
        raise ApiError("bad-seats", f"a table has {MIN_PLAYERS} to {MAX_PLAYERS} seats")
    seats = [_seat(index, spec) for index, spec in enumerate(seat_specs)]
    if settings.rated:
        _check_rated(rules_json, seats)
    for index, given in (taken or {}).items():
        seats[index] = given
    now = time.time()
    row = TableRow(
        id=new_table_id(),
        rules=rules.to_record(),
        settings=settings.to_json(),
        status=TableStatus.WAITING,
        version=0,
        game=0,
        created_at=now,
        touched_at=now,
    )
    return row, seats


def _check_rated(rules: object, seats: list[SeatRow]) -> None:
    """A rated table: a preset (a target score at most), bots of a level, a person."""
    if not (
        (isinstance(rules, str) and rules in PRESETS)
        or (isinstance(rules, dict) and set(rules) <= {"preset", "target_score"})
    ):
        raise ApiError(
            "bad-rules", "a rated table's rules are a preset's name, with a target score at most"
        )
    if not any(s.kind == SeatKind.HUMAN for s in seats):
        raise ApiError("bad-seats", "a rated table has a seat for a person")
    for s in seats:
        if s.kind == SeatKind.BOT and s.bot not in BOT_SEEDS:
            raise ApiError(
                "bad-seats", f"bots at a rated table are levels ({', '.join(BOT_SEEDS)})"
            )


def _seat(index: int, spec: object) -> SeatRow:
    if spec == SeatKind.HUMAN:
        return SeatRow(index, SeatKind.HUMAN)
    if isinstance(spec, str) and spec.startswith("bot:"):
        name = spec[4:]
        # A level or a player at its own settings, never settings of the
        # lobby's choosing: those could make a bot think for hours, and the
        # bots of every table share the workers.
        if name not in player_names():
            raise ApiError(
                "bad-seats", f"seat {index}: no bot {name!r} (bots: {', '.join(player_names())})"
            )
        return SeatRow(index, SeatKind.BOT, bot=name, name=f"Bot ({name.split(':', 1)[0]})")
    raise ApiError("bad-seats", f'seat {index} must be "human" or "bot:LEVEL"')
