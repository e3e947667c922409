"""Tables in-process: a hub on a real database and clients that keep every
frame, driven through the same frame handler as the WebSocket's."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from triominoes.server.client import Client
from triominoes.server.config import ServerConfig
from triominoes.server.hub import Hub
from triominoes.server.play import chair_of, handle
from triominoes.server.protocol import Hello, parse_frame
from triominoes.server.table import Table
from triominoes.table import Settings

QUICK = {"preset": "standard", "hand_size": {"2": 3, "3": 3, "4": 3}, "target_score": 40}


class Socket:
    """What a :class:`Client` sends through: here, into a list."""

    application_state = None

    def __init__(self) -> None:
        self.frames: list[dict[str, Any]] = []

    async def send_text(self, text: str) -> None:
        self.frames.append(json.loads(text))

    async def close(self, code: int, reason: str) -> None:  # pragma: no cover - not closed
        pass


@dataclass
class Person:
    """One person's client at a table (``token`` None: a spectator)."""

    name: str
    token: str | None
    client: Client
    socket: Socket

    def states(self) -> list[dict[str, Any]]:
        return [f for f in self.socket.frames if f["type"] == "state"]

    @property
    def frame(self) -> dict[str, Any]:
        return self.states()[-1]

    @property
    def view(self) -> Any:
        return self.frame["view"]

    @property
    def my_turn(self) -> bool:
        view = self.view
        return view["to_move"] is not None and view["to_move"] == view["seat"]

    def named(self, seat: int) -> str | None:
        """The name the page shows for an engine seat."""
        return self.view["table"]["seats"][seat]["name"]  # type: ignore[no-any-return]


def recording_client() -> tuple[Client, Socket]:
    socket = Socket()
    return Client(socket, 1000, 1000), socket  # type: ignore[arg-type]


@asynccontextmanager
async def hub_at(path: Path, **config: Any) -> AsyncIterator[Hub]:
    hub = Hub(ServerConfig(db=f"sqlite:///{path / 'tables.db'}", **config))
    await hub.start()
    try:
        yield hub
    finally:
        await hub.stop()


async def arrive(table: Table, name: str, token: str | None) -> Person:
    """A client says hello with a seat's token (None: to watch)."""
    client, socket = recording_client()
    chair = None if token is None else chair_of(table.state, token)
    await table.hello(client, chair)
    client.hello = True
    await settle()
    return Person(name, token, client, socket)


async def sit(
    hub: Hub, seats: list[str], rules: Any = QUICK, **settings: Any
) -> tuple[Table, list[Person]]:
    """A table with these seats, every human seat taken (P0, P1, ... by
    chair) and each person connected."""
    table = await hub.create(rules, seats, Settings(**settings))
    people = []
    for chair, kind in enumerate(seats):
        if kind == "human":
            _, _, token = await hub.join(table.id, f"P{chair}", chair)
            people.append(await arrive(table, f"P{chair}", token))
    await settle()
    return table, people


async def settle(seconds: float = 0.02) -> None:
    await asyncio.sleep(seconds)


async def send(table: Table, person: Person, frame: dict[str, Any]) -> None:
    parsed = parse_frame(json.dumps(frame))
    assert not isinstance(parsed, Hello)
    await handle(table, person.client, parsed, 0.0)  # type: ignore[arg-type]
    await settle()


async def act(table: Table, person: Person, action: str | None = None) -> None:
    """The person plays ``action`` (by default their first legal one)."""
    action = action or person.view["legal"][0]["action"]
    frame = {"type": "act", "id": f"a{person.frame['version']}", "version": person.frame["version"]}
    await send(table, person, {**frame, "action": action})


async def until(check: Callable[[], bool], seconds: float = 20.0) -> None:
    for _ in range(int(seconds / 0.01)):
        if check():
            return
        await asyncio.sleep(0.01)
    raise AssertionError("waited in vain")


async def play_out(table: Table, people: list[Person]) -> None:
    """Play the game to its end: people play their first legal action and
    are ready for each next round at once; bots play on their own."""
    number = table.state.number
    while table.state.number == number and table.status.value == "playing":
        state = table.state
        mover = next((p for p in people if p.my_turn), None)
        if state.between_rounds:
            for person in people:
                if person.view.get("round_end") and not person.view["finished"]:
                    await send(table, person, {"type": "next"})
        elif mover is not None and mover.frame["version"] == state.version:
            await act(table, mover)
        else:
            await settle(0.005)
