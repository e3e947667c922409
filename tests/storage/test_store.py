"""The store on both backends: migrations, version checks, seats, pads."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext

from tests.server.conftest import pg_url, sqlite_url  # noqa: F401 - fixtures
from triominoes.storage import (
    Append,
    ChangeRow,
    GameRow,
    PadRow,
    SeatRow,
    Store,
    TableRow,
    VersionConflict,
)
from triominoes.storage.schema import metadata


@pytest.fixture(params=["sqlite", "postgresql"])
def store(request: pytest.FixtureRequest) -> Iterator[Store]:
    url = request.getfixturevalue("sqlite_url" if request.param == "sqlite" else "pg_url")
    opened = Store(url)
    try:
        yield opened
    finally:
        opened.close()


def table(store: Store, table_id: str = "t1") -> None:
    now = time.time()
    row = TableRow(
        table_id, "standard", {"next_seconds": 30, "bot_pace": 0}, "waiting", 0, 0, now, now
    )
    store.create_table(row, [SeatRow(0, "human"), SeatRow(1, "bot", bot="easy", name="Bot")])


def test_the_migrations_make_exactly_the_schema(store: Store) -> None:
    with store.engine.connect() as connection:
        diff = compare_metadata(MigrationContext.configure(connection), metadata)
    assert diff == []
    store.migrate()  # again: nothing to do, nothing breaks


def test_appends_check_the_version(store: Store) -> None:
    table(store)
    store.append(
        "t1",
        0,
        [ChangeRow(1, 1, "deal", data={"hands": []})],
        status="playing",
        start=GameRow(1, [0, 1], time.time()),
    )
    store.append("t1", 1, [ChangeRow(2, 1, "act", 0, "id-1", {"action": "draw"})])
    with pytest.raises(VersionConflict):
        store.append("t1", 1, [ChangeRow(2, 1, "act", 0, "id-2", {"action": "pass"})])
    with pytest.raises(VersionConflict):  # one client id per seat and game
        store.append("t1", 2, [ChangeRow(3, 1, "act", 0, "id-1", {"action": "pass"})])
    results = store.append_many(
        [
            Append("t1", 2, [ChangeRow(3, 1, "act", 1, None, {"action": "pass"})]),
            Append("t1", 2, [ChangeRow(3, 1, "act", 1, None, {"action": "draw"})]),
        ]
    )
    assert results[0] is None and isinstance(results[1], VersionConflict)
    loaded = store.snapshot("t1")
    assert loaded is not None
    assert [c.version for c in loaded.changes] == [1, 2, 3]
    assert loaded.changes[1].client_id == "id-1"
    assert store.versions(["t1"]) == {"t1": 3}
    assert loaded.table.status == "playing" and loaded.table.game == 1
    store.append(
        "t1",
        3,
        [ChangeRow(4, 1, "act", 0, None, {"action": "pass"})],
        status="finished",
        finish=GameRow(1, [0, 1], 0, time.time(), {"rounds": []}),
    )
    (game,) = store.games("t1")
    assert game.record == {"rounds": []} and game.finished_at is not None
    # A rematch: the snapshot is of the latest game alone.
    store.append(
        "t1",
        4,
        [ChangeRow(5, 2, "deal", data={"hands": []})],
        status="playing",
        start=GameRow(2, [1, 0], time.time()),
    )
    latest = store.snapshot("t1")
    assert latest is not None and latest.game is not None and latest.game.number == 2
    assert [c.version for c in latest.changes] == [5] and latest.table.version == 5


def test_a_batch_of_appends_is_one_transaction(store: Store) -> None:
    # One commit for the batch (one sync to disk): an error that is no
    # table's refusal undoes the entries before it too. (SQLite's driver once
    # committed each entry's savepoint on its own.)
    table(store, "t1")
    table(store, "t2")
    deal = [ChangeRow(1, 1, "deal", data={"hands": []})]
    with pytest.raises(ValueError, match="numbered"):
        store.append_many(
            [
                Append("t1", 0, deal, "playing", GameRow(1, [0, 1], time.time())),
                Append("t2", 0, [ChangeRow(5, 1, "deal", data={})]),
            ]
        )
    untouched = store.snapshot("t1")
    assert store.versions(["t1"]) == {"t1": 0} and untouched is not None and untouched.changes == []


def test_a_batch_commits_every_append_it_may(store: Store) -> None:
    """Many tables in one batch: a stale entry and a client id used twice
    are refused alone; the others are committed, versions and all."""
    for name in ("t1", "t2", "t3", "t4"):
        table(store, name)

    def act(version: int, client_id: str | None = None) -> ChangeRow:
        return ChangeRow(version, 1, "act", 0, client_id, {"action": "draw"})

    assert (
        store.append_many(
            [
                Append(name, 0, [act(1, "a")], None, GameRow(1, [0, 1], 0.0))
                for name in ("t1", "t2", "t3", "t4")
            ]
        )
        == [None] * 4
    )
    results = store.append_many(
        [
            Append("t1", 1, [act(2), act(3)]),
            Append("t2", 0, [act(1)]),  # stale
            Append("t3", 1, [act(2, "a")]),  # "a" was acked in this game
            Append("t4", 1, [act(2, "b")], "finished", None),
        ]
    )
    assert results[0] is None and results[3] is None
    assert isinstance(results[1], VersionConflict) and isinstance(results[2], VersionConflict)
    assert store.versions(["t1", "t2", "t3", "t4", "none"]) == {"t1": 3, "t2": 1, "t3": 1, "t4": 2}
    first = store.snapshot("t1")
    assert first is not None and [c.version for c in first.changes] == [1, 2, 3]
    loaded = store.snapshot("t4")
    assert loaded is not None and loaded.table.status == "finished"


def test_a_snapshot_is_one_moment_while_changes_are_committed(store: Store) -> None:
    """Another process reads a table while its game goes on: the version it
    reads is always its last change's (read apart, a commit between the
    reads once showed a later state under an earlier version)."""
    table(store)
    store.append(
        "t1", 0, [ChangeRow(1, 1, "deal")], status="playing", start=GameRow(1, [0, 1], 0.0)
    )
    done = threading.Event()

    def play() -> None:
        for version in range(2, 300):
            store.append("t1", version - 1, [ChangeRow(version, 1, "act", 0, None, {})])
        done.set()

    writer = threading.Thread(target=play)
    writer.start()
    seen = []
    try:
        while not done.is_set():
            snapshot = store.snapshot("t1")
            assert snapshot is not None and snapshot.game is not None
            assert snapshot.table.version == snapshot.changes[-1].version
            seen.append(snapshot.table.version)
    finally:
        writer.join()
    assert len(set(seen)) > 1  # the reads did overlap the writes
    assert store.snapshot("nowhere") is None


def test_a_seat_is_taken_once(store: Store) -> None:
    table(store)
    assert store.take_seat("t1", 0, "Ann", "h" * 64)
    assert not store.take_seat("t1", 0, "Ben", "g" * 64)
    assert not store.take_seat("t1", 1, "Ben", "g" * 64)  # a bot's seat
    loaded = store.snapshot("t1")
    assert loaded is not None
    assert loaded.seats[0].name == "Ann" and loaded.seats[0].token_hash == "h" * 64


def test_idle_tables_close_and_pads_keep_versions(store: Store) -> None:
    table(store, "old")
    assert store.close_idle(time.time() + 1) == ["old"]
    assert store.count_tables() == {"closed": 1}
    store.create_pad(PadRow("p1", "s" * 64, 0, {"players": ["A"]}, time.time()))
    assert store.save_pad("p1", 0, {"players": ["A", "B"]}) == 1
    with pytest.raises(VersionConflict):
        store.save_pad("p1", 0, {"players": []})
    pad = store.pad("p1")
    assert pad is not None and pad.version == 1 and pad.data == {"players": ["A", "B"]}
    assert store.ping()


def test_chat_is_read_back_with_the_table(store: Store) -> None:
    """A table's chat outlives the process that heard it: the snapshot has
    its last 30 lines, oldest first (it was written and never read)."""
    table(store)
    for line in range(35):
        store.add_chat("t1", line % 2, f"phrase-{line}", float(line))
    loaded = store.snapshot("t1")
    assert loaded is not None
    assert [(c.seat, c.phrase, c.at) for c in loaded.chat] == [
        (line % 2, f"phrase-{line}", float(line)) for line in range(5, 35)
    ]


def test_a_process_catches_up_from_its_version(store: Store) -> None:
    """What another process committed since a version: the games begun and
    the changes past it, in order, across a rematch."""
    table(store)
    store.append(
        "t1", 0, [ChangeRow(1, 1, "deal")], status="playing", start=GameRow(1, [0, 1], 5.0)
    )
    store.append("t1", 1, [ChangeRow(2, 1, "act", 0, "a", {"action": "draw"})])
    store.append("t1", 2, [ChangeRow(3, 2, "deal")], start=GameRow(2, [1, 0], 6.0))
    delta = store.since("t1", 1, 1)
    assert delta is not None and delta.table.version == 3
    assert [g.number for g in delta.games] == [2] and delta.games[0].order == [1, 0]
    assert [(c.version, c.game) for c in delta.changes] == [(2, 1), (3, 2)]
    assert store.since("nowhere", 0, 0) is None


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
def test_the_renewed_levels_start_again_from_their_seeds(
    backend: str, request: pytest.FixtureRequest
) -> None:
    """A database whose easy and medium were rated as the old players
    (greedy, the tree search) seeds them afresh when it is upgraded; the
    other levels keep what their games made of them."""
    from alembic import command
    from alembic.config import Config
    from sqlalchemy import create_engine, insert, select

    from triominoes.players import ratings
    from triominoes.players.ratings import Skill
    from triominoes.storage import schema
    from triominoes.storage.store import MIGRATIONS

    db_url = request.getfixturevalue("sqlite_url" if backend == "sqlite" else "pg_url")
    engine = create_engine(db_url)
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "0004")
        old = {"easy": 1290, "medium": 1500, "hard": 1700}
        connection.execute(
            insert(schema.ratings),
            [
                {
                    "subject": f"bot:{level}",
                    "pool": pool,
                    "mu": ratings.mu_of(rating),
                    "sigma": 2.5,
                    "games": 40,
                    "updated_at": 0.0,
                }
                for level, rating in old.items()
                for pool in ratings.POOLS
            ],
        )
    engine.dispose()
    store = Store(db_url)  # upgrades to the newest migration and seeds
    try:
        with store.engine.connect() as c:
            rows = c.execute(select(schema.ratings).where(schema.ratings.c.subject.like("bot:%")))
            kept = {(r.subject, r.pool): (ratings.displayed(Skill(r.mu)), r.games) for r in rows}
    finally:
        store.close()
    for pool in ratings.POOLS:
        assert kept[("bot:easy", pool)] == (ratings.BOT_SEEDS["easy"], 0)
        assert kept[("bot:medium", pool)] == (ratings.BOT_SEEDS["medium"], 0)
        assert kept[("bot:hard", pool)] == (1700, 40)  # its games stand
        assert kept[("bot:expert", pool)] == (ratings.BOT_SEEDS["expert"], 0)  # seeded: none kept
