"""Players who come back, in real browsers (a context is a person): signing
up, a rated duel between two accounts played to its end with the ratings
moved and shown on both profiles and the leaderboard, quick match pairing
two browsers (and bots filling a table after ``bots_after``), My games
with a correspondence game's "your turn", resigning, and a second device
signed in that plays the seat without the seat's link."""

from __future__ import annotations

import re
import secrets
from typing import Any

import httpx
from playwright.sync_api import expect

from tests.server.harness import ServerProcess
from tests.web.conftest import Pages, axe_violations, screenshot
from tests.web.flows import (
    Autoplayer,
    choose_language,
    missing_translations,
    play_turn,
    session_cookie,
    sign_in,
    sign_up,
    wait_my_turn,
)

PHONE = {"width": 360, "height": 740}


def fits(page: Any) -> None:
    """Nothing sticks out sideways on a phone."""
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"{page.url} is {width} px wide"


def unique(prefix: str) -> str:
    return f"{prefix}{secrets.token_hex(3)}"


def new_table(
    page: Any,
    seats: list[str],
    *,
    clock: str | None = None,
    rated: bool = False,
    target: int | None = None,
) -> str:
    """The home page's form, as a signed-in person fills it; returns the table id."""
    page.goto("/")
    page.get_by_role("button", name="Create the table").wait_for()
    rows = page.locator(".seat-row")
    while rows.count() < len(seats):
        before = rows.count()
        page.get_by_role("button", name="Add a seat").click()
        expect(rows).to_have_count(before + 1)
    for index, seat in enumerate(seats):
        page.get_by_label(f"Seat {index + 1}", exact=True).select_option(label=seat)
    if clock is not None:
        page.get_by_label("Turn clock").select_option(label=clock)
    if rated:
        page.get_by_label(re.compile("^Rated game")).check()
        expect(page.locator("details.house")).to_have_count(0)  # a preset's rules only
    if target is not None:
        page.get_by_label("Play to (points)").fill(str(target))
    page.get_by_role("button", name="Create the table").click()
    page.wait_for_url(re.compile(r"/t/[A-Za-z0-9_-]+$"))
    return str(page.url.rsplit("/", 1)[1])


def take_seat(page: Any, name: str) -> None:
    """At a table's lobby, signed in: no name to type, one button."""
    page.get_by_role("button", name=f"Join as {name}").click()
    page.locator(".turn").wait_for()


def tiles(page: Any) -> list[str]:
    """The tiles in the rack, by name ("0-0-4")."""
    texts = page.locator(".rack-tile").all_inner_texts()
    return sorted(text.split("\n")[-1].split(",")[0] for text in texts)


def profile(server: ServerProcess, name: str) -> dict[str, Any]:
    answer = httpx.get(f"{server.url}/api/players/{name}", timeout=10)
    assert answer.status_code == 200, answer.text
    return dict(answer.json())


