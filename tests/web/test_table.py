"""A table people enjoy (issue 20): tiles that read at a glance, players as
people, motion and sound from the frames' events, a drag that snaps, the
phone's layout, the board and the move log for a screen reader, the
countdown, the stand-in, the round summary and the rematch by consent.
Layout is checked at 1280 x 800 and at 360 x 740."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.server.harness import ServerProcess
from tests.web.conftest import Pages, screenshot
from tests.web.flows import Autoplayer, play_turn, seat_page, wait_my_turn

DESK: dict[str, Any] = {"viewport": {"width": 1280, "height": 800}}
PHONE: dict[str, Any] = {
    "viewport": {"width": 360, "height": 740},
    "device_scale_factor": 2,
    "is_mobile": True,
    "has_touch": True,
}
SIZES: dict[str, dict[str, Any]] = {"1280": DESK, "360": PHONE}

# The size on screen (CSS px) of the numerals of the placed tiles, and the
# turn of each (the SVG rotation about its own spot).
NUMERALS = """(selector) => [...document.querySelectorAll(selector)].map(e => {
    const m = e.getScreenCTM();
    const size = parseFloat(getComputedStyle(e).fontSize) || Number(e.getAttribute('font-size'));
    const turn = /rotate\\(([-\\d.]+)/.exec(e.getAttribute('transform') || '');
    return {px: size * Math.hypot(m.a, m.b), weight: Number(getComputedStyle(e).fontWeight),
            angle: turn ? Number(turn[1]) : 0, cell: e.closest('[data-cell]')?.dataset.cell ?? ''};
})"""


def board_with_tiles(page: Any, least: int) -> None:
    """Play (clicking) until it is my turn with at least ``least`` tiles on
    the board (a round may end meanwhile: the next one is played then)."""
    for _ in range(40):
        wait_my_turn(page)
        if page.locator(".board .tile").count() >= least:
            return
        play_turn(page)
    raise AssertionError("the board stayed empty")


@pytest.mark.parametrize("size", SIZES)
def test_tiles_read_at_a_glance(pages: Pages, server: ServerProcess, size: str) -> None:
    page, _table = seat_page(pages, server, ["human", "bot:easy"], **SIZES[size])
    board_with_tiles(page, 2)
    numerals = page.evaluate(NUMERALS, ".board .tile .n")
    assert numerals and min(n["px"] for n in numerals) >= 16, numerals
    assert min(n["weight"] for n in numerals) >= 700
    # Printed tiles: each number turned toward its corner (a third of a turn apart).
    by_cell: dict[str, set[float]] = {}
    for n in numerals:
        by_cell.setdefault(n["cell"], set()).add(n["angle"] % 360)
    for angles in by_cell.values():
        assert angles in ({0, 120, 240}, {60, 180, 300}), angles
    # The rack reads without zooming: tiles of 48 px and more, numerals of 14 px.
    faces = page.locator(".rack-tile .face").evaluate_all(
        "els => els.map(e => e.getBoundingClientRect().width)"
    )
    assert min(faces) >= 48, faces
    rack = page.evaluate(NUMERALS, ".rack-tile .face text")
    assert min(n["px"] for n in rack) >= 14, rack
    screenshot(page, f"tiles-{size}")


def test_dark_mode_follows_the_system_and_high_contrast_is_remembered(
    pages: Pages, server: ServerProcess
) -> None:
    fill = "s => getComputedStyle(document.querySelector(s)).fill"
    page, _table = seat_page(pages, server, ["human", "bot:easy"], color_scheme="dark", **DESK)
    assert page.evaluate(fill, ".rack-tile .face polygon") == "rgb(44, 42, 37)"
    page.locator("details.settings summary").click()
    page.get_by_label("High contrast").check()
    expect(page.locator("html")).to_have_attribute("data-contrast", "high")
    assert page.evaluate(fill, ".rack-tile .face polygon") == "rgb(0, 0, 0)"
    assert page.evaluate(fill, ".rack-tile .face text") == "rgb(255, 255, 255)"
    page.reload()
    page.locator(".rack-tile").first.wait_for()
    expect(page.locator("html")).to_have_attribute("data-contrast", "high")
    light: Any = pages.new(color_scheme="light", **DESK)
    light.goto(page.url)
    light.locator(".rack-tile, .spot, h1").first.wait_for()
    # Another browser did not choose it.
    expect(light.locator("html")).not_to_have_attribute("data-contrast", "high")


def colour(page: Any, selector: str, prop: str) -> list[str]:
    return list(
        page.locator(selector).evaluate_all(
            "(els, p) => els.map(e => getComputedStyle(e)[p])", prop
        )
    )


@pytest.mark.parametrize("size", SIZES)
def test_players_as_people(pages: Pages, server: ServerProcess, size: str) -> None:
    page, _table = seat_page(pages, server, ["human", "bot:easy", "bot:medium"], **SIZES[size])
    board_with_tiles(page, 4)
    chips = page.locator(".players .player")
    expect(chips).to_have_count(3)
    seat_colours = colour(page, ".players .player", "borderLeftColor")
    assert len(set(seat_colours)) == 3, seat_colours
    initials = [t.strip() for t in chips.locator(".initial").all_inner_texts()]
    assert len(set(initials)) == 3, initials
    # Whose turn, from across the room: the mover's chip filled with its
    # colour, a big pill in that colour, the board framed in it.
    moving = page.locator(".players .player.moving")
    expect(moving).to_have_count(1)
    mine = chips.evaluate_all("els => els.findIndex(e => e.classList.contains('me'))")
    me = seat_colours[mine]
    assert colour(page, ".players .player.moving", "backgroundColor") == [me]
    pill = page.locator(".turn-pill")
    expect(pill).to_have_text(re.compile("Your turn"))
    assert colour(page, ".turn-pill", "backgroundColor") == [me]
    assert float(colour(page, ".turn-pill", "fontSize")[0].rstrip("px")) >= 16
    assert colour(page, ".board-wrap", "borderTopColor") == [me]
    # Each seat's last placement outlined in its colour, with its initial.
    marks = page.locator(".board .mark")
    assert marks.count() >= 2
    for mark in marks.all():
        seat = int(mark.get_attribute("data-seat") or -1)
        stroke = mark.locator("polygon").evaluate("e => getComputedStyle(e).stroke")
        assert stroke == seat_colours[seat]
        assert (mark.locator("text").text_content() or "") == initials[seat]
    # The same colour and initial in the log and on the score sheet.
    for entry in page.locator(".log li").all()[:6]:
        initial = entry.locator(".initial").inner_text().strip()
        seat = initials.index(initial)
        assert (
            entry.locator(".initial").evaluate("e => getComputedStyle(e).backgroundColor")
            == (colour(page, ".players .player .initial", "backgroundColor")[seat])
        )
    heads = page.locator(".sheet thead .initial")
    expect(heads).to_have_count(3)
    assert [h.strip() for h in heads.all_inner_texts()] == initials
    if size == "360":
        tops = chips.evaluate_all("els => els.map(e => Math.round(e.getBoundingClientRect().top))")
        assert len(set(tops)) == 1, f"the players' chips are not in one line: {tops}"
        lefts = chips.evaluate_all("els => els.map(e => e.getBoundingClientRect().right)")
        assert max(lefts) <= 360, lefts
    screenshot(page, f"players-{size}")


TONES = """() => {
    window.tones = 0;
    const Real = window.AudioContext;
    if (Real) window.AudioContext = class extends Real {
        createOscillator() { window.tones += 1; return super.createOscillator(); }
    };
}"""


MINE_OR_OVER = """() => document.querySelector('.turn-pill[data-turn="mine"]')
    || document.querySelector('#round-over-h')"""


def wait_bot_placement(page: Any) -> Any:
    """After my move, the bot's placement: the tile that arrives."""
    for _ in range(30):
        wait_my_turn(page)
        mine = page.locator(".board .tile").count()
        if play_turn(page) == "place":
            mine += 1
        page.wait_for_function(MINE_OR_OVER, timeout=30_000)
        arrived = page.locator(".board .tile.arrive")
        if page.locator(".board .tile").count() > mine and arrived.count():
            return arrived.first
    raise AssertionError("the bot never placed a tile")


def test_every_placement_moves_and_sounds_when_asked(pages: Pages, server: ServerProcess) -> None:
    page, _table = seat_page(pages, server, ["human", "bot:easy"], **DESK)
    page.add_init_script(f"({TONES})()")
    page.reload()
    page.locator(".rack-tile").first.wait_for()
    arrived = wait_bot_placement(page)
    # The bot's tile arrives with a motion: its cell from the frame's events.
    assert arrived.evaluate("e => getComputedStyle(e).animationName") == "arrive"
    # A drawn tile slides into the rack, the drawer's chip pulses (the
    # standard rules let one draw even when a tile fits).
    wait_my_turn(page)
    page.get_by_role("button", name=re.compile(r"^Draw \(")).click()
    drawn = page.locator(".rack-tile.drawn")
    expect(drawn).to_have_count(1)
    assert drawn.evaluate("e => getComputedStyle(e).animationName") == "drawn"
    expect(page.locator(".players .player.me.drew")).to_have_count(1)
    assert page.evaluate("() => window.tones") == 0, "a sound while sounds are off"
    page.locator("details.settings summary").click()
    page.get_by_label("Sounds").check()
    page.reload()
    page.locator(".rack-tile").first.wait_for()
    page.locator("details.settings summary").click()
    expect(page.get_by_label("Sounds")).to_be_checked()  # remembered
    page.locator("details.settings summary").click()
    wait_bot_placement(page)
    assert page.evaluate("() => window.tones") > 0, "no sound for a placement"

    still: Any = pages.new(reduced_motion="reduce", **DESK)
    still.goto(page.url)
    still.locator(".rack-tile").first.wait_for()
    arrived = wait_bot_placement(still)
    assert arrived.evaluate("e => getComputedStyle(e).animationName") == "none"


# A point beside a highlighted cell (0.4 of a tile's side from its middle,
# on no highlighted cell, nearer to that cell's middle than to any other's):
# where a tile let go there must snap to.
BESIDE = """() => {
    const svg = document.querySelector('svg.board');
    const m = svg.getScreenCTM();
    const spots = [...document.querySelectorAll('.spot')].map(s => {
        const p = [...s.querySelector('polygon').points];
        const c = new DOMPoint((p[0].x + p[1].x + p[2].x) / 3, (p[0].y + p[1].y + p[2].y) / 3)
            .matrixTransform(m);
        return {x: c.x, y: c.y, cell: s.dataset.cell, action: s.dataset.action};
    });
    const scale = Math.hypot(m.a, m.b);
    const r = svg.getBoundingClientRect();
    for (const target of spots) for (let a = 0; a < 360; a += 15) {
        const x = target.x + Math.cos(a * Math.PI / 180) * 24 * scale;
        const y = target.y + Math.sin(a * Math.PI / 180) * 24 * scale;
        if (x < r.left + 8 || x > r.right - 8 || y < r.top + 8 || y > r.bottom - 8) continue;
        if (document.elementFromPoint(x, y)?.closest('.spot, .zoom')) continue;
        const mine = Math.hypot(target.x - x, target.y - y);
        if (spots.some(s => s !== target && Math.hypot(s.x - x, s.y - y) <= mine)) continue;
        return {x, y, cell: target.cell, action: target.action};
    }
    return null;
}"""


@pytest.mark.parametrize("size", SIZES)
def test_a_dragged_tile_snaps_to_the_nearest_cell(
    pages: Pages, server: ServerProcess, size: str
) -> None:
    page, _table = seat_page(pages, server, ["human", "bot:easy"], **SIZES[size])
    for _ in range(12):
        wait_my_turn(page)
        # A tile that fits nowhere is dimmed and says so to a screen reader.
        for tile in page.locator(".rack-tile.nofit").all():
            name = tile.get_attribute("data-tile")
            expect(page.get_by_role("button", name=f"{name}, fits nowhere")).to_have_count(1)
            opacity = tile.locator(".face").evaluate("e => getComputedStyle(e).opacity")
            assert float(opacity) < 1
        if page.locator(".rack-tile:not(.nofit)").count():
            break
        play_turn(page)
    tile = page.locator(".rack-tile:not(.nofit)").first
    tile.click()
    page.locator(".spot").first.wait_for()
    beside = page.evaluate(BESIDE)
    assert beside is not None, "no point beside a highlighted cell"
    # The board fits its view to the selected tile's cells: BESIDE holds in this view.
    view = page.locator("svg.board").get_attribute("viewBox")
    tile.click()  # deselect: the drag selects it again
    expect(page.locator(".spot")).to_have_count(0)
    start = tile.bounding_box()
    assert start is not None
    placed = page.locator(".board .tile").count()
    x, y = start["x"] + start["width"] / 2, start["y"] + start["height"] / 2
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x, y - 20)  # past the drag's threshold: the tile is selected again
    # Only once the board has fitted its view to the cells again does the
    # point beside one mean that cell (a move before would snap elsewhere).
    expect(page.locator("svg.board")).to_have_attribute("viewBox", view or "")
    page.mouse.move(beside["x"], beside["y"], steps=10)
    expect(page.locator(f'.spot.snap[data-cell="{beside["cell"]}"]')).to_have_count(1)
    page.mouse.up()
    landed = page.locator(f'.board .tile[data-cell="{beside["cell"]}"]')
    expect(landed).to_have_count(1)
    assert page.locator(".board .tile").count() >= placed + 1
    # Turned the way the legal list gave it: its numbers in clockwise order.
    numbers = "".join(landed.locator(".n").all_text_contents())
    assert numbers == beside["action"].split("@")[0], (numbers, beside)


