"""Storage: tables, seats, deals and action logs, on SQLite or PostgreSQL.

The server's one way to the database is :class:`Store`; see store.py.
"""

from triominoes.storage.accounts import NameTaken, PlayerRow
from triominoes.storage.finished import Outcome, RatingChange, SeatOutcome
from triominoes.storage.store import (
    Append,
    ChangeRow,
    ChatRow,
    Delta,
    GameRow,
    PadRow,
    SeatRow,
    Snapshot,
    Store,
    TableRow,
    VersionConflict,
)

__all__ = [
    "Append",
    "ChangeRow",
    "ChatRow",
    "Delta",
    "GameRow",
    "NameTaken",
    "Outcome",
    "PadRow",
    "PlayerRow",
    "RatingChange",
    "SeatOutcome",
    "SeatRow",
    "Snapshot",
    "Store",
    "TableRow",
    "VersionConflict",
]
