"""A table on a server (``--join URL``): server.md's WebSocket contract.

The server keeps the game and sends each client its own view in ``state``
frames, with the events of the change that made it; this table keeps the
latest view and reads the events back into the engine's event values, so
that the faces narrate a remote game as they narrate a local one.
One reader thread receives every frame (the faces call from their own
threads); ``act`` sends a frame and waits for its ``ack`` or ``error``. A
lost connection is opened again with ``hello`` and the seat's token, and an
action that may have been lost with it is sent again under the same id
(the server answers a repeat with the first ``ack``).

URLs: the table's invite (``http://host:8000/t/ID``: join the first free
human seat under a name) or a seat's own URL (``.../t/ID#seat=TOKEN``:
play that seat again, as from another device).
"""

from __future__ import annotations

import contextlib
import json
import threading
import time
import urllib.error
import urllib.request
import uuid
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

from websockets.exceptions import WebSocketException
from websockets.sync.client import ClientConnection, connect

from triominoes.core.errors import TriominoesError
from triominoes.core.events import Event, event_from_json
from triominoes.core.rules import STANDARD
from triominoes.core.view import PlayerView
from triominoes.i18n import N_
from triominoes.tui.table import BOT, HUMAN, RoundResult, Seat, Table

TIMEOUT = 30.0
"""Seconds to wait for an answer the server owes at once (an ack, a first state)."""
RECONNECT_SECONDS = 60.0
"""How long a lost connection is tried again before the game gives up."""
RATE_LIMITED_WAIT = 0.25
"""Seconds before an act the server found too quick is sent again (a
program playing at full speed sends more frames a second than it allows)."""


class JoinError(ValueError):
    """The table cannot be joined (a bad URL, a full table, no server)."""

    def __init__(self, message: str, status: int | None = None) -> None:
        super().__init__(message)
        self.status = status
        """The server's HTTP status, when it answered."""


class RemoteError(TriominoesError):
    """What the server refused, with the engine's reason when it gave one."""

    code = "remote"


@dataclass(frozen=True, slots=True)
class Address:
    http: str
    """The server's base URL: ``http://host:port``."""
    table: str
    token: str | None

    @property
    def websocket(self) -> str:
        scheme = "wss" if self.http.startswith("https") else "ws"
        return f"{scheme}{self.http[self.http.index(':') :]}/ws/tables/{self.table}"


def parse_address(url: str) -> Address:
    parts = urlsplit(url.strip())
    segments = [s for s in parts.path.split("/") if s]
    if parts.scheme not in ("http", "https") or not parts.netloc:
        raise JoinError(f"{url!r}: give the table's http:// or https:// address")
    if len(segments) != 2 or segments[0] != "t":
        raise JoinError(f"{url!r}: a table's address ends in /t/ID")
    token = None
    for item in parts.fragment.split("&"):
        key, _, value = item.partition("=")
        if key == "seat" and value:
            token = value
    return Address(f"{parts.scheme}://{parts.netloc}", segments[1], token)


def _http(method: str, url: str, body: object = None) -> Any:
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(url, data=data, method=method)
    request.add_header("Content-Type", "application/json")
    try:
        with urllib.request.urlopen(request, timeout=TIMEOUT) as answer:
            return json.loads(answer.read())
    except urllib.error.HTTPError as error:
        try:
            message = json.loads(error.read()).get("message", error.reason)
        except ValueError:
            message = error.reason
        raise JoinError(f"{url}: {message}", error.code) from None
    except (OSError, ValueError) as error:
        raise JoinError(f"{url}: {error}") from None


