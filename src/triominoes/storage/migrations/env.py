"""Alembic's environment: migrations run from the server on start, on the
connection it passes in ``config.attributes["connection"]``."""

from __future__ import annotations

from alembic import context

from triominoes.storage.schema import metadata

connection = context.config.attributes["connection"]
context.configure(connection=connection, target_metadata=metadata, render_as_batch=True)
with context.begin_transaction():
    context.run_migrations()
