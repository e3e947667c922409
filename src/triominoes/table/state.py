"""A table as one value: its chairs, its game, its version and everything
decided around the game (takebacks, readiness, rematch votes, chat).

The state changes only by :func:`triominoes.table.apply`, live and
when it is rebuilt from the database alike, so the two cannot differ. The
engine's :class:`~triominoes.core.game.Game` inside is never changed in
place: a change works on a copy, and the state before it stays valid
until the change is committed.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from triominoes.core.game import Game
from triominoes.core.rules import RuleSet
from triominoes.table.seats import EngineSeat, Seat, TableSeat, TableStatus

CHAT_LINES = 30
"""The chat lines a table keeps on show."""


@dataclass(frozen=True, slots=True)
class Settings:
    turn_seconds: float | None = None
    """The turn clock; None: no clock (up to 14 days: games over days)."""
    next_seconds: float = 30.0
    """The longest pause between rounds, waiting for players to be ready."""
    bot_pace: float = 0.6
    """The least time a bot's move takes, so that people can follow it."""
    rematch_seconds: float = 60.0
    """How long an offer to play again waits for everyone's answer before
    those who accepted may start with bots in the other seats."""
    rated: bool = False
    """Its games change the players' ratings: every person is signed in."""

    def to_json(self) -> dict[str, Any]:
        return {
            "turn_seconds": self.turn_seconds,
            "next_seconds": self.next_seconds,
            "bot_pace": self.bot_pace,
            "rematch_seconds": self.rematch_seconds,
            "rated": self.rated,
        }

    @staticmethod
    def from_json(data: Mapping[str, Any]) -> Settings:
        return Settings(
            data.get("turn_seconds"),
            data.get("next_seconds", 30.0),
            data.get("bot_pace", 0.6),
            data.get("rematch_seconds", 60.0),
            bool(data.get("rated", False)),
        )


@dataclass(frozen=True, slots=True)
class Takeback:
    """A placement its player asked to take back, and who must still allow it."""

    seat: EngineSeat
    waiting: frozenset[EngineSeat]


@dataclass(frozen=True, slots=True)
class Rematch:
    """An offer to play again after the game, and the answers so far."""

    by: EngineSeat
    at: float
    accepted: frozenset[EngineSeat]
    declined: frozenset[EngineSeat] = frozenset()


@dataclass(frozen=True, slots=True)
class ChatLine:
    chair: TableSeat
    """The chair of who said it: a rematch changes engine seats, not people."""
    phrase: str
    at: float


@dataclass(frozen=True, slots=True)
class TableState:
    id: str
    rules: RuleSet
    settings: Settings
    created_at: float
    seats: tuple[Seat, ...]
    """By chair."""
    status: TableStatus = TableStatus.WAITING
    version: int = 0
    number: int = 0
    """The game in play or last played (0 before the first)."""
    order: tuple[TableSeat, ...] = ()
    """The chair at each engine seat of the current game."""
    game: Game | None = None
    acked: Mapping[tuple[EngineSeat, str], int] = field(default_factory=dict)
    """The version each acknowledged (seat, client id) of this game produced."""
    salts: tuple[str, ...] = ()
    """Each round's deal salt: secret until the game's record."""
    commitments: tuple[str, ...] = ()
    takeback: Takeback | None = None
    rematch: Rematch | None = None
    chat: tuple[ChatLine, ...] = ()
    movers: tuple[str | None, ...] = ()
    """Who chose each action of the round in play: ``bot``, ``stand-in``,
    or None for the person (the log marks a stand-in's moves)."""
    since: float = 0.0
    """When the current turn or pause began: clocks count from here, so
    any server that rebuilds the table knows its deadlines."""

    @property
    def players(self) -> int:
        return len(self.seats)

    def engine_seat(self, chair: TableSeat) -> EngineSeat:
        order = self.order or tuple(TableSeat(s) for s in range(self.players))
        return EngineSeat(order.index(chair))

    def chair_at(self, seat: EngineSeat) -> TableSeat:
        return self.order[seat] if self.order else TableSeat(seat)

    def seat_at(self, seat: EngineSeat) -> Seat:
        return self.seats[self.chair_at(seat)]

    def engine_seats(self) -> range:
        return range(self.players)

    def people(self) -> list[EngineSeat]:
        """The engine seats of people (not bots), in play order."""
        return [EngineSeat(s) for s in self.engine_seats() if self.seat_at(EngineSeat(s)).human]

    def present(self) -> list[EngineSeat]:
        """The people who play their own seat (no bot stands in for them)."""
        return [s for s in self.people() if not self.seat_at(s).stand_in]

    @property
    def to_move(self) -> EngineSeat | None:
        game = self.game
        if game is None or self.status is not TableStatus.PLAYING or game.to_move is None:
            return None
        return EngineSeat(game.to_move)

    @property
    def between_rounds(self) -> bool:
        """A round is over (or none dealt yet) and the next is to be dealt."""
        game = self.game
        return self.status is TableStatus.PLAYING and game is not None and game.needs_deal

    def chair_of_player(self, player: str) -> TableSeat | None:
        """The chair bound to the account ``player``, if any."""
        for seat in self.seats:
            if seat.player == player:
                return seat.chair
        return None

    def ready_to_start(self) -> bool:
        return self.status is TableStatus.WAITING and all(s.taken for s in self.seats)

    def turn_deadline(self) -> float | None:
        """When the turn clock of the person to move runs out (None: no clock)."""
        seat = self.to_move
        if seat is None or self.settings.turn_seconds is None:
            return None
        if self.seat_at(seat).played_by_bot:
            return None
        return self.since + self.settings.turn_seconds

    def deal_deadline(self) -> float | None:
        """When the next round is dealt whoever is ready (between rounds)."""
        if not self.between_rounds:
            return None
        if self.present():
            return self.since + self.settings.next_seconds
        return self.since + 3 * self.settings.bot_pace

    def rematch_deadline(self) -> float | None:
        if self.rematch is None:
            return None
        return self.rematch.at + self.settings.rematch_seconds
