"""One table: its seats, its game, its version — changed one step at a time.

Everything that changes a table's game goes through :meth:`Table._commit`
under the table's lock, in the order the contract asks: the engine checks
and applies it, the change is committed to the database, the actor gets its
``ack``, then every client gets its own view. A change that cannot be
committed is undone by rebuilding the table from the database, so memory
never runs ahead of the disk. The game itself is the engine's
(:class:`triominoes.core.Game`); the table adds seats, clocks, bots,
readiness between rounds, takebacks, chat and rematches.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
import secrets
import time
from collections import deque
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, TypeVar

from triominoes.core.actions import Place, parse_action
from triominoes.core.commitment import SALT_BYTES, commit
from triominoes.core.deal import Deal, deal
from triominoes.core.errors import BadToken, IllegalAction, NotYourTurn
from triominoes.core.game import Game
from triominoes.core.record import record_of
from triominoes.core.rules import RuleSet
from triominoes.core.tiles import tile_set
from triominoes.core.view import LogEntry
from triominoes.server.client import Client
from triominoes.server.protocol import Act, encode
from triominoes.server.security import same_hash
from triominoes.server.writer import WriterClosed
from triominoes.storage import (
    ChangeRow,
    GameRow,
    SeatRow,
    Snapshot,
    TableRow,
    VersionConflict,
)

if TYPE_CHECKING:
    from triominoes.server.hub import Hub

log = logging.getLogger("triominoes.server")

WAITING = "waiting"
PLAYING = "playing"
FINISHED = "finished"
CLOSED = "closed"

HUMAN = "human"
BOT = "bot"

T = TypeVar("T")


@dataclass
class Settings:
    turn_seconds: float | None = None
    """The turn clock; None: no clock."""
    next_seconds: float = 30.0
    """The longest pause between rounds, waiting for players to be ready."""
    bot_pace: float = 0.6
    """The least time a bot's move takes, so that people can follow it."""

    def to_json(self) -> dict[str, Any]:
        return {
            "turn_seconds": self.turn_seconds,
            "next_seconds": self.next_seconds,
            "bot_pace": self.bot_pace,
        }

    @staticmethod
    def from_json(data: dict[str, Any]) -> Settings:
        return Settings(data.get("turn_seconds"), data["next_seconds"], data["bot_pace"])


@dataclass
class Seat:
    seat: int
    """The table seat (an engine seat is ``Table.order.index(seat)``)."""
    kind: str
    bot: str | None = None
    name: str | None = None
    token_hash: str | None = None
    clients: set[Client] = field(default_factory=set)
    stand_in: bool = False
    """A bot plays for this absent player."""
    ready: bool = False

    @property
    def human(self) -> bool:
        return self.kind == HUMAN