def test_a_phone_has_everything_in_reach(pages: Pages, server: ServerProcess) -> None:
    page, _table = seat_page(pages, server, ["human", "bot:easy", "bot:easy"], **PHONE)
    wait_my_turn(page)
    assert page.evaluate("() => window.scrollY") == 0
    needed = [page.locator(".rack-tile").last]
    for name in ("Draw", "Pass", "Hint"):
        needed.append(page.get_by_role("button", name=re.compile(f"^{name}")))
    for element in needed:
        box = element.bounding_box()
        assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= 740, box
        assert box["x"] >= 0 and box["x"] + box["width"] <= 360, box
    board = page.locator("svg.board").bounding_box()
    rack = page.locator(".rack").bounding_box()
    assert board is not None and rack is not None
    assert board["height"] >= 300, board
    assert rack["y"] - (board["y"] + board["height"]) < 24, "the board does not fill the rest"
    tops = page.locator(".players .player").evaluate_all(
        "els => els.map(e => Math.round(e.getBoundingClientRect().top))"
    )
    assert len(set(tops)) == 1, tops
    fitting = page.locator(".rack-tile:not(.nofit)")
    if fitting.count():
        fitting.first.tap()
        expect(page.locator(".spot").first).to_be_visible()
    words = " ".join(page.locator(".hand").all_inner_texts())
    assert "(R)" not in words and "arrow keys" not in words and "Enter" not in words, words
    screenshot(page, "phone-reach")
    desk: Any = pages.new(**DESK)
    desk.goto(page.url)
    expect(desk.get_by_role("button", name="Rotate (R)")).to_be_visible()


