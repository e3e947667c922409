"""The score pad on a 360 px phone: a whole game tapped in (the game of a
selfplay record, so the engine says what the totals must be), an early turn
changed, a reload, offline, a second phone following, five languages, axe."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.pad.test_conformance import cli, pad_of, selfplay
from tests.server.harness import ServerProcess
from tests.web.conftest import Pages, axe_violations, screenshot
from tests.web.flows import missing_translations
from triominoes.core.record import read, replay_steps

PHONE: dict[str, Any] = {"viewport": {"width": 360, "height": 740}, "has_touch": True}
BONUS = {"bridge": "Bridge", "two-sided": "Two-sided", "hexagon": "Hexagon"}


@pytest.fixture(scope="module")
def game() -> dict[str, Any]:
    """A short german game (one round: 20 turns with draws, a pass, a
    hexagon, a going out and the last cycle), as the engine scored it."""
    text = selfplay("german", [], 2, 11)
    pad, _ = pad_of(replay_steps(read(json.loads(text))), tiles_as_values=False)
    engine = json.loads(cli("replay", "--json", "-", stdin=text))
    return {"pad": pad, "engine": engine}


def totals(page: Any) -> list[int]:
    return [int(t) for t in page.locator(".board-score td.total").all_inner_texts()]


def start_pad(page: Any, players: list[str], preset: str) -> None:
    page.goto("/pad")
    for i, name in enumerate(players):
        if i >= 2:
            page.get_by_role("button", name="Add a player").tap()
        page.locator(f"#player-{i}").fill(name)
    page.locator("#pad-preset").select_option(preset)
    page.get_by_role("button", name="Start the pad").tap()
    expect(page).to_have_url(re.compile(r"/pad\?id=\w+"))


def enter_turn(page: Any, turn: dict[str, Any]) -> None:
    entry = page.locator("section.entry")
    for _ in range(turn["draws"]):
        entry.get_by_role("button", name="One draw more").tap()
    if turn["tile"] is None:
        entry.get_by_role("button", name=re.compile(r"^Pass")).tap()
        return
    digits = entry.locator(".digits")
    for number in turn["tile"]:
        digits.get_by_role("button", name=str(number), exact=True).tap()
    bonus = turn["bonus"]
    if bonus:
        label = BONUS[bonus["kind"]] + (f" \u00d7{bonus['count']}" if bonus["count"] > 1 else "")
        entry.get_by_role("button", name=label, exact=True).tap()
    if turn["out"]:
        entry.get_by_label("That was the last tile (went out)").check()
    entry.get_by_role("button", name="Place").tap()


def enter_game(page: Any, pad: dict[str, Any]) -> None:
    for played in pad["rounds"]:
        page.get_by_role("radio", name=pad["players"][played["opener"]]).check()
        page.get_by_role("button", name=re.compile(r"^Start round")).tap()
        for index, turn in enumerate(played["turns"]):
            enter_turn(page, turn)
            expect(page.locator(".pad-sheet tbody tr:not(.round-head)")).to_have_count(index + 1)
        hands = played["end"]["hands"]
        out = page.locator("form", has=page.locator("#end-title"))
        for seat, hand in enumerate(hands):
            field = out.locator(f"#hand-{seat}")
            if not field.count():
                continue  # the one who went out
            if seat % 2:
                field.fill(str(sum(int(n) for tile in hand["tiles"] for n in tile.split("-"))))
                continue
            out.locator(f"#hand-{seat} ~ button", has_text="Tap the tiles").tap()
            for tile in hand["tiles"]:
                out.get_by_role("button", name=tile, exact=True).tap()
        out.get_by_role("button", name="Score the round").tap()


def test_a_whole_game_on_a_phone_scores_as_the_engine(
    pages: Pages, server: ServerProcess, game: dict[str, Any]
) -> None:
    pad, engine = game["pad"], game["engine"]
    page: Any = pages.new(**PHONE)
    start_pad(page, pad["players"], "german")
    enter_game(page, pad)
    assert totals(page) == engine["totals"]
    winner = pad["players"][engine["winners"][0]]
    expect(page.locator(".pad-status .result")).to_contain_text(winner)
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    screenshot(page, "pad-phone", full_page=True)

    # An early turn gets a hexagon it missed: everything after is recomputed.
    first_place = next(i for i, t in enumerate(pad["rounds"][0]["turns"]) if t["tile"] and i > 0)
    seat = (pad["rounds"][0]["opener"] + first_place) % 2
    page.get_by_role("button", name=f"Change turn {first_place + 1} of round 1").tap()
    entry = page.locator("section.entry")
    expect(entry.locator(".slot").first).to_have_text(
        str(pad["rounds"][0]["turns"][first_place]["tile"][0])
    )
    entry.get_by_role("button", name="Hexagon", exact=True).tap()
    entry.get_by_role("button", name="Save the turn").tap()
    changed = list(engine["totals"])
    changed[seat] += 50  # german: one hexagon is 50
    assert totals(page) == changed

    # The round's end too: a hand held 5 points more than typed.
    out_seat = engine["rounds"][0]["end"]["winners"][0]
    other = 1 - out_seat
    page.get_by_role("button", name="Change the end of round 1").tap()
    field = page.locator(f"#hand-{other}")
    if page.locator(f"#hand-{other}[readonly]").count():  # given as tiles
        page.locator(f"#hand-{other} ~ button", has_text="Type the points").tap()
    tiles = pad["rounds"][0]["end"]["hands"][other]["tiles"]
    value = sum(int(n) for tile in tiles for n in tile.split("-"))
    field.fill(str(value + 5))
    page.get_by_role("button", name="Score the round").tap()
    changed[out_seat] += 5
    assert totals(page) == changed

    # A reload, and then offline: everything is still there.
    rows = page.locator(".pad-sheet tbody tr").count()
    page.evaluate("async () => { await navigator.serviceWorker.ready; }")
    page.reload()
    expect(page.locator(".board-score td.total").first).to_be_visible()
    assert totals(page) == changed
    assert page.locator(".pad-sheet tbody tr").count() == rows
    page.context.set_offline(True)
    try:
        page.reload()
        expect(page.locator(".board-score td.total").first).to_be_visible()
        assert totals(page) == changed
    finally:
        page.context.set_offline(False)

    # The pad's list and statistics: a finished game, won by its winner.
    page.get_by_role("link", name="Score pad").tap()
    expect(page.get_by_role("link", name=", ".join(pad["players"]))).to_be_visible()
    winner_now = max(range(2), key=lambda s: changed[s])
    stats = page.locator("table", has_text="Finished games")
    expect(stats.locator("tr", has_text=pad["players"][winner_now])).to_contain_text("1/1")
    page.get_by_role("link", name=", ".join(pad["players"])).tap()

    # Undo takes back the round's end.
    page.get_by_role("button", name="Undo the last entry").tap()
    expect(page.locator("#end-title")).to_be_visible()
    assert totals(page) != changed


def test_a_shared_pad_is_followed_live(pages: Pages, server: ServerProcess) -> None:
    keeper: Any = pages.new(**PHONE)
    start_pad(keeper, ["Ann", "Ben", "Cy"], "standard")
    keeper.get_by_role("radio", name="Ben").check()
    keeper.get_by_role("button", name="Start round 1").tap()
    enter_turn(keeper, {"draws": 0, "tile": [4, 4, 4], "bonus": None, "out": False})
    keeper.get_by_role("button", name="Share this pad").tap()
    link = keeper.locator("#share-link")
    expect(link).to_have_value(re.compile(r"/pad/[\w-]+$"))

    follower: Any = pages.new(**PHONE)
    follower.goto(link.input_value())
    expect(follower.get_by_text("Live: every entry shows up here.")).to_be_visible()
    expect(follower.locator(".board-score td.total")).to_have_text(["0", "22", "0"])
    enter_turn(keeper, {"draws": 2, "tile": [3, 4, 4], "bonus": None, "out": False})
    expect(follower.locator(".board-score td.total")).to_have_text(["0", "22", "1"])
    keeper.get_by_role("button", name="Change turn 1 of round 1").tap()
    keeper.locator("section.entry").get_by_role("button", name="Bridge").tap()
    keeper.get_by_role("button", name="Save the turn").tap()
    # The opening tile cannot make a bridge: it counts, and both phones flag it.
    expect(follower.locator(".board-score td.total")).to_have_text(["0", "62", "1"])
    expect(follower.locator(".pad-sheet .warn-text")).to_contain_text("cannot make a bonus shape")
    expect(keeper.locator(".pad-sheet .warn-text")).to_contain_text("cannot make a bonus shape")

    # Entries made offline reach the followers once the keeper is back online.
    keeper.context.set_offline(True)
    enter_turn(keeper, {"draws": 0, "tile": [2, 4, 4], "bonus": None, "out": False})
    expect(keeper.get_by_text("Offline: the latest entries are sent")).to_be_visible()
    expect(follower.locator(".board-score td.total")).to_have_text(["0", "62", "1"])
    keeper.context.set_offline(False)
    expect(follower.locator(".board-score td.total")).to_have_text(["10", "62", "1"])
    expect(keeper.get_by_text("Every entry is sent.")).to_be_visible()


@pytest.mark.parametrize("code", ["de", "cs", "es", "th"])
def test_the_pad_in_every_language(pages: Pages, server: ServerProcess, code: str) -> None:
    page: Any = pages.new(locale="en-US", **PHONE)
    page.goto("/pad")
    expect(page.get_by_role("button", name="Start the pad")).to_be_visible()
    page.locator("#pad-language").select_option(code)  # the pad's own choice
    expect(page.locator("html")).to_have_attribute("lang", code)
    expect(page.locator("#language")).to_have_value(code)
    page.locator("form button.primary").tap()
    page.locator("input[type=radio]").first.check()
    page.locator("form button.primary").tap()
    digits = page.locator(".digits button")
    for number in (5, 5, 5):
        digits.nth(number).tap()
    page.locator(".entry .actions button.primary").tap()
    page.locator(".entry .digits").wait_for()
    page.locator("main > .pad-grid > div > p > button").tap()  # the round is blocked
    page.locator(".hand-entry button").first.tap()  # the tile picture
    page.locator("details.card summary").tap()  # other rules
    page.locator("#rescore").select_option("pressman")
    assert missing_translations(page) == [], code
    screenshot(page, f"pad-{code}", full_page=True)


def test_the_pad_has_no_serious_accessibility_fault(pages: Pages, server: ServerProcess) -> None:
    page: Any = pages.new(**PHONE)
    page.goto("/pad")
    expect(page.get_by_role("button", name="Start the pad")).to_be_visible()
    assert axe_violations(page) == {}, "start"
    start_pad(page, ["Ann", "Ben"], "standard")
    page.get_by_role("button", name="Start round 1").tap()
    enter_turn(page, {"draws": 0, "tile": [5, 5, 5], "bonus": None, "out": False})
    assert axe_violations(page) == {}, "turn"
    page.emulate_media(media="print")  # the print view: the sheet without the controls
    expect(page.locator(".digits")).to_be_hidden()
    expect(page.locator(".pad-sheet")).to_be_visible()
    page.emulate_media(media="screen")
    page.get_by_role("button", name="Nobody can go on: the round is blocked").tap()
    page.get_by_role("button", name="Tap the tiles").first.tap()
    assert axe_violations(page) == {}, "hands"
