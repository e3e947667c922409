"""Whole games from the lobby to the final score, over real sockets."""

from __future__ import annotations

import asyncio
import json
import random
from pathlib import Path

import httpx

from tests.server.harness import Player, ServerProcess
from triominoes.core.commitment import verify
from triominoes.core.record import read, replay


def play_table(server: ServerProcess, seats: list[str], rules: object = "standard") -> str:
    table = server.create(seats, rules)
    humans = [server.join(table, f"P{i}") for i, s in enumerate(seats) if s == "human"]

    async def run() -> list[Player]:
        players = [
            Player(server.ws, table, h["token"], random.Random(i)) for i, h in enumerate(humans)
        ]
        for player in players:
            await player.connect()
        await asyncio.gather(*(p.play() for p in players))
        for player in players:
            await player.close()
        return players

    players = asyncio.run(run())
    final = players[0].view
    summary = server.summary(table)
    assert summary["status"] == "finished"
    assert final["finished"]
    record = server.record(table)
    assert record.status_code == 200
    game = replay(read(record.json()))
    assert game.finished
    assert game.totals == final["totals"]
    assert verify(record.json()) == len(record.json()["rounds"])
    return table


def test_people_and_bots_play_a_whole_game(db_url: str, tmp_path: Path) -> None:
    server = ServerProcess(db_url, cwd=tmp_path).start()
    try:
        short = {"preset": "standard", "target_score": 150}
        play_table(server, ["human", "human", "bot:easy"], short)
        play_table(server, ["human", "bot:random"], {"preset": "czech", "target_score": 120})
    finally:
        server.stop()


def test_a_table_of_bots_plays_to_the_end_and_can_be_watched(server: ServerProcess) -> None:
    table = server.create(["bot:easy", "bot:random", "bot:easy"], {"preset": "german"})

    async def watch() -> Player:
        spectator = Player(server.ws, table, None)
        await spectator.connect()
        while not spectator.view.get("finished"):
            await spectator.receive(30)
        await spectator.close()
        return spectator

    spectator = asyncio.run(watch())
    assert spectator.view["seat"] is None and spectator.view["hand"] == []
    assert server.summary(table)["status"] == "finished"
    assert server.record(table).status_code == 200


def test_the_record_is_refused_until_the_game_is_over(server: ServerProcess) -> None:
    table = server.create(["human", "human"])
    answer = server.record(table)
    assert answer.status_code == 409
    assert answer.json()["error"] == "not-finished"
    assert httpx.get(f"{server.url}/api/tables/nope/record").status_code == 404


def test_the_first_command_of_the_readme_serves_the_page(server: ServerProcess) -> None:
    page = httpx.get(server.url + "/")
    assert page.status_code == 200
    assert "<html" in page.text.lower()
    assert httpx.get(server.url + "/healthz").json() == {"status": "ok"}
    metrics = httpx.get(server.url + "/metrics").text
    assert "triominoes_ack_seconds" in metrics and "triominoes_connections" in metrics
    spec = httpx.get(server.url + "/openapi.json").json()
    assert "/api/tables" in spec["paths"]
    json.dumps(spec)
