"""The database tables (SQLAlchemy Core), the same on SQLite and PostgreSQL.

What is stored is what a game needs to be rebuilt exactly, and nothing a
client could use to cheat if the database leaked: seats keep only token
hashes. A table's game state is its log of **changes** — each deal (with
its secret salt), each action, each takeback and each bot takeover — one
row per version, so that the state at any version is the engine replaying
the rows up to it, and an acknowledged action is a committed row.
"""

from __future__ import annotations

from sqlalchemy import (
    Boolean,
    Column,
    Float,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    PrimaryKeyConstraint,
    String,
    Table,
    Text,
    UniqueConstraint,
    false,
)

metadata = MetaData()

tables = Table(
    "tables",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("created_at", Float, nullable=False),
    Column("touched_at", Float, nullable=False),
    # The rule set, record style (a preset name or preset plus overrides), as JSON.
    Column("rules", Text, nullable=False),
    # Table settings as JSON: turn clock, pause between rounds, bot pace.
    Column("settings", Text, nullable=False),
    # waiting, playing, finished or closed.
    Column("status", String(16), nullable=False),
    Column("version", Integer, nullable=False),
    # The number of the game in play or last played (0 before the first).
    Column("game", Integer, nullable=False),
    Index("tables_status", "status", "touched_at"),
)

seats = Table(
    "seats",
    metadata,
    Column("table_id", String(32), ForeignKey("tables.id"), nullable=False),
    # The table seat (the engine's seat in game 1; rematches rotate).
    Column("seat", Integer, nullable=False),
    # human or bot.
    Column("kind", String(8), nullable=False),
    # A bot seat's player spec (a level or a name of the AI module).
    Column("bot", String(128)),
    Column("name", String(64)),
    # SHA-256 of the seat's secret token, once a person took the seat.
    Column("token_hash", String(64)),
    # The account of a signed-in person who took the seat (players.id). No
    # foreign key: a plain column is a plain ADD COLUMN on SQLite.
    Column("player_id", String(32)),
    PrimaryKeyConstraint("table_id", "seat"),
    Index("seats_player", "player_id"),
)

games = Table(
    "games",
    metadata,
    Column("table_id", String(32), ForeignKey("tables.id"), nullable=False),
    Column("number", Integer, nullable=False),
    # JSON list: the table seat at each engine seat of this game.
    Column("order", Text, nullable=False),
    Column("started_at", Float, nullable=False),
    Column("finished_at", Float),
    # The finished game's record (salts revealed), as JSON.
    Column("record", Text),
    PrimaryKeyConstraint("table_id", "number"),
)

changes = Table(
    "changes",
    metadata,
    Column("table_id", String(32), ForeignKey("tables.id"), nullable=False),
    # The table's version after this change.
    Column("version", Integer, nullable=False),
    Column("game", Integer, nullable=False),
    # deal, act, takeback, takeover, release, takeback-asked, takeback-answer,
    # ready or rematch (triominoes.table.changes).
    Column("kind", String(16), nullable=False),
    # The engine seat it concerns (none for a deal).
    Column("seat", Integer),
    # An act's id as the client chose it: a repeat gets the original ack.
    Column("client_id", String(64)),
    # JSON: the token of an act; the deal and its salt of a deal.
    Column("data", Text, nullable=False),
    Column("at", Float, nullable=False),
    PrimaryKeyConstraint("table_id", "version"),
    UniqueConstraint("table_id", "game", "seat", "client_id", name="changes_client_id"),
)

chat = Table(
    "chat",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("table_id", String(32), ForeignKey("tables.id"), nullable=False),
    # The table seat that said it (none: a spectator cannot chat).
    Column("seat", Integer),
    Column("phrase", String(32), nullable=False),
    Column("at", Float, nullable=False),
    Index("chat_table", "table_id", "id"),
)

pads = Table(
    "pads",
    metadata,
    Column("id", String(32), primary_key=True),
    # SHA-256 of the pad's edit secret: who has it may change the pad.
    Column("secret_hash", String(64), nullable=False),
    Column("version", Integer, nullable=False),
    # The pad (players, rules, every entry) as JSON: the score pad's own format.
    Column("data", Text, nullable=False),
    Column("updated_at", Float, nullable=False),
)

# --- players (migration 0002) ------------------------------------------------

