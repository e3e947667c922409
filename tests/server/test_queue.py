"""Quick match on real servers: two players queued are seated at one table
(bound to their accounts), bots fill after ``bots_after``, a ticket can be
withdrawn, and two processes sharing Redis match players who asked
different processes."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.server.conftest import REDIS, pg_database
from tests.server.harness import Account, Player, ServerProcess


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    folder = tmp_path_factory.mktemp("queue")
    process = ServerProcess(f"sqlite:///{folder / 'triominoes.db'}", cwd=folder).start()
    try:
        yield process
    finally:
        process.stop()


def queue(account: Account, **wishes: Any) -> str:
    answer = account.request("POST", "/api/queue", json=wishes)
    assert answer.status_code == 202, answer.text
    return str(answer.json()["ticket"])


def matched(account: Account, ticket: str, timeout: float = 20) -> dict[str, Any]:
    deadline = time.monotonic() + timeout
    while True:
        answer = account.request("GET", f"/api/queue/{ticket}")
        assert answer.status_code == 200, answer.text
        if answer.json()["status"] == "matched":
            return dict(answer.json())
        assert time.monotonic() < deadline, "never matched"
        time.sleep(0.2)


async def seat_of(server: ServerProcess, account: Account, table: str) -> dict[str, Any]:
    player = Player(server.ws, table, None, cookie=account.cookie)
    await player.connect()
    await player.close()
    return player.view


def test_two_players_queued_sit_at_one_table(server: ServerProcess) -> None:
    ann, ben = Account(server, "Q_Ann").sign_up(), Account(server, "Q_Ben").sign_up()
    first = queue(ann, pool="duel")
    waiting = ann.request("GET", f"/api/queue/{first}").json()
    assert waiting["status"] == "waiting" and waiting["rating"] == 1500
    assert waiting["window"] >= 100 and waiting["waiting"] >= 1
    second = queue(ben, pool="duel")
    one, two = matched(ann, first), matched(ben, second)
    assert one["table"] == two["table"] and one["url"].endswith(f"/t/{one['table']}")
    summary = server.summary(one["table"])
    assert summary["rated"] is True and summary["status"] == "playing"
    assert sorted(s["player"] for s in summary["seats"]) == ["Q_Ann", "Q_Ben"]
    views = [asyncio.run(seat_of(server, a, one["table"])) for a in (ann, ben)]
    assert sorted(v["seat"] for v in views) == [0, 1]  # each their own seat, by the session
    assert {g["table"] for g in ann.me()["games"]} == {one["table"]}


def test_bots_fill_the_table_after_bots_after(server: ServerProcess) -> None:
    cy = Account(server, "Q_Cy").sign_up()
    ticket = queue(cy, pool="table", players=3, rules="czech", rated=False, bots_after=1)
    found = matched(cy, ticket)
    summary = server.summary(found["table"])
    kinds = sorted(s["kind"] for s in summary["seats"])
    assert kinds == ["bot", "bot", "human"] and summary["rated"] is False
    assert summary["rules"]["name"] == "czech"
    levels = {s["bot"] for s in summary["seats"] if s["kind"] == "bot"}
    assert levels == {"medium"}  # the level nearest a newcomer's 1500


def test_a_ticket_can_be_withdrawn_and_is_its_player_s(server: ServerProcess) -> None:
    dee, eve = Account(server, "Q_Dee").sign_up(), Account(server, "Q_Eve").sign_up()
    ticket = queue(dee, pool="table", players=5)
    assert eve.request("GET", f"/api/queue/{ticket}").status_code == 404
    assert eve.request("DELETE", f"/api/queue/{ticket}").status_code == 404
    assert dee.request("DELETE", f"/api/queue/{ticket}").status_code == 204
    assert dee.request("GET", f"/api/queue/{ticket}").status_code == 404
    guest = Account(server, "nobody")
    assert guest.request("POST", "/api/queue", json={"pool": "duel"}).status_code == 401
    bad = dee.request("POST", "/api/queue", json={"pool": "duel", "players": 4})
    assert bad.status_code == 400
    assert dee.request("POST", "/api/queue", json={"pool": "duel", "rules": "x"}).status_code == 400


def test_players_who_asked_different_processes_meet(pg_url: str, tmp_path: Path) -> None:
    one = ServerProcess(pg_url, redis=REDIS, cwd=tmp_path).start()
    two = ServerProcess(pg_url, redis=REDIS, cwd=tmp_path).start()
    try:
        ann, ben = Account(one, "Ann").sign_up(), Account(two, "Ben").sign_up()
        first = queue(ann, pool="duel", rated=False)
        second = queue(ben, pool="duel", rated=False)
        assert matched(ann, first)["table"] == matched(ben, second)["table"]
    finally:
        one.stop()
        two.stop()


def test_players_of_two_installations_on_one_redis_never_meet(pg_url: str, tmp_path: Path) -> None:
    """Two databases share a Redis: each has its own queue (a table made in
    one could not seat the other's player), so two lone players wait."""
    with pg_database() as other_url:
        one = ServerProcess(pg_url, redis=REDIS, cwd=tmp_path).start()
        two = ServerProcess(other_url, redis=REDIS, cwd=tmp_path).start()
        try:
            ann, ben = Account(one, "Ann").sign_up(), Account(two, "Ben").sign_up()
            first = queue(ann, pool="duel", rated=False)
            second = queue(ben, pool="duel", rated=False)
            time.sleep(3)  # the matchers run twice a second
            for account, ticket in ((ann, first), (ben, second)):
                answer = account.request("GET", f"/api/queue/{ticket}").json()
                assert answer["status"] == "waiting", answer
        finally:
            one.stop()
            two.stop()