def test_the_board_is_described_not_spelled(pages: Pages, server: ServerProcess) -> None:
    page, _table = seat_page(pages, server, ["human", "bot:easy"], **DESK)
    board_with_tiles(page, 2)
    board = page.locator("svg.board")
    described = page.locator(f"#{board.get_attribute('aria-describedby')}")
    expect(described).to_contain_text(re.compile(r"\d+ tiles on the board\."))
    expect(described).to_contain_text("Last placed: ")
    expect(described).to_contain_text(re.compile(r"\d+ open cells?: row -?\d+, column -?\d+ \("))
    snapshot = board.aria_snapshot()
    assert not re.search(r"(\b\d\b[\s,]*){4,}", snapshot), snapshot
    hidden = page.locator(".board .tile .n").evaluate_all(
        "els => els.every(e => e.closest('[aria-hidden=\"true\"]'))"
    )
    assert hidden


def log_lines(page: Any) -> list[tuple[str, str]]:
    return [
        (li.get_attribute("value") or "", li.inner_text().replace("\n", " "))
        for li in page.locator(".log li").all()
    ]


def test_the_move_log_is_numbered_named_and_kept_after_a_reload(
    pages: Pages, server: ServerProcess
) -> None:
    page, _table = seat_page(pages, server, ["human", "bot:easy"], **DESK)
    for _ in range(16):  # a round can end early: then its log starts again
        wait_my_turn(page)
        if len(log_lines(page)) >= 4:
            break
        play_turn(page)
    lines = log_lines(page)
    assert len(lines) >= 4
    numbers = [int(n) for n, _ in lines]
    assert numbers == list(range(len(lines), 0, -1)), numbers  # the latest first
    latest = page.locator(".log li").first
    expect(latest).to_have_attribute("aria-current", "true")
    assert all("Your turn" not in text for _, text in lines)
    who = page.locator(".log li .what").all_inner_texts()
    assert all(text.startswith(("You ", "Bot (easy) ")) for text in who), who

    # The bonus badges of the sheet, in the log too.
    def badges(selector: str) -> int:
        return int(
            page.locator(selector).evaluate_all(
                "els => els.filter(e => !/bdg-(draw|pass)/.test(e.className)).length"
            )
        )

    assert badges(".log .bdg") == badges(".sheet .bdg")
    page.reload()
    page.locator(".log li").first.wait_for()
    assert log_lines(page) == lines


