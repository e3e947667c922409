"""The table the terminal game plays at: the seam between the game's faces
and where the game is kept.

Both faces (the Textual app, the plain line mode) know a table only by
:class:`Table`: the seats, each seat's latest view, ``act`` for a seat
played here, ``wait`` for whatever the seats not played here do, ``ready``
after a round's summary, and the extras a table may offer (undo, a record).
:class:`LocalTable` keeps a :class:`~triominoes.core.Game` in this process
and moves its bots; a remote table (``--join``) keeps the game on a server
and turns its ``state`` frames into the same views and events.

Calls may come from a worker thread (a bot thinking, a hint) while the
interface thread reads: a local table serialises them with one lock.
"""

from __future__ import annotations

import json
import random
import threading
from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from triominoes import __version__
from triominoes.ai.player import Player
from triominoes.ai.registry import make_player
from triominoes.core.errors import NothingToUndo, NotYourTurn, TriominoesError
from triominoes.core.events import Event
from triominoes.core.game import Game
from triominoes.core.record import record_of, round_totals
from triominoes.core.rules import RuleSet
from triominoes.core.view import PlayerView
from triominoes.i18n import N_

HUMAN = "human"
BOT = "bot:"


@dataclass(frozen=True, slots=True)
class Seat:
    """A seat as server.md's ``SEAT`` names it: ``human`` or ``bot:LEVEL``."""

    kind: str
    name: str

    @property
    def human(self) -> bool:
        return self.kind == HUMAN

    @property
    def bot(self) -> str | None:
        """The bot's spec (``expert``, ``ismcts:iterations=400``), if a bot."""
        return self.kind[len(BOT) :] if self.kind.startswith(BOT) else None


@dataclass(frozen=True, slots=True)
class RoundResult:
    """One finished round for the score sheet: what each seat got, totals after."""

    round: int
    points: tuple[int, ...]
    totals: tuple[int, ...]


class UndoNotAllowed(TriominoesError):
    """Undo asked for at a table that does not allow it."""

    code = "undo-not-allowed"


class Table(ABC):
    """Where the game is: what a face of the terminal game talks to."""

    seats: tuple[Seat, ...]
    here: tuple[int, ...]
    """The seats played at this terminal (several: hot seat)."""
    rules: RuleSet
    live = False
    """The game changes without this terminal (a server's clock, other
    clients): ``wait`` blocks until it does, also while no seat is to move."""
    keeps_record = True
    """The record is kept here: it can be saved at any time."""

    @property
    def seat_url(self) -> str | None:
        """The address that brings a player back to the seat played here,
        for a table kept elsewhere (a server's)."""
        return None

    @abstractmethod
    def view(self, seat: int) -> PlayerView:
        """What ``seat`` (one of :attr:`here`) may know now."""

    @abstractmethod
    def act(self, seat: int, token: str) -> list[Event]:
        """Play ``token`` for ``seat``; a TriominoesError changes nothing."""

    @abstractmethod
    def wait(self) -> list[Event]:
        """Let the seats not played here move: returns what happened next
        ([] when it is a seat here to move, or between rounds, or at the end)."""

    @abstractmethod
    def ready(self) -> list[Event]:
        """This terminal has seen the round's summary: deal (or wait for) the next."""

    @property
    def can_undo(self) -> bool:
        return False

    def undo(self, seat: int) -> None:
        raise UndoNotAllowed(N_("undo is only for games against one human"))

    def history(self) -> list[RoundResult]:
        """The finished rounds so far."""
        return []

    def snapshot(self, seat: int) -> tuple[PlayerView, list[RoundResult]]:
        """``seat``'s view and the finished rounds, of one moment: a face
        that draws the board from one and the rounds' scores from the other
        shows them in agreement while the table moves on (a bot, a server)."""
        return self.view(seat), self.history()

    def record(self) -> dict[str, Any] | None:
        """The game as a record (record.md), when this table may give it."""
        return None

    def save(self, path: Path) -> None:
        """Write the record to ``path`` (atomically: a crash keeps the old file)."""
        data = self.record()
        if data is None:
            raise OSError("this table keeps no record here")
        temporary = path.with_name(path.name + ".part")
        temporary.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
        temporary.replace(path)

    def close(self) -> None:  # noqa: B027 - most tables hold nothing to let go of
        """Let go of the table (a connection, a thread)."""


class LocalTable(Table):
    """A game kept in this process: humans here, bots moved by :meth:`wait`."""

    def __init__(self, game: Game, seats: Sequence[Seat], *, bot_seed: int = 0) -> None:
        if len(seats) != game.players:
            raise ValueError(f"{len(seats)} seats for {game.players} players")
        self.game = game
        self.rules = game.rules
        self.seats = tuple(seats)
        self.here = tuple(s for s, seat in enumerate(seats) if seat.human)
        rng = random.Random(bot_seed)
        self.bots: dict[int, Player] = {}
        for number, seat in enumerate(seats):
            spec = seat.bot
            if spec is not None:
                self.bots[number] = make_player(spec, rng.randrange(2**32))
        self._lock = threading.RLock()

    @classmethod
    def new(
        cls, rules: RuleSet, seats: Sequence[Seat], seed: int
    ) -> tuple[LocalTable, list[Event]]:
        """A new game (round 1 dealt) and the deal's events."""
        game = Game(rules, len(seats), seed=seed, auto_deal=False)
        table = cls(game, seats, bot_seed=seed)
        return table, game.next_round()

    def view(self, seat: int) -> PlayerView:
        with self._lock:
            return self.game.view(seat)

    def snapshot(self, seat: int) -> tuple[PlayerView, list[RoundResult]]:
        with self._lock:
            return self.game.view(seat), self.history()

    def act(self, seat: int, token: str) -> list[Event]:
        with self._lock:
            if seat not in self.here:
                raise NotYourTurn(N_("seat {seat} is not played here"), seat=seat)
            return self.game.apply(seat, token)

    def wait(self) -> list[Event]:
        with self._lock:
            seat = self.game.to_move
            if seat is None or seat not in self.bots:
                return []
            choice = self.bots[seat].choose(self.game.view(seat))
            return self.game.apply(seat, choice)

    def ready(self) -> list[Event]:
        with self._lock:
            if not self.game.needs_deal:
                return []
            return self.game.next_round()

    @property
    def can_undo(self) -> bool:
        return len(self.here) == 1 and len(self.bots) == len(self.seats) - 1

    def undo(self, seat: int) -> None:
        """Take back ``seat``'s last action and every bot action after it."""
        with self._lock:
            if not self.can_undo:
                super().undo(seat)
            game = self.game
            if game.finished:
                raise UndoNotAllowed(N_("the game is over"))
            played = [o.seat for r in game.rounds for o in r.outcomes]
            if seat not in played:
                raise NothingToUndo("there is no action to take back")
            while played:
                last = played.pop()
                game.undo()
                if last == seat:
                    break

    def history(self) -> list[RoundResult]:
        with self._lock:
            out = []
            for number, played in enumerate(self.game.rounds, 1):
                end = played.state.end
                if end is None:
                    continue
                after = round_totals(played)
                points = tuple(a - b for a, b in zip(after, played.start_totals, strict=True))
                out.append(RoundResult(number, points, tuple(after)))
            return out

    def record(self) -> dict[str, Any]:
        with self._lock:
            meta = {
                "generator": f"triominoes {__version__} play",
                "seats": [seat.kind for seat in self.seats],
            }
            return record_of(self.game, [s.name for s in self.seats], meta).to_json()
