"""The one storage interface, on SQLite (the default: a file, WAL, one
writer) or PostgreSQL (several server processes may share it).

Every method is synchronous and short; the server calls them from worker
threads. Writes that change a game go through :meth:`Store.append`, which
checks the table's version under a row lock and commits the new changes,
so that a version number never names two states even with several server
processes on one PostgreSQL database.
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterator, Sequence
from contextlib import closing, contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from sqlalchemy import (
    Connection,
    Engine,
    create_engine,
    event,
    func,
    insert,
    select,
    text,
    update,
)
from sqlalchemy.engine import make_url
from sqlalchemy.exc import IntegrityError
from sqlalchemy.pool import NullPool

from triominoes.storage import finished, schema
from triominoes.storage.accounts import Accounts
from triominoes.storage.finished import Outcome
from triominoes.storage.puzzles import PuzzleRatings
from triominoes.table.seats import SeatKind, TableStatus
from triominoes.table.state import CHAT_LINES

MIGRATIONS = Path(__file__).parent / "migrations"
_MIGRATION_LOCK = 7_460_001
"""A PostgreSQL advisory lock id: processes starting at once migrate in turn."""


class VersionConflict(Exception):
    """The table's version moved on since the caller read it (another
    process applied a change first): reload and try again."""


@dataclass
class TableRow:
    id: str
    rules: Any
    """The rule set, record style (a preset name or an overrides object)."""
    settings: dict[str, Any]
    status: str
    version: int
    game: int
    created_at: float
    touched_at: float


@dataclass
class SeatRow:
    seat: int
    kind: str
    bot: str | None = None
    name: str | None = None
    token_hash: str | None = None
    player_id: str | None = None


@dataclass
class ChangeRow:
    version: int
    game: int
    kind: str
    seat: int | None = None
    client_id: str | None = None
    data: dict[str, Any] = field(default_factory=dict)
    at: float = 0.0


@dataclass
class GameRow:
    number: int
    order: list[int]
    started_at: float
    finished_at: float | None = None
    record: dict[str, Any] | None = None


@dataclass
class Snapshot:
    """One table as of one moment (:meth:`Store.snapshot`)."""

    table: TableRow
    seats: list[SeatRow]
    game: GameRow | None
    """The table's latest game, if it has played one."""
    changes: list[ChangeRow]
    """That game's changes, in order."""
    chat: list[ChatRow]
    """The table's last chat lines, oldest first."""


@dataclass(frozen=True)
class Append:
    """One table's changes to commit together."""

    table_id: str
    expected: int
    """The version the changes were made at (the table's, or VersionConflict)."""
    changes: Sequence[ChangeRow]
    status: str | None = None
    """The table's new status, if it changes."""
    start: GameRow | None = None
    """A game started by these changes."""
    finish: GameRow | None = None
    """The game these changes finished, with its record."""
    outcome: Outcome | None = None
    """What the finished game leaves for its players: their results, and
    the rating changes of a rated game (written in the same transaction)."""


@dataclass
class ChatRow:
    seat: int
    """The chair of who said it."""
    phrase: str
    at: float


@dataclass
class Delta:
    """What a table's log holds past a version: a process catching up with
    changes another process made (:meth:`Store.since`)."""

    table: TableRow
    seats: list[SeatRow]
    games: list[GameRow]
    """Games started past the one the caller had, in order."""
    changes: list[ChangeRow]
    """Changes past the caller's version, in order (of any game)."""


@dataclass
class PadRow:
    id: str
    secret_hash: str
    version: int
    data: dict[str, Any]
    updated_at: float


def database_url(url: str) -> str:
    """SQLAlchemy's URL for ``sqlite:///file.db`` or ``postgresql://...``
    (the latter with psycopg 3)."""
    if url.startswith("postgresql://") or url.startswith("postgres://"):
        return "postgresql+psycopg://" + url.split("://", 1)[1]
    return url


