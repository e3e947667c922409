"""Snapshots of the main screens (pytest-textual-snapshot).

Deterministic: a fixed seed for the deal and the bots, no pause between bot
actions, a fixed terminal size, English (German for one). After a change
of the screens, look at the new pictures and run
``pytest tests/tui/test_snapshots.py --snapshot-update``.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from textual.pilot import Pilot

from triominoes.core.rules import preset
from triominoes.tui.app import PlayApp, SummaryScreen

from .conftest import make_app, settle, take_turn

SIZE = (110, 34)
Compare = Callable[..., bool]


@pytest.fixture
def here(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    # The record's path shows on screen: keep it the same on every run.
    monkeypatch.chdir(tmp_path)
    return Path("game.json")


def turns(count: int) -> Callable[[Pilot[None]], object]:
    async def run(pilot: Pilot[None]) -> None:
        await settle(pilot)
        for _ in range(count):
            await take_turn(pilot)

    return run


def until_summary(pilot_app: PlayApp) -> Callable[[Pilot[None]], object]:
    async def run(pilot: Pilot[None]) -> None:
        await settle(pilot)
        while not isinstance(pilot_app.screen, SummaryScreen):
            await take_turn(pilot)

    return run


def test_start_of_a_game(snap_compare: Compare, here: Path) -> None:
    assert snap_compare(make_app(here, seed=11), terminal_size=SIZE, run_before=turns(0))


def test_the_cells_where_the_chosen_tile_fits(snap_compare: Compare, here: Path) -> None:
    app = make_app(here, ("human", "bot:easy", "bot:easy"), seed=3)
    assert snap_compare(app, terminal_size=SIZE, run_before=turns(10), press=["tab"])


def test_help(snap_compare: Compare, here: Path) -> None:
    app = make_app(here, seed=11)
    assert snap_compare(app, terminal_size=SIZE, run_before=turns(0), press=["question_mark"])


def test_round_summary(snap_compare: Compare, here: Path) -> None:
    rules = preset("standard").with_overrides(hand_size={"2": 4})
    app = make_app(here, seed=5, rules=rules)
    assert snap_compare(app, terminal_size=SIZE, run_before=until_summary(app))


def test_game_summary(snap_compare: Compare, here: Path) -> None:
    rules = preset("standard").with_overrides(
        game_end="single-round", target_score=None, hand_size={"2": 4}
    )
    app = make_app(here, seed=5, rules=rules)
    assert snap_compare(app, terminal_size=SIZE, run_before=until_summary(app))


def test_in_german(snap_compare: Compare, here: Path) -> None:
    app = make_app(here, seed=11, lang="de")
    assert snap_compare(app, terminal_size=SIZE, run_before=turns(3))
