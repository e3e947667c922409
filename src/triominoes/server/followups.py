"""A table's next step with nobody asking — a bot's move, a turn clock
running out, the deal after a pause — started in this process when it is
the one that runs the table (:mod:`.instances`)."""

from __future__ import annotations

import asyncio
import time
from typing import TYPE_CHECKING

from triominoes.table import TableStatus
from triominoes.table import commands as c
from triominoes.table.follow import Alarm, BotTurn, follow_up

if TYPE_CHECKING:
    from triominoes.server.table import Table


class FollowUps:
    def __init__(self, table: Table) -> None:
        self.table = table
        self._task: asyncio.Task[None] | None = None

    def resume(self) -> None:
        """Start what the table's state calls for next (under the table's
        lock, or with nothing else running), in place of what it called for
        before."""
        self.stop()
        table = self.table
        instances = table.hub.instances
        if table.status is not TableStatus.PLAYING:
            instances.let_go(table.id)
            return
        if not instances.runs(table.id):
            return
        next_up = follow_up(table.state)
        if isinstance(next_up, BotTurn):
            self._task = asyncio.create_task(self._bot_turn(next_up))
        elif isinstance(next_up, Alarm):
            self._task = asyncio.create_task(self._alarm(next_up))

    def stop(self) -> None:
        task, self._task = self._task, None
        if task is not None and task is not asyncio.current_task():
            task.cancel()

    async def _alarm(self, alarm: Alarm) -> None:
        await asyncio.sleep(max(0.0, alarm.at - time.time()))
        await self.table.run(lambda _: alarm.command)

    async def _bot_turn(self, turn: BotTurn) -> None:
        """The bot's move, found in a bot worker and played no sooner than
        the table's pace; a table changed meanwhile refuses it (stale)."""
        table = self.table
        game = table.state.game
        assert game is not None
        spec = turn.spec or table.hub.config.stand_in
        token = await table.hub.bots.choose(spec, game.view(turn.seat))
        await asyncio.sleep(max(0.0, turn.not_before - time.time()))
        await table.run(lambda _: c.BotAct(turn.seat, turn.version, token))
