"""``--join``: the terminal game at a table of a real ``triominoes serve`` on loopback."""

from __future__ import annotations

import json
import re
import subprocess
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from tests.server.harness import ServerProcess
from triominoes.core.record import read, replay
from triominoes.tui.app import PlayApp, SummaryScreen
from triominoes.tui.remote import RemoteError, RemoteTable
from triominoes.tui.start import join_game
from triominoes.tui.text import reason, use_language

from .conftest import settle, synchronously, take_turn
from .test_plain import Player, command, environment, legal_tokens, play_to_the_end

SHORT = {"preset": "standard", "target_score": 60}
STARTUP = 90.0
"""Seconds a server may take to start on a busy machine."""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    folder = tmp_path_factory.mktemp("server")
    process = ServerProcess(f"sqlite:///{folder / 'triominoes.db'}", cwd=folder).start(STARTUP)
    try:
        yield process
    finally:
        process.stop()


def invite(server: ServerProcess, seats: list[str], rules: object = SHORT, **extra: object) -> str:
    table = server.create(seats, rules, **extra)
    return f"{server.url}/t/{table}"


def test_the_plain_mode_plays_a_whole_game_on_the_server(
    server: ServerProcess, tmp_path: Path
) -> None:
    url = invite(server, ["human", "bot:easy"])
    save = tmp_path / "game.json"
    player = Player("--plain", "--join", url, "--name", "Ann", "--save", str(save), cwd=tmp_path)
    answers = play_to_the_end(player)
    status, out, err = player.finish()
    assert status == 0, err
    assert "Game over" in out and f"Record saved to {save}" in out
    table = url.rsplit("/", 1)[1]
    summary = server.summary(table)
    assert summary["status"] == "finished"
    assert summary["seats"][0]["name"] == "Ann"
    published = server.record(table).json()
    assert json.loads(save.read_text()) == published  # the server's record, saved here
    game = replay(read(published))
    assert game.totals == summary["totals"]
    mine = sum(1 for r in game.rounds for o in r.outcomes if game.rounds and o.seat == 0)
    assert answers == mine


ONE_SHORT_ROUND = {
    "preset": "standard",
    "game_end": "single-round",
    "target_score": None,
    "hand_size": {"2": 4},
}


def test_a_seat_url_plays_that_seat_and_bad_input_is_refused(
    server: ServerProcess, tmp_path: Path
) -> None:
    url = invite(server, ["bot:easy", "human"], ONE_SHORT_ROUND)
    table = url.rsplit("/", 1)[1]
    seat = server.join(table, "Bea")
    assert seat["url"].startswith(url + "#seat=")
    player = Player("--plain", "--join", seat["url"], "--lang", "en", cwd=tmp_path)
    first = player.until_prompt()
    assert first is not None and first.endswith("Bea> ")
    player.send("555@9,9x")  # a bad token: one line, the same prompt
    again = player.until_prompt()
    assert again == "'555@9,9x' is not an action (N0N1N2@Q,R, draw or pass)\nBea> "
    player.send(legal_tokens(first)[0][0])
    play_to_the_end(player)
    status, out, err = player.finish()
    assert status == 0, err
    assert "Game over" in out
    assert server.summary(table)["status"] == "finished"
    # A full table, a bad address, options that make a local table: one line each.
    for args in (
        ["--join", url],
        ["--join", f"{server.url}/nowhere"],
        ["--join", url, "--seat", "human"],
    ):
        refused = subprocess.run(
            command("--plain", *args),
            capture_output=True,
            cwd=tmp_path,
            env=environment(),
            check=False,
        )
        assert refused.returncode == 2
        lines = refused.stderr.decode().strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith("error: "), lines


@synchronously
async def test_the_textual_game_plays_a_round_on_the_server(
    server: ServerProcess, tmp_path: Path
) -> None:
    use_language("en")
    # The table waits for this player after a round (not the usual half second).
    url = invite(server, ["human", "bot:easy"], "standard", next_seconds=60)
    setup = join_game(url, "Ann", tmp_path / "game.json")
    app = PlayApp(setup.table, setup.save_path, pace=0)
    try:
        async with app.run_test(size=(100, 32)) as pilot:
            await settle(pilot)
            turns = 0
            while not isinstance(app.screen, SummaryScreen):
                if app.view.to_move == app.viewer:
                    await take_turn(pilot)
                    turns += 1
                else:
                    await settle(pilot)
                assert turns < 200
            table = url.rsplit("/", 1)[1]
            summary = httpx.get(f"{server.url}/api/tables/{table}", timeout=10).json()
            assert summary["totals"] == list(app.view.totals)
            assert app.view.round_end is not None
            await pilot.press("enter")  # ready: the server deals round 2
            await settle(pilot)
            while app.view.round == 1:
                await settle(pilot)
            assert app.view.round == 2
    finally:
        setup.table.close()


