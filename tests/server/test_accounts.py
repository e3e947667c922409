"""Accounts over HTTP on a real server: signing up, in and out, the guards
(the same 401 for an unknown name and a wrong password, the rate limit,
the origin check), a session ended everywhere, and no password or token
in the database's files or the server's log."""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.server.harness import Account, Player, ServerProcess


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    folder = tmp_path_factory.mktemp("accounts")
    process = ServerProcess(f"sqlite:///{folder / 'triominoes.db'}", cwd=folder).start()
    try:
        yield process
    finally:
        process.stop()


def test_sign_up_gives_a_session_cookie_that_pages_cannot_read(server: ServerProcess) -> None:
    ann = Account(server, "Ann_1")
    answer = ann.request("POST", "/api/players", json={"name": "Ann_1", "password": ann.password})
    assert answer.status_code == 201 and answer.json() == {"name": "Ann_1"}
    cookie = answer.headers["set-cookie"].lower()
    assert "httponly" in cookie and "samesite=lax" in cookie and "path=/" in cookie
    assert "secure" not in cookie  # served over plain http here
    me = ann.me()
    assert me["name"] == "Ann_1" and me["games"] == []
    assert me["ratings"]["duel"] == {"rating": 1500, "games": 0, "provisional": True}
    again = Account(server, "ann_1").request(
        "POST", "/api/players", json={"name": "ann_1", "password": "another long one"}
    )
    assert again.status_code == 409 and again.json()["error"] == "name-taken"
    for name, password, code in [
        ("Bo", "a long password", "bad-name"),
        ("Bob Lee", "a long password", "bad-name"),
        ("Bob", "too short", "weak-password"),
    ]:
        refused = httpx.post(
            f"{server.url}/api/players", json={"name": name, "password": password}, timeout=30
        )
        assert refused.status_code == 400 and refused.json()["error"] == code, refused.text
    assert httpx.get(f"{server.url}/api/me", timeout=10).status_code == 401


def test_an_unknown_name_and_a_wrong_password_get_the_same_answer(server: ServerProcess) -> None:
    Account(server, "Cleo").sign_up()
    wrong = Account(server, "Cleo", "not the password").sign_in()
    unknown = Account(server, "Nobody_here").sign_in()
    assert wrong.status_code == unknown.status_code == 401
    assert (
        wrong.json()
        == unknown.json()
        == {"error": "bad-login", "message": "wrong name or password"}
    )
    assert "set-cookie" not in wrong.headers and "set-cookie" not in unknown.headers
    right = Account(server, "Cleo")
    assert right.sign_in().status_code == 200 and right.me()["name"] == "Cleo"
    # Any case of the name signs in; the account's own spelling is shown.
    assert Account(server, "CLEO").sign_in().json() == {"name": "Cleo"}


def test_repeated_failures_for_a_name_are_rate_limited(server: ServerProcess) -> None:
    Account(server, "Dora").sign_up()
    thief = Account(server, "Dora", "guess number one")
    codes = [thief.sign_in().status_code for _ in range(10)]
    assert codes == [401] * 10
    assert thief.sign_in().status_code == 429
    # Now even the right password waits: the name is locked for a while.
    locked = Account(server, "Dora").sign_in()
    assert locked.status_code == 429 and locked.json()["error"] == "rate-limited"


def test_a_request_from_another_site_with_the_session_is_refused(server: ServerProcess) -> None:
    eve_target = Account(server, "Erin").sign_up()
    create = {"rules": "standard", "seats": ["human", "bot:easy"]}
    forged = eve_target.request(
        "POST", "/api/tables", json=create, headers={"Origin": "https://evil.example"}
    )
    assert forged.status_code == 403 and forged.json()["error"] == "forbidden"
    no_origin = eve_target.http.post("/api/tables", json=create)  # cookie, no Origin
    assert no_origin.status_code == 403
    referer = eve_target.http.post(
        "/api/tables", json=create, headers={"Referer": "https://evil.example/page"}
    )
    assert referer.status_code == 403
    forged_out = eve_target.request(
        "DELETE", "/api/session", headers={"Origin": "https://evil.example"}
    )
    assert forged_out.status_code == 403 and eve_target.me()["name"] == "Erin"
    # A page of another site cannot sign a visitor into its own account either.
    login = httpx.post(
        f"{server.url}/api/session",
        json={"name": "Erin", "password": "a long password"},
        headers={"Origin": "https://evil.example"},
        timeout=30,
    )
    assert login.status_code == 403
    assert eve_target.request("POST", "/api/tables", json=create).status_code == 201
    # Programs without a session or an Origin go on as before.
    assert httpx.post(f"{server.url}/api/tables", json=create, timeout=10).status_code == 201


