"""The README's pictures of the main screens, taken from a real game
(SCREENSHOTS=1 writes them to docs/screenshots/; every run keeps them in
build/screenshots/)."""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import expect

from tests.server.harness import ServerProcess
from tests.web.conftest import Pages, screenshot
from tests.web.flows import play_turn, seat_page, wait_my_turn


def test_the_main_screens(pages: Pages, server: ServerProcess) -> None:
    # A home page with something on it: a table waiting for a second
    # person, a game in play and a finished one.
    waiting = server.create(["human", "human", "bot:medium"], {"preset": "standard"})
    server.join(waiting, "Cleo")
    server.finished_bot_game(150)
    playing, _ = seat_page(pages, server, ["human", "bot:hard"])
    home: Any = playing.context.new_page()  # Ann's browser: her game is hers to resume
    home.goto("/")
    home.get_by_role("button", name="Create the table").wait_for()
    expect(home.locator(".summary li")).not_to_have_count(0)
    expect(home.locator(".tables a", has_text="Resume:")).not_to_have_count(0)
    expect(home.locator(".tables a", has_text="Join:")).not_to_have_count(0)
    expect(home.locator(".tables a", has_text="Replay:")).not_to_have_count(0)
    screenshot(home, "home")

    page, _table = seat_page(pages, server, ["human", "bot:hard", "bot:easy"])
    for _ in range(40):
        if page.locator(".board .tile").count() >= 9:
            break
        wait_my_turn(page)
        play_turn(page)
    wait_my_turn(page)
    for _ in range(6):
        if page.locator(".rack-tile:not(.nofit)").count():
            break
        play_turn(page)
        wait_my_turn(page)
    fitting = page.locator(".rack-tile:not(.nofit)")
    expect(fitting.first).to_be_visible()
    fitting.first.click()
    spots = page.locator(".spot")
    expect(spots.first).to_be_visible()
    assert re.search(r"\d+ points", spots.first.locator("title").text_content() or "")
    assert page.locator(".board .tile").count() >= 5
    screenshot(page, "game")
    sheet = page.locator(".sheet-wrap")
    expect(sheet.locator("tbody tr")).not_to_have_count(0)
    screenshot(sheet, "score-sheet")