def test_a_restarted_server_loses_nothing_and_the_game_goes_on(tmp_path: Path) -> None:
    server = ServerProcess(f"sqlite:///{tmp_path / 'triominoes.db'}", cwd=tmp_path).start(STARTUP)
    try:
        url = invite(server, ["human", "bot:easy"], SHORT)
        table = RemoteTable.join(url, "Ann")
        seat = table.here[0]
        mine: list[str] = []

        def best() -> str:
            return str(max(table.view(seat).legal, key=lambda a: a.points).action)

        def play(actions: int) -> None:
            while not table.view(seat).finished:
                view = table.view(seat)
                if view.round_end is not None:
                    table.ready()
                elif view.to_move == seat:
                    if len(mine) >= actions:
                        return
                    token = best()
                    table.act(seat, token)
                    mine.append(token)
                else:
                    table.wait()

        try:
            play(4)  # returns when it is our move
            server.kill()  # SIGKILL: the socket dies with it
            token = best()
            answer: dict[str, object] = {}
            sender = threading.Thread(target=lambda: answer.update(events=table.act(seat, token)))
            sender.start()  # the act goes out on the dead socket...
            server.start(STARTUP)  # ...and again under the same id once the table reconnects
            sender.join(180)
            assert "events" in answer
            assert table.connections == 2
            mine.append(token)
            play(10_000)
        finally:
            table.close()
        record = server.record(url.rsplit("/", 1)[1]).json()
        game = replay(read(record))
        assert game.finished
        played = [str(o.action) for r in game.rounds for o in r.outcomes if o.seat == seat]
        assert played == mine  # every acknowledged action, each once
    finally:
        server.stop()


def test_a_server_gone_for_good_is_one_clear_reason(tmp_path: Path) -> None:
    server = ServerProcess(f"sqlite:///{tmp_path / 'triominoes.db'}", cwd=tmp_path).start(STARTUP)
    url = invite(server, ["human", "bot:easy"], SHORT)
    table = RemoteTable.join(url, "Ann")
    table.reconnect_seconds = 1.0
    try:
        seat = table.here[0]
        while table.view(seat).to_move != seat:
            table.wait()
        server.stop()
        token = str(table.view(seat).legal[0].action)
        with pytest.raises(RemoteError) as caught:
            table.act(seat, token)
        use_language("de")
        assert reason(caught.value) == "die Verbindung zum Server ist verloren"
        started = time.monotonic()
        with pytest.raises(RemoteError):
            table.act(seat, token)  # and so does every action after it, at once
        assert time.monotonic() - started < 1.0
    finally:
        table.close()
        server.stop()


def test_an_act_the_server_finds_too_quick_is_sent_again(tmp_path: Path) -> None:
    """A program playing at full speed outruns the rate limit: its acts are
    sent again a little later, never shown as refused."""
    options = ("--rate", "2")  # bursts of 4 frames, then 2 a second
    server = ServerProcess(f"sqlite:///{tmp_path / 't.db'}", cwd=tmp_path, options=options)
    server.start(STARTUP)
    try:
        table = RemoteTable.join(invite(server, ["human", "bot:easy"], SHORT), "Ann")
        seat = table.here[0]
        acted = 0
        try:
            while acted < 8 and not table.view(seat).finished:
                view = table.view(seat)
                if view.round_end is not None:
                    table.ready()
                elif view.to_move == seat:
                    table.act(seat, str(view.legal[0].action))  # raises if refused
                    acted += 1
                else:
                    table.wait()
        finally:
            table.close()
        assert acted == 8 or table.view(seat).finished
        metrics = httpx.get(f"{server.url}/metrics").text
        limited = [line for line in metrics.splitlines() if 'code="rate-limited"' in line]
        assert limited and float(limited[0].split()[-1]) > 0  # it did outrun the limit
    finally:
        server.stop()


def test_who_leaves_gets_the_seat_s_url_and_comes_back_with_it(
    server: ServerProcess, tmp_path: Path
) -> None:
    url = invite(server, ["human", "bot:easy"], SHORT)
    player = Player("--plain", "--join", url, "--name", "Ann", "--lang", "en", cwd=tmp_path)
    block = player.until_prompt()
    assert block is not None
    player.send(legal_tokens(block)[0][0])
    assert player.until_prompt() is not None
    player.send("quit")
    status, out, err = player.finish()
    assert status == 0, err
    found = re.search(r"come back with: triominoes play --join (\S+#seat=\S+)$", out.strip())
    assert found is not None, out
    seat_url = found.group(1)
    # The invite seats nobody now: one line, saying how to come back.
    refused = subprocess.run(
        command("--plain", "--join", url, "--lang", "en"),
        capture_output=True,
        cwd=tmp_path,
        env=environment(),
        check=False,
    )
    assert refused.returncode == 2
    [line] = refused.stderr.decode().strip().splitlines()
    assert "to come back to your seat, --join its own URL" in line
    back = Player("--plain", "--join", seat_url, "--lang", "en", cwd=tmp_path)
    first = back.until_prompt()
    assert first is not None and first.endswith("Ann> ")
    back.send(legal_tokens(first)[0][0])
    play_to_the_end(back)
    status, out, err = back.finish()
    assert status == 0, err
    assert "Game over" in out
    assert server.summary(url.rsplit("/", 1)[1])["status"] == "finished"


@synchronously
async def test_the_textual_game_says_how_to_come_back_when_it_quits(
    server: ServerProcess, tmp_path: Path
) -> None:
    use_language("en")
    url = invite(server, ["human", "bot:easy"], SHORT)
    setup = join_game(url, "Ann", tmp_path / "game.json")
    app = PlayApp(setup.table, setup.save_path, pace=0)
    try:
        async with app.run_test(size=(100, 32)) as pilot:
            await settle(pilot)
            await pilot.press("q")
    finally:
        setup.table.close()
    seat_url = setup.table.seat_url
    assert seat_url is not None and seat_url.startswith(url + "#seat=")
    assert (
        app.farewell == f"Your seat stays yours; come back with: triominoes play --join {seat_url}"
    )