class Store:
    def __init__(self, url: str, *, migrate: bool = True) -> None:
        self.url = database_url(url)
        parsed = make_url(self.url)
        self.sqlite = parsed.get_backend_name() == "sqlite"
        if self.sqlite:
            self.engine = _sqlite_engine(self.url)
        else:
            self.engine = create_engine(self.url, pool_size=8, max_overflow=8, pool_pre_ping=True)
        self._mark = "?" if self.sqlite else "%s"
        """The driver's placeholder for a parameter."""
        self._refused: type[Exception] = self.engine.dialect.dbapi.IntegrityError  # type: ignore[union-attr]
        """The driver's error for a row the database refuses."""
        self._writer: Connection | None = None
        # One writer at a time within a process: SQLite allows one anyway,
        # and it keeps commits in order on PostgreSQL too.
        self._write_lock = threading.Lock()
        self.accounts = Accounts(self)
        self.puzzles = PuzzleRatings(self)
        if migrate:
            self.migrate()

    def close(self) -> None:
        with self._write_lock:
            if self._writer is not None:
                self._writer.close()
                self._writer = None
        self.engine.dispose()

    # --- schema ------------------------------------------------------------

    def migrate(self) -> None:
        """Create or upgrade the schema to the newest migration."""
        config = Config()
        config.set_main_option("script_location", str(MIGRATIONS))
        with self.engine.begin() as connection:
            if not self.sqlite:
                connection.execute(
                    text("SELECT pg_advisory_xact_lock(:id)"), {"id": _MIGRATION_LOCK}
                )
            config.attributes["connection"] = connection
            command.upgrade(config, "head")
            Accounts.seed_bots(connection)

    def installation(self) -> str:
        """The id this database was given when its schema was made."""
        with self.engine.connect() as c:
            return str(c.execute(select(schema.installation.c.id)).scalar_one())

    def ping(self) -> bool:
        try:
            with self.engine.connect() as connection:
                connection.execute(text("SELECT 1"))
        except Exception:
            return False
        return True

    @contextmanager
    def _writing(self) -> Iterator[Connection]:
        # Writes keep one connection: taking one from the pool for every
        # commit cost a round trip to PostgreSQL (the pool's ping) and a
        # fifth of the writer's time. A connection the database dropped is
        # replaced at the next write.
        with self._write_lock:
            connection = self._writer
            if connection is None or connection.invalidated or connection.closed:
                if connection is not None:
                    connection.close()
                connection = self._writer = self.engine.connect()
            with connection.begin():
                yield connection

    # --- tables and seats ----------------------------------------------------

    def create_table(self, table: TableRow, seats: Sequence[SeatRow]) -> None:
        self.create_tables([(table, seats)])

    def create_tables(self, tables: Sequence[tuple[TableRow, Sequence[SeatRow]]]) -> None:
        """Several new tables and their seats in one transaction."""
        if not tables:
            return
        with self._writing() as c:
            c.execute(insert(schema.tables), [_table_values(table) for table, _ in tables])
            c.execute(
                insert(schema.seats),
                [
                    {
                        "table_id": table.id,
                        "seat": seat.seat,
                        "kind": seat.kind,
                        "bot": seat.bot,
                        "name": seat.name,
                        "token_hash": seat.token_hash,
                        "player_id": seat.player_id,
                    }
                    for table, seats in tables
                    for seat in seats
                ],
            )

    def take_seat(
        self, table_id: str, seat: int, name: str, token_hash: str, player_id: str | None = None
    ) -> bool:
        """Give a free human seat to a person (bound to their account, if
        signed in); False if it was taken meanwhile."""
        with self._writing() as c:
            result = c.execute(
                update(schema.seats)
                .where(
                    schema.seats.c.table_id == table_id,
                    schema.seats.c.seat == seat,
                    schema.seats.c.kind == SeatKind.HUMAN,
                    schema.seats.c.token_hash.is_(None),
                )
                .values(name=name, token_hash=token_hash, player_id=player_id)
            )
            c.execute(
                update(schema.tables)
                .where(schema.tables.c.id == table_id)
                .values(touched_at=time.time())
            )
            return result.rowcount == 1

    def snapshot(self, table_id: str) -> Snapshot | None:
        """The table, its seats, its latest game and that game's changes as
        of one moment. Read apart, a change committed between the reads
        paired an older version with newer changes (another process then
        showed a state under the version before it)."""
        with self.engine.connect() as c:
            if not self.sqlite:  # SQLite's transaction reads one snapshot anyway
                c.execution_options(isolation_level="REPEATABLE READ")
            with c.begin():
                loaded = _select_table(c, table_id)
                if loaded is None:
                    return None
                game = _latest_game(c, table_id)
                changes = _select_changes(c, table_id, game.number) if game else []
                chat = _select_chat(c, table_id)
        return Snapshot(loaded[0], loaded[1], game, changes, chat)

    def since(self, table_id: str, version: int, game: int) -> Delta | None:
        """The table's changes past ``version`` and its games past ``game``,
        as of one moment (as :meth:`snapshot`)."""
        with self.engine.connect() as c:
            if not self.sqlite:
                c.execution_options(isolation_level="REPEATABLE READ")
            with c.begin():
                loaded = _select_table(c, table_id)
                if loaded is None:
                    return None
                games = [
                    _game_row(r._mapping)
                    for r in c.execute(
                        select(schema.games)
                        .where(schema.games.c.table_id == table_id, schema.games.c.number > game)
                        .order_by(schema.games.c.number)
                    ).all()
                ]
                changes = [
                    _change_row(r._mapping)
                    for r in c.execute(
                        select(schema.changes)
                        .where(
                            schema.changes.c.table_id == table_id,
                            schema.changes.c.version > version,
                        )
                        .order_by(schema.changes.c.version)
                    ).all()
                ]
        return Delta(loaded[0], loaded[1], games, changes)

    def versions(self, table_ids: Sequence[str]) -> dict[str, int]:
        """Each table's version (tables not found are left out)."""
        if not table_ids:
            return {}
        with self.engine.connect() as c:
            rows = c.execute(
                select(schema.tables.c.id, schema.tables.c.version).where(
                    schema.tables.c.id.in_(list(table_ids))
                )
            ).all()
        return {str(r[0]): int(r[1]) for r in rows}

    def tables(self, statuses: Sequence[str], limit: int = 100) -> list[str]:
        """Table ids with one of these statuses, most recently touched first."""
        with self.engine.connect() as c:
            rows = c.execute(
                select(schema.tables.c.id)
                .where(schema.tables.c.status.in_(list(statuses)))
                .order_by(schema.tables.c.touched_at.desc())
                .limit(limit)
            ).all()
        return [r[0] for r in rows]

    def close_idle(self, before: float) -> list[str]:
        """Close the tables nobody touched since ``before``; return their ids."""
        with self._writing() as c:
            idle = [
                r[0]
                for r in c.execute(
                    select(schema.tables.c.id).where(
                        schema.tables.c.status.in_([TableStatus.WAITING, TableStatus.PLAYING]),
                        schema.tables.c.touched_at < before,
                    )
                ).all()
            ]
            if idle:
                c.execute(
                    update(schema.tables)
                    .where(schema.tables.c.id.in_(idle))
                    .values(status=TableStatus.CLOSED)
                )
        return idle

    # --- the log of changes ----------------------------------------------------

    def append(
        self,
        table_id: str,
        expected: int,
        changes: Sequence[ChangeRow],
        *,
        status: str | None = None,
        start: GameRow | None = None,
        finish: GameRow | None = None,
    ) -> None:
        """Commit changes made at version ``expected`` (raises VersionConflict
        if the table is elsewhere); optionally start or finish a game."""
        (error,) = self.append_many([Append(table_id, expected, changes, status, start, finish)])
        if error is not None:
            raise error

    def append_many(self, batch: Sequence[Append]) -> list[Exception | None]:
        """Several tables' appends in one transaction (one commit, one sync
        to disk); returns per entry None or the error that refused it (a
        refused entry changes nothing; the others are committed).

        The batch costs a handful of statements, however many tables it
        holds: one locking read of every version, one insert of every
        change, one update of every table. Only where the database refuses
        a row (a client id used twice) is it appended entry by entry, each
        under a savepoint of its own, to refuse that entry alone.
        """
        try:
            with self._writing() as c:
                return self._append_together(c, batch)
        except (IntegrityError, self._refused):
            pass  # the whole transaction is undone: append one by one
        with self._writing() as c:
            return [self._append_alone(c, entry) for entry in batch]

    def _append_together(self, c: Connection, batch: Sequence[Append]) -> list[Exception | None]:
        # The driver's own cursor: through SQLAlchemy the statements of one
        # append cost a millisecond of CPU (most of it on PostgreSQL), on
        # the thread that shares the GIL with the server's event loop.
        mark = self._mark
        ids = sorted({entry.table_id for entry in batch})
        now = time.time()
        results: list[Exception | None] = []
        rows: list[tuple[Any, ...]] = []
        plain: list[tuple[int, float, str]] = []
        with closing(c.connection.cursor()) as cursor:
            # Locked in one order (by id), so that two processes' batches
            # over the same tables cannot deadlock.
            cursor.execute(
                f"SELECT id, version FROM tables WHERE id IN ({', '.join([mark] * len(ids))})"
                f" ORDER BY id{'' if self.sqlite else ' FOR UPDATE'}",
                ids,
            )
            current: dict[str, int] = dict(cursor.fetchall())
            self._lock_ratings(c, batch)
            for entry in batch:
                table_id, expected = entry.table_id, entry.expected
                at = current.get(table_id)
                if at != expected:
                    results.append(
                        VersionConflict(f"table {table_id} is at version {at}, not {expected}")
                    )
                    continue
                rows.extend(
                    tuple(row.values())
                    for row in _change_values(table_id, expected, entry.changes, now)
                )
                version = current[table_id] = expected + len(entry.changes)
                results.append(None)
                if entry.start is None and entry.finish is None and entry.status is None:
                    plain.append((version, now, table_id))
                else:
                    self._update_table(c, entry, version, now)
            if rows:
                cursor.executemany(
                    "INSERT INTO changes (table_id, version, game, kind, seat, client_id, data, at)"
                    f" VALUES ({', '.join([mark] * 8)})",
                    rows,
                )
            if plain:
                cursor.executemany(
                    f"UPDATE tables SET version = {mark}, touched_at = {mark} WHERE id = {mark}",
                    plain,
                )
        return results

    def _append_alone(self, c: Connection, entry: Append) -> Exception | None:
        table_id, expected = entry.table_id, entry.expected
        savepoint = c.begin_nested()
        try:
            current = c.execute(
                select(schema.tables.c.version)
                .where(schema.tables.c.id == table_id)
                .with_for_update()
            ).scalar()
            if current != expected:
                raise VersionConflict(f"table {table_id} is at version {current}, not {expected}")
            self._lock_ratings(c, [entry])
            now = time.time()
            c.execute(
                insert(schema.changes), _change_values(table_id, expected, entry.changes, now)
            )
            self._update_table(c, entry, expected + len(entry.changes), now)
        except (VersionConflict, IntegrityError) as exc:
            savepoint.rollback()
            return exc if isinstance(exc, VersionConflict) else VersionConflict()
        savepoint.commit()
        return None

    def _lock_ratings(self, c: Connection, batch: Sequence[Append]) -> None:
        """Lock every rating the batch's finished games change, in one order."""
        pools: dict[str, set[str]] = {}
        for entry in batch:
            if entry.outcome is not None:
                pools.setdefault(entry.outcome.pool, set()).update(finished.subjects(entry.outcome))
        for pool, keys in sorted(pools.items()):
            finished.lock(c, sorted(keys), pool, sqlite=self.sqlite)

    def _update_table(self, c: Connection, entry: Append, version: int, now: float) -> None:
        """The table's row after an append, with a game started or finished."""
        table_id, status, start, finish = entry.table_id, entry.status, entry.start, entry.finish
        if start is not None:
            c.execute(
                insert(schema.games).values(
                    table_id=table_id,
                    number=start.number,
                    order=json.dumps(start.order),
                    started_at=start.started_at,
                )
            )
        if finish is not None:
            c.execute(
                update(schema.games)
                .where(schema.games.c.table_id == table_id, schema.games.c.number == finish.number)
                .values(finished_at=finish.finished_at, record=json.dumps(finish.record))
            )
            if entry.outcome is not None:
                finished.write(c, table_id, finish.number, entry.outcome, now)
        values: dict[str, Any] = {"version": version, "touched_at": now}
        if status is not None:
            values["status"] = status
        if start is not None:
            values["game"] = start.number
        c.execute(update(schema.tables).where(schema.tables.c.id == table_id).values(values))

    # --- games --------------------------------------------------------------

    def games(self, table_id: str) -> list[GameRow]:
        with self.engine.connect() as c:
            rows = c.execute(
                select(schema.games)
                .where(schema.games.c.table_id == table_id)
                .order_by(schema.games.c.number)
            ).all()
        return [_game_row(r._mapping) for r in rows]

    # --- chat ---------------------------------------------------------------

    def add_chat(self, table_id: str, seat: int, phrase: str, at: float) -> None:
        with self._writing() as c:
            c.execute(
                insert(schema.chat).values(table_id=table_id, seat=seat, phrase=phrase, at=at)
            )

    # --- score pads -------------------------------------------------------------

    def create_pad(self, pad: PadRow) -> None:
        with self._writing() as c:
            c.execute(
                insert(schema.pads).values(
                    id=pad.id,
                    secret_hash=pad.secret_hash,
                    version=pad.version,
                    data=json.dumps(pad.data),
                    updated_at=pad.updated_at,
                )
            )

    def pad(self, pad_id: str) -> PadRow | None:
        with self.engine.connect() as c:
            row = c.execute(select(schema.pads).where(schema.pads.c.id == pad_id)).first()
        if row is None:
            return None
        m = row._mapping
        return PadRow(
            m["id"], m["secret_hash"], m["version"], json.loads(m["data"]), m["updated_at"]
        )

    def save_pad(self, pad_id: str, expected: int, data: dict[str, Any]) -> int:
        """Replace a pad's data at version ``expected``; return the new version."""
        with self._writing() as c:
            result = c.execute(
                update(schema.pads)
                .where(schema.pads.c.id == pad_id, schema.pads.c.version == expected)
                .values(version=expected + 1, data=json.dumps(data), updated_at=time.time())
            )
            if result.rowcount != 1:
                raise VersionConflict(f"pad {pad_id} is not at version {expected}")
        return expected + 1

    def count_tables(self) -> dict[str, int]:
        with self.engine.connect() as c:
            rows = c.execute(
                select(schema.tables.c.status, func.count()).group_by(schema.tables.c.status)
            ).all()
        return {str(r[0]): int(r[1]) for r in rows}


