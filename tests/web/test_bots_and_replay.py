"""A whole game against a bot, clicked to its end; the replay viewer
stepping through finished games (the server's and an uploaded record)."""

from __future__ import annotations

import json
import re
import time
from pathlib import Path
from typing import Any

import httpx
from playwright.sync_api import expect

from tests.server.harness import ServerProcess
from tests.web.conftest import Pages, screenshot
from tests.web.flows import create_table, join, my_turn, open_record_file, play_turn


def test_a_whole_game_against_a_bot(pages: Pages, server: ServerProcess) -> None:
    page: Any = pages.new()
    table = create_table(page, ["A person", "Bot (easy)"], target=40)
    join(page, "Ann")
    expect(page.locator(".players")).to_contain_text("Bot (easy)")
    hint = page.get_by_role("button", name="Hint")
    expect(hint).to_be_visible()
    hinted = False
    rounds_over = 0
    deadline = time.monotonic() + 300
    while not page.locator("#game-over-h").count():
        assert time.monotonic() < deadline
        if page.locator("#round-over-h").count():
            rounds_over += 1
            page.get_by_role("button", name="Next round").click()
            expect(page.locator("#round-over-h")).to_have_count(0, timeout=30_000)
            continue
        if my_turn(page):
            if not hinted:
                hint.click()
                # the strongest bot thinks in the server's worker pool (slow on a busy box)
                expect(page.locator(".hint-text")).to_contain_text("Hint:", timeout=60_000)
                hinted = True
            play_turn(page)
        else:
            page.wait_for_timeout(100)
    expect(page.get_by_role("heading", name="Game over")).to_be_visible()
    summary = httpx.get(f"{server.url}/api/tables/{table}", timeout=10).json()
    assert summary["status"] == "finished"
    expect(page.locator(".result")).to_contain_text(re.compile("Winner|Shared win"))
    shown = [int(x) for x in page.locator(".sheet tfoot td").all_inner_texts()]
    assert sorted(shown) == sorted(summary["totals"])

    with page.expect_download() as download:
        page.get_by_role("link", name="Download the record").first.click()
    record = json.loads(Path(download.value.path()).read_text())
    assert record["format"] == "triominoes-record"
    page.get_by_role("link", name="Replay the game").click()
    page.wait_for_url(re.compile(r"/replay\?table="))
    expect(page.locator(".step")).to_contain_text("Round 1, move 0")
    page.get_by_role("button", name="Forward").click()
    expect(page.locator(".step")).to_contain_text("Round 1, move 1")
    expect(page.locator(".board .tile")).to_have_count(1)

    # Back at the table: a rematch starts the next game with the same seats.
    page.go_back()
    page.get_by_role("button", name="Play again").click()
    expect(page.locator("#game-over-h")).to_have_count(0, timeout=30_000)
    expect(page.locator(".rack-tile")).to_have_count(9)
    expect(page.locator("h1")).to_contain_text("Round 1")
    assert server.summary(table)["game"] == 2


def test_the_replay_viewer_steps_through_a_finished_game(
    pages: Pages, server: ServerProcess
) -> None:
    table = server.finished_bot_game(250)
    replay = httpx.get(f"{server.url}/api/tables/{table}/games/1/replay", timeout=10).json()
    rounds = replay["rounds"]
    page: Any = pages.new()
    page.goto(f"/replay?table={table}&game=1")
    step = page.locator(".step")
    expect(step).to_contain_text(f"Round 1, move 0 of {len(rounds[0]['steps'])}")
    tiles = page.locator(".board .tile")
    expect(tiles).to_have_count(0)
    forward = page.get_by_role("button", name="Forward")
    back = page.get_by_role("button", name="Back")
    placements = 0
    for index, action in enumerate(rounds[0]["steps"][:6]):
        forward.click()
        expect(step).to_contain_text(f"Round 1, move {index + 1} of")
        placements += "@" in action["action"]
        expect(tiles).to_have_count(placements)
    # The score sheet is in step: the mover's running total as the replay says.
    sixth = rounds[0]["steps"][5]
    expect(page.locator(".sheet tbody")).to_contain_text(str(sixth["totals"][sixth["seat"]]))
    back.click()
    expect(step).to_contain_text("Round 1, move 5 of")
    page.get_by_role("button", name="End of the round").click()
    expect(step).to_contain_text(re.compile("went out|blocked"))
    result = page.locator(".round-result")
    winners = ", ".join(replay["players"][w] for w in rounds[0]["end"]["winners"])
    expect(result).to_contain_text(re.compile(f"Round winners?: {re.escape(winners)}"))
    shown = [int(x) for x in page.locator(".sheet tfoot td").all_inner_texts()]
    after_first = rounds[1]["start"]["totals"] if len(rounds) > 1 else replay["totals"]
    assert shown == after_first
    if len(rounds) > 1:
        page.get_by_label("Round", exact=True).select_option(label=f"Round {len(rounds)}")
        expect(step).to_contain_text(f"Round {len(rounds)}, move 0")
        expect(tiles).to_have_count(0)
        expect(page.locator(".sheet .past")).to_have_count(len(rounds) - 1)
        back.click()
        expect(step).to_contain_text(f"Round {len(rounds) - 1}, move")
    page.get_by_role("button", name="Start of the round").click()
    expect(step).to_contain_text("move 0")
    forward.click()
    forward.click()
    screenshot(page, "replay")


def test_an_uploaded_record_is_replayed(
    pages: Pages, server: ServerProcess, tmp_path: Path
) -> None:
    table = server.finished_bot_game(250)
    record = server.record(table).json()
    page: Any = pages.new()
    open_record_file(page, record, tmp_path)
    page.get_by_role("button", name="Forward").click()
    expect(page.locator(".board .tile")).to_have_count(1)
    with page.expect_download() as download:
        page.get_by_role("link", name="Download the record").click()
    assert json.loads(Path(download.value.path()).read_text()) == record
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "triominoes-record", "rounds": 3}')
    page.get_by_label("Open a record file (JSON)").set_input_files(str(bad))
    expect(page.get_by_role("alert")).to_contain_text("not a record that can be replayed")
