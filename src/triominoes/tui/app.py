"""The Textual game: board, rack, score sheet and messages at one table.

The app draws from views and narrates from events; it decides no rule. The
rack's tile and its placements come from the view's ``legal`` list
(:mod:`selection`), the highlighted cells are where that tile fits with the
points it would score. Seats not played here move in a worker thread
(``Table.wait``), so the screen stays live while a bot thinks.

Once the game is over, ``a`` on its summary analyses it (:mod:`review`) in
another worker thread, with a progress bar that Escape cancels, and shows
the report on a screen of its own.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import ClassVar

from rich.style import Style
from rich.table import Table as RichTable
from rich.text import Text
from textual import events, work
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, ScrollableContainer, Vertical, VerticalScroll
from textual.geometry import Region
from textual.message import Message
from textual.screen import ModalScreen, Screen
from textual.widget import Widget
from textual.widgets import ProgressBar, Static
from textual.worker import Worker, get_current_worker

from triominoes.ai.hints import Hint
from triominoes.core.actions import Draw, Pass, Place
from triominoes.core.errors import TriominoesError
from triominoes.core.events import ActionTaken, Event
from triominoes.core.lattice import Cell
from triominoes.core.view import LegalAction, PlayerView
from triominoes.tui import board as drawing
from triominoes.tui.board import Drawing, Mark, draw
from triominoes.tui.hint import hint_lines, suggest
from triominoes.tui.review import (
    WORLDS,
    Cancelled,
    Review,
    accuracy,
    failed,
    intro_line,
    judged_line,
    legal_text,
    margins,
    marks_count,
    marks_text,
    not_available,
    notable_heading,
    per_round,
    review_game,
    total_lost,
)
from triominoes.tui.selection import Selection, SelectionKeys, place_of
from triominoes.tui.table import RoundResult, Table
from triominoes.tui.text import N_, _, reason
from triominoes.tui.words import (
    action_text,
    addressed,
    choice_line,
    come_back_line,
    game_end_sentence,
    history_lines,
    log_line,
    narrate,
    points_text,
    rules_line,
    server_keeps_it,
    status_line,
    summary_lines,
)

BOARD_STYLES: dict[str, Style] = {
    "": Style(),
    drawing.EDGE: Style(color="grey70"),
    drawing.NUMBER: Style(color="bright_white", bold=True),
    drawing.LAST: Style(color="gold1", bold=True),
    drawing.MARK: Style(color="green3", bold=True),
    drawing.BONUS: Style(color="orange1", bold=True),
    drawing.SELECTED: Style(color="bright_white", bgcolor="dodger_blue3", bold=True),
    drawing.MARK + drawing.EDGE_SUFFIX: Style(color="green3"),
    drawing.BONUS + drawing.EDGE_SUFFIX: Style(color="orange1"),
    drawing.SELECTED + drawing.EDGE_SUFFIX: Style(color="deep_sky_blue1", bold=True),
    drawing.PREVIEW: Style(color="deep_sky_blue1", bold=True),
}


def has_bonus(legal: LegalAction) -> bool:
    score = legal.score
    return score is not None and bool(score.shape_bonus or score.opening_bonus)


RACK_WIDTH = 7
"""Columns per rack tile (a five-column triangle and a gap)."""


class BoardView(Widget):
    """The layout with the chosen tile's cells marked; click a cell to choose it."""

    class CellClicked(Message):
        def __init__(self, cell: Cell) -> None:
            super().__init__()
            self.cell = cell

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.drawing: Drawing = draw(())
        self.styles.width = self.drawing.width
        self.styles.height = self.drawing.height

    def show(self, picture: Drawing) -> None:
        resized = (picture.width, picture.height) != (self.drawing.width, self.drawing.height)
        self.drawing = picture
        if resized:
            self.styles.width = picture.width
            self.styles.height = picture.height
        self.refresh(layout=resized)

    def render(self) -> Text:
        text = Text(no_wrap=True, overflow="crop")
        for number, runs in enumerate(self.drawing.runs()):
            if number:
                text.append("\n")
            for chunk, style in runs:
                text.append(chunk, BOARD_STYLES.get(style, Style()))
        return text

    def on_click(self, event: events.Click) -> None:
        self.post_message(self.CellClicked(self.drawing.cell_at(event.x, event.y)))


