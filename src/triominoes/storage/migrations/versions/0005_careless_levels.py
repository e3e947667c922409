"""easy and medium are new players (issue 22: the heuristic, careless at a
share of its decisions, in place of greedy and the tree search), so the
ratings they earned as the old players say nothing of the new: their rows
go, and the start that runs this migration seeds them again at the new
levels' seeds (``Accounts.seed_bots``, in the same transaction). The rating
changes of games played before stay, as history.

Revision ID: 0005
Revises: 0004
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None

RENEWED = ("bot:easy", "bot:medium")


def upgrade() -> None:
    ratings = sa.table("ratings", sa.column("subject", sa.String))
    op.execute(ratings.delete().where(ratings.c.subject.in_(RENEWED)))


def downgrade() -> None:
    """Nothing to restore: the old ratings were of players no level plays."""