def _select_table(c: Connection, table_id: str) -> tuple[TableRow, list[SeatRow]] | None:
    row = c.execute(select(schema.tables).where(schema.tables.c.id == table_id)).first()
    if row is None:
        return None
    seats = c.execute(
        select(schema.seats)
        .where(schema.seats.c.table_id == table_id)
        .order_by(schema.seats.c.seat)
    ).all()
    return _table_row(row._mapping), [_seat_row(s._mapping) for s in seats]


def _latest_game(c: Connection, table_id: str) -> GameRow | None:
    # Only the latest: every finished game's row holds its whole record.
    row = c.execute(
        select(schema.games)
        .where(schema.games.c.table_id == table_id)
        .order_by(schema.games.c.number.desc())
        .limit(1)
    ).first()
    return _game_row(row._mapping) if row is not None else None


def _select_changes(c: Connection, table_id: str, game: int) -> list[ChangeRow]:
    rows = c.execute(
        select(schema.changes)
        .where(schema.changes.c.table_id == table_id, schema.changes.c.game == game)
        .order_by(schema.changes.c.version)
    ).all()
    return [_change_row(r._mapping) for r in rows]


def _select_chat(c: Connection, table_id: str, limit: int = CHAT_LINES) -> list[ChatRow]:
    rows = c.execute(
        select(schema.chat.c.seat, schema.chat.c.phrase, schema.chat.c.at)
        .where(schema.chat.c.table_id == table_id)
        .order_by(schema.chat.c.id.desc())
        .limit(limit)
    ).all()
    return [ChatRow(int(r[0]), str(r[1]), float(r[2])) for r in reversed(rows)]