def test_the_round_end_countdown_and_who_went_out(pages: Pages, server: ServerProcess) -> None:
    table = server.create(["human", "bot:easy"], "standard", next_seconds=30)
    answer = server.join(table, "Ann")
    page: Any = pages.new(**DESK)
    page.goto(answer["url"].replace(server.url, ""))
    page.locator(".rack-tile").first.wait_for()
    page.evaluate(
        r"""() => { window.seen = [];
        new MutationObserver(() => {
            const c = document.querySelector('[aria-labelledby="round-over-h"]');
            const m = c && /starts in (\d+) s/.exec(c.textContent);
            if (m) window.seen.push(m[0]);
        }).observe(document.body, {subtree: true, childList: true, characterData: true}); }"""
    )
    page.wait_for_timeout(3000)  # the page has been open a while when the round ends
    token = answer["url"].split("#seat=")[1]
    ended = Autoplayer(server, table, token, ready=False, until=lambda v: v.get("round_end"))
    view = ended.start().wait()
    expect(page.locator("#round-over-h")).to_be_visible()
    page.wait_for_timeout(1500)
    seen = [int(s) for s in re.findall(r"in (\d+) s", " ".join(page.evaluate("() => window.seen")))]
    assert seen and max(seen) <= 30 and seen[0] >= 27, seen
    end = view["round_end"]
    card = page.locator(".summary-card")
    assert card.evaluate("e => getComputedStyle(e).animationName") == "rise"
    result = page.locator(".summary-card .result")
    if end["reason"] == "out":
        (out,) = end["winners"]  # who went out won the round
        name = "You" if out == view["seat"] else "Bot (easy)"
        expect(result).to_contain_text(f"{name} went out.")
    else:
        expect(result).to_contain_text("blocked")
    expect(result).to_contain_text("Round winner")