class Table:
    def __init__(self, hub: Hub, row: TableRow, seats: list[SeatRow]) -> None:
        self.hub = hub
        self.id = row.id
        self.rules = RuleSet.from_json(row.rules)
        self.settings = Settings.from_json(row.settings)
        self.status = row.status
        self.version = row.version
        self.number = row.game
        self.created_at = row.created_at
        self.seats = [Seat(s.seat, s.kind, s.bot, s.name, s.token_hash) for s in seats]
        self.order: list[int] = list(range(len(self.seats)))
        self.game: Game | None = None
        self.acked: dict[tuple[int, str], int] = {}
        self.salts: list[str] = []
        self.commitments: list[str] = []
        self.spectators: set[Client] = set()
        self.lock = asyncio.Lock()
        self.takeback: dict[str, Any] | None = None
        self.chat: deque[dict[str, Any]] = deque(maxlen=30)
        self.clock_deadline: float | None = None
        self.next_deadline: float | None = None
        self._timers: dict[str, asyncio.Task[None]] = {}
        self.last_used = time.monotonic()
        self.hinting: set[int] = set()
        """The table seats whose hint is being searched."""

    # --- reading -------------------------------------------------------------

    @property
    def players(self) -> int:
        return len(self.seats)

    def engine_seat(self, table_seat: int) -> int:
        return self.order.index(table_seat)

    def seat_at(self, engine_seat: int) -> Seat:
        return self.seats[self.order[engine_seat]]

    def clients(self) -> list[Client]:
        out = list(self.spectators)
        for seat in self.seats:
            out.extend(seat.clients)
        return out

    def summary(self) -> dict[str, Any]:
        """The public summary (``GET /api/tables/{id}``): nothing hidden."""
        game = self.game
        return {
            "id": self.id,
            "rules": self.rules.to_json(),
            "settings": self.settings.to_json(),
            "seats": [
                {
                    "seat": s.seat,
                    "name": s.name,
                    "kind": s.kind,
                    "bot": s.bot,
                    "taken": s.kind == BOT or s.token_hash is not None,
                    "connected": bool(s.clients),
                }
                for s in self.seats
            ],
            "status": self.status,
            "version": self.version,
            "game": self.number,
            "order": list(self.order),
            "totals": [game.totals[self.engine_seat(s.seat)] for s in self.seats]
            if game
            else [0] * self.players,
            "winners": sorted(self.order[w] for w in game.winners) if game else [],
            "created_at": self.created_at,
        }

    def view_for(
        self, table_seat: int | None, table: dict[str, Any] | None = None
    ) -> dict[str, Any]:
        """What one client sees: the engine's view of its seat and the table
        (``table``: :meth:`table_view`, when it is shared by several views)."""
        engine_seat = self.engine_seat(table_seat) if table_seat is not None else None
        game = self.game
        if game is None or not game.rounds:
            view = _waiting_view(self.rules, self.players, engine_seat)
        else:
            view = game.view(engine_seat).to_json()
        view["table"] = table if table is not None else self.table_view()
        return view

    def table_view(self) -> dict[str, Any]:
        """The table around the game, the same for every client."""
        seats = []
        for engine in range(self.players):
            seat = self.seat_at(engine)
            seats.append(
                {
                    "seat": engine,
                    "table_seat": self.order[engine],
                    "name": seat.name,
                    "kind": seat.kind,
                    "bot": seat.bot,
                    "connected": bool(seat.clients),
                    "stand_in": seat.stand_in,
                    "ready": seat.ready or not seat.human,
                }
            )
        return {
            "id": self.id,
            "status": self.status,
            "game": self.number,
            "settings": self.settings.to_json(),
            "seats": seats,
            "commitments": list(self.commitments),
            "clock": self.clock_deadline,
            "next": self.next_deadline,
            "takeback": self.takeback_view(),
            "chat": list(self.chat),
            "now": time.time(),
        }

    def history(self) -> dict[str, Any]:
        """The current game's finished rounds as a spectator saw them (for a
        score sheet that outlives a round): each round's public log, how it
        ended, every hand shown then, and the totals after it. Engine seats,
        as in the view; nothing here is hidden from anyone at the table."""
        game = self.game
        rounds: list[dict[str, Any]] = []
        if game is not None:
            tiles = tile_set(self.rules.tile_set)
            totals = [0] * game.players
            for number, played in enumerate(game.rounds, start=1):
                end = played.state.end
                if end is None:
                    continue
                for outcome in played.outcomes:
                    totals[outcome.seat] += outcome.points
                for seat, points in enumerate(end.points):
                    totals[seat] += points
                hands = played.state.hands
                rounds.append(
                    {
                        "round": number,
                        "opener": played.state.opener,
                        "log": [LogEntry.seen(o, None).to_json() for o in played.outcomes],
                        "end": {
                            "reason": end.reason,
                            "winners": list(end.winners),
                            "points": list(end.points),
                            "hands": [[t.name for t in tiles.tiles_in(h)] for h in hands],
                        },
                        "totals": list(totals),
                    }
                )
        return {"game": self.number, "version": self.version, "rounds": rounds}

    def takeback_view(self) -> dict[str, Any] | None:
        if self.takeback is None:
            return None
        return {
            "seat": self.takeback["seat"],
            "waiting_for": sorted(self.takeback["waiting"]),
        }

    # --- sending -------------------------------------------------------------

    def state_text(self, table_seat: int | None, table: dict[str, Any] | None = None) -> str:
        return encode(
            {"type": "state", "version": self.version, "view": self.view_for(table_seat, table)}
        )

    def send_state(self, client: Client) -> None:
        client.send_text(self.state_text(client.seat))

    def broadcast(self) -> None:
        """Every client its own view: one view, encoded once, for all the
        clients of a seat, and one for all spectators."""
        self.last_used = time.monotonic()
        table = self.table_view()
        texts: dict[int | None, str] = {}
        for client in self.clients():
            text = texts.get(client.seat)
            if text is None:
                text = texts[client.seat] = self.state_text(client.seat, table)
            client.send_text(text)

    def error(
        self,
        client: Client,
        code: str,
        message: str,
        frame_id: str | None = None,
        *,
        reason: dict[str, Any] | None = None,
        state: bool = True,
    ) -> None:
        out: dict[str, Any] = {
            "type": "error",
            "code": code,
            "message": message,
            "version": self.version,
        }
        if frame_id is not None:
            out["id"] = frame_id
        if reason is not None:
            out["reason"] = reason
        client.send(out)
        if state:
            self.send_state(client)

    # --- loading -------------------------------------------------------------

    def rebuild(self, game_row: GameRow | None, changes: list[ChangeRow]) -> None:
        """The table's game from its committed changes (start, resume, catch-up)."""
        self.acked.clear()
        self.salts.clear()
        self.commitments.clear()
        self.takeback = None
        for seat in self.seats:
            seat.stand_in = False
            seat.ready = False
        if game_row is None:
            self.game = None
            return
        self.order = list(game_row.order)
        self.game = Game(self.rules, self.players, auto_deal=False)
        for change in changes:
            self._replay(change)

    def _replay(self, change: ChangeRow) -> None:
        game = self.game
        assert game is not None
        data = change.data
        if change.kind == "deal":
            tiles = tile_set(self.rules.tile_set)
            dealt = Deal(
                tuple(tuple(tiles.parse(n).id for n in hand) for hand in data["hands"]),
                tuple(tiles.parse(n).id for n in data["pool"]),
            )
            game.next_round(dealt)
            self.salts.append(data["salt"])
            self.commitments.append(data["commitment"])
        elif change.kind == "act":
            assert change.seat is not None
            game.apply(change.seat, data["action"])
            if change.client_id is not None:
                self.acked[(change.seat, change.client_id)] = change.version
        elif change.kind == "takeback":
            game.undo()
        elif change.kind in ("takeover", "release"):
            assert change.seat is not None
            self.seat_at(change.seat).stand_in = change.kind == "takeover"
        self.version = change.version

    async def reload(self) -> None:
        """Read the table back from the database (after a refused commit, or
        news from another server process)."""
        snapshot = await asyncio.to_thread(self.hub.store.snapshot, self.id)
        if snapshot is not None:  # tables are never deleted
            self.restore(snapshot)

    def restore(self, snapshot: Snapshot) -> None:
        """The table as the database has it."""
        for seat, seat_row in zip(self.seats, snapshot.seats, strict=True):
            seat.name, seat.token_hash = seat_row.name, seat_row.token_hash
        self.status = snapshot.table.status
        self.number = snapshot.table.game
        self.rebuild(snapshot.game, snapshot.changes)
        self.version = snapshot.table.version

    # --- committing ------------------------------------------------------------

    async def _commit(
        self,
        changes: list[ChangeRow],
        *,
        status: str | None = None,
        start: GameRow | None = None,
        finish: GameRow | None = None,
    ) -> bool:
        """Commit changes the engine has applied in memory; False (and the
        table rebuilt from the database) if the database refused them."""
        try:
            await self.hub.writer.append(
                self.id, self.version, changes, status=status, start=start, finish=finish
            )
        except (VersionConflict, WriterClosed):
            await self.reload()
            return False
        except Exception:
            log.exception("table %s: commit failed", self.id)
            await self.reload()
            return False
        self.version = changes[-1].version
        if status is not None:
            self.status = status
        if start is not None:
            self.number = start.number
        return True

    def _change(self, kind: str, seat: int | None = None, **data: Any) -> ChangeRow:
        return ChangeRow(
            version=self.version + 1,
            game=self.number,
            kind=kind,
            seat=seat,
            data=data,
            at=time.time(),
        )

    # --- starting and dealing ------------------------------------------------------

    def ready_to_start(self) -> bool:
        return self.status == WAITING and all(
            not s.human or s.token_hash is not None for s in self.seats
        )

    async def start(self) -> None:
        """Start the table's first game once every human seat is taken."""
        async with self.lock:
            if self.ready_to_start():
                await self._start_game(list(range(self.players)))

    async def _start_game(self, order: list[int]) -> None:
        self.order = order
        self.number += 1
        number = self.number
        self.game = Game(self.rules, self.players, auto_deal=False)
        self.acked.clear()
        self.salts.clear()
        self.commitments.clear()
        for seat in self.seats:
            seat.stand_in = False
        change = self._deal_in_memory()
        start = GameRow(number, order, time.time())
        if not await self._commit([change], status=PLAYING, start=start):
            return
        self._after()

    def _deal_in_memory(self) -> ChangeRow:
        """Deal the next round from the operating system's randomness and
        commit to it (the salt stays secret until the game's record)."""
        game = self.game
        assert game is not None
        dealt = deal(self.rules, self.players, random.SystemRandom())
        hands, pool = dealt.names(tile_set(self.rules.tile_set))
        salt = secrets.token_bytes(SALT_BYTES)
        commitment = commit(hands, pool, salt)
        change = self._change(
            "deal",
            hands=[list(h) for h in hands],
            pool=list(pool),
            salt=salt.hex(),
            commitment=commitment,
        )
        game.next_round(dealt)
        self.salts.append(salt.hex())
        self.commitments.append(commitment)
        for seat in self.seats:
            seat.ready = False
        return change

    async def _deal_next(self, version: int) -> None:
        async with self.lock:
            if self.version != version or self.game is None or not self.game.needs_deal:
                return
            change = self._deal_in_memory()
            if await self._commit([change]):
                self._after()

    # --- after each change: what comes next ---------------------------------------

    def _after(self) -> None:
        """After a change is committed (and acknowledged): start what the new
        state calls for — a bot's move, the turn clock, the pause before the
        next deal — then tell the other processes and every client (the
        views show the clock just started)."""
        self._cancel_timers()
        self._follow_up()
        self.hub.published(self)
        self.broadcast()

    def _follow_up(self) -> None:
        game = self.game
        if game is None or self.status != PLAYING or game.finished:
            return
        version = self.version
        if game.needs_deal:
            humans = [s for s in self.seats if s.human and not s.stand_in]
            pause = self.settings.next_seconds if humans else 3 * self.settings.bot_pace
            self.next_deadline = time.time() + pause
            self._later("next", pause, lambda: self._deal_next(version))
            return
        seat = self.seat_at(game.round.seat)
        if not seat.human or seat.stand_in:
            self._timers["bot"] = asyncio.create_task(self._bot_move(version))
        elif self.settings.turn_seconds:
            self.clock_deadline = time.time() + self.settings.turn_seconds
            self._later("clock", self.settings.turn_seconds, lambda: self._time_out(version))

    def _later(self, name: str, seconds: float, work: Callable[[], Awaitable[None]]) -> None:
        async def run() -> None:
            await asyncio.sleep(seconds)
            await work()

        self._timers[name] = asyncio.create_task(run())

    def _cancel_timers(self) -> None:
        current = asyncio.current_task()
        for task in self._timers.values():
            if task is not current:
                task.cancel()
        self._timers.clear()
        self.clock_deadline = None
        self.next_deadline = None

    async def shutdown(self) -> None:
        self._cancel_timers()

    # --- actions ------------------------------------------------------------

    async def act(self, client: Client, frame: Act, received: float) -> None:
        """A person's action (``received``: when its frame arrived, for the
        ack latency metric)."""
        async with self.lock:
            await self._act(client, frame, received, retry=True)

    async def _act(self, client: Client, frame: Act, received: float, *, retry: bool) -> None:
        if client.seat is None:
            self.error(client, "unauthorized", "spectators cannot act", frame.id)
            return
        seat = self.engine_seat(client.seat)
        acked = self.acked.get((seat, frame.id))
        if acked is not None:
            client.send({"type": "ack", "id": frame.id, "version": acked})
            return
        if frame.version != self.version:
            self.error(
                client,
                "stale",
                f"the table is at version {self.version}, not {frame.version}",
                frame.id,
            )
            return
        game = self.game
        if game is None or self.status != PLAYING:
            self.error(client, "not-now", "the game is not being played", frame.id)
            return
        if self.seats[client.seat].stand_in:
            await self._release(client.seat)
            self.error(client, "stale", "your seat is yours again: the table moved on", frame.id)
            return
        try:
            token = str(parse_action(frame.action))
            game.apply(seat, token)
        except NotYourTurn as exc:
            self.error(client, "not-your-turn", str(exc), frame.id, reason=_reason(exc))
            return
        except (IllegalAction, BadToken) as exc:
            self.error(client, "illegal", str(exc), frame.id, reason=_reason(exc))
            return
        change = self._change("act", seat, action=token)
        change.client_id = frame.id
        if not await self._commit([change], **self._finishing()):
            if retry:  # the database knew better: check the act again against it
                await self._act(client, frame, received, retry=False)
            else:
                self.error(client, "stale", "the table moved on", frame.id)
            return
        self.acked[(seat, frame.id)] = self.version
        self.takeback = None
        await client.send_flushed({"type": "ack", "id": frame.id, "version": self.version})
        self.hub.metrics.acked(time.perf_counter() - received)
        self._after()

    def _finishing(self) -> dict[str, Any]:
        """The commit's extras when the change just applied ended the game."""
        game = self.game
        if game is None or not game.finished:
            return {}
        record = record_of(
            game,
            [self.seat_at(s).name or f"Seat {s + 1}" for s in range(self.players)],
            {
                "table": self.id,
                "game": self.number,
                "generator": "triominoes serve",
                "deal_commitments": list(self.commitments),
                "deal_salts": list(self.salts),
            },
        )
        finish = GameRow(self.number, self.order, 0.0, time.time(), record.to_json())
        return {"status": FINISHED, "finish": finish}

    async def _bot_move(self, version: int) -> None:
        game = self.game
        if game is None:
            return
        engine_seat = game.round.seat
        seat = self.seat_at(engine_seat)
        spec = seat.bot if not seat.human and seat.bot else self.hub.config.stand_in
        started = time.monotonic()
        try:
            token = await self.hub.bots.choose(spec, game.view(engine_seat))
        except Exception:
            log.exception("table %s: bot %s failed", self.id, spec)
            return
        wait = self.settings.bot_pace - (time.monotonic() - started)
        if wait > 0:
            await asyncio.sleep(wait)
        async with self.lock:
            if self.version != version or self.game is not game or game.needs_deal:
                return
            try:
                game.apply(engine_seat, token)
            except (IllegalAction, BadToken):
                log.exception("table %s: bot %s chose %s", self.id, spec, token)
                return
            if await self._commit(
                [self._change("act", engine_seat, action=token)], **self._finishing()
            ):
                self.takeback = None
                self._after()

    async def _time_out(self, version: int) -> None:
        """The clock ran out: a bot plays for the absent player until they return."""
        async with self.lock:
            game = self.game
            if self.version != version or game is None or game.to_move is None:
                return
            engine_seat = game.to_move
            seat = self.seat_at(engine_seat)
            if not seat.human or seat.stand_in:
                return
            seat.stand_in = True
            if await self._commit([self._change("takeover", engine_seat)]):
                self._after()
            else:
                seat.stand_in = False

    async def _release(self, table_seat: int) -> bool:
        """A player is back: their seat is theirs again (under the lock).
        True if that was a change, and everyone was told."""
        seat = self.seats[table_seat]
        if not seat.stand_in or self.status != PLAYING:
            return False
        seat.stand_in = False
        if await self._commit([self._change("release", self.engine_seat(table_seat))]):
            self._after()
            return True
        return False

    # --- the other frames ---------------------------------------------------------

    async def hello(self, client: Client, token: str | None) -> bool:
        """Seat a client by its token (None: a spectator); False if the token is no seat's."""
        async with self.lock:
            if token is None:
                client.seat = None
                self.spectators.add(client)
                self.send_state(client)
                return True
            for seat in self.seats:
                if seat.human and same_hash(token, seat.token_hash):
                    client.seat = seat.seat
                    seat.clients.add(client)
                    if not await self._release(seat.seat):
                        self.broadcast()  # everyone sees who is connected
                    return True
            return False

    async def leave(self, client: Client) -> None:
        async with self.lock:
            self.spectators.discard(client)
            if client.seat is not None:
                self.seats[client.seat].clients.discard(client)
                self.broadcast()

    async def back(self, client: Client) -> None:
        async with self.lock:
            if client.seat is None:
                self.error(client, "unauthorized", "spectators have no seat")
            elif not await self._release(client.seat):
                self.send_state(client)

    async def refuse(
        self,
        client: Client,
        code: str,
        message: str,
        frame_id: str | None = None,
        *,
        state: bool = True,
    ) -> None:
        """An error for a frame refused before it reached the table (by the
        connection's reader, outside the lock); its state is a committed
        one, never an action's applied in memory and still being written."""
        if not state:
            self.error(client, code, message, frame_id, state=False)
            return
        async with self.lock:
            self.error(client, code, message, frame_id)

    async def committed(self, read: Callable[[], T]) -> T:
        """What ``read`` makes of the table as committed (for the HTTP
        answers): under the lock, so never between an action applied in
        memory and its commit."""
        async with self.lock:
            return read()

    async def next(self, client: Client) -> None:
        async with self.lock:
            game = self.game
            if client.seat is None:
                self.error(client, "unauthorized", "spectators have no seat")
                return
            if game is None or not game.needs_deal or self.status != PLAYING:
                self.error(client, "not-now", "no round is waiting to be dealt")
                return
            self.seats[client.seat].ready = True
            await self._deal_if_ready()
            self.hub.shared(self)

    async def _deal_if_ready(self) -> None:
        """Deal when every player is ready (under the lock), else show who is."""
        game = self.game
        if game is None or not game.needs_deal or self.status != PLAYING:
            return
        if all(s.ready or not s.human or s.stand_in for s in self.seats):
            change = self._deal_in_memory()
            if await self._commit([change]):
                self._after()
        else:
            self.broadcast()

    def meta(self) -> dict[str, Any]:
        """What a table keeps in memory only: shared with the other processes."""
        takeback = self.takeback
        return {
            "ready": [s.seat for s in self.seats if s.ready],
            "takeback": {"seat": takeback["seat"], "waiting": sorted(takeback["waiting"])}
            if takeback
            else None,
        }

    async def share(self, meta: dict[str, Any], version: int) -> None:
        """Another process's readiness and takeback request for this table."""
        async with self.lock:
            if version != self.version:
                return
            for seat in self.seats:
                seat.ready = seat.seat in meta.get("ready", [])
            takeback = meta.get("takeback")
            self.takeback = (
                {"seat": takeback["seat"], "waiting": set(takeback["waiting"])}
                if takeback
                else None
            )
            await self._deal_if_ready()

    async def ask_takeback(self, client: Client) -> None:
        async with self.lock:
            if client.seat is None:
                self.error(client, "unauthorized", "spectators have no seat")
                return
            seat = self.engine_seat(client.seat)
            reason = self._takeback_refusal(seat)
            if reason is not None:
                self.error(client, "not-now", reason)
                return
            waiting = {
                s.seat for s in self.seats if s.human and not s.stand_in and s.seat != client.seat
            }
            if not waiting:
                await self._take_back(seat)
                return
            self.takeback = {"seat": seat, "waiting": waiting}
            self.broadcast()
            self.hub.shared(self)

    def _takeback_refusal(self, seat: int) -> str | None:
        game = self.game
        if game is None or self.status != PLAYING or not game.rounds:
            return "the game is not being played"
        if self.takeback is not None:
            return "a takeback is already asked for"
        played = game.rounds[-1]
        if game.round.over or not played.outcomes:
            return "there is no placement of yours to take back"
        last = played.outcomes[-1]
        if last.seat != seat or not isinstance(last.action, Place):
            return "only your own last placement can be taken back, before anyone else acts"
        return None

    async def answer(self, client: Client, accept: bool) -> None:
        async with self.lock:
            pending = self.takeback
            if pending is None or client.seat not in pending["waiting"]:
                self.error(client, "not-now", "no takeback is waiting for your answer")
                return
            if not accept:
                self.takeback = None
                self.broadcast()
            else:
                pending["waiting"].discard(client.seat)
                if pending["waiting"]:
                    self.broadcast()
                else:
                    await self._take_back(pending["seat"])
            self.hub.shared(self)

    async def _take_back(self, seat: int) -> None:
        game = self.game
        assert game is not None
        self.takeback = None
        game.undo()
        if await self._commit([self._change("takeback", seat)]):
            self._after()

    async def rematch(self, client: Client) -> None:
        async with self.lock:
            if client.seat is None:
                self.error(client, "unauthorized", "spectators have no seat")
                return
            if self.status != FINISHED:
                self.error(client, "not-now", "a rematch follows a finished game")
                return
            await self._start_game(self.order[1:] + self.order[:1])

    async def hint(self, client: Client) -> None:
        """The strongest bot's suggestion for the client's seat, at tables
        where bots play (where people play people, hints would be help
        from outside). One at a time per seat: a hint is a second of a bot
        worker's time, which the bots' moves need too."""
        async with self.lock:
            game = self.game
            if client.seat is None:
                self.error(client, "unauthorized", "spectators have no seat", state=False)
                return
            if not any(not s.human for s in self.seats):
                self.error(client, "not-now", "hints are for games with bots", state=False)
                return
            seat = self.engine_seat(client.seat)
            if game is None or game.to_move != seat or self.status != PLAYING:
                self.error(client, "not-now", "hints are for your turn", state=False)
                return
            if client.seat in self.hinting:
                self.error(client, "not-now", "a hint is already on its way", state=False)
                return
            version = self.version
            view = game.view(seat)
            self.hinting.add(client.seat)
        try:
            suggestion = await self.hub.bots.hint(view)
        except Exception:
            log.exception("table %s: hint failed", self.id)
            self.error(client, "not-now", "no hint can be found now", state=False)
            return
        finally:
            self.hinting.discard(client.seat)
        client.send({"type": "hint", "version": version, **suggestion})

    async def say(self, client: Client, phrase: str) -> None:
        if client.seat is None:
            self.error(client, "unauthorized", "spectators cannot chat", state=False)
            return
        at = time.time()
        line = {"seat": self.engine_seat(client.seat), "phrase": phrase, "at": at}
        self.chat.append(line)
        with contextlib.suppress(Exception):
            await asyncio.to_thread(self.hub.store.add_chat, self.id, client.seat, phrase, at)
        self.hub.chatted(self, line)

    def show_chat(self, line: dict[str, Any]) -> None:
        for client in self.clients():
            client.send({"type": "chat", "version": self.version, **line})


def _reason(error: Exception) -> dict[str, Any]:
    return {
        "code": getattr(error, "code", "illegal"),
        "template": getattr(error, "template", str(error)),
        "params": dict(getattr(error, "params", {})),
    }


def _waiting_view(rules: RuleSet, players: int, seat: int | None) -> dict[str, Any]:
    """The view before the first deal: the contract's keys, nothing dealt."""
    return {
        "seat": seat,
        "rules": rules.to_json(),
        "players": players,
        "round": 0,
        "phase": "waiting",
        "hand": [],
        "hand_sizes": [0] * players,
        "pool": 0,
        "board": [],
        "to_move": None,
        "opener": None,
        "draws": 0,
        "passes": 0,
        "out": None,
        "last_turns": 0,
        "legal": [],
        "log": [],
        "round_points": [0] * players,
        "totals": [0] * players,
        "last_round": False,
        "finished": False,
        "winners": [],
    }
