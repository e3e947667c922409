"""One table in-process, with clients that keep every frame: what is shown
while a commit is on its way, clocks, hints, seats given back, events,
bots that fail or take too long."""

from __future__ import annotations

import asyncio
import contextlib
import os
import time
from collections.abc import Awaitable
from concurrent.futures.process import BrokenProcessPool
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from tests.server.inprocess import (
    QUICK,
    Person,
    act,
    arrive,
    hub_at,
    send,
    settle,
    sit,
    until,
)
from triominoes.ai.registry import make_player
from triominoes.ai.rollout import RolloutPlayer
from triominoes.core.actions import Place
from triominoes.core.game import Game
from triominoes.core.rules import preset
from triominoes.server import bots
from triominoes.server.bots import BotPool
from triominoes.server.config import ServerConfig
from triominoes.server.errors import ApiError
from triominoes.server.hints import hint
from triominoes.server.hub import Hub
from triominoes.server.writer import Writer, WriterClosed
from triominoes.storage import Append, Store
from triominoes.table import Refusal, Settings, TableSeat, TableStatus, views


def game_of(view: dict[str, Any]) -> Any:
    """What a view says of the game (the table around it aside)."""
    return {k: v for k, v in view.items() if k != "table"}


def slow_commits(hub: Hub, seconds: float) -> None:
    append = hub.writer.append

    async def slowly(*args: Any, **kwargs: Any) -> None:
        await asyncio.sleep(seconds)
        await append(*args, **kwargs)

    hub.writer.append = slowly  # type: ignore[method-assign]


def mover(people: list[Person]) -> Person:
    return next(p for p in people if p.my_turn)


def test_nothing_shows_an_action_before_it_is_committed(tmp_path: Path) -> None:
    """While an action is being written, whatever else sends a state — a
    client leaving, a refused frame, the HTTP summary — sends the state
    before it (boardgame.io broadcast before it saved)."""

    async def run() -> None:
        async with hub_at(tmp_path) as hub:
            table, people = await sit(hub, ["human", "human"])
            watcher = await arrive(table, "watcher", None)
            version = table.state.version
            before = views.summary(table.state, set())
            slow_commits(hub, 0.3)
            first = mover(people)
            action = first.view["legal"][0]["action"]
            frame = {"type": "act", "id": "x", "version": version, "action": action}
            acting = asyncio.create_task(send(table, first, frame))
            await asyncio.sleep(0.1)  # decided, its commit under way
            leaving = await arrive(table, "second device", people[0].token)
            others: list[Awaitable[Any]] = [
                table.leave(leaving.client),
                table.refuse(watcher.client, Refusal("bad-message", "not JSON")),
                table.committed(lambda state: views.summary(state, set())),
            ]
            done = await asyncio.gather(acting, *others)
            await settle(0.05)
            summary = done[-1]
            assert summary["version"] == version + 1  # waited for the commit
            assert before["version"] == version
            by_version: dict[int, Any] = {}
            for state in watcher.states():
                shown = game_of(state["view"])
                assert by_version.setdefault(state["version"], shown) == shown, state["version"]
            assert max(by_version) == version + 1

    asyncio.run(run())


def test_every_change_carries_its_events_as_each_may_see_them(tmp_path: Path) -> None:
    """The drawer sees the tile drawn, the others a draw; a deal shows each
    seat its own hand; a state sent for no change carries no events."""

    async def run() -> None:
        async with hub_at(tmp_path) as hub:
            table, people = await sit(hub, ["human", "human"], {**QUICK, "hand_size": {"2": 7}})
            watcher = await arrive(table, "watcher", None)
            assert watcher.frame["events"] == []
            for person in people[:1]:  # connected when the last seat was taken
                dealt = next(
                    f["events"] for f in person.states() if f["version"] == 1 and f["events"]
                )
                assert [e["type"] for e in dealt] == ["game-started", "round-dealt"]
                hands = dealt[1]["hands"]
                me = person.view["seat"]
                assert hands[me] is not None and all(
                    h is None for s, h in enumerate(hands) if s != me
                )
            first = mover(people)
            while not any(a["action"] == "draw" for a in first.view["legal"]):
                await act(table, first)  # the opening: no draw yet
                first = mover(people)
            other = next(p for p in people if p is not first)
            await act(table, first, "draw")
            drew = [e for e in first.frame["events"] if e["type"] == "drew"]
            assert drew and drew[0]["tile"] in first.view["hand"]
            for someone in (other, watcher):
                seen = someone.frame["events"]
                assert seen[0] == {**first.frame["events"][0]}  # the action itself
                assert [e["tile"] for e in seen if e["type"] == "drew"] == [None]

    asyncio.run(run())


