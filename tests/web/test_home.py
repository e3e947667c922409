"""The home page (issue 20): one's own games to resume, open tables told
apart, every finished game of a rematched table; the new-table form catches
what the server would refuse, in the reader's language, and shows its
choices whole. The chat's own lines and the replay viewer's keys too."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import expect

from tests.server.harness import ServerProcess
from tests.web.conftest import Pages, screenshot
from tests.web.flows import Autoplayer, choose_language, seat_page

DESK: dict[str, Any] = {"viewport": {"width": 1280, "height": 800}}


@pytest.fixture
def quiet(browser: Any, tmp_path: Path) -> Iterator[tuple[Pages, ServerProcess]]:
    """Pages on a server of its own: the home page lists the latest tables
    only, and the other tests' tables would push these out."""
    server = ServerProcess(f"sqlite:///{tmp_path / 'db.sqlite'}", cwd=tmp_path).start()
    pages = Pages(browser, server.url)
    try:
        yield pages, server
    finally:
        pages.close()
        server.stop()
    assert pages.errors == []


def entry(page: Any, table: str, game: int | None = None) -> Any:
    href = f"/t/{table}" if game is None else f"/replay?table={table}&game={game}"
    return page.locator(f'.tables a[href="{href}"]')


def test_own_games_resume_and_open_tables_are_told_apart(
    quiet: tuple[Pages, ServerProcess],
) -> None:
    pages, server = quiet
    page, table = seat_page(pages, server, ["human", "bot:easy"], **DESK)
    page.goto("/")
    mine = entry(page, table)
    expect(mine).to_have_text("Resume: Ann, Bot (easy)")
    other: Any = pages.new(**DESK)
    other.goto("/")
    expect(entry(other, table)).to_have_text("Watch: Ann, Bot (easy)")

    # Two tables alike but for who is at them: their lines differ.
    first = server.create(["human", "human"])
    second = server.create(["human", "human"])
    server.join(first, "Cleo")
    other.reload()
    lines = [
        other.locator(".table-entry", has=other.locator(f'a[href="/t/{t}"]'))
        for t in (first, second)
    ]
    for line in lines:
        expect(line).to_contain_text("Join: Standard, to 400 points, No clock")
    expect(lines[0]).to_contain_text("Host: Cleo · 1 of 2 people seated · Cleo, free seat")
    expect(lines[1]).to_contain_text("Nobody seated yet · 0 of 2 people seated")
    assert lines[0].inner_text() != lines[1].inner_text()


def test_every_finished_game_of_a_rematched_table_is_listed(
    quiet: tuple[Pages, ServerProcess],
) -> None:
    listed(*quiet)


def listed(pages: Pages, server: ServerProcess) -> None:
    table = server.create(["human", "bot:easy"], "german")
    token = server.join(table, "Ann")["token"]

    def two_games(view: dict[str, Any]) -> bool:
        return view["table"]["game"] >= 2 and bool(view.get("finished"))

    player = Autoplayer(server, table, token, until=two_games, rematch=True, offer=True)
    player.start().wait(180)
    games = httpx.get(f"{server.url}/api/tables/{table}/games", timeout=10).json()
    assert [g["game"] for g in games] == [1, 2]
    page: Any = pages.new(**DESK)
    page.goto("/")
    for game in games:
        link = entry(page, table, game["game"])
        expect(link).to_have_text(f"Game {game['game']}")
        winners = [game["players"][w] for w in game["winners"]]
        href = f"/replay?table={table}&game={game['game']}"
        line = page.locator(".games li", has=page.locator(f'a[href="{href}"]'))
        expect(line).to_contain_text(", ".join(winners))
    screenshot(page, "home-finished")


