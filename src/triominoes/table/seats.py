"""Who sits where: chairs at a table, seats in a game, and what a seat is.

A table has **chairs** (its table seats, fixed from the lobby on) and each
game plays them in an **order**: engine seat ``s`` is the chair
``order[s]``. A rematch rotates the order, so a person keeps their chair
while their engine seat changes. The two numberings are distinct types so
that mypy catches one used for the other; on the wire only engine seats
are spoken (docs/protocol.md).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import NewType

TableSeat = NewType("TableSeat", int)
"""A chair: the seat number of the lobby, the same for every game at the table."""

EngineSeat = NewType("EngineSeat", int)
"""A seat in the current game's play order (what the engine and the views number)."""


class SeatKind(StrEnum):
    HUMAN = "human"
    BOT = "bot"


class TableStatus(StrEnum):
    WAITING = "waiting"
    """Seats for people are still free."""
    PLAYING = "playing"
    FINISHED = "finished"
    """The last game is over; a rematch may follow."""
    CLOSED = "closed"
    """Nobody touched it for a long time: kept as history, never played again."""


@dataclass(frozen=True, slots=True)
class Seat:
    """A chair and who sits in it."""

    chair: TableSeat
    kind: SeatKind
    bot: str | None = None
    """A bot seat's player spec (a level or a player name of the AI)."""
    name: str | None = None
    """Who sits here, as shown; None once the player deleted their account."""
    token_hash: str | None = None
    """The hash of the seat's secret token, once a person took it."""
    stand_in: bool = False
    """A bot plays for this absent person until they are back."""
    ready: bool = False
    """Ready for the next round (between rounds)."""
    player: str | None = None
    """The id of the account this seat is bound to (a signed-in person),
    None for a guest or a bot. Never shown: it is what a session's
    ``hello`` without a token is matched with."""
    resigned: bool = False
    """The person resigned this game: a bot plays the seat out, and the
    seat ranks last."""

    @property
    def human(self) -> bool:
        return self.kind is SeatKind.HUMAN

    @property
    def taken(self) -> bool:
        return not self.human or self.token_hash is not None

    @property
    def deleted(self) -> bool:
        """The seat's player deleted their account: shown as "deleted player"."""
        return self.player is not None and self.name is None

    @property
    def played_by_bot(self) -> bool:
        """A bot chooses this seat's moves (a bot seat, or a stand-in)."""
        return not self.human or self.stand_in