def _sqlite_engine(url: str) -> Engine:
    engine = create_engine(url, poolclass=NullPool if ":memory:" in url else None)

    @event.listens_for(engine, "connect")
    def _pragmas(dbapi_connection: Any, _record: Any) -> None:
        # The driver's own transaction handling begins late and lets the
        # first SAVEPOINT open the transaction, so releasing it committed
        # (and synced) each table's append alone: a batch was no batch.
        # SQLAlchemy begins every transaction itself instead (below).
        dbapi_connection.isolation_level = None
        cursor = dbapi_connection.cursor()
        # WAL: readers do not block the writer; FULL: a commit is on disk
        # (fsync) before it returns, so an acknowledged action survives a
        # crash of the machine, not only of the process.
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA synchronous=FULL")
        cursor.execute("PRAGMA busy_timeout=10000")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.close()

    @event.listens_for(engine, "begin")
    def _begin(connection: Connection) -> None:
        connection.exec_driver_sql("BEGIN")

    return engine


def _change_values(
    table_id: str, expected: int, changes: Sequence[ChangeRow], now: float
) -> list[dict[str, Any]]:
    """The rows of changes made at version ``expected``, numbered from it."""
    rows = []
    for version, change in enumerate(changes, start=expected + 1):
        if change.version != version:
            raise ValueError(f"change {change.kind} numbered {change.version}, not {version}")
        rows.append(
            {
                "table_id": table_id,
                "version": version,
                "game": change.game,
                "kind": change.kind,
                "seat": change.seat,
                "client_id": change.client_id,
                "data": json.dumps(change.data, separators=(",", ":")),
                "at": change.at or now,
            }
        )
    return rows


