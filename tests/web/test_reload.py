"""A reload, a lost seat link and a dropped connection put the player back
in their seat with the current state; nothing is lost or doubled."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx
from playwright.sync_api import expect

from tests.server.harness import ServerProcess
from tests.web.conftest import Pages
from tests.web.flows import play_turn, seat_page, wait_my_turn


def rack(page: Any) -> list[str]:
    names = "els => els.map(e => e.dataset.tile)"
    return sorted(page.locator(".rack-tile").evaluate_all(names))


def test_a_reload_mid_game_stays_seated(pages: Pages, server: ServerProcess) -> None:
    page, table = seat_page(pages, server, ["human", "bot:easy"])
    wait_my_turn(page)
    play_turn(page)
    wait_my_turn(page)
    tiles = rack(page)
    placed = page.locator(".board .tile").count()
    version = server.summary(table)["version"]
    page.reload()
    page.locator(".rack-tile").first.wait_for()
    assert rack(page) == tiles
    expect(page.locator(".board .tile")).to_have_count(placed)
    assert server.summary(table)["version"] == version  # the reload changed nothing
    wait_my_turn(page)
    play_turn(page)
    # The seat's address without the token still plays it (kept in this browser).
    page.goto(f"/t/{table}")
    page.locator(".rack-tile").first.wait_for()
    expect(page.get_by_role("heading", level=1)).not_to_contain_text("Watching")
    # Another browser without the token only watches.
    other: Any = pages.new()
    other.goto(f"/t/{table}")
    expect(other.get_by_role("heading", level=1)).to_contain_text("Watching")
    expect(other.locator(".rack-tile")).to_have_count(0)


def test_a_dropped_connection_shows_reconnecting_and_comes_back(
    browser: Any, tmp_path: Path
) -> None:
    server = ServerProcess(f"sqlite:///{tmp_path / 'db.sqlite'}", cwd=tmp_path).start()
    pages = Pages(browser, server.url)
    try:
        page, table = seat_page(pages, server, ["human", "bot:easy"])
        wait_my_turn(page)
        tiles = rack(page)
        server.stop()  # SIGTERM: the server closes every socket (1012)
        banner = page.get_by_role("status").filter(has_text="Reconnecting")
        expect(banner).to_be_visible(timeout=15_000)
        server.start()
        expect(banner).to_have_count(0, timeout=30_000)
        assert rack(page) == tiles
        before = httpx.get(f"{server.url}/api/tables/{table}", timeout=10).json()["version"]
        play_turn(page)
        after = httpx.get(f"{server.url}/api/tables/{table}", timeout=10).json()["version"]
        assert after > before
        assert pages.errors == []
    finally:
        pages.close()
        server.stop()
