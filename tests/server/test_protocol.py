"""The WebSocket contract frame by frame: hello, act, ack, errors, and the
table's extras (reconnect, takeback, chat, rematch, clock, next round)."""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import websockets
from websockets.exceptions import ConnectionClosed, InvalidStatus
from websockets.typing import Origin

from tests.server.harness import Player, ServerProcess

QUICK = {"preset": "standard", "hand_size": {"2": 3, "3": 3}, "target_score": 40}
"""Rounds of three tiles each: a game in a few dozen actions."""


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    folder = tmp_path_factory.mktemp("server")
    process = ServerProcess(f"sqlite:///{folder / 'triominoes.db'}", cwd=folder).start()
    try:
        yield process
    finally:
        process.stop()


def two_players(server: ServerProcess, rules: Any = QUICK, **extra: Any) -> tuple[str, list[str]]:
    table = server.create(["human", "human"], rules, **extra)
    return table, [server.join(table, name)["token"] for name in ("Ann", "Ben")]


async def seated(server: ServerProcess, table: str, tokens: list[str]) -> list[Player]:
    players = [Player(server.ws, table, token) for token in tokens]
    for player in players:
        await player.connect()
    for player in players:  # the game starts with the last join
        if player.version < 1:
            await player.until(lambda f: f["type"] == "state" and f["version"] >= 1)
    return players


async def catch_up(players: list[Player]) -> None:
    """Let every player read up to the newest version any of them has seen."""
    newest = max(p.version for p in players)
    for player in players:
        if player.version < newest:
            await player.until(lambda f: f["type"] == "state" and f["version"] >= newest)


def mover(players: list[Player]) -> tuple[Player, Player]:
    first = next(p for p in players if p.my_turn)
    return first, next(p for p in players if p is not first)


async def quiet(player: Player, seconds: float = 0.4) -> list[dict[str, Any]]:
    """The frames a player gets within ``seconds`` (expecting none or few)."""
    got = []
    deadline = time.monotonic() + seconds
    while (left := deadline - time.monotonic()) > 0:
        try:
            got.append(await player.receive(left))
        except TimeoutError:
            break
    return got


def test_reconnect_and_a_resent_act_is_acknowledged_once(served: ServerProcess) -> None:
    table, tokens = two_players(served)

    async def run() -> None:
        players = await seated(served, table, tokens)
        first, _ = mover(players)
        action = first.view["legal"][0]["action"]
        version = first.version
        frame = {"type": "act", "id": "my-1", "version": version, "action": action}
        await first.send(frame)
        ack = await first.until(lambda f: f["type"] == "ack")
        assert ack == {"type": "ack", "id": "my-1", "version": version + 1}
        await first.close()
        again = Player(served.ws, table, first.token)
        await again.connect()
        assert again.version == version + 1
        assert again.view["log"][-1]["action"] == action
        await again.send(frame)  # never saw the ack, say: send it again
        repeat = await again.until(lambda f: f["type"] == "ack")
        assert repeat == ack
        assert [f for f in await quiet(again) if f["type"] == "state"] == []
        assert served.summary(table)["version"] == version + 1

    asyncio.run(run())