def test_the_clock_is_in_the_state_that_starts_it(tmp_path: Path) -> None:
    async def run() -> None:
        async with hub_at(tmp_path) as hub:
            table, people = await sit(hub, ["human", "human"], turn_seconds=60)
            first = mover(people)
            await send(
                table,
                first,
                {
                    "type": "act",
                    "id": "c",
                    "version": first.frame["version"],
                    "action": first.view["legal"][0]["action"],
                },
            )
            for person in people:
                after = [f for f in person.states() if f["version"] == table.state.version]
                assert after and all(f["view"]["table"]["clock"] is not None for f in after)

    asyncio.run(run())


def test_a_seat_back_at_a_finished_table_gets_its_state(tmp_path: Path) -> None:
    async def run() -> None:
        async with hub_at(tmp_path) as hub:
            table, people = await sit(hub, ["human", "human"])
            # The game is over, and a bot had played for P0 to its end.
            state = table.state
            seats = (replace(state.seats[0], stand_in=True), *state.seats[1:])
            table.state = replace(state, status=TableStatus.FINISHED, seats=seats)
            again = await arrive(table, "P0", people[0].token)
            assert again.states(), "hello is answered with a state"
            before = len(again.states())
            await send(table, again, {"type": "back"})
            assert len(again.states()) == before + 1

    asyncio.run(run())


def test_one_hint_at_a_time_per_seat(tmp_path: Path) -> None:
    async def run() -> None:
        async with hub_at(tmp_path) as hub:
            table, (person,) = await sit(hub, ["human", "bot:easy"], bot_pace=0)
            await until(lambda: person.my_turn)
            await asyncio.gather(hint(table, person.client), hint(table, person.client))
            await settle(0.05)
            frames = person.socket.frames
            kinds = sorted(f["type"] for f in frames if f["type"] in ("hint", "error"))
            assert kinds == ["error", "hint"]
            refused = next(f for f in frames if f["type"] == "error")
            assert refused["code"] == "not-now"
            await hint(table, person.client)  # and again once it came
            await settle(0.05)
            assert sum(f["type"] == "hint" for f in frames) == 2

    asyncio.run(run())


def test_bots_with_settings_of_the_lobby_s_choosing_are_refused(tmp_path: Path) -> None:
    async def run() -> None:
        async with hub_at(tmp_path) as hub:
            for seat in (
                "bot:ismcts:iterations=100000000",
                "bot:expert:seconds=1000",
                "bot:nobody",
            ):
                with pytest.raises(ApiError) as refused:
                    await hub.create("standard", ["human", seat], Settings())
                assert refused.value.code == "bad-seats"
            assert await hub.create("standard", ["human", "bot:ismcts"], Settings())

    asyncio.run(run())


def test_bad_rules_are_refused_with_the_engine_s_reason(tmp_path: Path) -> None:
    """So that a page can say it in its reader's language."""

    async def run() -> None:
        async with hub_at(tmp_path) as hub:
            with pytest.raises(ApiError) as refused:
                await hub.create(
                    {"preset": "standard", "game_end": "last-round", "target_score": None},
                    ["human", "human"],
                    Settings(),
                )
            body = refused.value.body()
            assert body["error"] == "bad-rules" and body["reason"]["template"]

    asyncio.run(run())


def test_joins_at_once_each_get_a_seat(tmp_path: Path) -> None:
    async def run() -> None:
        async with hub_at(tmp_path) as hub:
            table = await hub.create("standard", ["human"] * 4, Settings())
            joined = await asyncio.gather(*(hub.join(table.id, f"P{n}", None) for n in range(4)))
            assert sorted(seat for _, seat, _ in joined) == [0, 1, 2, 3]
            with pytest.raises(ApiError):
                await hub.join(table.id, "Late", None)
            assert table.state.status is TableStatus.PLAYING
            names = {seat: f"P{n}" for n, (_, seat, _) in enumerate(joined)}
            assert {s.chair: s.name for s in table.state.seats} == names

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
            for process in list(pool._pool._processes.values()):
                process.kill()
            with contextlib.suppress(BrokenProcessPool):  # whether noticed yet or not
                await pool.hint(view)
            assert (await pool.hint(view))["action"] in legal  # and hints go on
        finally:
            pool.close()

    asyncio.run(run())


