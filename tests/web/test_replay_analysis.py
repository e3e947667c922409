"""The replay viewer's post-game analysis: asked of the server, its progress
shown as it streams, then a summary per player, each analysed step's
judgement in step with the viewer, and the costly decisions as jumps; its
errors shown. The server judges over two sampled deals per decision here,
so that an analysis takes seconds."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import expect

from tests.server.harness import ServerProcess
from tests.web.conftest import Pages, axe_violations, screenshot
from tests.web.flows import open_record_file


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """This module's own server: analyses over 2 sampled deals, not 16."""
    folder = tmp_path_factory.mktemp("analysis")
    process = ServerProcess(
        f"sqlite:///{folder / 'triominoes.db'}",
        cwd=folder,
        options=("--analysis-worlds", "2"),
    ).start()
    try:
        yield process
    finally:
        process.stop()


def tile_name(action: str) -> str:
    """The canonical name of a placement's tile ("553@0,1" -> "3-5-5")."""
    numbers = action.partition("@")[0]
    return min("-".join(numbers[i:] + numbers[:i]) for i in range(3))


def figure(value: float) -> str:
    """A figure as the page writes it in English (a tenth at most)."""
    return f"{value:,.1f}".removesuffix(".0")


WATCH = """() => {
  window.analysisLabels = [];
  new MutationObserver(() => {
    const label = document.querySelector('.analysing label');
    const live = document.querySelector('.analysing[aria-live="polite"] progress');
    if (label && live) window.analysisLabels.push(label.textContent);
  }).observe(document.body, {subtree: true, childList: true, characterData: true});
}"""


def go_to(page: Any, round_: int, turn: int) -> None:
    """The viewer at a step (round and turn from 1): the round chosen, then
    forward from its start."""
    page.get_by_label("Round", exact=True).select_option(label=f"Round {round_}")
    start = page.get_by_role("button", name="Start of the round")
    if start.is_enabled():
        start.click()
    expect(page.locator(".step")).to_contain_text(f"Round {round_}, move 0 of")
    for _ in range(turn):
        page.get_by_role("button", name="Forward").click()
    expect(page.locator(".step")).to_contain_text(f"Round {round_}, move {turn} of")


