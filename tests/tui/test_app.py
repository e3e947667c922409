"""The Textual game driven with its Pilot, as a player would."""

from __future__ import annotations

import json
import threading
import time
from pathlib import Path

from triominoes.core.actions import Action, Place
from triominoes.core.record import read, replay
from triominoes.core.rules import preset
from triominoes.core.view import PlayerView
from triominoes.tui.app import BoardView, HandoverScreen, HelpScreen, PlayApp, Rack, SummaryScreen
from triominoes.tui.board import SCALE
from triominoes.tui.start import resume_game
from triominoes.tui.table import LocalTable
from triominoes.tui.words import action_text

from .conftest import make_app, settle, synchronously, take_turn


def text_of(app: PlayApp, selector: str) -> str:
    return str(app.query_one(selector).render())


@synchronously
async def test_a_whole_round_by_keys(tmp_path: Path) -> None:
    app = make_app(tmp_path / "game.json")
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot)
        keys = []
        while not isinstance(app.screen, SummaryScreen):
            assert app.view.to_move == 0, "a bot's turn left waiting"
            keys.append(await take_turn(pilot))
            assert len(keys) < 200
        game = app.table.game  # type: ignore[attr-defined]
        state = game.rounds[0].state
        assert state.end is not None
        mine = [o for o in game.rounds[0].outcomes if o.seat == 0]
        assert len(mine) == len(keys)  # every action of seat 0 came from a key
        assert any(isinstance(o.action, Place) for o in mine)
        summary = text_of(app.screen, "#summary")  # type: ignore[arg-type]
        for seat, total in enumerate(game.totals):
            assert f"total {total}" in summary
            assert app.table.seats[seat].name in summary
        assert "Round 1:" in summary
        await pilot.press("enter")
        await settle(pilot)
        assert not isinstance(app.screen, SummaryScreen)
        assert len(game.rounds) == 2
        assert "Round 2" in text_of(app, "#title")


@synchronously
async def test_keys_choose_a_tile_its_cell_and_rotation(tmp_path: Path) -> None:
    app = make_app(tmp_path / "game.json", seed=11)
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot)
        while len(app.selection.cells()) < 2:
            await take_turn(pilot)
        first = app.selection.current
        assert first is not None and first.points == max(
            a.points for a in app.selection.tile_options()
        )
        board = app.query_one("#board", BoardView)
        assert str(first.points) in "\n".join(board.drawing.lines())
        assert str(first.points) in text_of(app, "#choice")
        await pilot.press("tab")
        second = app.selection.current
        assert second is not None
        assert isinstance(first.action, Place) and isinstance(second.action, Place)
        assert second.action.cell != first.action.cell
        await pilot.press("shift+tab")
        assert app.selection.current == first
        tile = app.selection.current_tile
        await pilot.press("right")
        assert app.selection.current_tile != tile or len(app.view.hand) == 1
        await pilot.press("left")
        assert app.selection.current_tile == tile


@synchronously
async def test_the_mouse_chooses_a_tile_and_a_cell_and_places(tmp_path: Path) -> None:
    app = make_app(tmp_path / "game.json", seed=11)
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot)
        while len(app.selection.cells()) < 2:
            await take_turn(pilot)
        index = app.selection.tile
        other = (index + 1) % len(app.view.hand)
        await pilot.click(Rack, offset=(7 * other + 2, 1))
        assert app.selection.tile == other
        await pilot.click(Rack, offset=(7 * index + 2, 1))
        assert app.selection.tile == index
        target = app.selection.cells()[1]
        board = app.query_one("#board", BoardView)
        x, y, _, _ = board.drawing.region_of(target)
        await pilot.click(BoardView, offset=(x + SCALE, y + 2 if (sum(target) % 2 == 0) else y + 1))
        current = app.selection.current
        assert current is not None and isinstance(current.action, Place)
        assert current.action.cell == target
        before = len(app.view.board)
        await pilot.click(BoardView, offset=(x + SCALE, y + 2 if (sum(target) % 2 == 0) else y + 1))
        await settle(pilot)
        cells = [p.cell for p in app.table.view(0).board]
        assert target in cells and len(cells) > before


@synchronously
async def test_undo_takes_back_your_move_and_save_then_resume(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    app = make_app(save, seed=11)
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot)
        while app.selection.current is None:
            await take_turn(pilot)
        before = app.table.view(0)
        await take_turn(pilot)
        assert app.table.view(0) != before
        await pilot.press("u")
        await settle(pilot)
        assert app.table.view(0) == before
        assert "Took back" in text_of(app, "#message")
        await take_turn(pilot)
        now = app.table.view(0)
        await pilot.press("s")
        assert str(save) in text_of(app, "#message")
        assert replay(read(json.loads(save.read_text()))).totals == list(now.totals)
        await pilot.press("q")
    assert "--resume" in app.farewell
    resumed = resume_game(save, None, None)
    assert resumed.table.view(0) == now
    assert [s.kind for s in resumed.table.seats] == ["human", "bot:easy"]


@synchronously
async def test_hint_chooses_the_expert_bots_placement(tmp_path: Path) -> None:
    app = make_app(tmp_path / "game.json", seed=11)
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot)
        while len(app.view.legal) < 3:
            await take_turn(pilot)
        await pilot.press("h")
        await settle(pilot)
        message = text_of(app, "#message")
        hint = app.last_hint
        assert hint is not None and hint in app.view.legal  # with the view's own points
        assert message.startswith("Hint:")
        assert action_text(app.view.tile_set, hint.action) in message
        assert f"({hint.points}" in message
        assert "Why:" not in message and "from here to the round's end" in message
        if isinstance(hint.action, Place):
            assert app.selection.current == hint  # the hinted placement is chosen


