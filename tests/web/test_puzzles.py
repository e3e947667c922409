"""The puzzle page (/puzzles) in a real browser against a real server: the
daily puzzle solved right and wrong at 1280 and 360 px (by pointer, by the
keyboard and by touch, as a game's turn is played), the guest's streak, the
answer's explanation on the board, the themes, every language, and axe.

The test learns the daily puzzle's solution the way any client could: one
attempt over HTTP (a guest's attempt changes nothing on the server)."""

from __future__ import annotations

import json
import re
import secrets
from typing import Any

import httpx
from playwright.sync_api import expect

from tests.server.harness import ServerProcess
from tests.web.conftest import Pages, axe_violations, screenshot
from tests.web.flows import choose_language, missing_translations, sign_up

PHONE = {"width": 360, "height": 740}
PLACE = re.compile(r"^([0-5])([0-5])([0-5])@(-?\d+),(-?\d+)$")
CENTROID = """polygon => {
    const m = polygon.getScreenCTM();
    const corners = [...polygon.points].map((p) => new DOMPoint(p.x, p.y).matrixTransform(m));
    return [corners.reduce((s, p) => s + p.x, 0) / 3, corners.reduce((s, p) => s + p.y, 0) / 3];
}"""


def daily(server: ServerProcess) -> dict[str, Any]:
    answer = httpx.get(f"{server.url}/api/puzzles/daily", timeout=30)
    answer.raise_for_status()
    return dict(answer.json()["puzzle"])


def solution(server: ServerProcess, puzzle: dict[str, Any]) -> list[str]:
    """The best line, from a guest's attempt with any legal action."""
    first = puzzle["view"]["legal"][0]["action"]
    answer = httpx.post(
        f"{server.url}/api/puzzles/{puzzle['id']}/attempt",
        json={"action": first, "line": []},
        timeout=30,
    )
    answer.raise_for_status()
    return list(answer.json()["solution"])


def tile_of(token: str) -> str:
    """The rack's name of a placement's tile (the smallest rotation), as tiles.ts."""
    found = PLACE.match(token)
    assert found, token
    a, b, c = found.group(1), found.group(2), found.group(3)
    return min(f"{x}-{y}-{z}" for x, y, z in ((a, b, c), (b, c, a), (c, a, b)))


def open_daily(page: Any, puzzle: dict[str, Any]) -> None:
    page.goto("/puzzles")
    expect(page.locator("main.puzzles")).to_have_attribute("data-phase", "solving")
    expect(page.locator("main.puzzles")).to_have_attribute("data-puzzle", puzzle["id"])


def choose_tile(page: Any, token: str, *, how: str) -> Any:
    """Select the token's tile and turn it until its highlighted cell holds
    the token's rotation; the cell's locator."""
    tile = page.locator(f'.rack-tile[data-tile="{tile_of(token)}"]')
    if how == "keyboard":
        tile.focus()
        page.keyboard.press("Enter")
    elif how == "touch":
        tile.tap()
    else:
        tile.click()
    spot = page.locator(f'.spot[data-action="{token}"]')
    for _ in range(3):
        if spot.count():
            break
        if how == "keyboard":
            tile.focus()
            page.keyboard.press("r")
        else:
            page.get_by_role("button", name=re.compile("^Rotate")).click()
    expect(spot).to_have_count(1)
    return spot


def play(page: Any, token: str, *, how: str = "click") -> None:
    """One action of the solver's, as a game's turn is played."""
    if token in ("draw", "pass"):
        page.get_by_role("button", name=re.compile(f"^{token.capitalize()} ")).click()
        return
    spot = choose_tile(page, token, how=how)
    if how == "keyboard":
        # An arrow key on the selected tile goes to the highlighted cells;
        # the arrow keys walk them; Enter places.
        page.keyboard.press("ArrowRight")
        count = page.locator(".spot").count()

        def focused() -> bool:
            script = "() => document.activeElement?.getAttribute('data-action')"
            return bool(page.evaluate(script) == token)

        for key in ("ArrowRight", "ArrowDown", "ArrowLeft", "ArrowUp"):
            for _ in range(count):
                if focused():
                    break
                page.keyboard.press(key)
        assert focused(), f"the arrow keys never reach {token}"
        page.keyboard.press("Enter")
    elif how == "touch":
        spot.tap()
    elif how == "drag":
        # The selected (and turned) tile dragged from the rack onto its cell.
        start = page.locator(f'.rack-tile[data-tile="{tile_of(token)}"]').bounding_box()
        assert start is not None
        middle = spot.locator("polygon").evaluate(CENTROID)
        page.mouse.move(start["x"] + start["width"] / 2, start["y"] + start["height"] / 2)
        page.mouse.down()
        page.mouse.move(middle[0], middle[1], steps=8)
        page.mouse.up()
    else:
        spot.click()