def test_a_finished_game_is_analysed_in_step_with_the_viewer(
    pages: Pages, server: ServerProcess
) -> None:
    table = server.finished_bot_game(60)
    replay = httpx.get(f"{server.url}/api/tables/{table}/games/1/replay", timeout=10).json()
    page: Any = pages.new()
    page.goto(f"/replay?table={table}&game=1")
    step = page.locator(".step")
    expect(step).to_contain_text("Round 1, move 0")
    page.evaluate(WATCH)
    page.get_by_role("button", name="Analyse the game").click()
    # The viewer stays usable while the server judges.
    page.get_by_role("button", name="Forward").click()
    expect(step).to_contain_text("Round 1, move 1 of")
    summary = page.locator(".analysis-summary")
    expect(summary).to_be_visible(timeout=120_000)
    labels = page.evaluate("() => window.analysisLabels")
    assert any(re.fullmatch(r"Analysing: \d+ of \d+ decisions", x) for x in labels), labels
    expect(page.get_by_role("button", name="Analyse the game")).to_have_count(0)

    # Asked again, the server answers with the report it kept.
    answer = httpx.get(f"{server.url}/api/tables/{table}/games/1/analysis", timeout=30)
    [line] = [json.loads(x) for x in answer.text.splitlines()]
    analysis = line["analysis"]
    names = [p["name"] for p in analysis["players"]]
    assert names == replay["players"]
    rows = summary.locator("tbody tr")
    expect(rows).to_have_count(len(names))
    for row, player in zip(rows.all(), analysis["players"], strict=True):
        expect(row.locator("th")).to_have_text(player["name"])
        expect(row.locator("td").first).to_have_text(str(player["decisions"]))
        expect(row).to_contain_text(figure(player["lost"]))

    # Stepping to an analysed decision shows its judgement.
    decisions = {(d["round"], d["turn"]): d for d in analysis["decisions"]}
    assert decisions, (analysis, replay)
    first = decisions[min(decisions)]
    go_to(page, first["round"], first["turn"])
    judgement = page.locator(".judgement")
    expect(judgement).to_contain_text(f"The move of {names[first['seat']]}")
    played = first["played"]["action"]
    if "@" in played:
        expect(judgement.locator(".played")).to_contain_text(tile_name(played))
    expect(judgement.locator(".loss")).to_have_text(figure(first["loss"]))
    # A step with no choice says so.
    forced = [
        (number, turn)
        for number, played in enumerate(replay["rounds"], 1)
        for turn in range(1, len(played["steps"]) + 1)
        if (number, turn) not in decisions
    ]
    if forced:
        go_to(page, *forced[0])
        expect(page.locator(".analysis")).to_contain_text("No choice to judge at this move.")

    # The costly decisions: each a jump to its step.
    tolerance = analysis["tolerance"]
    costly = [d for d in analysis["decisions"] if d["loss"] > tolerance or d["marks"]]
    buttons = page.locator(".costly li button")
    expect(buttons).to_have_count(len(costly))
    if not costly:  # rare: a random bot leaves points on the table
        expect(page.locator(".costly")).to_contain_text("No costly decisions.")
        return
    target = costly[-1]
    buttons.last.click()
    expect(step).to_contain_text(f"Round {target['round']}, move {target['turn']} of")
    expect(buttons.last).to_have_attribute("aria-current", "step")
    expect(judgement.locator(".loss")).to_have_text(figure(target["loss"]))
    best = target["best"]["action"]
    if "@" in best and best != target["played"]["action"]:
        expect(judgement.locator(".best")).to_contain_text(tile_name(best))
        expect(page.locator(".board .tile.outline")).to_have_count(1)
    else:
        expect(page.locator(".board .tile.outline")).to_have_count(0)
    assert axe_violations(page) == {}
    screenshot(page, "replay-analysis", full_page=True)
    # The end of the round: a hand is empty (someone went out, or not).
    end = page.get_by_role("button", name="End of the round")
    if end.is_enabled():
        end.click()
    expect(step).to_contain_text(re.compile("went out|blocked"))
    assert axe_violations(page) == {}
    # In the dark too (the kept report comes at once).
    dark: Any = pages.new(color_scheme="dark")
    dark.goto(f"/replay?table={table}&game=1")
    dark.get_by_role("button", name="Analyse the game").click()
    dark.locator(".costly li button").last.click()
    expect(dark.locator(".judgement .loss")).to_have_text(figure(target["loss"]))
    assert axe_violations(dark) == {}


def test_an_uploaded_record_is_analysed_and_errors_are_shown(
    pages: Pages, server: ServerProcess, tmp_path: Path
) -> None:
    table = server.finished_bot_game(60)
    record = server.record(table).json()
    page: Any = pages.new()
    open_record_file(page, record, tmp_path)
    analyse = page.get_by_role("button", name="Analyse the game")
    alert = page.locator(".analysis [role=alert]")

    # The server out of reach, then a record it refuses: said, and the
    # button stays to try again.
    page.route("**/api/analysis*", lambda route: route.abort())
    analyse.click()
    expect(alert).to_have_text("The server cannot be reached.")
    page.unroute("**/api/analysis*")
    refusal = {"error": "bad-record", "message": "round 1: no such tile"}
    page.route(
        "**/api/analysis*",
        lambda route: route.fulfill(status=400, json=refusal),
    )
    analyse.click()
    expect(alert).to_have_text("The server refused to analyse this record: round 1: no such tile")
    page.unroute("**/api/analysis*")

    analyse.click()
    summary = page.locator(".analysis-summary")
    expect(summary).to_be_visible(timeout=120_000)
    expect(alert).to_have_count(0)
    expect(summary.locator("tbody th")).to_have_text(record["players"])
    expect(page.locator(".costly")).to_be_visible()
