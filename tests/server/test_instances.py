"""Two server processes on one PostgreSQL database and Redis: one game."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

from tests.server.conftest import REDIS
from tests.server.harness import Player, ServerProcess
from triominoes.core.record import read, replay


def test_players_on_two_instances_play_one_game_to_its_end(pg_url: str, tmp_path: Path) -> None:
    first = ServerProcess(pg_url, redis=REDIS, cwd=tmp_path).start()
    second = ServerProcess(pg_url, redis=REDIS, cwd=tmp_path).start()
    try:
        rules = {"preset": "standard", "target_score": 150}
        table = first.create(["human", "human", "bot:easy"], rules)
        ann = first.join(table, "Ann")
        ben = second.join(table, "Ben")  # the lobby works on either instance

        async def run() -> list[Player]:
            players = [
                Player(first.ws, table, ann["token"], random.Random(1)),
                Player(second.ws, table, ben["token"], random.Random(2)),
            ]
            for player in players:
                await player.connect()
            await players[0].send({"type": "chat", "phrase": "good-luck"})
            line = await players[1].until(lambda f: f["type"] == "chat", timeout=10)
            assert line["phrase"] == "good-luck"
            await asyncio.gather(*(p.play() for p in players))
            return players

        players = asyncio.run(run())
        assert players[0].view["totals"] == players[1].view["totals"]
        assert players[0].version == players[1].version
        for server in (first, second):
            summary = server.summary(table)
            assert summary["status"] == "finished"
            assert summary["version"] == players[0].version
        game = replay(read(second.record(table).json()))
        assert game.finished and game.totals == players[0].view["totals"]
    finally:
        first.stop()
        second.stop()