def test_stale_out_of_turn_illegal_and_spectator_acts_change_nothing(served: ServerProcess) -> None:
    table, tokens = two_players(served)

    async def run() -> None:
        players = await seated(served, table, tokens)
        first, second = mover(players)
        version = first.version
        action = first.view["legal"][0]["action"]

        async def error_of(player: Player, frame: dict[str, Any]) -> dict[str, Any]:
            await player.send(frame)
            error = await player.until(lambda f: f["type"] == "error")
            state = await player.until(lambda f: f["type"] == "state")
            assert state["version"] == error["version"] == version
            return error

        stale = await error_of(
            first, {"type": "act", "id": "a", "version": version - 1, "action": action}
        )
        assert stale["code"] == "stale" and stale["id"] == "a"
        turn = await error_of(
            second, {"type": "act", "id": "b", "version": version, "action": action}
        )
        assert turn["code"] == "not-your-turn"
        illegal = await error_of(
            first, {"type": "act", "id": "c", "version": version, "action": "555@9,9"}
        )
        assert illegal["code"] == "illegal"
        assert illegal["reason"]["code"] == "illegal-placement"
        assert illegal["message"] == illegal["reason"]["template"].format(
            **illegal["reason"]["params"]
        )
        token = await error_of(
            first, {"type": "act", "id": "d", "version": version, "action": "dance"}
        )
        assert token["code"] == "illegal" and token["reason"]["code"] == "bad-token"
        watcher = Player(served.ws, table, None)
        await watcher.connect()
        await watcher.send({"type": "act", "id": "e", "version": version, "action": action})
        assert (await watcher.until(lambda f: f["type"] == "error"))["code"] == "unauthorized"
        assert served.summary(table)["version"] == version
        # The ids of refused acts are not spent: the right act with id "c" works.
        await first.send({"type": "act", "id": "c", "version": version, "action": action})
        assert (await first.until(lambda f: f["type"] in ("ack", "error")))["type"] == "ack"

    asyncio.run(run())


def test_a_wrong_token_is_refused_and_the_socket_closed(served: ServerProcess) -> None:
    table, _ = two_players(served)

    async def run() -> None:
        async with websockets.connect(f"{served.ws}/ws/tables/{table}") as socket:
            await socket.send(json.dumps({"type": "hello", "token": "not-a-token"}))
            error = json.loads(await socket.recv())
            assert error["type"] == "error" and error["code"] == "unauthorized"
            with pytest.raises(ConnectionClosed) as closed:
                await socket.recv()
            assert closed.value.rcvd is not None and closed.value.rcvd.code == 1008

    asyncio.run(run())


def test_the_origin_must_be_the_served_page(served: ServerProcess) -> None:
    table, _ = two_players(served)

    async def run() -> None:
        with pytest.raises(InvalidStatus):
            await websockets.connect(
                f"{served.ws}/ws/tables/{table}", origin=Origin("https://evil.example")
            )
        host = served.url.split("//", 1)[1]
        async with websockets.connect(
            f"{served.ws}/ws/tables/{table}", origin=Origin(f"http://{host}")
        ) as socket:
            await socket.send(json.dumps({"type": "hello"}))
            assert json.loads(await socket.recv())["type"] == "state"

    asyncio.run(run())


def test_frames_that_are_not_the_contract(served: ServerProcess) -> None:
    table, _ = two_players(served)

    async def run() -> None:
        url = f"{served.ws}/ws/tables/{table}"
        async with websockets.connect(url) as socket:
            for text in (
                "{",
                "[1, 2]",
                '{"type": "dance"}',
                '{"type": "act"}',
                "[" * 50 + "]" * 50,
            ):
                await socket.send(text)
                error = json.loads(await socket.recv())
                assert error["type"] == "error" and error["code"] == "bad-message", text
            await socket.send(json.dumps({"type": "next"}))
            assert json.loads(await socket.recv())["code"] == "unauthorized"  # hello first
        async with websockets.connect(url) as socket:
            await socket.send(b"\x00\x01binary")
            assert json.loads(await socket.recv())["code"] == "bad-message"
            with pytest.raises(ConnectionClosed) as closed:
                await socket.recv()
            assert closed.value.rcvd is not None and closed.value.rcvd.code == 1003
        async with websockets.connect(url, max_size=None) as socket:
            await socket.send(json.dumps({"type": "hello", "token": "x" * 10_000}))
            with pytest.raises(ConnectionClosed) as closed:
                while True:
                    await socket.recv()
            assert closed.value.rcvd is not None and closed.value.rcvd.code == 1009
        assert served.summary(table)["version"] == 1

    asyncio.run(run())