players = Table(
    "players",
    metadata,
    Column("id", String(32), primary_key=True),
    # As the player wrote it; null once the account is deleted.
    Column("name", String(20)),
    # The name in lower case: unique (a deleted account's is null, freed).
    Column("name_key", String(20), unique=True),
    # argon2id (PHC string); null once the account is deleted.
    Column("password_hash", String(200)),
    Column("created_at", Float, nullable=False),
    Column("deleted_at", Float),
    # Migration 0003: the player lets their finished games become puzzles
    # (``triominoes puzzles mine --db``); off until they say so.
    Column("puzzles_from_games", Boolean, nullable=False, server_default=false()),
)

sessions = Table(
    "sessions",
    metadata,
    # SHA-256 of the session cookie's random token: the token itself is never kept.
    Column("token_hash", String(64), primary_key=True),
    Column("player_id", String(32), ForeignKey("players.id"), nullable=False),
    Column("created_at", Float, nullable=False),
    Column("expires_at", Float, nullable=False),
    Index("sessions_player", "player_id"),
)

ratings = Table(
    "ratings",
    metadata,
    # A player's id, or "bot:LEVEL" for a bot level.
    Column("subject", String(40), nullable=False),
    # duel or table.
    Column("pool", String(8), nullable=False),
    Column("mu", Float, nullable=False),
    Column("sigma", Float, nullable=False),
    Column("games", Integer, nullable=False),
    Column("updated_at", Float, nullable=False),
    PrimaryKeyConstraint("subject", "pool"),
)

rating_changes = Table(
    "rating_changes",
    metadata,
    Column("table_id", String(32), ForeignKey("tables.id"), nullable=False),
    Column("game", Integer, nullable=False),
    # The engine seat: one change per seat of a game, written in the same
    # transaction as the action that ended it, so never twice.
    Column("seat", Integer, nullable=False),
    Column("subject", String(40), nullable=False),
    Column("pool", String(8), nullable=False),
    Column("place", Integer, nullable=False),
    Column("mu_before", Float, nullable=False),
    Column("sigma_before", Float, nullable=False),
    Column("mu_after", Float, nullable=False),
    Column("sigma_after", Float, nullable=False),
    # The displayed ratings, as shown then.
    Column("before", Integer, nullable=False),
    Column("after", Integer, nullable=False),
    Column("at", Float, nullable=False),
    PrimaryKeyConstraint("table_id", "game", "seat"),
    Index("rating_changes_subject", "subject", "pool", "at"),
)

player_games = Table(
    "player_games",
    metadata,
    # One row per signed-in player's finished game (rated or not): profiles'
    # recent games and statistics.
    Column("player_id", String(32), nullable=False),
    Column("table_id", String(32), ForeignKey("tables.id"), nullable=False),
    Column("game", Integer, nullable=False),
    Column("seat", Integer, nullable=False),
    Column("players", Integer, nullable=False),
    Column("pool", String(8), nullable=False),
    # The preset's name, or "house" for house rules.
    Column("preset", String(32), nullable=False),
    Column("rated", Boolean, nullable=False),
    Column("place", Integer, nullable=False),
    Column("won", Boolean, nullable=False),
    Column("points", Integer, nullable=False),
    Column("rounds", Integer, nullable=False),
    Column("hexagons", Integer, nullable=False),
    Column("bridges", Integer, nullable=False),
    Column("at", Float, nullable=False),
    PrimaryKeyConstraint("table_id", "game", "player_id"),
    Index("player_games_player", "player_id", "at"),
)

# --- puzzles (migration 0003) ------------------------------------------------

puzzle_ratings = Table(
    "puzzle_ratings",
    metadata,
    # A signed-in player's puzzle rating (Elo, triominoes.puzzles.rating);
    # no row: the starting rating and nothing tried.
    Column("player_id", String(32), ForeignKey("players.id"), primary_key=True),
    Column("rating", Float, nullable=False),
    # Puzzles tried and solved at the first try (the rated tries).
    Column("tried", Integer, nullable=False),
    Column("solved", Integer, nullable=False),
    Column("updated_at", Float, nullable=False),
)

puzzle_attempts = Table(
    "puzzle_attempts",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("player_id", String(32), ForeignKey("players.id"), nullable=False),
    # The shipped puzzle's id (h-0042): puzzles live in the package, not here.
    Column("puzzle_id", String(32), nullable=False),
    Column("correct", Boolean, nullable=False),
    # Only a player's first try at a puzzle moves the rating.
    Column("rated", Boolean, nullable=False),
    Column("before", Float, nullable=False),
    Column("after", Float, nullable=False),
    Column("at", Float, nullable=False),
    Index("puzzle_attempts_player", "player_id", "puzzle_id"),
)

installation = Table(
    "installation",
    metadata,
    # Made once with the schema: what tells this database's processes apart
    # from another's on one Redis (their keys and news carry it).
    Column("id", String(32), primary_key=True),
)
