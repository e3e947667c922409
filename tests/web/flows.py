"""What a person does on the page, step by step, each step checked: a
click that changes nothing fails the test."""

from __future__ import annotations

import asyncio
import contextlib
import json
import re
import threading
import time
from pathlib import Path
from typing import Any

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import expect

from tests.server.harness import Player


def create_table(page: Any, seats: list[str], *, target: int | None = None) -> str:
    """On the home page: seats as "A person" or "Bot (easy)"...; returns the table id."""
    page.goto("/")
    create = page.get_by_role("button", name="Create the table")
    create.wait_for()
    rows = page.locator(".seat-row")
    while rows.count() < len(seats):
        before = rows.count()
        page.get_by_role("button", name="Add a seat").click()
        expect(rows).to_have_count(before + 1)
    for index, seat in enumerate(seats):
        choice = page.get_by_label(f"Seat {index + 1}", exact=True)
        choice.select_option(label=seat)
        expect(choice.locator("option:checked")).to_have_text(seat)
    if target is not None:
        field = page.get_by_label("Play to (points)")
        field.fill(str(target))
        expect(page.locator(".summary")).to_contain_text(str(target))
    create.click()
    page.wait_for_url(re.compile(r"/t/[A-Za-z0-9_-]+$"))
    page.get_by_role("heading", name="Take a seat").wait_for()
    return str(page.url.rsplit("/", 1)[1])


def join(page: Any, name: str) -> None:
    page.get_by_label("Your name").fill(name)
    page.get_by_role("button", name="Join the table").click()
    page.wait_for_url(re.compile(r"#seat="))
    page.locator(".turn").wait_for()


def my_turn(page: Any) -> bool:
    """The page says it is this seat's turn (in any language)."""
    return bool(page.locator('.turn strong[data-turn="mine"]').count())


def play_turn(page: Any) -> str:
    """One action by clicking: a tile that fits and a highlighted cell, else
    Draw, else Pass. Returns what was done, after checking it happened."""
    tiles = page.locator(".board .tile")
    placed = tiles.count()
    fitting = page.locator(".rack-tile:not(.nofit)")
    if fitting.count():
        pressed = page.locator('.rack-tile[aria-pressed="true"]:not(.nofit)')
        tile = pressed.first if pressed.count() else fitting.first
        if tile.get_attribute("aria-pressed") != "true":
            tile.click()
            expect(tile).to_have_attribute("aria-pressed", "true")
        spot = page.locator(".spot").first
        spot.wait_for()
        spot.click()
        wait_more(page, ".board .tile", placed)
        return "place"
    hand = page.locator(".rack-tile").count()
    draw = page.get_by_role("button", name=re.compile(r"^Draw \("))
    if draw.count() and draw.is_enabled():
        pool = page.locator(".pool").inner_text()
        draw.click()
        expect(page.locator(".pool")).not_to_have_text(pool)
        return "draw"
    passing = page.get_by_role("button", name=re.compile(r"^Pass \("))
    expect(passing).to_be_enabled()
    version = int(page.locator("main").get_attribute("data-version") or -1)
    passing.click()
    page.wait_for_function(
        "v => Number(document.querySelector('main').dataset.version) > v", arg=version
    )
    assert page.locator(".rack-tile").count() == hand
    return "pass"


def wait_more(page: Any, selector: str, count: int, timeout: float = 15_000) -> None:
    """Wait until more than ``count`` elements match (a bot may move at once too)."""
    page.wait_for_function(
        "([s, n]) => document.querySelectorAll(s).length > n",
        arg=[selector, count],
        timeout=timeout,
    )


def open_record_file(page: Any, record: Any, folder: Path) -> None:
    """On the replay page: the record saved to a file and opened from it."""
    path = folder / "game.json"
    path.write_text(json.dumps(record))
    page.goto("/replay")
    page.get_by_label("Open a record file (JSON)").set_input_files(str(path))
    expect(page.locator(".step")).to_contain_text("Round 1, move 0")


def missing_translations(page: Any) -> list[str]:
    return list(page.evaluate("() => [...(globalThis.triominoesMissing ?? [])]"))


def choose_language(page: Any, code: str) -> None:
    select = page.get_by_label(re.compile("^(Language|Sprache|Jazyk|Idioma|ภาษา)$"))
    select.select_option(code)
    expect(page.locator("html")).to_have_attribute("lang", code)


def seat_page(
    pages: Any, server: Any, seats: list[str], rules: Any = "standard", **options: Any
) -> tuple[Any, str]:
    """A table made over HTTP (quicker than the form, which test_two_players
    covers), the first human seat's page open at its seat URL."""
    table = server.create(seats, rules)
    answer = server.join(table, "Ann")
    page = pages.new(**options)
    page.goto(answer["url"].replace(server.url, ""))
    page.locator(".rack-tile").first.wait_for()
    return page, table