def test_a_rated_duel_moves_both_ratings_on_profiles_and_the_leaderboard(
    pages: Pages, server: ServerProcess
) -> None:
    ann, ben = unique("Ann"), unique("Ben")
    ann_page, ben_page = pages.new(), pages.new()
    sign_up(ann_page, ann)
    sign_up(ben_page, ben)
    table = new_table(ann_page, ["A person", "A person"], rated=True, target=30)
    expect(ann_page.get_by_text("This game is rated.")).to_be_visible()
    take_seat(ann_page, ann)
    guest = pages.new()
    guest.goto(f"/t/{table}")
    expect(guest.get_by_text("Sign in to play at a rated table.").first).to_be_visible()
    expect(guest.get_by_role("button", name="Join the table")).to_be_disabled()
    ben_page.goto(f"/t/{table}")
    take_seat(ben_page, ben)
    expect(ann_page.locator(".bar .tag")).to_have_text("Rated")
    # Ann plays her first turn by hand; then both seats are played by programs
    # with the browsers' sessions (no seat token), the pages following.
    mine = '.turn strong[data-turn="mine"]'
    expect(ann_page.locator(mine).or_(ann_page.locator(".turn-pill", has_text=ben))).to_be_visible()
    if ann_page.locator(mine).count():
        play_turn(ann_page)
    players = [
        Autoplayer(server, table, None, cookie=session_cookie(p)).start()
        for p in (ann_page, ben_page)
    ]
    for player in players:
        player.wait(240)
    for page in (ann_page, ben_page):
        expect(page.locator("#game-over-h")).to_be_visible(timeout=30_000)
        mine = page.locator(".final .rating-move.mine")
        expect(mine).to_contain_text("1,500 →")
    screenshot(ann_page, "rated-game-over")
    summary = server.summary(table)
    assert summary["status"] == "finished" and summary["rated"]
    ratings = {name: profile(server, name)["ratings"]["duel"] for name in (ann, ben)}
    # Ratings follow the final totals (server.md: equal totals tie, even
    # where the rules' tie-break names one winner).
    record = server.record(table).json()
    totals = dict(zip(record["players"], record["result"]["totals"], strict=True))
    high, low = sorted((ann, ben), key=lambda name: -totals[name])
    if totals[high] > totals[low]:
        assert ratings[high]["rating"] > 1500 > ratings[low]["rating"]
    else:
        assert ratings[high]["rating"] == ratings[low]["rating"] == 1500
    for name in (ann, ben):
        assert ratings[name]["games"] == 1 and ratings[name]["provisional"]

    # Each profile shows the rating, its chart and the game, with its replay.
    ann_page.goto(f"/p/{ben}")
    expect(ann_page.get_by_role("heading", name=ben, exact=True)).to_be_visible()
    shown = f"{ratings[ben]['rating']:,}?"
    expect(ann_page.locator(".big-rating .rating").first).to_have_text(shown)
    expect(ann_page.locator(".chart svg").first).to_have_attribute(
        "aria-label", re.compile(r"1 rated game: from 1,500 to")
    )
    replay = ann_page.get_by_role("link", name="Replay").first
    expect(replay).to_have_attribute("href", f"/replay?table={table}&game=1")
    expect(ann_page.locator("table.list").last).to_contain_text("Duel (2 players), Standard")
    assert axe_violations(ann_page) == {}
    screenshot(ann_page, "profile", full_page=True)
    ben_page.goto(f"/p/{ann}")
    expect(ben_page.locator(".big-rating .rating").first).to_have_text(
        f"{ratings[ann]['rating']:,}?"
    )

    # The leaderboard: both among the provisional ratings, the bots on the scale.
    ann_page.goto("/leaderboard")
    board = ann_page.locator(".newcomers")
    expect(board).to_contain_text(ann)
    expect(board).to_contain_text(ben)
    expect(ann_page.locator(".leaderboard")).to_contain_text("Bot (expert)")
    assert axe_violations(ann_page) == {}
    screenshot(ann_page, "leaderboard")
    phone = pages.new(viewport=PHONE)
    phone.goto(f"/p/{ann}")
    expect(phone.locator(".chart svg").first).to_be_visible()
    fits(phone)
    screenshot(phone, "profile-phone", full_page=True)
    phone.goto("/leaderboard")
    expect(phone.locator(".leaderboard")).to_contain_text("Bot (expert)")
    fits(phone)
    screenshot(phone, "leaderboard-phone", full_page=True)


def test_quick_match_pairs_two_browsers_and_bots_fill_after_bots_after(
    pages: Pages, server: ServerProcess
) -> None:
    cy, dee, eve = unique("Cy"), unique("Dee"), unique("Eve")
    cy_page, dee_page, eve_page = pages.new(), pages.new(), pages.new(viewport=PHONE)
    for page, name in ((cy_page, cy), (dee_page, dee), (eve_page, eve)):
        sign_up(page, name)
    for page in (cy_page, dee_page):
        page.goto("/play")
        page.get_by_label("Rules").select_option(label="German")
        page.get_by_label("Bots fill empty seats").select_option(label="Never: people only")
    cy_page.get_by_role("button", name="Find a game").click()
    expect(cy_page.get_by_role("heading", name="Looking for players…")).to_be_visible()
    expect(cy_page.get_by_role("timer")).to_have_text(re.compile(r"0:0\d"))
    expect(cy_page.locator(".waiting-card")).to_contain_text("opponents from")
    assert axe_violations(cy_page) == {}
    screenshot(cy_page, "quick-match-waiting")
    dee_page.get_by_role("button", name="Find a game").click()
    for page in (cy_page, dee_page):
        page.wait_for_url(re.compile(r"/t/[A-Za-z0-9_-]+$"), timeout=20_000)
        page.locator(".rack-tile").first.wait_for()
    assert cy_page.url == dee_page.url
    table = cy_page.url.rsplit("/", 1)[1]
    summary = server.summary(table)
    assert sorted(s["player"] for s in summary["seats"]) == sorted([cy, dee])
    assert summary["rated"] and summary["rules"]["name"] == "german"

    # Alone at a table of three: bots take the two other seats after 15 s.
    eve_page.goto("/play")
    eve_page.get_by_label(re.compile("^Table")).check()
    eve_page.get_by_label("Players", exact=True).select_option(label="3 players")
    eve_page.get_by_label("Bots fill empty seats").select_option(label="After 15 seconds")
    fits(eve_page)
    screenshot(eve_page, "quick-match-phone")
    eve_page.get_by_role("button", name="Find a game").click()
    expect(eve_page.locator(".waiting-card")).to_contain_text("Bots take the empty seats in")
    eve_page.wait_for_url(re.compile(r"/t/[A-Za-z0-9_-]+$"), timeout=40_000)
    eve_page.locator(".turn").wait_for()
    seats = server.summary(eve_page.url.rsplit("/", 1)[1])["seats"]
    assert sorted(s["kind"] for s in seats) == ["bot", "bot", "human"]


