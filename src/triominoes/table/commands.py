"""What is asked of a table: by a person's frame, a bot, or a clock.

:func:`triominoes.table.decide` turns a command into changes, or
into a refusal that changes nothing.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from triominoes.table.seats import EngineSeat, TableSeat


@dataclass(frozen=True, slots=True)
class TakeSeat:
    chair: TableSeat
    name: str
    token_hash: str
    player: str | None = None
    """The account of a signed-in person (the seat is bound to it)."""


@dataclass(frozen=True, slots=True)
class Start:
    """Start the first game, once every seat is taken."""


@dataclass(frozen=True, slots=True)
class Act:
    seat: EngineSeat
    client_id: str
    version: int
    action: str


@dataclass(frozen=True, slots=True)
class BotAct:
    """A bot's (or a stand-in's) move, chosen at ``version``."""

    seat: EngineSeat
    version: int
    action: str


@dataclass(frozen=True, slots=True)
class Ready:
    seat: EngineSeat


@dataclass(frozen=True, slots=True)
class DealNext:
    """The pause between rounds, begun at ``version``, is over."""

    version: int


@dataclass(frozen=True, slots=True)
class TimeOut:
    """The turn clock, started at ``version``, ran out."""

    version: int


@dataclass(frozen=True, slots=True)
class Back:
    seat: EngineSeat


@dataclass(frozen=True, slots=True)
class AskTakeback:
    seat: EngineSeat


@dataclass(frozen=True, slots=True)
class AnswerTakeback:
    seat: EngineSeat
    accept: bool


@dataclass(frozen=True, slots=True)
class PlayAgain:
    seat: EngineSeat
    accept: bool = True
    with_bots: bool = False


@dataclass(frozen=True, slots=True)
class Resign:
    """Give up this game: a bot plays the seat to the end, which ranks last."""

    seat: EngineSeat


@dataclass(frozen=True, slots=True)
class Say:
    seat: EngineSeat
    phrase: str


@dataclass(frozen=True, slots=True)
class Close:
    """Nobody touched the table for long: keep it as history."""


Command = (
    TakeSeat
    | Start
    | Act
    | BotAct
    | Ready
    | DealNext
    | TimeOut
    | Back
    | AskTakeback
    | AnswerTakeback
    | PlayAgain
    | Resign
    | Say
    | Close
)


@dataclass(frozen=True, slots=True)
class Refusal:
    """Why a command changes nothing: a protocol error code and a sentence
    (and the engine's reason, for an illegal action)."""

    code: str
    message: str
    reason: dict[str, Any] | None = None
