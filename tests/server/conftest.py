"""Fixtures: servers on SQLite and on PostgreSQL (a database of their own)."""

from __future__ import annotations

import os
import secrets
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import psycopg
import pytest

from tests.server.harness import ServerProcess

PG_ADMIN = os.environ.get("TRIOMINOES_TEST_PG", "postgresql://postgres@127.0.0.1:5432/postgres")
REDIS = os.environ.get("TRIOMINOES_TEST_REDIS", "redis://127.0.0.1:6379/0")


@pytest.fixture
def pg_url() -> Iterator[str]:
    """A fresh PostgreSQL database for one test, dropped after it."""
    with pg_database() as url:
        yield url


@contextmanager
def pg_database() -> Iterator[str]:
    """A fresh PostgreSQL database, dropped when done (a test that needs two
    installations takes a second one here)."""
    name = f"triominoes_test_{secrets.token_hex(6)}"
    with psycopg.connect(PG_ADMIN, autocommit=True) as admin:
        admin.execute(f'CREATE DATABASE "{name}"')
    base = PG_ADMIN.rsplit("/", 1)[0]
    try:
        yield f"{base}/{name}"
    finally:
        with psycopg.connect(PG_ADMIN, autocommit=True) as admin:
            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@pytest.fixture
def sqlite_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'triominoes.db'}"


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'triominoes.db'}"
    else:
        yield request.getfixturevalue("pg_url")


@pytest.fixture
def server(sqlite_url: str, tmp_path: Path) -> Iterator[ServerProcess]:
    process = ServerProcess(sqlite_url, cwd=tmp_path).start()
    try:
        yield process
    finally:
        process.stop()