def test_my_games_shows_a_correspondence_game_where_it_is_my_turn_and_i_resign(
    pages: Pages, server: ServerProcess
) -> None:
    fay = unique("Fay")
    page = pages.new()
    sign_up(page, fay)
    table = new_table(page, ["A person", "Bot (easy)"], clock="1 day a turn (correspondence)")
    take_seat(page, fay)
    wait_my_turn(page)
    page.goto("/")
    games = page.locator(".my-games")
    expect(games.locator("li.mine")).to_contain_text("Against Bot (easy)")
    expect(games.locator(".your-turn")).to_have_text("Your turn")
    expect(games).to_contain_text("correspondence")
    expect(page).to_have_title("(1) Triominoes")
    expect(page.locator(".account .turn-count")).to_have_text("1")
    page.goto("/me")
    expect(page.locator(".my-games li.mine")).to_contain_text(
        re.compile("your time runs out (tomorrow|in 1 day)")
    )
    expect(page).to_have_title("(1) My games")
    assert axe_violations(page) == {}
    screenshot(page, "my-games")
    page.goto("/")
    expect(page.locator(".my-games .your-turn")).to_be_visible()
    screenshot(page, "home-signed-in")
    page.goto("/me")
    phone = page.context.new_page()
    phone.set_viewport_size(PHONE)
    phone.goto("/me")
    expect(phone.locator(".my-games .your-turn")).to_be_visible()
    fits(phone)
    screenshot(phone, "my-games-phone", full_page=True)
    phone.goto("/")
    expect(phone.locator(".my-games .your-turn")).to_be_visible()
    fits(phone)
    screenshot(phone, "home-signed-in-phone", full_page=True)
    phone.close()

    # Resign: confirmed, then a bot plays the seat out.
    page.locator(".my-games li.mine a").first.click()
    page.wait_for_url(f"**/t/{table}")
    page.locator(".rack-tile").first.wait_for()
    version = server.summary(table)["version"]
    page.get_by_role("button", name="Resign").click()
    expect(page.get_by_role("alertdialog")).to_contain_text("Resign this game?")
    page.get_by_role("button", name="Yes, resign").click()
    expect(page.locator(".banner.stand-in")).to_have_text(
        "You resigned: a bot plays your seat to the end."
    )
    expect(page.locator(".turn-pill")).to_contain_text("You resigned")
    expect(page.get_by_role("button", name="Resign")).to_have_count(0)
    expect(page.locator(".player.me")).to_contain_text("resigned")
    page.wait_for_function(
        "v => Number(document.querySelector('main').dataset.version) > v + 2", arg=version
    )
    page.goto("/me")
    expect(page.locator(".my-games .your-turn")).to_have_count(0)


