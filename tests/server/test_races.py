"""Races: many clients acting at once; exactly one action per version."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path
from typing import Any

import httpx

from tests.server.harness import Player, ServerProcess

RULES = {"preset": "standard", "target_score": 100}


def test_concurrent_duplicate_stale_and_out_of_turn_acts(tmp_path: Path) -> None:
    server = ServerProcess(
        f"sqlite:///{tmp_path / 'races.db'}", cwd=tmp_path, options=("--rate", "1000")
    ).start()
    try:
        race(server)
    finally:
        server.stop()


def race(server: ServerProcess) -> None:
    table = server.create(["human", "human", "human"], RULES)
    tokens = [server.join(table, name)["token"] for name in ("Ann", "Ben", "Cy")]
    rng = random.Random(5)

    async def run() -> None:
        # Two connections per seat: a phone and a laptop.
        clients = [Player(server.ws, table, t, random.Random(i)) for i, t in enumerate(tokens * 2)]
        for client in clients:
            await client.connect()
        applied: dict[int, set[str]] = {}
        rounds = 0
        while rounds < 40 and not clients[0].view.get("finished"):
            newest = max(c.version for c in clients)
            for client in clients:
                if client.version < newest:
                    await client.until(
                        lambda f, v=newest: f["type"] == "state" and f["version"] >= v
                    )
            view = clients[0].view
            if view["to_move"] is None:  # between rounds
                for client in clients:
                    await client.send({"type": "next"})
                await clients[0].until(
                    lambda f, v=newest: f["type"] == "state" and f["version"] > v
                )
                continue
            version = clients[0].version
            movers = [c for c in clients if c.my_turn]
            legal = [a["action"] for a in movers[0].view["legal"]]
            frames: list[tuple[Player, dict[str, Any]]] = []
            shared = f"dup-{version}"
            for index, client in enumerate(clients):
                action = rng.choice(legal)
                frames.append(
                    (client, {"type": "act", "id": shared, "version": version, "action": action})
                )
                frames.append(
                    (
                        client,
                        {
                            "type": "act",
                            "id": f"own-{version}-{index}",
                            "version": version,
                            "action": rng.choice(legal),
                        },
                    )
                )
                frames.append(
                    (
                        client,
                        {
                            "type": "act",
                            "id": f"old-{version}-{index}",
                            "version": version - 1,
                            "action": action,
                        },
                    )
                )
            rng.shuffle(frames)
            await asyncio.gather(*(c.send(f) for c, f in frames))
            # Everyone answers every frame it sent: an ack or an error.
            for client in clients:
                sent = {f["id"] for c, f in frames if c is client}
                answered: set[str] = set()
                while answered != sent:
                    frame = await client.receive(30)
                    if frame["type"] == "ack":
                        applied.setdefault(frame["version"], set()).add(frame["id"])
                        answered.add(frame["id"])
                    elif frame["type"] == "error" and "id" in frame:
                        assert frame["code"] in ("stale", "not-your-turn", "illegal")
                        answered.add(frame["id"])
            rounds += 1
        assert rounds >= 10
        # Exactly one action per version: one id acknowledged with each version.
        for version, ids in applied.items():
            assert len(ids) == 1, (version, ids)
        summary = httpx.get(f"{server.url}/api/tables/{table}").json()
        assert summary["version"] >= max(applied)

    asyncio.run(run())
    assert httpx.get(f"{server.url}/healthz").status_code == 200