def wait_my_turn(page: Any, timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while not my_turn(page):
        assert time.monotonic() < deadline, "my turn did not come"
        if page.locator("#round-over-h").count():
            # The next round may be dealt (the summary gone) before the click lands.
            with contextlib.suppress(PlaywrightError):
                page.locator("#round-over-h ~ p button.primary").click(timeout=3_000)
            expect(page.locator("#round-over-h")).to_have_count(0, timeout=30_000)
        page.wait_for_timeout(100)


class Autoplayer:
    """A seat played by a program (random legal actions) on a thread of its
    own, beside the browser that shows the same seat or another: a round
    ends in seconds. ``until(view)`` stops it; ``ready`` says ready for the
    next round; ``rematch`` answers an offer of another game (None: ignore
    it); ``offer`` offers one when a game is over."""

    def __init__(
        self,
        server: Any,
        table: str,
        token: str | None,
        *,
        until: Any = None,
        ready: bool = True,
        rematch: bool | None = None,
        offer: bool = False,
        cookie: str | None = None,
    ) -> None:
        """``token`` None and a ``cookie``: the seat of the signed-in player."""
        self.server = server
        self.table = table
        self.token = token
        self.cookie = cookie
        self.until = until or (lambda view: bool(view.get("finished")))
        self.ready = ready
        self.rematch = rematch
        self.offer = offer
        self.stopped = threading.Event()
        self.done = threading.Event()
        self.error: BaseException | None = None
        self.view: dict[str, Any] = {}
        self.thread = threading.Thread(target=self._run, daemon=True)

    def start(self) -> Autoplayer:
        self.thread.start()
        return self

    def stop(self) -> None:
        self.stopped.set()
        self.thread.join(30)

    def wait(self, timeout: float = 120) -> dict[str, Any]:
        assert self.done.wait(timeout), "the autoplayer did not get there"
        assert self.error is None, self.error
        return self.view

    def _run(self) -> None:
        try:
            asyncio.run(self._play())
        except BaseException as exc:  # reported by wait()
            self.error = exc
        finally:
            self.done.set()

    async def _play(self) -> None:
        player = Player(self.server.ws, self.table, self.token, cookie=self.cookie)
        await player.connect()
        answered: set[tuple[int, int]] = set()
        ready_for: tuple[int, int] | None = None
        try:
            while not self.stopped.is_set():
                view = player.view
                self.view = view
                if self.until(view):
                    return
                table = view.get("table", {})
                me = view.get("seat")
                seat = table.get("seats", [{}] * 8)[me] if me is not None else {}
                offer = table.get("rematch")
                key = (table.get("game", 0), view.get("round", 0))
                if player.my_turn and view.get("round_end") is None and not seat.get("stand_in"):
                    answer = await player.act()
                    if answer["type"] == "error" and answer["code"] != "stale":
                        raise AssertionError(answer)
                    continue
                between = view.get("round_end") is not None and not view.get("finished")
                if self.ready and between and ready_for != key:
                    ready_for = key
                    await player.send({"type": "next"})
                if self.offer and view.get("finished") and offer is None and key not in answered:
                    answered.add(key)
                    await player.send({"type": "rematch"})
                voted = offer is not None and me in offer["accepted"] + offer["declined"]
                if offer and self.rematch is not None and key not in answered and not voted:
                    answered.add(key)
                    await player.send({"type": "rematch", "accept": self.rematch})
                with contextlib.suppress(TimeoutError):
                    await player.receive(0.5)
        finally:
            await player.close()


def sign_up(page: Any, name: str, password: str = "a long password") -> None:
    """Create an account on the sign-up page; the header then names the player."""
    page.goto("/signup")
    page.get_by_label("Name", exact=True).fill(name)
    page.get_by_label("Password", exact=True).fill(password)
    page.get_by_label("Password again").fill(password)
    page.get_by_role("button", name="Create the account").click()
    expect(page.locator(".account .who")).to_have_text(name)


def sign_in(page: Any, name: str, password: str = "a long password") -> None:
    page.goto("/signin")
    page.get_by_label("Name", exact=True).fill(name)
    page.get_by_label("Password", exact=True).fill(password)
    page.get_by_role("button", name="Sign in").last.click()
    expect(page.locator(".account .who")).to_have_text(name)


def session_cookie(page: Any) -> str:
    """The browser's session cookie, for a program that plays the same seat."""
    for cookie in page.context.cookies():
        if cookie["name"] == "triominoes_session":
            return f"triominoes_session={cookie['value']}"
    raise AssertionError("not signed in")