class RemoteTable(Table):
    """A seat at a table on a server."""

    live = True
    keeps_record = False

    def __init__(self, address: Address, token: str) -> None:
        self.address = address
        self.token = token
        self.seats = ()
        self.here = ()
        self.rules = STANDARD
        self.connections = 0
        """How many times the socket was opened (an act is resent on a new one)."""
        self.reconnect_seconds = RECONNECT_SECONDS
        self.reconnecting = False
        self._lock = threading.Condition()
        self._view: PlayerView | None = None
        self.version = -1
        self._pending: list[Event] = []
        self._answers: dict[str, dict[str, Any]] = {}
        self._results: dict[int, RoundResult] = {}
        self._closed = False
        self._failure: str | None = None
        self._socket: ClientConnection | None = None
        self._connect()
        self._reader = threading.Thread(target=self._read, name="table-reader", daemon=True)
        self._reader.start()
        self._wait_for(lambda: self._view is not None)

    @classmethod
    def join(cls, url: str, name: str) -> RemoteTable:
        """Take a seat: the one a seat URL names, else the first free human seat."""
        address = parse_address(url)
        token = address.token
        if token is None:
            try:
                joined = _http(
                    "POST", f"{address.http}/api/tables/{address.table}/join", {"name": name}
                )
            except JoinError as error:
                if error.status != 409:  # the table is full or under way
                    raise
                raise JoinError(
                    f"{error}; to come back to your seat, --join its own URL "
                    f"({address.http}/t/{address.table}#seat=..., printed when you left)",
                    error.status,
                ) from None
            token = str(joined["token"])
        return cls(address, token)

    @property
    def seat_url(self) -> str:
        return f"{self.address.http}/t/{self.address.table}#seat={self.token}"

    # --- the connection ---------------------------------------------------

    def _connect(self) -> None:
        old = self._socket
        if old is not None:
            old.close()
        try:
            with contextlib.ExitStack() as stack:
                socket = stack.enter_context(
                    connect(self.address.websocket, open_timeout=TIMEOUT, max_size=2**22)
                )
                socket.send(json.dumps({"type": "hello", "token": self.token}))
                stack.pop_all()  # kept open: closed by close() or the next connect
        except (OSError, WebSocketException) as error:
            raise JoinError(f"{self.address.websocket}: {error}") from None
        self._socket = socket
        self.connections += 1

    def _read(self) -> None:
        while not self._closed:
            socket = self._socket
            assert socket is not None
            try:
                text = socket.recv()
            except (OSError, WebSocketException):
                if self._closed:
                    return
                self.reconnecting = True
                reconnected = self._reconnect()
                self.reconnecting = False
                if not reconnected:
                    with self._lock:
                        self._failure = N_("the connection to the server is lost")
                        self._lock.notify_all()
                    return
                continue
            try:
                frame = json.loads(text)
            except ValueError:
                continue  # not a frame of the contract: nothing to take from it
            if isinstance(frame, dict):
                self._take(frame)

    def _reconnect(self) -> bool:
        """Open the socket again (a server restarting takes a few seconds)."""
        deadline = time.monotonic() + self.reconnect_seconds
        attempt = 0
        while not self._closed and time.monotonic() < deadline:
            time.sleep(min(2.0, 0.1 * 2**attempt))
            attempt += 1
            try:
                self._connect()
            except JoinError:
                continue
            return True
        return False

    def _take(self, frame: dict[str, Any]) -> None:
        kind = frame.get("type")
        with self._lock:
            if kind == "state" and isinstance(frame.get("view"), dict):
                view = PlayerView.from_json(frame["view"])
                tiles = view.tile_set
                for data in frame.get("events", []):
                    event = event_from_json(data, tiles)
                    if event is not None:
                        self._pending.append(event)
                self._view = view
                self.version = int(frame["version"])
                self.rules = view.rules
                self.here = (view.seat,) if view.seat is not None else ()
                self.seats = seats_of(frame["view"], view.players)
                self._remember_round(view)
            elif kind in ("ack", "error") and isinstance(frame.get("id"), str):
                self._answers[frame["id"]] = frame
            elif kind == "error" and frame.get("code") == "unauthorized":
                self._failure = N_("the server does not know this seat")
                self._closed = True
            self._lock.notify_all()

    def _remember_round(self, view: PlayerView) -> None:
        end = view.round_end
        if end is not None and view.round not in self._results:
            points = tuple(p + a for p, a in zip(view.round_points, end.points, strict=True))
            self._results[view.round] = RoundResult(view.round, points, view.totals)

    def _wait_for(self, ready: Callable[[], bool], timeout: float | None = TIMEOUT) -> None:
        with self._lock:
            if not self._lock.wait_for(lambda: ready() or self._failure is not None, timeout):
                raise RemoteError(N_("the server does not answer"))
            if self._failure is not None and not ready():
                raise RemoteError(self._failure)

    def _send(self, frame: dict[str, Any]) -> None:
        socket = self._socket
        assert socket is not None
        # On a broken socket the reader reconnects, and an act is sent again.
        with contextlib.suppress(OSError, WebSocketException):
            socket.send(json.dumps(frame))

    def _taken(self) -> list[Event]:
        events, self._pending = self._pending, []
        return events

    # --- the table --------------------------------------------------------

    @property
    def _current(self) -> PlayerView:
        assert self._view is not None
        return self._view

    def view(self, seat: int) -> PlayerView:
        with self._lock:
            return self._current

    def snapshot(self, seat: int) -> tuple[PlayerView, list[RoundResult]]:
        with self._lock:
            return self._current, self.history()

    def act(self, seat: int, token: str) -> list[Event]:
        frame_id = uuid.uuid4().hex
        frame = {"type": "act", "id": frame_id, "version": self.version, "action": token}
        answer = self._exchange(frame)
        while answer.get("code") == "rate-limited":  # no refusal: the same act, a bit later
            time.sleep(RATE_LIMITED_WAIT)
            answer = self._exchange(frame)
        if answer["type"] == "error":
            self._wait_for(lambda: self.version >= int(answer.get("version", 0)))
            with self._lock:
                self._pending.clear()  # nothing changed but the view we show
            raise refusal(answer)
        done = int(answer["version"])
        self._wait_for(lambda: self.version >= done)
        with self._lock:
            return self._taken()

    def _exchange(self, frame: dict[str, Any]) -> dict[str, Any]:
        """Send an act and return its ack or error (sent again on a new
        socket, where the first may have been lost with the old one)."""
        frame_id = frame["id"]
        sent_on = self.connections
        self._send(frame)
        deadline = time.monotonic() + TIMEOUT
        while True:
            try:
                self._wait_for(lambda: frame_id in self._answers, 1.0)
                break
            except RemoteError:
                if self._failure is not None:
                    raise
                if self.connections != sent_on:  # perhaps lost with the old socket
                    sent_on = self.connections
                    self._send(frame)
                    deadline = time.monotonic() + TIMEOUT
                elif self.reconnecting:
                    deadline = time.monotonic() + TIMEOUT  # the reader gives up, or not
                elif time.monotonic() > deadline:
                    raise
        with self._lock:
            return self._answers.pop(frame_id)

    def wait(self) -> list[Event]:
        """Block until the table changes (a bot, another player, a deal);
        [] at once when it is this terminal's move or a summary is showing."""
        with self._lock:
            if self._pending:
                return self._taken()
            view = self._current
            if view.finished or view.round_end is not None or view.to_move in self.here:
                return []  # it is this terminal's move, or its summary to read
            version = self.version
        self._wait_for(lambda: self.version != version or self._closed, None)
        with self._lock:
            return self._taken()

    def __repr__(self) -> str:
        return f"RemoteTable({self.address.http}, table {self.address.table})"

    def ready(self) -> list[Event]:
        """Say ready, then wait for the next deal (or the game's end)."""
        with self._lock:
            view = self._current
        if view.finished or view.round_end is None:
            return []
        self._send({"type": "next"})
        number = view.round
        self._wait_for(
            lambda: (
                self._current.round != number
                or self._current.round_end is None
                or self._current.finished
            ),
            None,
        )
        with self._lock:
            return self._taken()

    def history(self) -> list[RoundResult]:
        with self._lock:
            return [self._results[n] for n in sorted(self._results)]

    def record(self) -> dict[str, Any] | None:
        """The server publishes the record once the game is over."""
        if not self._current.finished:
            return None
        base = f"{self.address.http}/api/tables/{self.address.table}/record"
        try:
            data = _http("GET", base)
        except JoinError:
            return None
        return data if isinstance(data, dict) else None

    def close(self) -> None:
        with self._lock:
            self._closed = True
            self._lock.notify_all()
        socket = self._socket
        if socket is not None:
            socket.close()


def seats_of(data: dict[str, Any], players: int) -> tuple[Seat, ...]:
    """The seats in the engine's order, from the server's ``view.table.seats``."""
    table = data.get("table")
    listed = table.get("seats", []) if isinstance(table, dict) else []
    seats = []
    for number in range(players):
        info = next((s for s in listed if isinstance(s, dict) and s.get("seat") == number), {})
        kind = BOT + str(info.get("bot")) if info.get("kind") == "bot" else HUMAN
        seats.append(Seat(kind, str(info.get("name") or f"#{number + 1}")))
    return tuple(seats)


def refusal(answer: dict[str, Any]) -> RemoteError:
    """The server's error as an error to show: the engine's reason when given."""
    reason = answer.get("reason")
    if isinstance(reason, dict) and isinstance(reason.get("template"), str):
        params = reason.get("params")
        return RemoteError(reason["template"], **(params if isinstance(params, dict) else {}))
    if answer.get("code") == "stale":
        return RemoteError(N_("the table moved on before your action arrived; look again"))
    return RemoteError(str(answer.get("message", answer.get("code", "error"))))
