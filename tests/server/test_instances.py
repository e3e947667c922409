"""Two server processes on one PostgreSQL database and Redis: one game."""

from __future__ import annotations

import asyncio
import json
import random
import time
from pathlib import Path

import redis

from tests.server.conftest import REDIS
from tests.server.harness import Player, ServerProcess
from triominoes.core.record import read, replay
from triominoes.server.instances import CHANNEL, LEASE, namespace
from triominoes.server.security import token_hash
from triominoes.storage import Store


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


def test_a_seat_taken_on_another_instance_starts_the_game(pg_url: str, tmp_path: Path) -> None:
    """The last seat taken on another instance, whose own start came before
    it heard of this instance's join: its news starts the game here."""
    server = ServerProcess(pg_url, redis=REDIS, cwd=tmp_path).start()
    store = Store(pg_url)
    news = redis.Redis.from_url(REDIS)
    try:
        table = server.create(["human", "human", "bot:easy"], "standard")
        server.join(table, "Ann")
        # The other instance: Ben's seat in the database, then its news.
        assert store.take_seat(table, 1, "Ben", token_hash("ben's token"))
        message = {"from": "elsewhere", "table": table, "version": 0, "seats": True}
        news.publish(namespace(store.installation()) + CHANNEL, json.dumps(message))
        deadline = time.monotonic() + 10
        while server.summary(table)["status"] != "playing":
            assert time.monotonic() < deadline, "the game did not start"
            time.sleep(0.1)
        summary = server.summary(table)
        assert summary["game"] == 1 and [s["name"] for s in summary["seats"][:2]] == ["Ann", "Ben"]
    finally:
        news.close()
        store.close()
        server.stop()


def test_a_table_this_database_lacks_is_never_held(pg_url: str, tmp_path: Path) -> None:
    """News of a released table that is not in this database (a stale id, a
    copy of the database): the process asks for its lease as for any other,
    finds no table, and lets the lease go rather than renew it for ever."""
    server = ServerProcess(pg_url, redis=REDIS, cwd=tmp_path).start()
    store = Store(pg_url)
    news = redis.Redis.from_url(REDIS)
    try:
        prefix = namespace(store.installation())
        message = {"from": "elsewhere", "released": ["no-such-table"]}
        news.publish(prefix + CHANNEL, json.dumps(message))
        deadline = time.monotonic() + 5
        while server.leases() or news.exists(prefix + LEASE + "no-such-table"):
            assert time.monotonic() < deadline, "the lease of a table not here is kept"
            time.sleep(0.1)
    finally:
        news.close()
        store.close()
        server.stop()