def test_signing_out_ends_the_session_on_the_server(server: ServerProcess) -> None:
    fay = Account(server, "Fay").sign_up()
    copy = httpx.Client(base_url=server.url, cookies=fay.http.cookies, timeout=10)
    assert copy.get("/api/me").status_code == 200
    out = fay.request("DELETE", "/api/session")
    assert out.status_code == 204 and "triominoes_session=" in out.headers["set-cookie"]
    assert copy.get("/api/me").status_code == 401  # the old cookie is worth nothing now


def test_a_new_password_ends_the_other_sessions(server: ServerProcess) -> None:
    gus = Account(server, "Gus").sign_up()
    other = Account(server, "Gus")
    assert other.sign_in().status_code == 200
    wrong = gus.request(
        "POST", "/api/me/password", json={"password": "not it at all", "new": "a newer password"}
    )
    assert wrong.status_code == 401
    weak = gus.request("POST", "/api/me/password", json={"password": gus.password, "new": "short"})
    assert weak.status_code == 400 and weak.json()["error"] == "weak-password"
    changed = gus.request(
        "POST", "/api/me/password", json={"password": gus.password, "new": "a newer password"}
    )
    assert changed.status_code == 204
    assert gus.me()["name"] == "Gus"
    assert other.request("GET", "/api/me").status_code == 401
    assert Account(server, "Gus", "a newer password").sign_in().status_code == 200
    assert Account(server, "Gus").sign_in().status_code == 401


def test_a_seat_taken_signed_in_is_the_player_s_on_any_device(server: ServerProcess) -> None:
    hal = Account(server, "Hal").sign_up()
    table = server.create(["human", "human"], "standard")
    joined = hal.join(table, seat=1)
    assert joined["seat"] == 1 and joined["token"]
    seats = server.summary(table)["seats"]
    assert seats[1]["name"] == "Hal" and seats[1]["player"] == "Hal"
    twice = hal.request("POST", f"/api/tables/{table}/join", json={})
    assert twice.status_code == 409 and twice.json()["error"] == "already-seated"
    guest = server.join(table, "Ivy")
    assert guest["seat"] == 0 and server.summary(table)["seats"][0]["player"] is None
    (game,) = hal.me()["games"]
    assert game["table"] == table and game["url"].endswith(f"/t/{table}")
    assert set(game) >= {"table", "url", "your_turn", "since"}


def test_a_rated_table_is_for_signed_in_players(server: ServerProcess) -> None:
    jo = Account(server, "Jo_Rated").sign_up()
    answer = jo.request(
        "POST",
        "/api/tables",
        json={"rules": "standard", "seats": ["human", "human"], "rated": True},
    )
    assert answer.status_code == 201
    table = answer.json()["id"]
    assert server.summary(table)["rated"] is True
    guest = httpx.post(f"{server.url}/api/tables/{table}/join", json={"name": "Kim"}, timeout=10)
    assert guest.status_code == 403 and guest.json()["error"] == "sign-in-needed"
    assert jo.join(table)["seat"] == 0
    for bad in (
        {"rules": {"preset": "standard", "hand_size": {"2": 5}}, "seats": ["human", "human"]},
        {"rules": "standard", "seats": ["bot:easy", "bot:hard"]},
        {"rules": "standard", "seats": ["human", "bot:greedy"]},
    ):
        refused = jo.request("POST", "/api/tables", json={**bad, "rated": True})
        assert refused.status_code == 400, refused.text


def test_no_password_or_session_token_in_the_database_or_the_log(tmp_path: Path) -> None:
    server = ServerProcess(
        f"sqlite:///{tmp_path / 'secrets.db'}", cwd=tmp_path, options=("--log-format", "json")
    ).start()
    password = "Unmistakable-Password-1234"
    try:
        lee = Account(server, "Lee_Secret", password).sign_up()
        token = lee.http.cookies["triominoes_session"]
        again = Account(server, "Lee_Secret", password)
        assert again.sign_in().status_code == 200
        second = again.http.cookies["triominoes_session"]
        assert Account(server, "Lee_Secret", password + "x").sign_in().status_code == 401
        lee.request("POST", "/api/me/password", json={"password": password, "new": password + "!"})
        table = server.create(["human", "human"], "standard")
        seat = lee.join(table)
        lee.request("DELETE", "/api/session")
        with sqlite3.connect(tmp_path / "secrets.db") as db:
            db.execute("PRAGMA wal_checkpoint(FULL)")
            hashes = [r[0] for r in db.execute("SELECT password_hash FROM players")]
        assert hashes and all(h.startswith("$argon2id$") for h in hashes)
    finally:
        server.stop()
    secrets = [password, password + "!", token, second, seat["token"]]
    stored = b"".join(p.read_bytes() for p in tmp_path.glob("secrets.db*"))
    log = server.log.read_bytes()
    assert b'"level"' in log  # the log was written (JSON lines)
    for secret in secrets:
        assert secret.encode() not in stored, "a secret is in the database's files"
        assert secret.encode() not in log, "a secret is in the server's log"
    assert b"argon2" not in log


