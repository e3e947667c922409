"""Puzzles: each signed-in player's puzzle rating and every attempt, and
whether their finished games may become puzzles.

Revision ID: 0003
Revises: 0002
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column(
        "players",
        sa.Column("puzzles_from_games", sa.Boolean, nullable=False, server_default=sa.false()),
    )
    op.create_table(
        "puzzle_ratings",
        sa.Column("player_id", sa.String(32), sa.ForeignKey("players.id"), primary_key=True),
        sa.Column("rating", sa.Float, nullable=False),
        sa.Column("tried", sa.Integer, nullable=False),
        sa.Column("solved", sa.Integer, nullable=False),
        sa.Column("updated_at", sa.Float, nullable=False),
    )
    op.create_table(
        "puzzle_attempts",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("player_id", sa.String(32), sa.ForeignKey("players.id"), nullable=False),
        sa.Column("puzzle_id", sa.String(32), nullable=False),
        sa.Column("correct", sa.Boolean, nullable=False),
        sa.Column("rated", sa.Boolean, nullable=False),
        sa.Column("before", sa.Float, nullable=False),
        sa.Column("after", sa.Float, nullable=False),
        sa.Column("at", sa.Float, nullable=False),
    )
    op.create_index("puzzle_attempts_player", "puzzle_attempts", ["player_id", "puzzle_id"])


def downgrade() -> None:
    op.drop_index("puzzle_attempts_player", "puzzle_attempts")
    op.drop_table("puzzle_attempts")
    op.drop_table("puzzle_ratings")
    with op.batch_alter_table("players") as players:
        players.drop_column("puzzles_from_games")
