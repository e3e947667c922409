"""What can change a table: one small value per kind of change.

Most changes are **logged**: one row of the table's log each, and each
grows the table's version by one (a deal, an action, a stand-in, a
takeback and its question and answers, readiness, a rematch vote, a
resignation). The others are kept where they belong — a taken seat in its
seat's row (and a deleted account's name cleared there), a new game in the
games' table, a chat line in the chat's — and leave the version alone:
chat never makes a move stale.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from triominoes.table.seats import EngineSeat, TableSeat


@dataclass(frozen=True, slots=True)
class SeatTaken:
    chair: TableSeat
    name: str
    token_hash: str
    at: float
    player: str | None = None
    """The account the seat is bound to (a signed-in person)."""


@dataclass(frozen=True, slots=True)
class PlayerDeleted:
    """The account bound to this chair was deleted: its name is no more shown."""

    chair: TableSeat


@dataclass(frozen=True, slots=True)
class GameStarted:
    number: int
    order: tuple[TableSeat, ...]
    at: float


@dataclass(frozen=True, slots=True)
class Dealt:
    hands: tuple[tuple[str, ...], ...]
    pool: tuple[str, ...]
    salt: str
    """Hex; published with the game's record, never before."""
    commitment: str
    at: float


@dataclass(frozen=True, slots=True)
class Acted:
    seat: EngineSeat
    action: str
    """The record's token: ``545@1,0``, ``draw``, ``pass``."""
    client_id: str | None
    """The id a person's client gave it (a repeat gets the same ack); None for bots."""
    at: float


@dataclass(frozen=True, slots=True)
class StandIn:
    """A bot starts (the turn clock ran out) or stops (the person is back)
    playing for a person."""

    seat: EngineSeat
    on: bool
    at: float


@dataclass(frozen=True, slots=True)
class TakebackAsked:
    seat: EngineSeat
    at: float


@dataclass(frozen=True, slots=True)
class TakebackAnswered:
    seat: EngineSeat
    accept: bool
    at: float


@dataclass(frozen=True, slots=True)
class TakenBack:
    seat: EngineSeat
    """Whose placement was taken back."""
    at: float


@dataclass(frozen=True, slots=True)
class Readied:
    seat: EngineSeat
    at: float


@dataclass(frozen=True, slots=True)
class RematchVoted:
    seat: EngineSeat
    """An engine seat of the game that just ended."""
    accept: bool
    at: float


@dataclass(frozen=True, slots=True)
class Resigned:
    """A person gave up the game: a bot plays the seat out."""

    seat: EngineSeat
    at: float


@dataclass(frozen=True, slots=True)
class Chatted:
    chair: TableSeat
    phrase: str
    at: float


@dataclass(frozen=True, slots=True)
class Closed:
    at: float


Change = (
    SeatTaken
    | PlayerDeleted
    | GameStarted
    | Dealt
    | Acted
    | StandIn
    | TakebackAsked
    | TakebackAnswered
    | TakenBack
    | Readied
    | RematchVoted
    | Resigned
    | Chatted
    | Closed
)
Logged = (
    Dealt
    | Acted
    | StandIn
    | TakebackAsked
    | TakebackAnswered
    | TakenBack
    | Readied
    | RematchVoted
    | Resigned
)
LOGGED = (
    Dealt,
    Acted,
    StandIn,
    TakebackAsked,
    TakebackAnswered,
    TakenBack,
    Readied,
    RematchVoted,
    Resigned,
)


def logged(change: Change) -> bool:
    """Whether the change is a row of the table's log (and a new version)."""
    return isinstance(change, LOGGED)


@dataclass(frozen=True, slots=True)
class Row:
    """A logged change as the database keeps it (the ``changes`` table)."""

    kind: str
    seat: int | None
    client_id: str | None
    data: dict[str, Any]
    at: float


def to_row(change: Logged) -> Row:
    match change:
        case Dealt():
            data = {
                "hands": [list(h) for h in change.hands],
                "pool": list(change.pool),
                "salt": change.salt,
                "commitment": change.commitment,
            }
            return Row("deal", None, None, data, change.at)
        case Acted():
            return Row("act", change.seat, change.client_id, {"action": change.action}, change.at)
        case StandIn():
            return Row("takeover" if change.on else "release", change.seat, None, {}, change.at)
        case TakebackAsked():
            return Row("takeback-asked", change.seat, None, {}, change.at)
        case TakebackAnswered():
            return Row("takeback-answer", change.seat, None, {"accept": change.accept}, change.at)
        case TakenBack():
            return Row("takeback", change.seat, None, {}, change.at)
        case Readied():
            return Row("ready", change.seat, None, {}, change.at)
        case RematchVoted():
            return Row("rematch", change.seat, None, {"accept": change.accept}, change.at)
        case Resigned():
            return Row("resign", change.seat, None, {}, change.at)


def from_row(
    kind: str, seat: int | None, client_id: str | None, data: Mapping[str, Any], at: float
) -> Logged:
    """The change a row of the log holds (rows written by any earlier version
    of the server read back the same)."""
    if kind == "deal":
        return Dealt(
            tuple(tuple(hand) for hand in data["hands"]),
            tuple(data["pool"]),
            data["salt"],
            data["commitment"],
            at,
        )
    if seat is None:
        raise ValueError(f"a {kind!r} change names no seat")
    engine = EngineSeat(seat)
    if kind == "act":
        return Acted(engine, data["action"], client_id, at)
    if kind in ("takeover", "release"):
        return StandIn(engine, kind == "takeover", at)
    if kind == "takeback-asked":
        return TakebackAsked(engine, at)
    if kind == "takeback-answer":
        return TakebackAnswered(engine, bool(data["accept"]), at)
    if kind == "takeback":
        return TakenBack(engine, at)
    if kind == "ready":
        return Readied(engine, at)
    if kind == "rematch":
        return RematchVoted(engine, bool(data["accept"]), at)
    if kind == "resign":
        return Resigned(engine, at)
    raise ValueError(f"no change is called {kind!r}")