def test_nothing_is_written_after_the_writer_closed(tmp_path: Path) -> None:
    async def run() -> None:
        store = Store(f"sqlite:///{tmp_path / 'w.db'}")
        writer = Writer(store)
        await asyncio.to_thread(writer.close)
        with pytest.raises(WriterClosed):
            await writer.append(Append("t", 0, []))
        store.close()

    asyncio.run(run())


def test_a_chair_s_clients_are_told_apart(tmp_path: Path) -> None:
    async def run() -> None:
        async with hub_at(tmp_path) as hub:
            table, people = await sit(hub, ["human", "human"])
            assert table.connected() == {TableSeat(0), TableSeat(1)}
            await table.leave(people[1].client)
            await settle()
            assert table.connected() == {TableSeat(0)}
            assert people[0].view["table"]["seats"][people[1].view["seat"]]["connected"] is False

    asyncio.run(run())


def test_a_seat_taken_back_gets_a_whole_turn(tmp_path: Path) -> None:
    """Back from a stand-in on one's own turn, the clock starts again: the
    person has the whole turn, not what was left of it."""

    async def run() -> None:
        async with hub_at(tmp_path) as hub:
            table, (ann,) = await sit(hub, ["human", "bot:easy"], turn_seconds=1, bot_pace=0.5)
            await until(lambda: ann.my_turn)

            def stood_in() -> bool:
                return bool(ann.view["table"]["seats"][ann.view["seat"]]["stand_in"])

            await until(stood_in, 5)
            await send(table, ann, {"type": "back"})
            assert not stood_in() and ann.my_turn
            table_view = ann.view["table"]
            assert table_view["clock"] == pytest.approx(table_view["now"] + 1, abs=0.05)
            await asyncio.sleep(0.6)
            assert not stood_in()
            await until(stood_in, 2)  # and then the clock runs out again

    asyncio.run(run())


def test_a_stand_in_places_a_tile_whenever_one_fits(tmp_path: Path) -> None:
    """It plays for a person as a careful person would: no draw by choice
    (heads-up ``hard`` draws by choice about one turn in three)."""

    async def run() -> None:
        async with hub_at(tmp_path) as hub:
            game = Game(preset("standard"), players=2, seed=11)
            voluntary = 0
            for _ in range(120):
                if game.needs_deal:
                    game.next_round()
                if game.finished:
                    break
                seat = game.round.seat
                seen = game.view(seat)
                token = await hub.bots.choose(hub.config.stand_in, seen)
                fits = any(isinstance(a.action, Place) for a in seen.legal)
                voluntary += fits and token == "draw"
                game.apply(seat, token)
            assert voluntary == 0

    asyncio.run(run())


def test_a_bot_move_late_for_its_worker_is_not_searched_and_a_late_one_is_cut_short() -> None:
    view = bot_view()
    data = view.to_json()
    legal = {str(a.action) for a in view.legal}
    # Asked for longer ago than its deadline: the table played the fallback
    # already, so the worker spends nothing on it.
    start = time.perf_counter()
    assert bots.choose("expert", 1, data, time.time() - 11, 10.0) is None
    assert time.perf_counter() - start < 0.5
    # Started with under a second of its deadline left: searched for the
    # time left, not the level's cap.
    late = bots.choose("rollout:worlds=100000", 1, data, time.time() - 9.0, 10.0)
    assert late in legal
    assert time.perf_counter() - start < 3.0


def test_a_search_bot_takes_a_lower_bound_on_its_time() -> None:
    expert = make_player("expert")
    assert isinstance(expert, RolloutPlayer) and expert.seconds == 5.0
    expert.within(1.5)
    assert expert.seconds == 1.5
    unbounded = make_player("rollout:worlds=10")
    assert isinstance(unbounded, RolloutPlayer) and unbounded.seconds == 0.0
    unbounded.within(2.0)
    assert unbounded.seconds == 2.0


def test_the_bot_workers_are_the_machine_s_cores_by_default() -> None:
    assert ServerConfig().bot_workers == (os.cpu_count() or 1)
    assert ServerConfig(bot_workers=3).bot_workers == 3