def test_a_stand_in_says_so_and_its_moves_are_marked(pages: Pages, server: ServerProcess) -> None:
    # Bots at a person's pace: at full speed the stand-in plays the game to
    # its end before anyone could take the seat back.
    table = server.create(["human", "bot:easy"], "standard", turn_seconds=5, bot_pace=0.5)
    answer = server.join(table, "Ann")
    page: Any = pages.new(**DESK)
    page.goto(answer["url"].replace(server.url, ""))
    page.locator(".rack-tile").first.wait_for()
    banner = page.locator(".banner.stand-in")
    expect(banner).to_be_visible(timeout=40_000)
    pill = page.locator(".turn-pill")
    expect(pill).to_have_attribute("data-turn", "stand-in")
    expect(pill).to_contain_text("A bot is playing")
    expect(pill).not_to_contain_text("Your turn")
    marked = page.locator(".log li", has=page.locator(".by"))
    expect(marked.first).to_be_visible(timeout=40_000)
    expect(marked.first).to_contain_text("played by a bot")
    expect(marked.first.locator(".initial")).to_have_text("A")
    # Taking the seat back: the banner goes, and the person has a whole
    # turn (the clock starts again when they are back, on their turn or not).
    page.get_by_role("button", name="Take my seat back").click()
    expect(banner).to_have_count(0, timeout=5_000)
    expect(pill).not_to_have_attribute("data-turn", "stand-in")
    page.reload()  # the marks come from the view's log
    expect(page.locator(".log li .by").first).to_be_visible()


