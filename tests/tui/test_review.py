"""After the game: its analysis, in the Textual app (``a``) and the plain mode
(``analyse``), with one or two sampled deals per decision so that it is quick."""

from __future__ import annotations

import asyncio
import io
import threading
from pathlib import Path
from typing import Any, TextIO, cast

import pytest
from rich.console import Console
from textual.pilot import Pilot
from textual.widgets import ProgressBar, Static

from triominoes.ai.analysis import Analysis, analyze
from triominoes.core.record import Record
from triominoes.core.rules import preset
from triominoes.tui import review
from triominoes.tui.app import (
    AnalysingScreen,
    AnalysisScreen,
    GameOverScreen,
    PlayApp,
    SummaryScreen,
)
from triominoes.tui.plain import PlainGame
from triominoes.tui.start import new_game
from triominoes.tui.table import LocalTable, Table
from triominoes.tui.text import use_language

from .conftest import make_app, settle, synchronously, take_turn

SHORT = preset("standard").with_overrides(target_score=60)
"""A game of a round or two: a few dozen decisions."""


def shown(static: Static) -> str:
    """A static's text as the terminal shows it (tables too)."""
    console = Console(width=118, file=io.StringIO(), record=True)
    console.print(static.content)
    return console.export_text()


async def to_the_end(pilot: Pilot[None]) -> None:
    """Play until the game's summary shows (going on after each round's)."""
    app = pilot.app
    await settle(pilot)
    for _ in range(500):
        if isinstance(app.screen, GameOverScreen):
            return
        if isinstance(app.screen, SummaryScreen):
            await pilot.press("enter")
            await settle(pilot)
        else:
            await take_turn(pilot)
    raise AssertionError("the game did not end")


@synchronously
async def test_a_analyses_the_finished_game(tmp_path: Path) -> None:
    app = make_app(tmp_path / "game.json", rules=SHORT, worlds=1)
    async with app.run_test(size=(110, 34)) as pilot:
        await settle(pilot)
        await pilot.press("a")  # not yet: the game is on
        assert "once the game is over" in shown(app.query_one("#message", Static))
        assert app.review is None
        await to_the_end(pilot)
        assert "a to analyse the game" in shown(app.screen.query_one(".note", Static))
        await pilot.press("a")
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, AnalysisScreen)
        found = app.review
        assert found is not None and found.analysis.worlds == 1
        players = shown(screen.query_one("#players", Static))
        assert "Accuracy" in players and "Points left per round" in players
        for seat, summary in zip(app.table.seats, found.analysis.players, strict=True):
            assert seat.name in players
            assert f"{summary.accuracy:.0f}%" in players
        assert sum(p.decisions for p in found.analysis.players) > 0
        heading = shown(screen.query_one("#analysis .note", Static))
        if found.notable:
            assert "more than 5 points from the best" in heading
            listed = shown(screen.query_one("#decisions", Static))
            first = found.notable[0]
            assert found.names[first.seat] in listed
            assert f"{first.loss:.0f}" in listed
        else:
            assert "within 5 points" in heading
        choice = app.selection.current
        await pilot.press("down")  # scrolls the report, not the board's choice
        assert app.selection.current == choice
        await pilot.press("escape")
        assert isinstance(app.screen, GameOverScreen)
        await pilot.press("a")  # made once: shown again at once
        assert isinstance(app.screen, AnalysisScreen) and app.review is found
        await pilot.press("escape", "enter")
    assert "Record saved to" in app.farewell