def test_a_missing_target_is_caught_in_the_form_in_each_language(
    pages: Pages, server: ServerProcess
) -> None:
    page: Any = pages.new(**DESK)
    page.goto("/")
    before = len(httpx.get(f"{server.url}/api/tables?status=waiting", timeout=10).json())
    target = page.get_by_label("Play to (points)")
    target.fill("")
    page.get_by_role("button", name="Create the table").click()
    error = page.locator("#target-error")
    expect(error).to_contain_text("Enter the points to play to")
    expect(target).to_have_attribute("aria-invalid", "true")
    expect(target).to_be_focused()
    assert page.url.endswith("/")
    choose_language(page, "de")
    expect(error).to_contain_text("Gib die Punktzahl ein")
    expect(page.locator("body")).not_to_contain_text("target_score")
    after = len(httpx.get(f"{server.url}/api/tables?status=waiting", timeout=10).json())
    assert after == before, "the form sent what the server refuses"
    page.locator("#target").fill("150")
    expect(error).to_have_count(0)


WIDTHS = """() => {
    const canvas = document.createElement('canvas').getContext('2d');
    return [...document.querySelectorAll('form select')].map(select => {
        const style = getComputedStyle(select);
        canvas.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
        const text = Math.max(...[...select.options].map(o => canvas.measureText(o.text).width));
        const padding = parseFloat(style.paddingLeft) + parseFloat(style.paddingRight);
        const room = select.clientWidth - padding - 14;  // the arrow
        return {id: select.id, text: Math.ceil(text), room: Math.floor(room)};
    });
}"""


def test_the_house_rules_choices_are_shown_whole(pages: Pages, server: ServerProcess) -> None:
    page: Any = pages.new(**DESK)
    page.goto("/")
    page.locator("details.house summary").click()
    for code in ("en", "de", "cs", "es", "th"):
        choose_language(page, code)
        for select in page.evaluate(WIDTHS):
            assert select["text"] <= select["room"], (code, select)
    screenshot(page, "house-rules-1280")


def test_ones_own_chat_line_is_said_in_the_second_person(
    pages: Pages, server: ServerProcess
) -> None:
    page, _table = seat_page(pages, server, ["human", "bot:easy"], **DESK)
    live = page.locator(".live")
    page.get_by_role("button", name="Hello!").click()
    expect(live).to_have_text("You say: Hello!")
    choose_language(page, "de")
    page.locator(".phrases button").first.click()
    expect(live).to_contain_text("Du sagst:")
    expect(page.locator(".chat .lines li").first).to_contain_text("Du:")


def test_the_replay_takes_the_arrow_keys_at_once_and_marks_the_move(
    pages: Pages, server: ServerProcess
) -> None:
    table = server.finished_bot_game(150)
    replay = httpx.get(f"{server.url}/api/tables/{table}/games/1/replay", timeout=10).json()
    steps = replay["rounds"][0]["steps"]
    page: Any = pages.new(**DESK)
    page.goto(f"/replay?table={table}&game=1")
    step = page.locator(".step")
    expect(step).to_contain_text("Round 1, move 0")
    page.keyboard.press("ArrowRight")  # no click first: the viewer has the keys
    expect(step).to_contain_text("Round 1, move 1 of")
    first = steps[0]
    cell = first["action"].split("@")[1]
    mark = page.locator(f'.board .mark[data-seat="{first["seat"]}"]')
    expect(mark).to_have_count(1)
    expect(page.locator(f'.board .tile.arrive[data-cell="{cell}"]')).to_have_count(1)
    page.keyboard.press("ArrowRight")
    expect(step).to_contain_text("Round 1, move 2 of")
    page.keyboard.press("ArrowLeft")
    expect(step).to_contain_text("Round 1, move 1 of")
    # The round's end says who went out (or that it was blocked) and who won.
    page.get_by_role("button", name="End of the round").click()
    end = replay["rounds"][0]["end"]
    winners = ", ".join(replay["players"][w] for w in end["winners"])
    result = page.locator(".round-result")
    expect(result).to_contain_text(re.compile(f"Round winners?: {re.escape(winners)}"))
    if end["reason"] == "out":
        expect(step).to_contain_text("went out.")