class Rack(Widget):
    """The viewer's tiles as small triangles; click one to choose it."""

    class TileClicked(Message):
        def __init__(self, index: int) -> None:
            super().__init__()
            self.index = index

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.selection = Selection()
        self.hidden = False

    def show(self, selection: Selection, *, hidden: bool = False) -> None:
        per_line = self.per_line()
        resized = len(selection.hand) // per_line != len(self.selection.hand) // per_line
        self.selection = selection
        self.hidden = hidden
        self.refresh(layout=resized)

    def per_line(self) -> int:
        return max(1, (self.size.width or 80) // RACK_WIDTH)

    def get_content_height(self, container: object, viewport: object, width: int) -> int:
        count = len(self.selection.hand)
        lines = max(1, -(-count // max(1, width // RACK_WIDTH)))
        return 3 * lines

    def render(self) -> Text:
        text = Text(no_wrap=True, overflow="crop")
        if self.hidden:
            return text
        hand = self.selection.hand
        per_line = self.per_line()
        for start in range(0, max(len(hand), 1), per_line):
            row = list(enumerate(hand))[start : start + per_line]
            for line in range(3):
                if start or line:
                    text.append("\n")
                for index, tile in row:
                    a, b, c = tile.numbers
                    picture = (f"  {a}  ", " ╱ ╲ ", f"{c}───{b}")[line]
                    if index == self.selection.tile:
                        style = Style(color="bright_white", bgcolor="dodger_blue3", bold=True)
                    elif self.selection.options.get(tile.id):
                        style = Style(color="bright_white", bold=True)
                    else:
                        style = Style(color="grey50")
                    text.append(picture, style)
                    text.append("  ")
        return text

    def on_click(self, event: events.Click) -> None:
        index = (event.y // 3) * self.per_line() + event.x // RACK_WIDTH
        if event.x % RACK_WIDTH < RACK_WIDTH - 2 and index < len(self.selection.hand):
            self.post_message(self.TileClicked(index))


class RoundLog(Widget):
    """This round's actions, the latest at the bottom: as many as fit, each
    on one line (what shows depends only on the log and the widget's size)."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.lines: list[str] = []

    def show(self, lines: list[str]) -> None:
        if lines != self.lines:
            self.lines = lines
            self.refresh()

    def render(self) -> Text:
        height = max(1, self.size.height)
        shown = self.lines[-height:]
        return Text("\n".join(shown), no_wrap=True, overflow="ellipsis")


KEYS: list[tuple[str, str]] = [
    ("← →", N_("choose a tile of your rack")),
    ("Tab, ↓ / Shift+Tab, ↑", N_("next / previous cell where it fits")),
    ("r", N_("next rotation in that cell")),
    ("Enter, Space", N_("place the chosen tile")),
    ("d", N_("draw a tile")),
    ("p", N_("pass")),
    ("h", N_("hint: the strongest bot's choice")),
    ("u", N_("undo your last move (against bots)")),
    ("s", N_("save the game's record")),
    ("c", N_("centre the board on the layout")),
    ("a", N_("when the game is over: analyse every decision")),
    ("?, F1", N_("this help")),
    ("q", N_("save and quit")),
]
"""The keys and what they do (translated where shown)."""


def key_help() -> list[tuple[str, str]]:
    return [(keys, _(what)) for keys, what in KEYS]


class HelpScreen(ModalScreen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q,question_mark,f1,enter", "close", show=False)
    ]

    def compose(self) -> ComposeResult:
        table = RichTable.grid(padding=(0, 2))
        for keys, what in key_help():
            table.add_row(Text(keys, style="bold"), what)
        with Vertical(id="dialog"):
            yield Static(_("Keys"), classes="heading")
            yield Static(table)
            yield Static(
                _(
                    "Mouse: click a tile of the rack to choose it, a highlighted cell to choose "
                    "it, and the chosen cell again to place the tile."
                ),
                classes="note",
            )
            yield Static(_("Press Escape to go back."), classes="note")

    def action_close(self) -> None:
        self.dismiss(None)


class SummaryScreen(ModalScreen[None]):
    """A round's or the game's summary; Enter goes on."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("enter,space,escape", "close", show=False)]

    def __init__(self, title: str, lines: Sequence[str], prompt: str) -> None:
        super().__init__()
        self.title_text = title
        self.lines = list(lines)
        self.prompt = prompt

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Static(self.title_text, classes="heading")
            yield Static("\n".join(self.lines), id="summary")
            yield Static(self.prompt, classes="note")

    def action_close(self) -> None:
        self.dismiss(None)


class GameOverScreen(SummaryScreen):
    """The game's summary: Enter leaves, ``a`` analyses the game."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("a", "analyse", show=False)]

    def __init__(
        self, title: str, lines: Sequence[str], prompt: str, analyse: Callable[[], None]
    ) -> None:
        super().__init__(title, lines, prompt)
        self.analyse = analyse

    def action_analyse(self) -> None:
        self.analyse()


class AnalysingScreen(ModalScreen[None]):
    """The analysis under way: decisions judged so far; Escape cancels."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", show=False)]

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Static(_("Analysing the game"), classes="heading")
            yield Static(_("Replaying the game…"), id="judged")
            yield ProgressBar(id="progress", show_eta=False)
            yield Static(_("Press Escape to cancel."), classes="note")

    def advance(self, done: int, total: int) -> None:
        self.query_one("#progress", ProgressBar).update(total=total, progress=done)
        self.query_one("#judged", Static).update(judged_line(done, total))

    def action_cancel(self) -> None:
        self.dismiss(None)


class AnalysisScreen(ModalScreen[None]):
    """The game's analysis: per player, then the decisions worth a look (scrollable)."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape,enter,q", "close", show=False)]

    def __init__(self, review: Review) -> None:
        super().__init__()
        self.review = review

    def compose(self) -> ComposeResult:
        review = self.review
        with Vertical(id="dialog", classes="wide"):
            yield Static(_("Analysis"), classes="heading")
            with VerticalScroll(id="analysis"):
                yield Static(intro_line(review))
                yield Static(self.players(), id="players")
                yield Static(notable_heading(review), classes="note")
                if review.notable:
                    yield Static(self.decisions(), id="decisions")
            yield Static(_("Press Escape to go back."), classes="note")

    def on_mount(self) -> None:
        self.query_one("#analysis", VerticalScroll).focus()

    def players(self) -> RichTable:
        sheet = RichTable(box=None, padding=(0, 1), show_edge=False, expand=True)
        sheet.add_column(_("Player"), ratio=1)
        sheet.add_column(_("Decisions"), justify="right")
        sheet.add_column(_("Accuracy"), justify="right")
        sheet.add_column(_("Points left per round"), justify="right")
        sheet.add_column(_("Total"), justify="right")
        sheet.add_column(_("Marks"), ratio=1)
        for player in self.review.analysis.players:
            sheet.add_row(
                Text(player.name, style="bold"),
                str(player.decisions),
                accuracy(player),
                per_round(player),
                total_lost(player),
                marks_count(player),
            )
        return sheet

    def decisions(self) -> RichTable:
        review = self.review
        sheet = RichTable(box=None, padding=(0, 1), show_edge=False, expand=True)
        sheet.add_column(_("Round"), justify="right")
        sheet.add_column(_("Turn"), justify="right")
        sheet.add_column(_("Player"), no_wrap=True, overflow="ellipsis")
        sheet.add_column(_("Played"), no_wrap=True)
        sheet.add_column(_("Best"), no_wrap=True)
        sheet.add_column(_("Expected: played / best"), justify="right")
        sheet.add_column(_("Points left"), justify="right")
        sheet.add_column(_("Marks"))
        for d in review.notable:
            sheet.add_row(
                str(d.round),
                str(d.turn),
                review.names[d.seat],
                legal_text(review.tiles, d.played),
                legal_text(review.tiles, d.best),
                margins(d),
                f"{d.loss:.0f}",
                marks_text(d),
            )
        return sheet

    def action_close(self) -> None:
        self.dismiss(None)


class HandoverScreen(Screen[None]):
    """Between two humans at one terminal: hides the rack until the next one is ready."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("enter,space", "close", show=False)]

    def __init__(self, name: str) -> None:
        super().__init__()
        self.player = name

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Static(_("{name}, your turn.").format(name=self.player), classes="heading")
            yield Static(_("Press Enter when the others cannot see the screen."), classes="note")

    def action_close(self) -> None:
        self.dismiss(None)


class PlayApp(SelectionKeys, App[None]):
    """One game at a table, in the terminal."""

    TITLE = "Triominoes"

    CSS = """
    #title { height: 1; background: $primary; color: $text; padding: 0 1; }
    #main { height: 1fr; }
    #board-area { width: 1fr; align: center middle; }
    #side { width: 42; border-left: solid $primary; padding: 0 1; }
    #scores { height: auto; }
    #rounds { height: auto; max-height: 6; color: $text-muted; margin-bottom: 1; }
    #placements { height: auto; max-height: 8; color: $text-muted; }
    #log { height: 1fr; }
    #rack { height: auto; max-height: 9; padding: 0 1; border-top: solid $primary; }
    #choice { height: 1; padding: 0 1; }
    #message { height: 1; padding: 0 1; background: $boost; }
    #keys { height: auto; max-height: 2; padding: 0 1; color: $text-muted; }
    .heading { text-style: bold; margin-bottom: 1; }
    .note { color: $text-muted; margin-top: 1; }
    ModalScreen, HandoverScreen { align: center middle; }
    #dialog {
        width: 76; max-width: 95%; height: auto; max-height: 95%; padding: 1 2;
        border: thick $primary; background: $surface;
    }
    #dialog Static { width: 100%; }
    #dialog.wide { width: 120; max-width: 98%; height: 90%; }
    #analysis { height: 1fr; }
    #progress { margin-top: 1; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "tile(-1)", show=False),
        Binding("right", "tile(1)", show=False),
        Binding("tab,down", "cell(1)", show=False, priority=True),
        Binding("shift+tab,up", "cell(-1)", show=False, priority=True),
        Binding("r", "rotate", show=False),
        Binding("enter,space", "place", show=False),
        Binding("d", "draw", show=False),
        Binding("p", "pass", show=False),
        Binding("h", "hint", show=False),
        Binding("u", "undo", show=False),
        Binding("s", "save", show=False),
        Binding("c", "centre", show=False),
        Binding("a", "analyse", show=False),
        Binding("question_mark,f1", "help", show=False),
        Binding("q", "quit_game", show=False),
    ]

    def __init__(
        self,
        table: Table,
        save_path: Path,
        *,
        opening: Sequence[Event] = (),
        pace: float = 0.4,
        hint: Callable[[PlayerView], Hint | None] = suggest,
        analysis_worlds: int = WORLDS,
        resumed: bool = False,
    ) -> None:
        super().__init__()
        self.table = table
        self.save_path = save_path
        self.opening = list(opening)
        self.pace = pace
        self.hint_source = hint
        self.viewer = table.here[0]
        self.view, self.history = table.snapshot(self.viewer)
        self.selection = Selection.of(self.view)
        self.last_cell: Cell | None = None
        self.played = False
        self.resumed = resumed
        """A saved game goes on: quitting saves it again, played here or not."""
        self.busy = False
        self.shown: dict[str, object] = {}
        self.last_hint: LegalAction | None = None
        self.farewell = ""
        """What to print once the app has ended (where the game was saved)."""
        self.analysis_worlds = analysis_worlds
        """Sampled deals per decision of the post-game analysis."""
        self.review: Review | None = None
        """The finished game's analysis, once made."""
        self.analysing: AnalysingScreen | None = None
        self.analysis_worker: Worker[None] | None = None
        """The analysis under way (None: none, or cancelled)."""

    # --- layout ------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Static(id="title")
        with Horizontal(id="main"):
            with ScrollableContainer(id="board-area", can_focus=False):
                yield BoardView(id="board")
            with Vertical(id="side"):
                yield Static(id="scores")
                yield Static(id="rounds")
                yield Static(id="placements")
                yield RoundLog(id="log")
        yield Rack(id="rack")
        yield Static(id="choice")
        yield Static(id="message")
        yield Static(
            _(
                "←→ tile  Tab cell  r rotate  Enter place  d draw  p pass  "
                "h hint  u undo  s save  ? help  q quit"
            ),
            id="keys",
        )

    def on_mount(self) -> None:
        self.redraw(centre=True)
        self.say(" ".join(narrate(self.opening, self.table.seats, self.viewer, self.view.tile_set)))
        self.proceed()

    # --- drawing -----------------------------------------------------------

    def my_turn(self) -> bool:
        return self.view.to_move == self.viewer and not self.busy

    def redraw(self, *, centre: bool = False) -> None:
        view = self.view
        seats = self.table.seats
        tiles = view.tile_set
        self.set_text(
            "#title", f"{_('Triominoes')} · {rules_line(view.rules)} · {status_line(view, seats)}"
        )
        sheet_key = (view.to_move, view.hand_sizes, view.round_points, view.totals, self.viewer)
        self.set_text("#scores", self.score_sheet(), sheet_key)
        history = self.history
        self.set_text("#rounds", self.rounds_sheet(history), tuple(history))
        mine = self.my_turn()
        marks: list[Mark] = []
        current = self.selection.current if mine else None
        if mine:
            for cell in self.selection.cells():
                best = self.selection.at_cell(cell)[0]
                chosen = current is not None and current in self.selection.at_cell(cell)
                shown = current if chosen and current is not None else best
                marks.append(
                    Mark(
                        cell,
                        str(shown.points),
                        bonus=has_bonus(best),
                        selected=chosen,
                        corners=place_of(shown).corners if chosen else None,
                    )
                )
        picture = draw(view.board, marks, last=self.last_cell)
        board = self.query_one("#board", BoardView)
        board.show(picture)
        self.query_one("#rack", Rack).show(self.selection)
        self.set_text("#placements", self.placements_text() if mine else "")
        self.set_text("#choice", self.choice_text())
        self.query_one("#log", RoundLog).show([log_line(e, seats, tiles) for e in view.log])
        self.call_after_refresh(self.scroll_board, centre)

    def scroll_board(self, centre: bool) -> None:
        area = self.query_one("#board-area", ScrollableContainer)
        picture = self.query_one("#board", BoardView).drawing
        current = self.selection.current if self.my_turn() else None
        if current is not None and not centre:
            x, y, w, h = picture.region_of(place_of(current).cell)
            area.scroll_to_region(Region(x, y, w, h), animate=False, spacing=None)
        else:
            x, y = picture.layout_centre
            area.scroll_to_region(Region(x, y, 1, 1), center=True, animate=False)

    def score_sheet(self) -> RichTable:
        view = self.view
        sheet = RichTable(box=None, padding=(0, 1), show_edge=False, expand=True)
        sheet.add_column("#")
        sheet.add_column(_("Player"), no_wrap=True, overflow="ellipsis", ratio=1)
        sheet.add_column(_("Tiles"), justify="right")
        sheet.add_column(_("Round"), justify="right")
        sheet.add_column(_("Total"), justify="right")
        for seat, info in enumerate(self.table.seats):
            marker = "▶" if view.to_move == seat else ""
            style = "bold" if seat == self.viewer else ""
            sheet.add_row(
                f"{marker}{seat + 1}",
                Text(info.name, style=style),
                str(view.hand_sizes[seat]),
                str(view.round_points[seat]),
                str(view.totals[seat]),
            )
        return sheet

    def rounds_sheet(self, history: Sequence[RoundResult]) -> RichTable | str:
        """Each finished round's points per seat (columns by seat number)."""
        if not history:
            return ""
        sheet = RichTable(box=None, padding=(0, 1), show_edge=False, expand=True)
        sheet.add_column(_("Round"))
        for seat in range(len(self.table.seats)):
            sheet.add_column(f"#{seat + 1}", justify="right")
        for result in history:
            sheet.add_row(str(result.round), *(f"{p:+d}" for p in result.points))
        return sheet

    def placements_text(self) -> str:
        options = self.selection.tile_options()
        current = self.selection.current
        lines = []
        for legal in options[:7]:
            marker = "▶" if legal == current else " "
            lines.append(f"{marker} {legal.action!s:<10} {points_text(legal.points, legal.score)}")
        if len(options) > 7:
            lines.append(_("… {count} more").format(count=len(options) - 7))
        return "\n".join(lines)

    def choice_text(self) -> str:
        view = self.view
        tiles = view.tile_set
        if view.to_move is None:
            return ""
        if view.to_move != self.viewer or self.busy:
            return _("Waiting for {name}…").format(name=self.table.seats[view.to_move].name)
        selection = self.selection
        tile = selection.current_tile
        current = selection.current
        if tile is None:
            return ""
        if current is None:
            others = [
                f"{action_text(tiles, a.action)} ({'d' if isinstance(a.action, Draw) else 'p'})"
                for a in view.legal
                if isinstance(a.action, Draw | Pass)
            ]
            if selection.fitting_tiles():
                return _("{tile} fits nowhere; choose another tile.").format(tile=tile.name)
            return _("No tile fits: {actions}.").format(actions=", ".join(others))
        cells = selection.cells()
        index = cells.index(place_of(current).cell)
        rotations = selection.at_cell(cells[index])
        return choice_line(
            current,
            tiles,
            (index + 1, len(cells)),
            (rotations.index(current) + 1, len(rotations)),
        )

    def say(self, message: str) -> None:
        if message:
            self.set_text("#message", message)

    def set_text(self, selector: str, content: str | RichTable, key: object = None) -> None:
        """Update a text if it changed (each update costs a layout pass)."""
        known = self.shown.get(selector)
        key = content if key is None else key
        if known != key:
            self.shown[selector] = key
            self.query_one(selector, Static).update(content)

    # --- the game's flow ---------------------------------------------------

    def update_view(self, events: Sequence[Event] = ()) -> None:
        """Take the table's new state and tell what happened."""
        self.view, self.history = self.table.snapshot(self.viewer)
        self.selection = Selection.of(self.view, self.selection)
        for event in events:
            if isinstance(event, ActionTaken) and isinstance(event.action, Place):
                self.last_cell = event.action.cell
        told = narrate(events, self.table.seats, self.viewer, self.view.tile_set)
        if told:
            self.say(" ".join(told))
        self.redraw()

    def proceed(self) -> None:
        """Go on from the current state: a summary, a handover, a bot, or the player."""
        self.view, self.history = self.table.snapshot(self.viewer)
        view = self.view
        seats = self.table.seats
        names = [s.name for s in seats]
        if view.finished:
            saved = self.save_quietly()
            lines = []
            if view.round_end is not None:
                lines.extend(summary_lines(view.round_end, view, seats))
            lines.extend(["", *history_lines(self.history, self.table.seats), ""])
            lines.append(game_end_sentence(view.winners, names, addressed(view, seats)))
            if saved:
                lines.append(_("Record saved to {path}").format(path=self.save_path))
                self.farewell = _("Record saved to {path}").format(path=self.save_path)
            self.push_screen(
                GameOverScreen(
                    _("Game over"),
                    lines,
                    _("Press Enter to leave, a to analyse the game."),
                    self.analyse,
                ),
                lambda _result: self.exit(),
            )
            return
        if view.round_end is not None:
            lines = [
                *summary_lines(view.round_end, view, seats),
                "",
                *history_lines(self.history, self.table.seats),
            ]
            self.push_screen(
                SummaryScreen(
                    _("Round {round} over").format(round=view.round),
                    lines,
                    _("Press Enter for the next round."),
                ),
                lambda _result: self.next_round(),
            )
            return
        seat = view.to_move
        if seat is None:
            if self.table.live:  # before the first deal on a server
                self.busy = True
                self.run_others()
            return
        if seat in self.table.here:
            if seat != self.viewer:
                self.query_one("#rack", Rack).show(self.selection, hidden=True)
                self.push_screen(HandoverScreen(seats[seat].name), lambda _r: self.hand_to(seat))
            else:
                self.selection = Selection.of(self.view, self.selection)
                self.redraw()
            return
        self.busy = True
        self.redraw()
        self.run_others()

    def hand_to(self, seat: int) -> None:
        self.viewer = seat
        self.view, self.history = self.table.snapshot(seat)
        self.selection = Selection.of(self.view)
        self.redraw(centre=True)

    def next_round(self) -> None:
        self.last_cell = None
        self.busy = True
        self.say(_("Waiting for the next round…"))
        self.deal_next()

    @work(thread=True, exclusive=True, group="table")
    def deal_next(self) -> None:
        """Ready for the next round (a server may wait for the other players)."""
        try:
            events = self.table.ready()
        except TriominoesError as error:  # a server gone: say so, and stay
            self.call_from_thread(self.lost, reason(error))
            return
        self.call_from_thread(self.update_view, events)
        self.call_from_thread(self.redraw, centre=True)
        self.call_from_thread(self.others_done)

    @work(thread=True, exclusive=True, group="table")
    def run_others(self) -> None:
        """Let the seats not played here move, one action at a time."""
        try:
            while events := self.table.wait():
                self.call_from_thread(self.update_view, events)
                if self.pace:
                    time.sleep(self.pace)
        except TriominoesError as error:  # a server gone: say so, and stay
            self.call_from_thread(self.lost, reason(error))
            return
        self.call_from_thread(self.others_done)

    def others_done(self) -> None:
        self.busy = False
        self.proceed()

    def lost(self, message: str) -> None:
        self.busy = False
        self.say(message)

    # --- actions -----------------------------------------------------------

    def play(self, token: str) -> None:
        if not self.my_turn():
            return
        try:
            events = self.table.act(self.viewer, token)
        except TriominoesError as error:
            self.say(reason(error))
            return
        self.played = True
        self.update_view(events)
        self.proceed()

    def action_place(self) -> None:
        current = self.selection.current
        if current is None:
            tile = self.selection.current_tile
            if tile is not None and self.my_turn():
                self.say(_("{tile} fits nowhere.").format(tile=tile.name))
            return
        self.play(str(current.action))

    def action_draw(self) -> None:
        self.play("draw")

    def action_pass(self) -> None:
        self.play("pass")

    def action_centre(self) -> None:
        self.scroll_board(True)

    def action_help(self) -> None:
        self.push_screen(HelpScreen())

    def action_undo(self) -> None:
        if self.busy and self.table.can_undo:
            # The table is the bot's while it thinks: undo would wait for it.
            seat = self.view.to_move
            name = self.table.seats[seat].name if seat is not None else ""
            self.say(_("{name} is thinking; undo once it is your move.").format(name=name))
            return
        if self.busy:
            return
        try:
            self.table.undo(self.viewer)
        except TriominoesError as error:
            self.say(reason(error))
            return
        self.last_cell = None
        self.update_view()
        self.say(_("Took back your last move."))
        self.proceed()

    def action_save(self) -> None:
        if not self.table.keeps_record:
            self.say(server_keeps_it())
        elif self.save_quietly():
            self.say(_("Game saved to {path}").format(path=self.save_path))

    def save_quietly(self) -> bool:
        try:
            self.table.save(self.save_path)
        except OSError as error:
            self.say(_("Cannot save the game: {error}").format(error=error))
            return False
        return True

    def action_quit_game(self) -> None:
        url = self.table.seat_url
        if url is not None and not self.view.finished:
            self.farewell = come_back_line(url)
        touched = self.played or self.resumed
        keep = self.table.keeps_record and touched and not self.view.finished
        if keep and self.save_quietly():
            self.farewell = _(
                "Game saved to {path}; go on with: triominoes play --resume {path}"
            ).format(path=self.save_path)
        self.exit()

    def action_hint(self) -> None:
        if self.my_turn():
            self.say(_("Thinking…"))
            self.find_hint(self.view)

    @work(thread=True, exclusive=True, group="hint")
    def find_hint(self, view: PlayerView) -> None:
        found = self.hint_source(view)
        self.call_from_thread(self.show_hint, view, found)

    def show_hint(self, view: PlayerView, found: Hint | None) -> None:
        if found is None or view != self.view:
            return  # the game moved on while the hint was found
        legal = found.legal
        self.last_hint = legal
        self.selection.choose(legal)
        self.redraw()
        self.say(" ".join(hint_lines(view, found)))

    # --- after the game: its analysis --------------------------------------

    def action_analyse(self) -> None:
        if self.view.finished:
            self.analyse()
        else:
            self.say(_("The analysis is there once the game is over."))

    def analyse(self) -> None:
        """Show the game's analysis, making it first (in a worker thread)."""
        if not self.view.finished or self.analysis_worker is not None:
            return
        if self.review is not None:
            self.push_screen(AnalysisScreen(self.review))
            return
        self.analysing = AnalysingScreen()
        self.push_screen(self.analysing, lambda _result: self.cancel_analysis())
        self.analysis_worker = self.make_review(self.analysis_worlds)

    @work(thread=True, exclusive=True, group="analysis", exit_on_error=False)
    def make_review(self, worlds: int) -> None:
        worker: Worker[None] = get_current_worker()

        def progress(done: int, total: int) -> None:
            if worker.is_cancelled:
                raise Cancelled
            self.call_from_thread(self.analysis_progress, worker, done, total)

        try:
            found = review_game(self.table, worlds=worlds, progress=progress)
        except Cancelled:
            return
        except Exception as error:  # the game is over and saved: say why, and stay
            if not worker.is_cancelled:
                why = reason(error) if isinstance(error, TriominoesError) else str(error)
                self.call_from_thread(self.analysis_over, worker, None, failed(why))
            return
        if not worker.is_cancelled:
            message = "" if found is not None else not_available()
            self.call_from_thread(self.analysis_over, worker, found, message)

    def analysis_progress(self, worker: Worker[None], done: int, total: int) -> None:
        if worker is self.analysis_worker and self.analysing is not None:
            self.analysing.advance(done, total)

    def analysis_over(self, worker: Worker[None], found: Review | None, message: str) -> None:
        """The analysis ended: show it, or say why there is none."""
        if worker is not self.analysis_worker:
            return  # cancelled meanwhile
        self.analysis_worker = None
        if self.analysing is not None and self.screen is self.analysing:
            self.pop_screen()
        self.analysing = None
        if found is None:
            self.notify(message, severity="warning")
            return
        self.review = found
        self.push_screen(AnalysisScreen(found))

    def cancel_analysis(self) -> None:
        """Escape while analysing: stop (the worker stops at its next decision)."""
        worker = self.analysis_worker
        self.analysis_worker = None
        self.analysing = None
        if worker is not None:
            worker.cancel()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        # The arrow keys scroll the analysis rather than move the board's choice.
        return not (action == "cell" and isinstance(self.screen, AnalysisScreen))

    # --- the mouse ---------------------------------------------------------

    def on_board_view_cell_clicked(self, message: BoardView.CellClicked) -> None:
        if not self.my_turn():
            return
        current = self.selection.current
        if current is not None and place_of(current).cell == message.cell:
            self.play(str(current.action))
        elif self.selection.choose_cell(message.cell):
            self.redraw()

    def on_rack_tile_clicked(self, message: Rack.TileClicked) -> None:
        self.selection.choose_tile(message.index)
        self.redraw()
