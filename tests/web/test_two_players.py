"""Two people in two browsers: create a table, send the link, join, play a
whole round to its end by clicking."""

from __future__ import annotations

import time
from typing import Any

import httpx
from playwright.sync_api import expect

from tests.server.harness import ServerProcess
from tests.web.conftest import Pages, screenshot
from tests.web.flows import create_table, join, my_turn, play_turn


def test_two_players_create_join_and_play_a_round(pages: Pages, server: ServerProcess) -> None:
    ann: Any = pages.new()
    ben: Any = pages.new()
    table = create_table(ann, ["A person", "A person"])
    invite = ann.get_by_label("Invite link").input_value()
    assert invite.endswith(f"/t/{table}")
    join(ann, "Ann")
    ann.get_by_role("heading", name="Waiting for players").wait_for()
    expect(ann.get_by_role("list", name="Who has joined")).to_contain_text("Ann")

    ben.goto(invite)
    expect(ben.get_by_role("list", name="Who has joined")).to_contain_text("Ann")
    join(ben, "Ben")
    for page, other in ((ann, "Ben"), (ben, "Ann")):
        expect(page.locator(".players")).to_contain_text(other)
        expect(page.locator(".rack-tile")).to_have_count(9)

    # A takeback, asked on one page and allowed on the other.
    deadline = time.monotonic() + 30
    while not (my_turn(ann) or my_turn(ben)):
        assert time.monotonic() < deadline
        ann.wait_for_timeout(100)
    opener, other = (ann, ben) if my_turn(ann) else (ben, ann)
    assert play_turn(opener) == "place"
    expect(other.locator(".board .tile")).to_have_count(1)
    opener.get_by_role("button", name="Take back").click()
    ask = other.get_by_role("alertdialog")
    expect(ask).to_contain_text("asks to take back their last move")
    other.get_by_role("button", name="Allow").click()
    for page in (ann, ben):
        expect(page.locator(".board .tile")).to_have_count(0)
    expect(opener.locator('.turn strong[data-turn="mine"]')).to_have_count(1)

    done = {"place": 0, "draw": 0, "pass": 0}
    over = "#round-over-h, #game-over-h"
    deadline = time.monotonic() + 240
    while not (ann.locator(over).count() and ben.locator(over).count()):
        assert time.monotonic() < deadline, done
        acted = False
        for page in (ann, ben):
            if page.locator(over).count() == 0 and my_turn(page):
                done[play_turn(page)] += 1
                acted = True
        if not acted:
            ann.wait_for_timeout(100)
    # A round goes on until someone is out, or it is blocked: an opening
    # triple that neither hand nor three draws each can follow (a few deals
    # in a hundred) blocks it after one tile, once both have passed.
    blocked = done["place"] < 2
    assert done["pass"] >= 2 if blocked else done["place"] >= 2

    summary = httpx.get(f"{server.url}/api/tables/{table}", timeout=10).json()
    for page in (ann, ben):
        expect(page.get_by_role("heading", name="Round 1 is over")).to_be_visible()
        if blocked:
            card = page.locator('[aria-labelledby="round-over-h"]')
            expect(card).to_contain_text("The round is blocked")
        sheet = page.locator(".sheet")
        shown = [int(x) for x in sheet.locator("tfoot td").all_inner_texts()]
        assert sorted(shown) == sorted(summary["totals"])
        assert sheet.locator("tbody tr").count() >= done["place"] // 2
    # Both at the round's end say they are ready: the next round is dealt.
    for page in (ann, ben):
        page.get_by_role("button", name="Next round").click()
    for page in (ann, ben):
        expect(page.locator("h1")).to_contain_text("Round 2")
        expect(page.locator(".sheet .past")).to_have_count(1)
    screenshot(ann, "two-players")
