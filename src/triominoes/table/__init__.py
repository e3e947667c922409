"""A table as a pure machine: its state as a value, the commands it takes,
the changes they make, the events they tell, and the views it shows.

No asyncio, no database: the server (:mod:`triominoes.server`) keeps the
state of each table, commits its changes and sends its views; the table's
rules live here, where plain unit tests reach them.
"""

from triominoes.table.applying import apply, rebuild
from triominoes.table.commands import Command, Refusal
from triominoes.table.deciding import Decision, decide
from triominoes.table.seats import EngineSeat, Seat, SeatKind, TableSeat, TableStatus
from triominoes.table.state import Settings, TableState

__all__ = [
    "Command",
    "Decision",
    "EngineSeat",
    "Refusal",
    "Seat",
    "SeatKind",
    "Settings",
    "TableSeat",
    "TableState",
    "TableStatus",
    "apply",
    "decide",
    "rebuild",
]
