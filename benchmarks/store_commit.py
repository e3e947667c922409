"""The cost of a commit: ``Store.append_many`` on SQLite and PostgreSQL.

The server's writer thread commits every action before its ack, and the
thread shares the GIL with the event loop, so the CPU a commit takes is
time the loop waits. This prints, per batch of appends (one change for
each of ``--tables`` tables), the CPU time of this process and the wall
time, on a fresh SQLite file and (unless ``--no-postgresql``) on a fresh
PostgreSQL database that is dropped afterwards.

    python benchmarks/store_commit.py
    python benchmarks/store_commit.py --tables 8 --batches 500
"""

from __future__ import annotations

import argparse
import secrets
import tempfile
import time
from pathlib import Path

from triominoes.storage import Append, ChangeRow, SeatRow, Store, TableRow

POSTGRESQL = "postgresql://postgres@127.0.0.1/postgres"


def measure(url: str, tables: int, batches: int) -> tuple[float, float]:
    """(CPU ms, wall ms) per batch."""
    store = Store(url)
    try:
        now = time.time()
        ids = [f"bench{n}" for n in range(tables)]
        for table_id in ids:
            row = TableRow(table_id, "standard", {}, "playing", 0, 1, now, now)
            store.create_table(row, [SeatRow(0, "human"), SeatRow(1, "human")])
        cpu, wall = time.process_time(), time.perf_counter()
        for version in range(batches):
            change = [ChangeRow(version + 1, 1, "act", 0, f"c{version}", {"action": "draw"})]
            store.append_many([Append(t, version, change) for t in ids])
        cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    finally:
        store.close()
    return 1000 * cpu / batches, 1000 * wall / batches


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=1, help="appends per batch")
    parser.add_argument("--batches", type=int, default=300)
    parser.add_argument("--no-postgresql", action="store_true")
    parser.add_argument("--postgresql", default=POSTGRESQL, help="an admin URL")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        cpu, wall = measure(f"sqlite:///{Path(folder) / 'bench.db'}", args.tables, args.batches)
    print(f"sqlite      {args.tables} per batch: CPU {cpu:.2f} ms, wall {wall:.2f} ms a batch")
    if args.no_postgresql:
        return
    import psycopg

    name = f"triominoes_bench_{secrets.token_hex(4)}"
    with psycopg.connect(args.postgresql, autocommit=True) as admin:
        admin.execute(f'CREATE DATABASE "{name}"')
    try:
        url = f"{args.postgresql.rsplit('/', 1)[0]}/{name}"
        cpu, wall = measure(url, args.tables, args.batches)
        print(f"postgresql  {args.tables} per batch: CPU {cpu:.2f} ms, wall {wall:.2f} ms a batch")
    finally:
        with psycopg.connect(args.postgresql, autocommit=True) as admin:
            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


if __name__ == "__main__":
    main()