def test_too_many_frames_are_rate_limited(served: ServerProcess) -> None:
    table, _ = two_players(served)

    async def run() -> None:
        watcher = Player(served.ws, table, None)
        await watcher.connect()
        for _ in range(80):
            await watcher.send({"type": "ping"})
        frames = await quiet(watcher, 1.0)
        codes = [f.get("code") for f in frames if f["type"] == "error"]
        assert "rate-limited" in codes
        assert sum(f["type"] == "pong" for f in frames) >= 30
        await asyncio.sleep(2.5)
        await watcher.send({"type": "ping"})
        assert (await watcher.until(lambda f: f["type"] in ("pong", "error")))["type"] == "pong"

    asyncio.run(run())


def test_quick_chat_reaches_everyone_as_a_phrase_id(served: ServerProcess) -> None:
    table, tokens = two_players(served)
    phrases = httpx.get(f"{served.url}/api/phrases").json()
    assert phrases["good-luck"] == "Good luck!"

    async def run() -> None:
        players = await seated(served, table, tokens)
        watcher = Player(served.ws, table, None)
        await watcher.connect()
        await players[0].send({"type": "chat", "phrase": "good-luck"})
        for reader in (players[1], watcher):
            line = await reader.until(lambda f: f["type"] == "chat")
            assert line["phrase"] == "good-luck" and line["seat"] == players[0].view["seat"]
        await players[0].send({"type": "chat", "phrase": "you are bad"})
        assert (await players[0].until(lambda f: f["type"] == "error"))["code"] == "bad-message"
        late = Player(served.ws, table, None)
        await late.connect()
        assert [c["phrase"] for c in late.view["table"]["chat"]] == ["good-luck"]

    asyncio.run(run())


def test_a_takeback_needs_the_others_and_comes_before_they_act(served: ServerProcess) -> None:
    """The question and each answer are changes (a new version each, kept
    in the database); the takeback itself is one more."""
    table, tokens = two_players(served)

    async def run() -> None:
        players = await seated(served, table, tokens)
        first, second = mover(players)
        hand = list(first.view["hand"])
        placed = next(a for a in first.view["legal"] if "@" in a["action"])
        await first.act(placed["action"])
        version = first.version
        await first.send({"type": "takeback"})
        asked = await second.until(
            lambda f: f["type"] == "state" and f["view"]["table"]["takeback"] is not None
        )
        assert asked["version"] == version + 1
        assert asked["view"]["table"]["takeback"] == {
            "seat": first.view["seat"],
            "waiting_for": [second.view["seat"]],
        }
        assert {"type": "takeback-asked", "seat": first.view["seat"]} in asked["events"]
        await second.send({"type": "answer", "accept": False})
        refused = await first.until(
            lambda f: f["type"] == "state" and f["view"]["table"]["takeback"] is None
        )
        assert refused["version"] == version + 2
        assert served.summary(table)["version"] == version + 2
        await first.send({"type": "takeback"})
        await second.until(lambda f: f["type"] == "state" and f["view"]["table"]["takeback"])
        await second.send({"type": "answer", "accept": True})
        back = await first.until(lambda f: f["type"] == "state" and f["version"] == version + 5)
        assert sorted(back["view"]["hand"]) == sorted(hand)
        assert back["view"]["to_move"] == first.view["seat"]
        assert {
            "type": "taken-back",
            "seat": first.view["seat"],
            "action": placed["action"],
        } in back["events"]
        # After the other seat acts, there is nothing to take back.
        await first.act(placed["action"])
        await second.until(lambda f: f["type"] == "state" and f["version"] == version + 6)
        if second.my_turn:
            await second.act()
            await first.send({"type": "takeback"})
            refused = await first.until(lambda f: f["type"] == "error")
            assert refused["code"] == "not-now"

    asyncio.run(run())


