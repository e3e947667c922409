"""Players: accounts, sessions, ratings and their changes, players' games,
and the account a seat is bound to.

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("seats", sa.Column("player_id", sa.String(32)))
    op.create_index("seats_player", "seats", ["player_id"])
    op.create_table(
        "players",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("name", sa.String(20)),
        sa.Column("name_key", sa.String(20), unique=True),
        sa.Column("password_hash", sa.String(200)),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Column("deleted_at", sa.Float),
    )
    op.create_table(
        "sessions",
        sa.Column("token_hash", sa.String(64), primary_key=True),
        sa.Column("player_id", sa.String(32), sa.ForeignKey("players.id"), nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Column("expires_at", sa.Float, nullable=False),
    )
    op.create_index("sessions_player", "sessions", ["player_id"])
    op.create_table(
        "ratings",
        sa.Column("subject", sa.String(40), nullable=False),
        sa.Column("pool", sa.String(8), nullable=False),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("games", sa.Integer, nullable=False),
        sa.Column("updated_at", sa.Float, nullable=False),
        sa.PrimaryKeyConstraint("subject", "pool"),
    )
    op.create_table(
        "rating_changes",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), nullable=False),
        sa.Column("game", sa.Integer, nullable=False),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("subject", sa.String(40), nullable=False),
        sa.Column("pool", sa.String(8), nullable=False),
        sa.Column("place", sa.Integer, nullable=False),
        sa.Column("mu_before", sa.Float, nullable=False),
        sa.Column("sigma_before", sa.Float, nullable=False),
        sa.Column("mu_after", sa.Float, nullable=False),
        sa.Column("sigma_after", sa.Float, nullable=False),
        sa.Column("before", sa.Integer, nullable=False),
        sa.Column("after", sa.Integer, nullable=False),
        sa.Column("at", sa.Float, nullable=False),
        sa.PrimaryKeyConstraint("table_id", "game", "seat"),
    )
    op.create_index("rating_changes_subject", "rating_changes", ["subject", "pool", "at"])
    op.create_table(
        "player_games",
        sa.Column("player_id", sa.String(32), nullable=False),
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), nullable=False),
        sa.Column("game", sa.Integer, nullable=False),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("players", sa.Integer, nullable=False),
        sa.Column("pool", sa.String(8), nullable=False),
        sa.Column("preset", sa.String(32), nullable=False),
        sa.Column("rated", sa.Boolean, nullable=False),
        sa.Column("place", sa.Integer, nullable=False),
        sa.Column("won", sa.Boolean, nullable=False),
        sa.Column("points", sa.Integer, nullable=False),
        sa.Column("rounds", sa.Integer, nullable=False),
        sa.Column("hexagons", sa.Integer, nullable=False),
        sa.Column("bridges", sa.Integer, nullable=False),
        sa.Column("at", sa.Float, nullable=False),
        sa.PrimaryKeyConstraint("table_id", "game", "player_id"),
    )
    op.create_index("player_games_player", "player_games", ["player_id", "at"])


def downgrade() -> None:
    for name in ("player_games", "rating_changes", "ratings", "sessions", "players"):
        op.drop_table(name)
    op.drop_index("seats_player", "seats")
    op.drop_column("seats", "player_id")
