"""The hub in-process: tables loaded on demand and let go when quiet."""

from __future__ import annotations

import asyncio
from pathlib import Path

from triominoes.server.config import ServerConfig
from triominoes.server.hub import Hub
from triominoes.table import Settings, TableStatus, views


def test_quiet_finished_tables_are_let_go_and_load_again(tmp_path: Path) -> None:
    async def run() -> None:
        hub = Hub(ServerConfig(db=f"sqlite:///{tmp_path / 'hub.db'}"))
        await hub.start()
        try:
            table = await hub.create(
                {"preset": "german", "hand_size": {"2": 4}},
                ["bot:random", "bot:random"],
                Settings(bot_pace=0),
            )
            for _ in range(600):
                if table.status is TableStatus.FINISHED:
                    break
                await asyncio.sleep(0.05)
            assert table.status is TableStatus.FINISHED
            summary = views.summary(table.state, set())
            assert hub.forget_quiet(seconds=3600) == []
            assert hub.forget_quiet(seconds=0) == [table.id]
            assert table.id not in hub.tables
            again = await hub.table(table.id)
            assert again is not None and again is not table
            assert views.summary(again.state, set()) == summary
        finally:
            await hub.stop()

    asyncio.run(run())