def test_rounds_wait_for_everyone_and_a_rematch_rotates_the_seats(served: ServerProcess) -> None:
    table, tokens = two_players(served, next_seconds=600)

    async def run() -> None:
        players = await seated(served, table, tokens)
        seats = {p.token: p.view["seat"] for p in players}
        while not players[0].view.get("finished"):
            await catch_up(players)
            actor = next((p for p in players if p.my_turn), None)
            if actor is not None:
                await actor.act()
                continue
            if players[0].view["finished"]:
                break
            version = players[0].version
            assert players[0].view.get("round_end") is not None
            ready = await players[0].command(
                {"type": "next"},
                lambda f: (
                    f["type"] == "state" and any(s["ready"] for s in f["view"]["table"]["seats"])
                ),
            )
            # Readiness is a change (kept through a restart), not a deal yet.
            assert ready["version"] == version + 1 and ready["view"].get("round_end")
            assert ready["events"] == [{"type": "ready", "seat": players[0].view["seat"]}]
            await players[1].command(
                {"type": "next"}, lambda f, v=version: f["type"] == "state" and f["version"] > v
            )
            await players[0].until(lambda f, v=version: f["type"] == "state" and f["version"] > v)
        assert served.record(table).status_code == 200

        def second_game(frame: dict[str, Any]) -> bool:
            return frame["type"] == "state" and bool(frame["view"]["table"]["game"] == 2)

        def offered(frame: dict[str, Any]) -> bool:
            return frame["type"] == "state" and frame["view"]["table"]["rematch"] is not None

        # "Play again" is an offer: nothing starts until the other accepts.
        offer = await players[0].command({"type": "rematch"}, offered)
        assert offer["view"]["table"]["game"] == 1
        assert offer["view"]["table"]["rematch"]["accepted"] == [players[0].view["seat"]]
        asked = await players[1].until(offered)
        assert asked["view"]["table"]["rematch"]["by"] == seats[players[0].token]
        await players[1].command({"type": "rematch"}, second_game)
        await players[0].until(second_game)
        for player in players:
            assert player.view["seat"] != seats[player.token]  # the order rotated
            assert player.view["round"] == 1 and player.view["log"] == []
            assert player.view["table"]["rematch"] is None
        games = httpx.get(f"{served.url}/api/tables/{table}/games").json()
        assert [g["game"] for g in games] == [1]
        guest = {"kind": "human", "bot": None, "player": None, "deleted": False}
        assert games[0]["seats"] == [guest] * 2

    asyncio.run(run())


def test_a_bot_stands_in_when_the_clock_runs_out(served: ServerProcess) -> None:
    table, tokens = two_players(served, turn_seconds=5)

    async def run() -> None:
        players = await seated(served, table, tokens)
        first, second = mover(players)
        assert first.view["table"]["clock"] is not None
        version = first.version
        taken = await second.until(
            lambda f: (
                f["type"] == "state" and any(s["stand_in"] for s in f["view"]["table"]["seats"])
            ),
            timeout=20,
        )
        assert taken["version"] == version + 1
        moved = await second.until(lambda f: f["type"] == "state" and f["version"] >= version + 2)
        assert moved["view"]["log"][-1]["seat"] == first.view["seat"]
        await first.send({"type": "back"})
        await first.until(
            lambda f: (
                f["type"] == "state" and not any(s["stand_in"] for s in f["view"]["table"]["seats"])
            )
        )

    asyncio.run(run())


def test_a_table_nobody_touches_is_closed(tmp_path: Path) -> None:
    idle = ServerProcess(
        f"sqlite:///{tmp_path / 'idle.db'}",
        cwd=tmp_path,
        options=("--idle-hours", "0.0005", "--sweep-seconds", "0.5"),
    ).start()
    try:
        table, _ = two_players(idle)
        deadline = time.monotonic() + 15
        while idle.summary(table)["status"] != "closed":
            assert time.monotonic() < deadline
            time.sleep(0.3)
        assert idle.summary(table)["version"] == 1  # kept as history
    finally:
        idle.stop()