@synchronously
async def test_hot_seat_hides_the_rack_between_players(tmp_path: Path) -> None:
    app = make_app(tmp_path / "game.json", ("human", "human"), seed=11)
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot)
        if isinstance(app.screen, HandoverScreen):
            await pilot.press("enter")
        first = app.viewer
        while app.viewer == first and not isinstance(app.screen, HandoverScreen):
            await take_turn(pilot)
        assert isinstance(app.screen, HandoverScreen)
        assert app.query_one(Rack).hidden
        await pilot.press("enter")
        assert app.viewer != first
        assert app.view.seat == app.viewer
        assert not app.query_one(Rack).hidden


@synchronously
async def test_an_illegal_key_gets_the_engines_reason_in_the_language(tmp_path: Path) -> None:
    app = make_app(tmp_path / "game.json", seed=11, lang="de")
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot)
        while not app.view.legal or any(str(a.action) == "pass" for a in app.view.legal):
            await take_turn(pilot)
        await pilot.press("p")
        assert "Passen nicht erlaubt" in text_of(app, "#message")
        await pilot.press("question_mark")
        assert isinstance(app.screen, HelpScreen)
        await pilot.press("escape")
        assert not isinstance(app.screen, HelpScreen)


@synchronously
async def test_a_finished_game_is_saved_as_a_record(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    rules = preset("standard").with_overrides(
        game_end="single-round", target_score=None, hand_size={"2": 4}
    )
    app = make_app(save, seed=5, rules=rules)
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot)
        while not isinstance(app.screen, SummaryScreen):
            await take_turn(pilot)
        assert "Game over" in text_of(app.screen, ".heading")  # type: ignore[arg-type]
        game = replay(read(json.loads(save.read_text())))
        assert game.finished
        await pilot.press("enter")
    assert str(save) in app.farewell


@synchronously
async def test_undo_while_a_bot_thinks_says_why_nothing_happens(tmp_path: Path) -> None:
    app = make_app(tmp_path / "game.json", seed=11)
    table = app.table
    assert isinstance(table, LocalTable)
    go_on = threading.Event()
    bot = table.bots[1]
    real_choose = bot.choose

    def slow_choose(view: PlayerView) -> Action:
        go_on.wait(30)
        return real_choose(view)

    async with app.run_test(size=(100, 32)) as pilot:
        go_on.set()
        await settle(pilot)
        go_on.clear()
        bot.choose = slow_choose  # type: ignore[method-assign]
        while app.view.to_move != 0:
            await settle(pilot)
        key = "enter" if app.selection.current is not None else "d"
        await pilot.press(key)
        await pilot.pause()
        assert app.view.to_move == 1 and app.busy  # the bot thinks now
        await pilot.press("u")
        message = text_of(app, "#message")
        assert message == f"{table.seats[1].name} is thinking; undo once it is your move."
        go_on.set()
        await settle(pilot)
        await pilot.press("u")  # now it is taken back
        await settle(pilot)
        assert "Took back" in text_of(app, "#message")


@synchronously
async def test_quit_after_resume_says_where_the_game_is(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    app = make_app(save, seed=11)
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot)
        await take_turn(pilot)
        await pilot.press("q")
    assert save.exists()
    setup = resume_game(save, None, None)
    resumed = PlayApp(setup.table, setup.save_path, pace=0, resumed=setup.resumed)
    async with resumed.run_test(size=(100, 32)) as pilot:
        await settle(pilot)
        await pilot.press("q")  # nothing played since the resume
    assert resumed.farewell == (
        f"Game saved to {save}; go on with: triominoes play --resume {save}"
    )


@synchronously
async def test_the_screen_keeps_one_moment_while_a_bot_s_move_is_found(tmp_path: Path) -> None:
    """A key pressed while the bot thinks redraws the board and the score
    sheets from one moment of the table (and does not wait for the bot)."""
    rules = preset("standard").with_overrides(
        game_end="single-round", target_score=None, hand_size={"2": 4}
    )
    app = make_app(tmp_path / "game.json", seed=5, rules=rules)
    table = app.table
    assert isinstance(table, LocalTable)
    go_on = threading.Event()
    bot = table.bots[1]
    real_choose = bot.choose

    def slow_choose(view: PlayerView) -> Action:
        go_on.wait(10)
        return real_choose(view)

    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot)
        bot.choose = slow_choose  # type: ignore[method-assign]
        while app.view.to_move != 0:
            go_on.set()
            await settle(pilot)
        go_on.clear()
        await pilot.press("enter" if app.selection.current is not None else "d")
        await pilot.pause()
        assert app.busy and app.view.to_move == 1  # the bot thinks
        shown = app.view
        started = time.monotonic()
        await pilot.press("right")  # a redraw while the bot holds the table
        assert time.monotonic() - started < 5, "the screen waited for the bot"
        assert app.view == shown
        sheet = app.shown["#scores"]  # what the score sheet was last drawn from
        assert sheet == (shown.to_move, shown.hand_sizes, shown.round_points, shown.totals, 0)
        go_on.set()
        await settle(pilot)
        after = app.view
        assert after != shown
        history = table.history()
        assert app.history == history  # the rounds sheet and the board of one moment
        if history:
            assert list(history[-1].totals) == list(after.totals)
