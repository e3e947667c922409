"""The installation's id: made once, with the schema, and the same for
every process of this database, whose Redis keys and news it prefixes (two
installations on one Redis never take each other's tables or tickets).

Revision ID: 0004
Revises: 0003
"""

from __future__ import annotations

import secrets

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    installation = op.create_table(
        "installation",
        sa.Column("id", sa.String(32), primary_key=True),
    )
    op.bulk_insert(installation, [{"id": secrets.token_hex(8)}])


def downgrade() -> None:
    op.drop_table("installation")