def _table_values(table: TableRow) -> dict[str, Any]:
    return {
        "id": table.id,
        "created_at": table.created_at,
        "touched_at": table.touched_at,
        "rules": json.dumps(table.rules),
        "settings": json.dumps(table.settings),
        "status": table.status,
        "version": table.version,
        "game": table.game,
    }


def _table_row(m: Any) -> TableRow:
    return TableRow(
        id=m["id"],
        rules=json.loads(m["rules"]),
        settings=json.loads(m["settings"]),
        status=m["status"],
        version=m["version"],
        game=m["game"],
        created_at=m["created_at"],
        touched_at=m["touched_at"],
    )


def _seat_row(m: Any) -> SeatRow:
    return SeatRow(m["seat"], m["kind"], m["bot"], m["name"], m["token_hash"], m["player_id"])


def _change_row(m: Any) -> ChangeRow:
    return ChangeRow(
        version=m["version"],
        game=m["game"],
        kind=m["kind"],
        seat=m["seat"],
        client_id=m["client_id"],
        data=json.loads(m["data"]),
        at=m["at"],
    )


def _game_row(m: Any) -> GameRow:
    return GameRow(
        number=m["number"],
        order=json.loads(m["order"]),
        started_at=m["started_at"],
        finished_at=m["finished_at"],
        record=json.loads(m["record"]) if m["record"] else None,
    )
