"""Keyboard, pointer, phone and axe-core: the page works without a mouse,
with a finger on a 360 px screen, and has no serious accessibility faults."""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import expect

from tests.server.harness import ServerProcess
from tests.web.conftest import Pages, axe_violations, screenshot
from tests.web.flows import (
    create_table,
    join,
    my_turn,
    play_turn,
    seat_page,
    wait_more,
    wait_my_turn,
)

ACTIVE = """() => {
    const e = document.activeElement;
    const named = e.querySelector('title') || e.querySelector('.sr') || {};
    return {
        cls: e.getAttribute('class') || '',
        name: e.getAttribute('aria-label') || named.textContent || '',
        outline: getComputedStyle(e).outlineStyle,
    };
}"""


def test_a_turn_by_keyboard_only(pages: Pages, server: ServerProcess) -> None:
    page, _table = seat_page(pages, server, ["human", "bot:easy"])
    placed_turns = 0
    for _turn in range(6):
        wait_my_turn(page)
        if not page.locator(".rack-tile:not(.nofit)").count():
            play_turn(page)  # nothing fits: draw or pass, then try again
            continue
        page.locator("body").focus()
        for _ in range(80):
            page.keyboard.press("Tab")
            active = page.evaluate(ACTIVE)
            if "rack-tile" in active["cls"] and "nofit" not in active["cls"]:
                break
        else:
            raise AssertionError("Tab never reached a tile that fits")
        assert re.fullmatch(r"[0-5]-[0-5]-[0-5]", active["name"])
        assert active["outline"] != "none", "the focus is not visible"
        page.keyboard.press("Enter")
        tile = page.get_by_role("button", name=active["name"], exact=True)
        expect(tile).to_have_attribute("aria-pressed", "true")
        spots = page.locator(".spot")
        expect(spots.first).to_be_visible()
        page.keyboard.press("ArrowRight")
        first = page.evaluate(ACTIVE)
        assert "spot" in first["cls"], first
        assert first["name"].startswith(f"Place {active['name']} at "), first
        assert re.search(r": -?\d+ points", first["name"])
        if spots.count() > 1:
            page.keyboard.press("ArrowDown" if spots.count() == 2 else "ArrowRight")
            moved = page.evaluate(ACTIVE)
            if moved["name"] == first["name"]:
                page.keyboard.press("ArrowLeft")
                moved = page.evaluate(ACTIVE)
            assert "spot" in moved["cls"] and moved["name"] != first["name"], moved
        focused = page.locator(".spot:focus")
        counter = focused.locator(".more")
        if counter.count():
            before = counter.text_content() or ""  # SVG text: no inner_text
            assert re.fullmatch(r"\d/\d", before), before
            page.keyboard.press("r")
            expect(counter).not_to_have_text(before)
        else:
            name = focused.locator("title").text_content()
            page.keyboard.press("r")  # one way to fit here: turning keeps it
            expect(focused.locator("title")).to_have_text(name or "")
        action = focused.get_attribute("data-action")
        board = page.locator(".board .tile")
        count = board.count()
        page.keyboard.press("Enter")
        wait_more(page, ".board .tile", count)
        cell = action.split("@")[1] if action else ""
        assert cell
        placed_turns += 1
        if placed_turns >= 2:
            break
    assert placed_turns >= 1


def test_pointer_drag_wheel_and_pinch(pages: Pages, server: ServerProcess) -> None:
    page, _table = seat_page(pages, server, ["human", "bot:easy"])
    svg = page.locator("svg.board")
    box0 = svg.get_attribute("viewBox")
    svg.hover()
    page.mouse.wheel(0, -400)
    expect(svg).not_to_have_attribute("viewBox", box0 or "")
    zoomed = svg.get_attribute("viewBox") or ""
    assert float(zoomed.split()[2]) < float((box0 or "").split()[2])
    bounds = svg.bounding_box()
    assert bounds is not None
    x, y = bounds["x"] + 30, bounds["y"] + bounds["height"] - 30
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x + 80, y - 40, steps=4)
    page.mouse.up()
    panned = svg.get_attribute("viewBox") or ""
    assert panned.split()[:2] != zoomed.split()[:2]
    assert panned.split()[2] == zoomed.split()[2]
    # Two fingers apart: zoom in (pointer events as a touch screen sends them).
    page.evaluate(
        """() => {
        const svg = document.querySelector('svg.board');
        const r = svg.getBoundingClientRect();
        const cx = r.x + r.width / 2, cy = r.y + r.height / 2;
        const ev = (type, id, x) => svg.dispatchEvent(new PointerEvent(type,
            {pointerId: id, pointerType: 'touch', clientX: x, clientY: cy, bubbles: true}));
        ev('pointerdown', 11, cx - 20); ev('pointerdown', 12, cx + 20);
        ev('pointermove', 12, cx + 80); ev('pointerup', 11, cx - 20); ev('pointerup', 12, cx + 80);
    }"""
    )
    pinched = svg.get_attribute("viewBox") or ""
    assert float(pinched.split()[2]) < float(panned.split()[2])
    page.get_by_role("button", name="Centre the layout").click()
    expect(svg).to_have_attribute("viewBox", box0 or "")

    # Drag a tile from the rack onto a highlighted cell.
    for _ in range(6):
        wait_my_turn(page)
        fitting = page.locator(".rack-tile:not(.nofit)")
        if fitting.count():
            break
        play_turn(page)
    tile = fitting.first
    tile.click()
    spot = page.locator(".spot").first
    target = spot.locator("polygon").bounding_box()
    assert target is not None
    tile.click()  # deselect: the drag itself selects
    expect(page.locator(".spot")).to_have_count(0)
    start = tile.bounding_box()
    assert start is not None
    placed = page.locator(".board .tile").count()
    page.mouse.move(start["x"] + start["width"] / 2, start["y"] + start["height"] / 2)
    page.mouse.down()
    tx, ty = target["x"] + target["width"] / 2, target["y"] + target["height"] * 0.6
    page.mouse.move(tx, ty, steps=8)
    page.mouse.up()
    wait_more(page, ".board .tile", placed)


