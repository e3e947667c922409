"""Every screen in each of the five languages: nothing left in English
(the page records any message its catalog lacks), a screenshot of each."""

from __future__ import annotations

import time
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.server.harness import ServerProcess
from tests.web.conftest import Pages, screenshot
from tests.web.flows import choose_language, missing_translations, seat_page, wait_my_turn

CREATE = {
    "en": "Create the table",
    "de": "Tisch anlegen",
    "cs": "Založit stůl",
    "es": "Crear la mesa",
    "th": "สร้างโต๊ะ",
}


@pytest.fixture(scope="module")
def finished(server: ServerProcess) -> str:
    table = server.create(["bot:easy", "bot:random"], {"preset": "standard", "target_score": 150})
    deadline = time.monotonic() + 120
    while server.summary(table)["status"] != "finished":
        assert time.monotonic() < deadline
        time.sleep(0.3)
    return table


@pytest.mark.parametrize("code", list(CREATE))
def test_every_screen_is_translated(
    pages: Pages, server: ServerProcess, finished: str, code: str
) -> None:
    page: Any = pages.new(locale="en-US")
    page.goto("/")
    expect(page.get_by_role("button", name=CREATE["en"])).to_be_visible()
    choose_language(page, code)
    expect(page.locator("form button.primary")).to_have_text(CREATE[code])
    for opened in page.locator("details.house").all():
        opened.locator("summary").click()
    page.locator("#preset").select_option("spanish")  # another rules summary
    page.locator(".seat-row select").last.select_option("bot:expert")
    assert missing_translations(page) == [], ("home", code)
    screenshot(page, f"home-{code}", full_page=True)

    page.reload()  # the choice is remembered
    expect(page.locator("html")).to_have_attribute("lang", code)
    expect(page.locator("form button.primary")).to_have_text(CREATE[code])

    lobby = server.create(["human", "human", "bot:hard"])
    server.join(lobby, "Ben")
    page.goto(f"/t/{lobby}")
    page.locator("#name").wait_for()
    assert missing_translations(page) == [], ("lobby", code)

    game, _table = seat_page(pages, server, ["human", "bot:easy"])
    choose_language(game, code)
    wait_my_turn(game)
    fitting = game.locator(".rack-tile:not(.nofit)")
    if fitting.count():
        fitting.first.click()
        game.locator(".spot").first.wait_for()
    game.locator(".phrases button").first.click()
    expect(game.locator(".chat .lines li")).not_to_have_count(0)
    assert missing_translations(game) == [], ("game", code)
    screenshot(game, f"game-{code}")

    page.goto(f"/replay?table={finished}&game=1")
    forward = page.locator(".controls button").nth(2)
    for _ in range(4):
        forward.click()
    page.locator(".controls button").nth(3).click()  # to the round's end
    expect(page.locator(".sheet tbody tr.end")).to_have_count(1)
    assert missing_translations(page) == [], ("replay", code)
    screenshot(page, f"replay-{code}")
