"""One table in-process, with clients that keep every frame: what is shown
while a commit is on its way, clocks, hints, seats given back, bots that
fail or take too long."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator, Awaitable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import pytest

from triominoes.core.game import Game
from triominoes.core.rules import preset
from triominoes.server.bots import BotPool
from triominoes.server.client import Client
from triominoes.server.config import ServerConfig
from triominoes.server.hub import Hub, LobbyError
from triominoes.server.protocol import Act
from triominoes.server.security import token_hash
from triominoes.server.table import FINISHED, Settings, Table
from triominoes.server.writer import Writer, WriterClosed
from triominoes.storage import Store

QUICK = {"preset": "standard", "hand_size": {"2": 3}, "target_score": 40}


class Socket:
    """What a :class:`Client` sends through: here, into a list."""

    application_state = None

    def __init__(self) -> None:
        self.frames: list[dict[str, Any]] = []

    async def send_text(self, text: str) -> None:
        self.frames.append(json.loads(text))

    async def close(self, code: int, reason: str) -> None:  # pragma: no cover - not closed
        pass


def client() -> tuple[Client, Socket]:
    socket = Socket()
    return Client(socket, 1000, 1000), socket  # type: ignore[arg-type]


@asynccontextmanager
async def hub_at(tmp_path: Path) -> AsyncIterator[Hub]:
    hub = Hub(ServerConfig(db=f"sqlite:///{tmp_path / 'table.db'}"))
    await hub.start()
    try:
        yield hub
    finally:
        await hub.stop()


async def two_people(hub: Hub, **settings: Any) -> tuple[Table, list[tuple[Client, Socket]]]:
    """A started table of two people, each seated with one client."""
    table = await hub.create(QUICK, ["human", "human"], Settings(**settings))
    seated = []
    for name in ("Ann", "Ben"):
        _, _, token = await hub.join(table.id, name, None)
        pair = client()
        assert await table.hello(pair[0], token)
        seated.append(pair)
    await asyncio.sleep(0.05)
    return table, seated


def states(socket: Socket) -> list[dict[str, Any]]:
    return [f for f in socket.frames if f["type"] == "state"]


def game_of(view: dict[str, Any]) -> Any:
    """What a view says of the game (the table around it aside)."""
    return {k: v for k, v in view.items() if k != "table"}


async def act(table: Table, player: Client, socket: Socket) -> None:
    view = states(socket)[-1]
    legal = view["view"]["legal"]
    frame = Act(
        type="act", id=f"a{view['version']}", version=view["version"], action=legal[0]["action"]
    )
    await table.act(player, frame, 0.0)


def to_move(seated: list[tuple[Client, Socket]]) -> tuple[Client, Socket]:
    def my_turn(view: dict[str, Any]) -> bool:
        return view["to_move"] is not None and view["to_move"] == view["seat"]

    return next(pair for pair in seated if my_turn(states(pair[1])[-1]["view"]))


def slow_commits(hub: Hub, seconds: float) -> None:
    append = hub.writer.append

    async def slowly(*args: Any, **kwargs: Any) -> None:
        await asyncio.sleep(seconds)
        await append(*args, **kwargs)

    hub.writer.append = slowly  # type: ignore[method-assign]


def test_nothing_shows_an_action_before_it_is_committed(tmp_path: Path) -> None:
    """While an action is being written, whatever else sends a state — a
    client leaving, a refused frame, the HTTP summary — sends the state
    before it (boardgame.io broadcast before it saved)."""

    async def run() -> None:
        async with hub_at(tmp_path) as hub:
            table, seated = await two_people(hub)
            watcher, seen = client()
            assert await table.hello(watcher, None)
            mover = to_move(seated)
            version = table.version
            before = table.summary()
            slow_commits(hub, 0.3)
            acting = asyncio.create_task(act(table, *mover))
            await asyncio.sleep(0.1)  # the action is applied in memory, its commit under way
            leaving, _ = client()  # a second device of a seat, closed now
            leaving.seat = 0
            table.seats[0].clients.add(leaving)
            others: list[Awaitable[Any]] = [
                table.leave(leaving),
                table.refuse(watcher, "bad-message", "not JSON"),
                table.committed(table.summary),
            ]
            done = await asyncio.gather(acting, *others)
            await asyncio.sleep(0.05)
            summary = done[-1]
            assert summary["version"] == version + 1  # waited for the commit
            assert before["version"] == version
            by_version: dict[int, Any] = {}
            for frame in states(seen):
                shown = game_of(frame["view"])
                assert by_version.setdefault(frame["version"], shown) == shown, frame["version"]
            assert max(by_version) == version + 1

    asyncio.run(run())


def test_the_clock_is_in_the_state_that_starts_it(tmp_path: Path) -> None:
    async def run() -> None:
        async with hub_at(tmp_path) as hub:
            table, seated = await two_people(hub, turn_seconds=60)
            mover = to_move(seated)
            await act(table, *mover)
            await asyncio.sleep(0.05)
            for _, socket in seated:
                after = [f for f in states(socket) if f["version"] == table.version]
                assert after and all(f["view"]["table"]["clock"] is not None for f in after)

    asyncio.run(run())


def test_a_seat_back_at_a_finished_table_gets_its_state(tmp_path: Path) -> None:
    async def run() -> None:
        async with hub_at(tmp_path) as hub:
            table, _ = await two_people(hub)
            table.status = FINISHED
            table.seats[0].stand_in = True  # a bot played for Ann to the end
            token = "back-again"
            table.seats[0].token_hash = token_hash(token)
            again, socket = client()
            assert await table.hello(again, token)
            await asyncio.sleep(0.05)
            assert states(socket), "hello is answered with a state"
            before = len(states(socket))
            await table.back(again)
            await asyncio.sleep(0.05)
            assert len(states(socket)) == before + 1

    asyncio.run(run())


def test_one_hint_at_a_time_per_seat(tmp_path: Path) -> None:
    async def run() -> None:
        async with hub_at(tmp_path) as hub:
            table = await hub.create(QUICK, ["human", "bot:easy"], Settings(bot_pace=0))
            _, _, token = await hub.join(table.id, "Ann", None)
            person, socket = client()
            assert await table.hello(person, token)
            for _ in range(200):
                if table.game is not None and table.game.to_move == table.engine_seat(0):
                    break
                await asyncio.sleep(0.05)
            await asyncio.gather(table.hint(person), table.hint(person))
            await asyncio.sleep(0.05)
            kinds = sorted(f["type"] for f in socket.frames if f["type"] in ("hint", "error"))
            assert kinds == ["error", "hint"]
            refused = next(f for f in socket.frames if f["type"] == "error")
            assert refused["code"] == "not-now"
            await table.hint(person)  # and again once it came
            await asyncio.sleep(0.05)
            assert sum(f["type"] == "hint" for f in socket.frames) == 2

    asyncio.run(run())


def test_bots_with_settings_of_the_lobby_s_choosing_are_refused(tmp_path: Path) -> None:
    async def run() -> None:
        async with hub_at(tmp_path) as hub:
            for seat in (
                "bot:ismcts:iterations=100000000",
                "bot:expert:seconds=1000",
                "bot:nobody",
            ):
                with pytest.raises(LobbyError) as refused:
                    await hub.create("standard", ["human", seat], Settings())
                assert refused.value.code == "bad-seats"
            assert await hub.create("standard", ["human", "bot:ismcts"], Settings())

    asyncio.run(run())


def test_joins_at_once_each_get_a_seat(tmp_path: Path) -> None:
    async def run() -> None:
        async with hub_at(tmp_path) as hub:
            table = await hub.create("standard", ["human"] * 4, Settings())
            joined = await asyncio.gather(*(hub.join(table.id, f"P{n}", None) for n in range(4)))
            assert sorted(seat for _, seat, _ in joined) == [0, 1, 2, 3]
            with pytest.raises(LobbyError):
                await hub.join(table.id, "Late", None)

    asyncio.run(run())


def bot_view() -> Any:
    game = Game(preset("standard"), players=2, seed=3)
    return game.view(game.round.seat)


def test_a_bot_move_too_slow_or_lost_is_the_fallback_s() -> None:
    async def run() -> None:
        pool = BotPool(1)
        view = bot_view()
        legal = {str(a.action) for a in view.legal}
        try:
            assert await pool.choose("easy", view) in legal
            assert await pool.choose("expert", view, deadline=0.001) in legal
            for process in list(pool._pool._processes.values()):  # the worker dies
                process.kill()
            assert await pool.choose("expert", view) in legal
            assert await pool.choose("easy", view) in legal  # on a new worker
        finally:
            pool.close()

    asyncio.run(run())


def test_nothing_is_written_after_the_writer_closed(tmp_path: Path) -> None:
    async def run() -> None:
        store = Store(f"sqlite:///{tmp_path / 'w.db'}")
        writer = Writer(store)
        await asyncio.to_thread(writer.close)
        with pytest.raises(WriterClosed):
            await writer.append("t", 0, [])
        store.close()

    asyncio.run(run())
