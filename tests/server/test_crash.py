"""kill -9 of the server in the middle of many games: nothing acknowledged is lost, and
no bot worker is left behind."""

from __future__ import annotations

import asyncio
import contextlib
import random
import time
from pathlib import Path
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed

from tests.server.harness import Player, ServerProcess
from triominoes.core.commitment import verify
from triominoes.core.record import read, replay

RULES = {"preset": "standard", "target_score": 150}
GAMES = 6


async def play_until_killed(players: list[Player]) -> None:
    with contextlib.suppress(ConnectionClosed, OSError, TimeoutError):
        await asyncio.gather(*(p.play() for p in players))


def test_kill_minus_nine_loses_no_acknowledged_action(db_url: str, tmp_path: Path) -> None:
    server = ServerProcess(db_url, cwd=tmp_path).start()
    tables: list[tuple[str, list[str]]] = []
    try:
        for _ in range(GAMES):
            table = server.create(["human", "human"], RULES)
            tokens = [server.join(table, name)["token"] for name in ("Ann", "Ben")]
            tables.append((table, tokens))

        async def first_half() -> list[list[Player]]:
            # A table of bots, slowed so that it is mid-game at the kill,
            # its bots' first moves made (the workers up) before the people
            # play: their games must not end while it waits.
            bots.append(server.create(["bot:easy", "bot:random"], RULES, bot_pace=0.3))
            deadline = time.monotonic() + 60
            while server.summary(bots[0])["version"] < 5:
                assert time.monotonic() < deadline, "the bots did not move"
                await asyncio.sleep(0.02)
            seated = []
            for index, (table, tokens) in enumerate(tables):
                players = [
                    Player(server.ws, table, t, random.Random(index * 2 + i))
                    for i, t in enumerate(tokens)
                ]
                for player in players:
                    await player.connect()
                seated.append(players)
            games = [asyncio.create_task(play_until_killed(p)) for p in seated]
            while sum(len(p.acks) for players in seated for p in players) < 20 * GAMES:
                await asyncio.sleep(0.02)
            bots_before.update(server.summary(bots[0]))
            server.kill()  # SIGKILL, mid-game: no chance to finish anything
            await asyncio.gather(*games)
            return seated

        bots: list[str] = []
        bots_before: dict[str, Any] = {}
        before = asyncio.run(first_half())
        assert all(not players[0].view.get("finished") for players in before)
        assert bots_before["status"] == "playing" and bots_before["version"] > 1
    finally:
        server.stop()

    again = ServerProcess(db_url, cwd=tmp_path).start()
    try:

        async def second_half() -> None:
            for (table, tokens), old in zip(tables, before, strict=True):
                acked = max(v for p in old for v in p.acks.values())
                players = [
                    Player(again.ws, table, t, random.Random(i)) for i, t in enumerate(tokens)
                ]
                for player, previous in zip(players, old, strict=True):
                    await player.connect()
                    assert player.version >= acked
                    # Every acknowledged act is there, with its version: a
                    # resend gets the very same ack and changes nothing.
                    for frame_id, version in previous.acks.items():
                        ack = await player.request(
                            {"type": "act", "id": frame_id, "version": 0, "action": "pass"}
                        )
                        assert ack == {"type": "ack", "id": frame_id, "version": version}
                await asyncio.gather(*(p.play() for p in players))
                assert players[0].view["finished"]
                seen[table] = old[0].view["table"]["commitments"]

        seen: dict[str, list[str]] = {}
        asyncio.run(second_half())
        deadline = time.monotonic() + 120
        while again.summary(bots[0])["status"] != "finished":  # the bots resumed on their own
            assert time.monotonic() < deadline, "the bots' game did not finish"
            time.sleep(0.2)
        assert again.summary(bots[0])["version"] > bots_before["version"]
        for table in [*seen, *bots]:
            record = again.record(table)
            assert record.status_code == 200
            game = replay(read(record.json()))
            assert game.finished
            assert game.totals == again.summary(table)["totals"]
            # The deals committed to before the kill are the deals played.
            assert verify(record.json()) == len(game.rounds)
            committed = record.json()["meta"]["deal_commitments"]
            assert committed[: len(seen.get(table, []))] == seen.get(table, [])
    finally:
        again.stop()


def children(pid: int) -> list[int]:
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        with contextlib.suppress(OSError):
            if int(stat.read_text().rsplit(")", 1)[1].split()[1]) == pid:
                found.append(int(stat.parent.name))
    return found


def alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc (Linux)")
def test_the_bot_workers_die_with_a_killed_server(sqlite_url: str, tmp_path: Path) -> None:
    server = ServerProcess(sqlite_url, cwd=tmp_path).start()
    try:
        table = server.create(["bot:easy", "bot:random"], {"preset": "standard"})
        deadline = time.monotonic() + 30
        while server.summary(table)["version"] < 3 and time.monotonic() < deadline:
            time.sleep(0.1)  # the bots are playing: their workers are up
        assert server.process is not None
        workers = children(server.process.pid)
        assert workers
        server.kill()
        deadline = time.monotonic() + 10
        while any(alive(w) for w in workers) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert not any(alive(w) for w in workers)
    finally:
        server.stop()