def finish_with_autoplayers(server: ServerProcess, table: str, tokens: list[str]) -> None:
    players = [Autoplayer(server, table, token).start() for token in tokens]
    for player in players:
        player.wait(180)


def test_another_game_by_consent(pages: Pages, server: ServerProcess) -> None:
    for accept in (True, False):
        table = server.create(["human", "human"], "german")
        ann = server.join(table, "Ann")
        ben = server.join(table, "Ben")
        page: Any = pages.new(**DESK)
        page.goto(ann["url"].replace(server.url, ""))
        page.locator(".rack-tile").first.wait_for()
        mine = page.locator(".players .player.me")
        colour = mine.evaluate("e => getComputedStyle(e).borderLeftColor")
        finish_with_autoplayers(server, table, [ann["token"], ben["token"]])
        expect(page.locator("#game-over-h")).to_be_visible()
        expect(page.locator(".log li").first).to_be_visible()
        answerer = Autoplayer(
            server, table, ben["token"], rematch=accept, until=lambda v: v["table"]["game"] >= 2
        ).start()
        page.get_by_role("button", name="Play again").click()
        if accept:
            answerer.wait(30)
        else:
            expect(page.locator(".rematch")).to_contain_text("Not playing again: Ben")
            answerer.stop()
            page.get_by_role("button", name="Start with bots").click()
        expect(page.locator("#game-over-h")).to_have_count(0, timeout=30_000)
        expect(page.locator("h1")).to_contain_text("Round 1")
        assert server.summary(table)["game"] == 2
        # The seat order turned; Ann keeps her colour (it is her chair's).
        expect(mine).to_have_css("border-left-color", colour)
        # The old game's lines never stay in the new game's log (the
        # people's seats do not move; a stand-in opens at most).
        if accept:
            expect(page.locator(".moves")).to_contain_text("No move yet this round.")
        else:
            numbers = [int(n) for n, _ in log_lines(page)]
            assert all(n <= 4 for n in numbers), numbers
            expect(page.locator(".players .player", has_text="Ben")).to_contain_text("a bot plays")