def solve(page: Any, line: list[str], *, how: str) -> None:
    """Play the solver's actions of the line (every other one: the replies
    are the server's) until the page shows the answer."""
    main = page.locator("main.puzzles")
    for index in range(0, len(line), 2):
        expect(main).to_have_attribute("data-phase", "solving")
        play(page, line[index], how=how)
        expect(main).to_have_attribute("data-phase", re.compile("solving|answered"))
        if main.get_attribute("data-phase") == "answered":
            return
    expect(main).to_have_attribute("data-phase", "answered")


def wrong_action(puzzle: dict[str, Any], best: str) -> str:
    """A legal action that is not the solution: a placement if there is one."""
    others = [str(e["action"]) for e in puzzle["view"]["legal"] if e["action"] != best]
    placements = [token for token in others if PLACE.match(token)]
    assert others, "a puzzle has more than one legal action"
    return (placements or others)[0]


def streak(page: Any) -> dict[str, Any]:
    return dict(json.loads(page.evaluate("() => localStorage.getItem('triominoes.puzzles')")))


def fits(page: Any) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"{page.url} is {width} px wide"


def test_the_daily_puzzle_right_then_wrong_at_1280(pages: Pages, server: ServerProcess) -> None:
    puzzle = daily(server)
    line = solution(server, puzzle)
    page = pages.new()
    # From the nav, as a player finds it.
    page.goto("/")
    page.get_by_role("navigation", name="Pages").get_by_role("link", name="Puzzles").click()
    expect(page).to_have_url(re.compile(r"/puzzles$"))
    expect(page.locator("main.puzzles")).to_have_attribute("data-phase", "solving")
    expect(page.locator(".puzzle-status h2")).to_contain_text("Daily puzzle")
    expect(page.locator(".puzzle-prompt")).not_to_be_empty()
    screenshot(page, "puzzle-1280")

    solve(page, line, how="click")
    status = page.locator(".puzzle-status")
    expect(status).to_have_class(re.compile(r"\bright\b"))
    expect(status.locator(".verdict")).to_contain_text("Right!")
    if PLACE.match(line[0]) and puzzle["moves"] == 1:
        # The tile is on the board where the solution puts it.
        cell = ",".join(PLACE.match(line[0]).groups()[3:])  # type: ignore[union-attr]
        expect(page.locator(f'.board .tile[data-cell="{cell}"]')).to_have_count(1)
    assert streak(page)["current"] == 1 and streak(page)["solved"] == 1
    expect(page.locator(".puzzle-score")).to_contain_text("1 puzzle solved in a row")
    screenshot(page, "puzzle-right-1280")
    assert axe_violations(page) == {}

    # The same puzzle wrong (in a new browser: a new guest), by the keyboard.
    other = pages.new(color_scheme="dark")
    open_daily(other, puzzle)
    assert axe_violations(other) == {}
    wrong = wrong_action(puzzle, line[0])
    play(other, wrong, how="keyboard")
    status = other.locator(".puzzle-status")
    expect(other.locator("main.puzzles")).to_have_attribute("data-phase", "answered")
    expect(status).to_have_class(re.compile(r"\bwrong\b"))
    expect(status.locator(".verdict")).to_contain_text("Not the best move")
    expect(status).to_contain_text(re.compile(r"You played .* for -?\d+ points?\."))
    expect(status).to_contain_text(re.compile(r"Best: .* for -?\d+ points"))
    if PLACE.match(line[0]):
        # The best move ghosted on the board, and the cells it completes marked.
        expect(other.locator(".board .tile.outline")).to_have_count(1)
    other.get_by_role("button", name="Your move").click()
    expect(other.get_by_role("button", name="Your move")).to_have_attribute("aria-pressed", "true")
    assert streak(other)["current"] == 0 and streak(other)["tried"] == 1
    screenshot(other, "puzzle-wrong-1280-dark")
    assert axe_violations(other) == {}

    # On to puzzles at the player's level: another puzzle, never the same in a row.
    other.get_by_role("button", name="Next puzzle").click()
    expect(other).to_have_url(re.compile(r"/puzzles\?theme=all$"))
    main = other.locator("main.puzzles")
    expect(main).to_have_attribute("data-phase", "solving")
    assert pages.errors == []