@synchronously
async def test_escape_cancels_the_analysis(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    escaped = threading.Event()
    ended = threading.Event()
    judged: list[tuple[int, int]] = []
    outcome: list[str] = []

    def held(record: Record, **options: Any) -> Analysis:
        """The analysis, holding its first progress until Escape was pressed."""
        progress = options.pop("progress")

        def hold(done: int, total: int) -> None:
            judged.append((done, total))
            escaped.wait(30)
            progress(done, total)

        try:
            result = analyze(record, progress=hold, **options)
        except review.Cancelled:
            outcome.append("cancelled")
            raise
        finally:
            ended.set()
        outcome.append("done")
        return result

    monkeypatch.setattr(review, "analyze", held)
    app = make_app(tmp_path / "game.json", rules=SHORT, worlds=1)
    async with app.run_test(size=(110, 34)) as pilot:
        await to_the_end(pilot)
        await pilot.press("a")
        await pilot.pause()
        assert isinstance(app.screen, AnalysingScreen)
        assert app.screen.query_one(ProgressBar).progress == 0
        await pilot.press("escape")
        escaped.set()
        assert await asyncio.to_thread(ended.wait, 30)
        await settle(pilot)
        assert outcome == ["cancelled"] and len(judged) == 1  # stopped at once
        assert isinstance(app.screen, GameOverScreen) and app.review is None
        # Asked again, it runs to the end, its bar counting decisions judged.
        ended.clear()
        await pilot.press("a")
        assert await asyncio.to_thread(ended.wait, 30)
        await settle(pilot)
        assert outcome == ["cancelled", "done"]
        assert isinstance(app.screen, AnalysisScreen)
        total = judged[-1][1]
        assert judged[-1] == (total, total)


class Answers:
    """Standard input that plays the best legal action, then the given lines."""

    def __init__(self, table: Table, after: list[str]) -> None:
        self.table = table
        self.after = after

    def readline(self) -> str:
        view = self.table.view(self.table.here[0])
        if not view.finished:
            return str(max(view.legal, key=lambda legal: legal.points).action) + "\n"
        return self.after.pop(0) + "\n" if self.after else ""


class NoRecord(LocalTable):
    """A table that gives no record (as a server may not)."""

    keeps_record = False

    def record(self) -> dict[str, Any] | None:  # type: ignore[override]
        return None


def without_record(table: Table) -> NoRecord:
    assert isinstance(table, LocalTable)
    return NoRecord(table.game, table.seats, bot_seed=5)


def plain_game(tmp_path: Path, after: list[str], *, record: bool = True) -> str:
    """A short game in the plain mode, then ``after``'s lines; what it printed."""
    use_language("en")
    setup = new_game(SHORT, ["human", "bot:easy"], 5, tmp_path / "game.json")
    table = setup.table if record else without_record(setup.table)
    out = io.StringIO()
    game = PlainGame(
        table,
        setup.save_path,
        stdin=cast(TextIO, Answers(table, after)),
        stdout=out,
        analysis_worlds=1,
    )
    assert game.run(setup.opening) == 0
    return out.getvalue()


def test_the_plain_mode_analyses_the_game_when_asked(tmp_path: Path) -> None:
    out = plain_game(tmp_path, ["what", "analyse"])
    before, after = out.split("Record saved to", 1)
    assert "nalys" not in before
    offer = "Type analyse for the game's analysis, or press Enter to leave."
    assert after.count(offer) == 2  # once, and again after a line that is no command
    report = after.split("Analysing the game…\n", 1)[1]
    progress = [line for line in report.splitlines() if line.startswith("analysing: ")]
    done, total = (int(n) for n in progress[-1].removeprefix("analysing: ").split("/"))
    assert done == total and 1 <= len(progress) <= 10
    assert "(1 sampled deal each)" in report
    for name in ("You", "Bot 2 (easy)"):
        assert f"\n{name}: " in report
    assert report.count(", accuracy ") == 2 and "points left per round" in report
    assert "points from the best" in report
    assert "--resume" not in out  # a finished game is not offered to go on with


def test_analyze_is_the_same_and_without_a_record_there_is_none(tmp_path: Path) -> None:
    out = plain_game(tmp_path, ["analyze", "quit", "analyse"])
    assert out.count(", accuracy ") == 2  # once: quit left
    out = plain_game(tmp_path, ["analyse", ""], record=False)
    assert "Analysis is not available" in out
    assert "accuracy" not in out


class Told(PlayApp):
    """The app, keeping what it notified."""

    told: list[str]

    def notify(self, message: str, **options: Any) -> None:
        self.told = [*getattr(self, "told", []), message]


@synchronously
async def test_the_app_without_a_record_says_there_is_no_analysis(tmp_path: Path) -> None:
    use_language("en")
    setup = new_game(SHORT, ["human", "bot:easy"], 5, tmp_path / "game.json")
    app = Told(without_record(setup.table), setup.save_path, pace=0, analysis_worlds=1)
    async with app.run_test(size=(110, 34)) as pilot:
        await to_the_end(pilot)
        await pilot.press("a")
        await settle(pilot)
        assert isinstance(app.screen, GameOverScreen) and app.review is None
        assert any("Analysis is not available" in message for message in app.told)
