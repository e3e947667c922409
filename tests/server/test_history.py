"""GET /api/tables/{id}/history: the current game's finished rounds, public."""

from __future__ import annotations

import httpx

from tests.server.harness import ServerProcess
from triominoes.core.record import read, replay, replay_json


def test_the_history_is_the_records_rounds_without_hidden_tiles(server: ServerProcess) -> None:
    table = server.finished_bot_game(120)
    history = httpx.get(f"{server.url}/api/tables/{table}/history", timeout=10).json()
    report = replay_json(replay(read(server.record(table).json())))
    assert history["game"] == 1
    assert len(history["rounds"]) == len(report["rounds"]) >= 1
    for number, (seen, played) in enumerate(zip(history["rounds"], report["rounds"], strict=True)):
        assert seen["round"] == number + 1
        assert seen["opener"] == played["opener"]
        assert [(e["seat"], e["action"], e["points"]) for e in seen["log"]] == [
            (a["seat"], a["action"], a["points"]) for a in played["actions"]
        ]
        assert all("tile" not in e for e in seen["log"])  # nobody's drawn tiles
        assert seen["end"]["reason"] == played["end"]["reason"]
        assert seen["end"]["points"] == played["end"]["points"]
        assert seen["totals"] == played["totals"]
        assert len(seen["end"]["hands"]) == 2


def test_the_history_of_a_round_in_play_is_empty(server: ServerProcess) -> None:
    table = server.create(["human", "bot:easy"])
    server.join(table, "Ann")  # every person seated: round 1 is dealt
    assert server.summary(table)["status"] == "playing"
    history = httpx.get(f"{server.url}/api/tables/{table}/history", timeout=10).json()
    assert history == {"game": 1, "version": history["version"], "rounds": []}
    assert history["version"] >= 1
    assert httpx.get(f"{server.url}/api/tables/nope/history", timeout=10).status_code == 404