def test_a_phone_360_px_wide(pages: Pages, server: ServerProcess) -> None:
    phone = {
        "viewport": {"width": 360, "height": 740},
        "device_scale_factor": 2,
        "is_mobile": True,
        "has_touch": True,
    }
    page: Any = pages.new(**phone)
    page.goto("/")
    page.get_by_role("button", name="Create the table").wait_for()
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 360
    create_table(page, ["A person", "Bot (easy)"])
    join(page, "Ann")
    for _ in range(8):
        if my_turn(page):
            break
        page.wait_for_timeout(250)
    wait_my_turn(page)
    fitting = page.locator(".rack-tile:not(.nofit)")
    if fitting.count():
        fitting.first.tap()
        expect(page.locator(".spot").first).to_be_visible()
        screenshot(page, "phone")
        placed = page.locator(".board .tile").count()
        page.locator(".spot").first.tap()
        wait_more(page, ".board .tile", placed)
    else:
        screenshot(page, "phone")
        play_turn(page)
    width = page.evaluate("() => document.documentElement.scrollWidth")
    assert width <= 360, f"the page is {width} px wide on a 360 px phone"
    for button in page.locator(".actions button").all():
        b = button.bounding_box()
        assert b is not None and b["x"] >= 0 and b["x"] + b["width"] <= 360


def test_axe_finds_no_serious_violation_on_any_main_screen(
    pages: Pages, server: ServerProcess
) -> None:
    control: Any = pages.new()
    control.set_content("<html><body><img src='x.png'><button></button></body></html>")
    assert {"image-alt", "button-name"} <= set(axe_violations(control)), "axe catches nothing"
    for scheme in ("light", "dark"):
        page: Any = pages.new(color_scheme=scheme)
        page.goto("/")
        page.get_by_role("button", name="Create the table").wait_for()
        page.locator("details.house summary").click()
        assert axe_violations(page) == {}, ("home", scheme)
        create_table(page, ["A person", "Bot (easy)"])
        assert axe_violations(page) == {}, ("lobby", scheme)
        join(page, "Ann")
        wait_my_turn(page)
        fitting = page.locator(".rack-tile:not(.nofit)")
        if fitting.count():
            fitting.first.click()
            page.locator(".spot").first.wait_for()
        assert axe_violations(page) == {}, ("game", scheme)
        if scheme == "dark":
            screenshot(page, "game-dark")
        table = page.url.split("/t/")[1].split("#")[0]
        replay_page: Any = pages.new(color_scheme=scheme)
        finished = server.create(["bot:easy", "bot:random"], {"preset": "german"})
        wait_finished(server, finished)
        replay_page.goto(f"/replay?table={finished}&game=1")
        replay_page.get_by_role("button", name="Forward").click()
        expect(replay_page.locator(".board .tile")).to_have_count(1)
        assert axe_violations(replay_page) == {}, ("replay", scheme)
        assert table
        pad: Any = pages.new(color_scheme=scheme)
        pad.goto("/pad")
        pad.locator("main h1").wait_for()
        pad.locator("form button, main button").first.wait_for()
        assert axe_violations(pad) == {}, ("pad", scheme)
        # The same game page in high contrast (a setting of this browser).
        page.locator("details.settings summary").click()
        page.get_by_label("High contrast").check()
        assert axe_violations(page) == {}, ("game, high contrast", scheme)


def wait_finished(server: ServerProcess, table: str) -> None:
    import time

    deadline = time.monotonic() + 120
    while server.summary(table)["status"] != "finished":
        assert time.monotonic() < deadline
        time.sleep(0.3)