def test_a_session_ended_on_one_process_is_ended_on_the_other(pg_url: str, tmp_path: Path) -> None:
    one = ServerProcess(pg_url, cwd=tmp_path).start()
    two = ServerProcess(pg_url, cwd=tmp_path).start()
    try:
        mia = Account(one, "Mia").sign_up()
        elsewhere = httpx.Client(base_url=two.url, cookies=mia.http.cookies, timeout=10)
        assert elsewhere.get("/api/me").json()["name"] == "Mia"
        out = elsewhere.delete("/api/session", headers={"Origin": two.url})
        assert out.status_code == 204
        assert mia.request("GET", "/api/me").status_code == 401
        assert elsewhere.get("/api/me").status_code == 401
    finally:
        one.stop()
        two.stop()


def test_a_deleted_account_s_games_stay_under_deleted_player(server: ServerProcess) -> None:
    nia = Account(server, "Nia_Gone").sign_up()
    table = server.create(["human", "human"], "standard")
    nia.join(table)
    server.join(table, "Oli")
    assert server.summary(table)["status"] == "playing"
    wrong = nia.request("DELETE", "/api/me", json={"password": "not the password"})
    assert wrong.status_code == 401 and nia.me()["name"] == "Nia_Gone"
    gone = nia.request("DELETE", "/api/me", json={"password": nia.password})
    assert gone.status_code == 204
    assert nia.request("GET", "/api/me").status_code == 401
    assert Account(server, "Nia_Gone").sign_in().status_code == 401
    assert httpx.get(f"{server.url}/api/players/Nia_Gone", timeout=10).status_code == 404
    seat = server.summary(table)["seats"][0]
    assert seat["name"] is None and seat["deleted"] is True and seat["player"] is None

    # The game in play was resigned: a bot plays it out.
    async def look() -> dict[str, Any]:
        watcher = Player(server.ws, table, None)
        await watcher.connect()
        await watcher.close()
        return watcher.view

    view = asyncio.run(look())
    resigned = [s for s in view["table"]["seats"] if s["deleted"]]
    assert len(resigned) == 1 and resigned[0]["resigned"] and resigned[0]["name"] is None
    Account(server, "Nia_Gone").sign_up()  # the name is free again


def test_the_puzzle_setting_is_off_until_the_player_turns_it_on(server: ServerProcess) -> None:
    fay = Account(server, "Fay_p").sign_up()
    assert fay.me()["settings"] == {"puzzles_from_my_games": False}
    on = fay.request("PUT", "/api/me/settings", json={"puzzles_from_my_games": True})
    assert on.status_code == 200 and on.json() == {"puzzles_from_my_games": True}
    assert fay.me()["settings"] == {"puzzles_from_my_games": True}
    for bad in ({}, {"puzzles_from_my_games": "yes"}, {"puzzles_from_my_games": True, "x": 1}):
        refused = fay.request("PUT", "/api/me/settings", json=bad)
        assert refused.status_code == 400 and refused.json()["error"] == "bad-request", bad
    assert fay.me()["settings"] == {"puzzles_from_my_games": True}
    forged = fay.request(
        "PUT",
        "/api/me/settings",
        json={"puzzles_from_my_games": False},
        headers={"Origin": "https://evil.example"},
    )
    assert forged.status_code == 403 and fay.me()["settings"]["puzzles_from_my_games"] is True
    guest = httpx.put(
        f"{server.url}/api/me/settings", json={"puzzles_from_my_games": True}, timeout=10
    )
    assert guest.status_code == 401
    off = fay.request("PUT", "/api/me/settings", json={"puzzles_from_my_games": False})
    assert off.status_code == 200 and fay.me()["settings"]["puzzles_from_my_games"] is False