def test_signing_in_on_a_second_device_resumes_the_seat_without_its_link(
    pages: Pages, server: ServerProcess
) -> None:
    gus = unique("Gus")
    first = pages.new()
    sign_up(first, gus)
    table = new_table(first, ["A person", "Bot (easy)"])
    take_seat(first, gus)
    first.locator(".rack-tile").first.wait_for()
    hand = tiles(first)
    second = pages.new(viewport=PHONE)
    sign_in(second, gus)
    second.goto(f"/t/{table}")  # no #seat=... in the address
    second.locator(".rack-tile").first.wait_for()
    assert "#seat=" not in second.url
    expect(second.locator("h1")).not_to_contain_text("Watching")
    # Only the seat's own moves change its hand: the same tiles on both devices.
    assert tiles(second) == hand
    wait_my_turn(second)
    done = play_turn(second)  # the second device plays the seat
    assert done in ("place", "draw", "pass")


def test_the_account_pages_are_translated_and_accessible(
    pages: Pages, server: ServerProcess
) -> None:
    hal = unique("Hal")
    page = pages.new()
    sign_up(page, hal)
    for code in ("en", "de", "cs", "es", "th"):
        page.goto("/me")
        choose_language(page, code)
        for path in ("/me", f"/p/{hal}", "/leaderboard?pool=table", "/play", "/"):
            page.goto(path)
            page.locator("main h1").first.wait_for()
            page.wait_for_load_state("networkidle")
        assert missing_translations(page) == [], code
    page.goto("/me")
    choose_language(page, "en")
    for path in ("/me", "/play", f"/p/{hal}"):
        page.goto(path)
        page.locator("main h1").first.wait_for()
        assert axe_violations(page) == {}, path
    guest = pages.new()
    for path in ("/signin", "/signup", "/play", "/me"):
        guest.goto(path)
        guest.locator("main h1").first.wait_for()
        assert axe_violations(guest) == {}, path
    guest.goto("/signin")
    guest.get_by_label("Name", exact=True).fill(hal)
    guest.get_by_label("Password", exact=True).fill("not the password at all")
    guest.get_by_role("button", name="Sign in").last.click()
    expect(guest.get_by_role("alert")).to_have_text("Wrong name or password.")
    screenshot(guest, "sign-in")
    guest.set_viewport_size(PHONE)
    fits(guest)
    screenshot(guest, "sign-in-phone")


def test_the_me_page_turns_the_puzzle_setting_on_and_off(
    pages: Pages, server: ServerProcess
) -> None:
    gil = unique("Gil")
    page = pages.new()
    sign_up(page, gil)
    page.goto("/me")
    label = re.compile("^My finished games may become puzzles")
    expect(page.get_by_label(label)).not_to_be_checked()
    cookie = {"Cookie": session_cookie(page)}

    def kept() -> bool:
        answer = httpx.get(f"{server.url}/api/me", headers=cookie, timeout=10)
        return bool(answer.json()["settings"]["puzzles_from_my_games"])

    with page.expect_response(lambda r: r.url.endswith("/api/me/settings")) as put:
        page.get_by_label(label).check()
    assert put.value.status == 200 and kept() is True
    page.reload()
    expect(page.get_by_label(label)).to_be_checked()
    with page.expect_response(lambda r: r.url.endswith("/api/me/settings")) as put:
        page.get_by_label(label).uncheck()
    assert put.value.status == 200 and kept() is False
    expect(page.get_by_label(label)).not_to_be_checked()


HEADER_OVERLAPS = """() => {
  const links = '.top nav a, .top .account a, .top .settings summary, .top .language select';
  const boxes = [...document.querySelectorAll(links)]
    .map((el) => ({ text: el.textContent.trim(), box: el.getBoundingClientRect() }))
    .filter(({ box }) => box.width > 0);
  const out = [];
  for (const [i, a] of boxes.entries())
    for (const b of boxes.slice(i + 1))
      if (a.box.left < b.box.right - 0.5 && b.box.left < a.box.right - 0.5
          && a.box.top < b.box.bottom - 0.5 && b.box.top < a.box.bottom - 0.5)
        out.push([a.text, b.text]);
  return out;
}"""


def test_the_phone_header_s_links_never_run_into_each_other(
    pages: Pages, server: ServerProcess
) -> None:
    """German's "Punkteblock" and Czech's "Bodovací blok" once ran under
    the sign-in link at 360 px; a long link now ends in an ellipsis."""
    page = pages.new(viewport=PHONE)
    page.goto("/")
    expect(page.locator(".top .account a")).to_be_visible()
    for code in ("en", "de", "cs", "es", "th"):
        choose_language(page, code)
        assert page.evaluate(HEADER_OVERLAPS) == [], code
        fits(page)
    screenshot(page, "header-cs-360")
