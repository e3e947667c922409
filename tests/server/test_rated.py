"""Rated games on a real server: two accounts play a duel to the end over
the WebSocket with their sessions (no seat token), the ratings move the
right way and show in the last state frame, the profiles and the
leaderboard; and a server killed right after a rated game's last action
has the rating change exactly once after its restart."""

from __future__ import annotations

import asyncio
import contextlib
import random
import sqlite3
from pathlib import Path
from typing import Any

from websockets.exceptions import ConnectionClosed

from tests.server.harness import Account, Player, ServerProcess

RULES = {"preset": "standard", "target_score": 30}


def rated_table(host: Account, seats: list[str]) -> str:
    body = {
        "rules": RULES,
        "seats": seats,
        "rated": True,
        "bot_pace": 0,
        "next_seconds": 0.5,
    }
    answer = host.request("POST", "/api/tables", json=body)
    assert answer.status_code == 201, answer.text
    return str(answer.json()["id"])


async def seated(accounts: list[Account], table: str) -> list[Player]:
    players = []
    for index, account in enumerate(accounts):
        player = account.player(table)
        player.rng = random.Random(index)
        await player.connect()
        assert player.view["seat"] is not None, "the session's seat, without a token"
        players.append(player)
    return players


def test_a_rated_duel_moves_both_ratings(db_url: str, tmp_path: Path) -> None:
    server = ServerProcess(db_url, cwd=tmp_path).start()
    try:
        ann, ben = Account(server, "Ann").sign_up(), Account(server, "Ben").sign_up()
        table = rated_table(ann, ["human", "human"])
        ann.join(table)
        ben.join(table)

        async def play() -> list[Player]:
            players = await seated([ann, ben], table)
            await asyncio.gather(*(p.play() for p in players))
            for player in players:
                await player.close()
            return players

        players = asyncio.run(play())
        last = [f for f in players[0].frames if f["type"] == "state"][-1]
        assert last["view"]["finished"]
        changes = {c["seat"]: c for c in last["ratings"]}
        assert {c["pool"] for c in changes.values()} == {"duel"}
        assert all(c["before"] == 1500 for c in changes.values())
        # The deal is the server's (the OS's randomness), so a game may end
        # level: equal totals share first place, which moves nobody.
        totals = last["view"]["totals"]
        places = [1 + sum(other > total for other in totals) for total in totals]
        if places == [1, 1]:
            assert [changes[seat]["after"] for seat in (0, 1)] == [1500, 1500]
        else:
            winner = places.index(1)
            assert last["view"]["winners"] == [winner]
            assert changes[winner]["after"] > 1500 > changes[1 - winner]["after"]
        names = [s["name"] for s in last["view"]["table"]["seats"]]
        profiles = {n: server_json(server, f"/api/players/{n}") for n in names}
        for seat, name in enumerate(names):
            profile = profiles[name]
            duel = profile["ratings"]["duel"]
            assert duel == {"rating": changes[seat]["after"], "games": 1, "provisional": True}
            (recent,) = profile["recent"]
            assert recent["table"] == table and recent["place"] == places[seat]
            assert (recent["before"], recent["after"]) == (1500, changes[seat]["after"])
            assert [h["rating"] for h in profile["history"]["duel"]] == [changes[seat]["after"]]
            assert profile["stats"][0]["games"] == 1
        board = server_json(server, "/api/leaderboard?pool=duel&provisional=true&bots=true")
        ranked = [e["name"] for e in board]
        if places != [1, 1]:
            assert ranked.index(names[winner]) < ranked.index(names[1 - winner])
        assert "expert" in ranked and server_json(server, "/api/leaderboard?pool=duel") == []
        record = server.record(table).json()
        assert record["meta"]["rated"] is True
    finally:
        server.stop()


def server_json(server: ServerProcess, path: str) -> Any:
    import httpx

    answer = httpx.get(f"{server.url}{path}", timeout=10)
    assert answer.status_code == 200, answer.text
    return answer.json()


def test_a_kill_right_after_a_rated_game_s_last_action_rates_it_once(
    sqlite_url: str, tmp_path: Path
) -> None:
    server = ServerProcess(sqlite_url, cwd=tmp_path).start()
    try:
        ann, ben = Account(server, "Ann").sign_up(), Account(server, "Ben").sign_up()
        table = rated_table(ann, ["human", "human", "bot:hard"])
        ann.join(table)
        ben.join(table)

        async def play_until_the_end() -> None:
            players = await seated([ann, ben], table)

            async def play(player: Player) -> None:
                with contextlib.suppress(ConnectionClosed, OSError, TimeoutError):
                    await player.play()

            games = [asyncio.create_task(play(p)) for p in players]
            while not any(p.view.get("finished") for p in players):
                await asyncio.sleep(0.001)
            server.kill()  # the last action is committed and acknowledged: kill -9 now
            await asyncio.gather(*games)

        asyncio.run(play_until_the_end())
    finally:
        server.stop()
    again = ServerProcess(sqlite_url, cwd=tmp_path).start()
    try:
        assert again.summary(table)["status"] == "finished"
        for name in ("Ann", "Ben"):
            profile = server_json(again, f"/api/players/{name}")
            assert profile["ratings"]["table"]["games"] == 1
            assert len(profile["recent"]) == 1 and len(profile["history"]["table"]) == 1
        hard = server_json(again, "/api/leaderboard?pool=table&bots=true")
        assert next(e for e in hard if e["bot"] == "hard")["games"] == 1

        async def reconnect() -> dict[str, Any]:
            player = Player(again.ws, table, None, cookie=ann.cookie)
            await player.connect()
            await player.close()
            return player.frames[-1]

        frame = asyncio.run(reconnect())  # a page opened later shows the change too
        assert len(frame["ratings"]) == 3
    finally:
        again.stop()
    path = sqlite_url.removeprefix("sqlite:///")
    with sqlite3.connect(path) as db:
        rows = db.execute(
            "SELECT seat, subject FROM rating_changes WHERE table_id = ?", (table,)
        ).fetchall()
    assert len(rows) == 3 and len({r[0] for r in rows}) == 3