def test_lobby_lists_open_tables_and_refuses_bad_requests(served: ServerProcess) -> None:
    table = served.create(["human", "bot:easy"])
    open_tables = httpx.get(f"{served.url}/api/tables", params={"status": "waiting"}).json()
    assert table in [t["id"] for t in open_tables]
    for body, code in (
        ({"seats": ["human"]}, "bad-request"),
        ({"seats": ["human", "robot"]}, "bad-request"),
        ({"seats": ["human", "bot:grandmaster"]}, "bad-seats"),
        ({"seats": ["human", "human"], "rules": "chess"}, "bad-rules"),
        (
            {"seats": ["human", "human"], "rules": {"preset": "standard", "pass_penalty": -1}},
            "bad-rules",
        ),
        ({"seats": ["human", "human"], "colour": "red"}, "bad-request"),
    ):
        answer = httpx.post(f"{served.url}/api/tables", json=body)
        assert answer.status_code == 400, body
        assert answer.json()["error"] == code, body
    joined = served.join(table, "Ann")
    assert joined["url"].endswith(f"/t/{table}#seat={joined['token']}")
    again = httpx.post(f"{served.url}/api/tables/{table}/join", json={"name": "Ben"})
    assert again.status_code == 409
    bad = httpx.post(f"{served.url}/api/tables/{table}/join", json={"name": ""})
    assert bad.status_code == 400
    assert httpx.post(f"{served.url}/api/tables/none/join", json={"name": "X"}).status_code == 404
    huge = httpx.post(
        f"{served.url}/api/tables", content=b'{"seats": [' + b'"human",' * 40_000 + b'"human"]}'
    )
    assert huge.status_code == 413


def test_summary_has_the_contract_keys(served: ServerProcess, tmp_path: Path) -> None:
    table = served.create(["human", "bot:easy"])
    summary = served.summary(table)
    for key in ("rules", "seats", "status", "version", "totals", "winners"):
        assert key in summary
    assert summary["seats"][0].keys() >= {"name", "kind", "connected"}
    assert summary["status"] == "waiting"


def test_hints_at_tables_with_bots_only(served: ServerProcess) -> None:
    with_bot = served.create(["human", "bot:easy"], QUICK)
    token = served.join(with_bot, "Ann")["token"]
    table, tokens = two_players(served)

    async def run() -> None:
        player = Player(served.ws, with_bot, token)
        await player.connect()
        while not player.my_turn:
            await player.receive(20)
        await player.send({"type": "hint"})
        hint = await player.until(lambda f: f["type"] in ("hint", "error"))
        assert hint["type"] == "hint"
        assert hint["version"] == player.version
        legal = {a["action"]: a["points"] for a in player.view["legal"]}
        assert legal[hint["action"]] == hint["points"]
        reason = hint["reason"]  # a template and its values, for the client to translate
        assert reason["text"].format(**reason["params"]) and isinstance(hint["expected"], float)
        people = await seated(served, table, tokens)
        first, _ = mover(people)
        await first.send({"type": "hint"})
        refused = await first.until(lambda f: f["type"] == "error")
        assert refused["code"] == "not-now"

    asyncio.run(run())


def test_the_replay_viewer_gets_a_record_step_by_step(served: ServerProcess) -> None:
    golden = Path(__file__).parent.parent / "data" / "golden" / "standard-2p.json"
    answer = httpx.post(f"{served.url}/api/replay", content=golden.read_bytes())
    assert answer.status_code == 200
    steps = answer.json()
    expected = json.loads(golden.with_suffix(".expected.json").read_text())
    assert steps["totals"] == expected["totals"]
    assert len(steps["rounds"]) == len(expected["rounds"])
    bad = httpx.post(f"{served.url}/api/replay", content=b'{"format": "chess"}')
    assert bad.status_code == 400 and bad.json()["error"] == "bad-record"
    assert httpx.post(f"{served.url}/api/replay", content=b"[[[").status_code == 400
