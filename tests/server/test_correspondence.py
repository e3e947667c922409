"""Correspondence: a turn clock of days keeps its deadline across restarts
(it counts from the change that began the turn), and the player's list of
games says where it is their turn."""

from __future__ import annotations

import asyncio
from pathlib import Path

from tests.server.inprocess import act, arrive, hub_at, settle
from triominoes.server import people
from triominoes.storage import PlayerRow
from triominoes.table import Settings
from triominoes.table.commands import TimeOut
from triominoes.table.follow import Alarm, follow_up

DAYS = 3 * 24 * 3600


def test_a_clock_of_days_survives_a_restart_and_my_games_say_whose_turn(tmp_path: Path) -> None:
    async def run() -> None:
        ann = PlayerRow("p-ann", "Ann", "x", 0.0)
        ben = PlayerRow("p-ben", "Ben", "x", 0.0)
        async with hub_at(tmp_path) as hub:
            table = await hub.create("standard", ["human", "human"], Settings(turn_seconds=DAYS))
            tokens = {}
            for chair, who in enumerate((ann, ben)):
                tokens[who.id] = (await hub.join(table.id, who.name, chair, who.id))[2]
            await settle()
            state = table.state
            deadline = state.turn_deadline()
            assert deadline is not None and deadline == state.since + DAYS
            mover = ann if state.seats[state.order[state.to_move or 0]].player == ann.id else ben
            other = ben if mover is ann else ann
            mine = await people.games_of(hub, mover, "http://x")
            theirs = await people.games_of(hub, other, "http://x")
            assert [g["your_turn"] for g in mine] == [True]
            assert [g["your_turn"] for g in theirs] == [False]
            assert mine[0]["since"] == state.since and mine[0]["clock"] == deadline
            person = await arrive(table, mover.name, tokens[mover.id])
            await act(table, person)
            moved_at = table.state.since
            table_id = table.id
        async with hub_at(tmp_path) as again:
            rebuilt = await again.table(table_id)
            assert rebuilt is not None
            assert rebuilt.state.turn_deadline() == moved_at + DAYS
            assert follow_up(rebuilt.state) == Alarm(
                moved_at + DAYS, TimeOut(rebuilt.state.version)
            )
            now_mine = await people.games_of(again, other, "http://x")
            assert [g["your_turn"] for g in now_mine] == [True]
            assert [g["your_turn"] for g in await people.games_of(again, mover, "x")] == [False]

    asyncio.run(run())