def test_the_daily_puzzle_on_a_360_px_phone(pages: Pages, server: ServerProcess) -> None:
    puzzle = daily(server)
    line = solution(server, puzzle)
    page = pages.new(viewport=PHONE, has_touch=True, is_mobile=True)
    open_daily(page, puzzle)
    fits(page)
    # The board and the rack's first row are on the first screen.
    first = page.locator(".rack-tile").first.bounding_box()
    assert first is not None and first["y"] + first["height"] <= PHONE["height"], first
    screenshot(page, "puzzle-360")
    solve(page, line, how="touch")
    expect(page.locator(".puzzle-status .verdict")).to_contain_text("Right!")
    next_button = page.get_by_role("button", name="Next puzzle").bounding_box()
    assert next_button is not None and next_button["y"] + next_button["height"] <= PHONE["height"]
    fits(page)
    screenshot(page, "puzzle-right-360")
    assert axe_violations(page) == {}

    wrong = pages.new(viewport=PHONE)
    open_daily(wrong, puzzle)
    missed = wrong_action(puzzle, line[0])
    play(wrong, missed, how="drag")
    expect(wrong.locator(".puzzle-status")).to_have_class(re.compile(r"\bwrong\b"))
    found = PLACE.match(missed)
    if found:
        # The tile went where it was dropped: the player's move, on asking.
        expect(wrong.locator(".puzzle-status")).to_contain_text(f"You played {tile_of(missed)}")
        wrong.get_by_role("button", name="Your move").click()
        cell = f"{found.group(4)},{found.group(5)}"
        expect(wrong.locator(f'.board .tile[data-cell="{cell}"]')).to_have_count(1)
        wrong.get_by_role("button", name="The best move").click()
    fits(wrong)
    screenshot(wrong, "puzzle-wrong-360", full_page=True)
    assert axe_violations(wrong) == {}


def test_themes_and_every_language(pages: Pages, server: ServerProcess) -> None:
    themes = httpx.get(f"{server.url}/api/puzzles/themes", timeout=30).json()
    offered = [entry["theme"] for entry in themes if entry["count"] > 0]
    assert offered
    page = pages.new()
    page.goto("/puzzles")
    expect(page.locator("main.puzzles")).to_have_attribute("data-phase", "solving")
    theme = offered[0]
    page.locator(f'.theme-list a[href="/puzzles?theme={theme}"]').click()
    expect(page).to_have_url(re.compile(rf"/puzzles\?theme={theme}$"))
    main = page.locator("main.puzzles")
    expect(main).to_have_attribute("data-phase", "solving")
    first = main.get_attribute("data-puzzle")
    served = httpx.get(f"{server.url}/api/puzzles/{first}", timeout=30).json()
    assert served["theme"] == theme
    expect(page.locator('.theme-list a[aria-current="page"]')).to_have_count(1)
    # The home page leads here too.
    page.goto("/")
    page.get_by_role("link", name="Today's puzzle").click()
    expect(page).to_have_url(re.compile(r"/puzzles$"))
    for code in ("de", "cs", "es", "th", "en"):
        choose_language(page, code)
        expect(page.locator("main.puzzles")).to_have_attribute("data-phase", "solving")
        page.locator(".rack-tile").first.click()
        assert missing_translations(page) == [], code
    # The answer's texts too (the verdict stays while the language changes).
    puzzle = daily(server)
    play(page, wrong_action(puzzle, solution(server, puzzle)[0]))
    expect(page.locator("main.puzzles")).to_have_attribute("data-phase", "answered")
    for code in ("de", "cs", "es", "th"):
        choose_language(page, code)
        expect(page.locator(".puzzle-status.wrong .verdict")).not_to_have_text("Not the best move")
        assert missing_translations(page) == [], code
    screenshot(page, "puzzle-wrong-th")


def test_a_signed_in_player_has_a_puzzle_rating(pages: Pages, server: ServerProcess) -> None:
    puzzle = daily(server)
    line = solution(server, puzzle)
    page = pages.new()
    sign_up(page, f"puz{secrets.token_hex(3)}")
    open_daily(page, puzzle)
    score = page.locator(".puzzle-score")
    expect(score.locator("h2")).to_have_text("Puzzle rating")
    expect(score.locator(".rating")).to_have_text("1,500")
    solve(page, line, how="click")
    # The rating moves up by the server's answer; the streak is a guest's only.
    move = page.locator(".puzzle-rating-move")
    expect(move).to_have_class(re.compile(r"\bup\b"))
    expect(move).to_contain_text(re.compile(r"Puzzle rating 1,500 → 1,5\d\d \(\+\d+\)"))
    after = re.search(r"→ ([\d,]+)", move.inner_text())
    assert after is not None
    expect(score.locator(".rating")).to_have_text(after.group(1))
    expect(score).to_contain_text("1 of 1 puzzles solved.")
    assert page.evaluate("() => localStorage.getItem('triominoes.puzzles')") is None
    # The server keeps it: a reload shows the same rating.
    page.reload()
    expect(page.locator(".puzzle-score .rating")).to_have_text(after.group(1))
