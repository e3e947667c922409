"""Resigning, through the same frame handler as the WebSocket's: a bot plays
the seat to the end, the person's own moves are refused, coming back does
not undo it, and a table rebuilt after a restart still knows it."""

from __future__ import annotations

import asyncio
from pathlib import Path

from tests.server.inprocess import act, arrive, hub_at, send, settle, sit, until


def test_a_resigned_seat_is_played_out_by_a_bot(tmp_path: Path) -> None:
    async def run() -> None:
        async with hub_at(tmp_path, stand_in="easy") as hub:
            table, (ann, ben) = await sit(hub, ["human", "human"], bot_pace=0, next_seconds=0)
            seat = ann.view["seat"]
            await send(table, ann, {"type": "resign"})
            shown = ben.view["table"]["seats"][seat]
            assert shown["resigned"] and shown["stand_in"]
            assert {"type": "resigned", "seat": seat} in ben.frame["events"]
            await send(table, ann, {"type": "resign"})
            assert ann.socket.frames[-2]["code"] == "not-now"
            await send(table, ann, {"type": "back"})
            assert ann.view["table"]["seats"][seat]["resigned"]
            # Ben plays on against the bot in Ann's seat until the game ends.
            while not ben.view["finished"]:
                if ben.my_turn:
                    await act(table, ben)
                elif ben.view.get("round_end"):
                    await send(table, ben, {"type": "next"})
                else:
                    await settle(0.01)
                if ann.my_turn and not ben.view["finished"]:  # the bot holds the seat
                    version = table.state.version
                    await act(table, ann)
                    refused = [f for f in ann.socket.frames if f["type"] == "error"][-1]
                    assert refused["code"] in ("not-now", "stale")
                    assert table.state.version >= version
            log = [e for e in table.state.movers if e is not None]
            assert log and set(log) <= {"stand-in"}
        async with hub_at(tmp_path) as again:
            rebuilt = await again.table(table.id)
            assert rebuilt is not None
            watcher = await arrive(rebuilt, "w", None)
            assert watcher.view["finished"] and watcher.view["table"]["seats"][seat]["resigned"]
            record = again.store.games(table.id)[0].record
            assert record is not None and record["meta"]["resigned"] == [seat]

    asyncio.run(run())


def test_a_resignation_survives_a_restart(tmp_path: Path) -> None:
    async def run() -> None:
        async with hub_at(tmp_path) as hub:
            table, (ann, _ben, _cy) = await sit(hub, ["human"] * 3, bot_pace=5)
            seat = ann.view["seat"]
            await send(table, ann, {"type": "resign"})
            await until(lambda: ann.view["table"]["seats"][seat]["resigned"])
            table_id = table.id
        async with hub_at(tmp_path) as again:
            rebuilt = await again.table(table_id)
            assert rebuilt is not None
            chair = rebuilt.state.chair_at(seat)
            assert rebuilt.state.seats[chair].resigned and rebuilt.state.seats[chair].stand_in

    asyncio.run(run())
