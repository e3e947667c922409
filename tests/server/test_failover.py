"""Any server carries on: two ``triominoes serve`` processes on one
PostgreSQL database and Redis, a table of one person and two bots whose
follow-ups one process runs (it holds the table's lease), and that process
killed in the middle of a round, or stopped, or both killed and started
again. The game goes on and ends with a record that verifies."""

from __future__ import annotations

import asyncio
import json
import random
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import httpx

from tests.server.conftest import REDIS, pg_database
from tests.server.harness import ROOT, Player, ServerProcess

RULES = {"preset": "standard", "target_score": 120}
LEASE = "2"
"""Seconds: a lease not renewed for this long is taken by another process."""


def serve(pg_url: str, tmp_path: Path) -> ServerProcess:
    return ServerProcess(
        pg_url, redis=REDIS, cwd=tmp_path, options=("--lease-seconds", LEASE)
    ).start()


def owner(servers: list[ServerProcess], timeout: float = 15) -> ServerProcess:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        holding = [s for s in servers if s.leases() == 1]
        if len(holding) == 1:
            return holding[0]
        time.sleep(0.2)
    raise AssertionError("no one process runs the table")


def bots_moves(view: dict[str, Any]) -> int:
    return sum(1 for entry in view["log"] if entry["seat"] != view["seat"])


def verify(record: dict[str, Any], tmp_path: Path) -> None:
    path = tmp_path / "record.json"
    path.write_text(json.dumps(record))
    done = subprocess.run(
        [sys.executable, "-m", "triominoes", "replay", "--verify", str(path)],
        capture_output=True,
        text=True,
        env={"PYTHONPATH": str(ROOT / "src"), "PATH": "/usr/bin:/bin"},
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr


async def moved_since(player: Player, version: int, timeout: float) -> float:
    """Seconds until the table passes ``version`` (a bot moved, a deal)."""
    started = time.monotonic()
    await player.until(lambda f: f["type"] == "state" and f["version"] > version, timeout)
    return time.monotonic() - started


def test_a_killed_process_s_tables_go_on_in_another(pg_url: str, tmp_path: Path) -> None:
    servers = [serve(pg_url, tmp_path), serve(pg_url, tmp_path)]
    try:
        table = servers[0].create(
            ["human", "bot:easy", "bot:random"],
            RULES,
            bot_pace=0.3,
            next_seconds=1,
            turn_seconds=6,
        )
        token = servers[0].join(table, "Ann")["token"]  # the game starts
        holder = owner(servers)
        other = next(s for s in servers if s is not holder)

        async def run() -> dict[str, Any]:
            ann = Player(holder.ws, table, token, random.Random(5))
            await ann.connect()
            # Play until it is the bots' turn mid-round, then kill the holder.
            while not (
                ann.view["round"] >= 1 and ann.view["to_move"] not in (None, ann.view["seat"])
            ):
                if ann.my_turn:
                    await ann.act()
                else:
                    await ann.receive()
            version = ann.version
            holder.kill()
            killed = time.monotonic()
            back = Player(other.ws, table, token, random.Random(6))
            await back.connect()  # the person's client finds the other process
            if back.version <= version:
                await moved_since(back, version, 15)
            assert time.monotonic() - killed < 10, "the bots waited for a dead process"
            # The turn clock still fires: Ann does nothing, a bot stands in.
            while not back.my_turn:
                await back.receive(20)
            await back.until(
                lambda f: (
                    f["type"] == "state" and any(s["stand_in"] for s in f["view"]["table"]["seats"])
                ),
                15,
            )
            await back.send({"type": "back"})
            await back.play()
            return back.view

        final = asyncio.run(run())
        assert final["finished"]
        record = httpx.get(f"{other.url}/api/tables/{table}/record", timeout=10)
        assert record.status_code == 200
        verify(record.json(), tmp_path)
    finally:
        for server in servers:
            server.stop()


def test_every_process_killed_and_started_again(pg_url: str, tmp_path: Path) -> None:
    servers = [serve(pg_url, tmp_path), serve(pg_url, tmp_path)]
    try:
        table = servers[0].create(["bot:easy", "bot:random"], RULES, bot_pace=0.05)
        owner(servers)
        time.sleep(0.5)
        for server in servers:
            server.kill()
        again = [serve(pg_url, tmp_path), serve(pg_url, tmp_path)]
        servers += again
        deadline = time.monotonic() + 60
        while again[0].summary(table)["status"] != "finished":
            assert time.monotonic() < deadline, "the bots' game did not go on"
            time.sleep(0.3)
        verify(again[1].record(table).json(), tmp_path)
    finally:
        for server in servers:
            server.stop()


def test_a_stopped_process_hands_its_tables_over_at_once(pg_url: str, tmp_path: Path) -> None:
    """SIGTERM: the leases are given up and said so; the other process goes
    on at once, not after the lease would have expired."""
    servers = [serve(pg_url, tmp_path), serve(pg_url, tmp_path)]
    try:
        table = servers[0].create(["bot:easy", "bot:random"], RULES, bot_pace=0.5)
        holder = owner(servers)
        other = next(s for s in servers if s is not holder)

        async def run() -> float:
            watcher = Player(other.ws, table, None)
            await watcher.connect()
            await watcher.until(lambda f: f["type"] == "state" and f["version"] >= 2)
            assert holder.terminate() == 0
            version = other.summary(table)["version"]  # all the stopped one did
            return await moved_since(watcher, version, 15)

        waited = asyncio.run(run())
        # A bot's move takes bot_pace (0.5 s); the lease would expire after 2.
        assert waited < float(LEASE), waited
        assert other.leases() == 1
    finally:
        for server in servers:
            server.stop()


def test_a_process_never_runs_another_installation_s_table(pg_url: str, tmp_path: Path) -> None:
    """Two databases share a Redis. A process that stops gives its tables
    up and says so; the other installation's process hears nothing of it."""
    with pg_database() as other_url:
        ours, theirs = serve(pg_url, tmp_path), serve(other_url, tmp_path)
        try:
            theirs.create(["bot:easy", "bot:random"], RULES, bot_pace=0.5)
            assert owner([ours, theirs]) is theirs
            assert theirs.terminate() == 0
            time.sleep(float(LEASE))
            assert ours.leases() == 0
        finally:
            ours.stop()
            theirs.stop()
