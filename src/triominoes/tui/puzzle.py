"""``triominoes puzzle``: the shipped puzzles in the terminal.

The board, the rack and the choice of a placement are the game's own
(:class:`BoardView`, :class:`Rack`, :class:`Selection`): the solver picks a
tile, a cell and a rotation as at a table and places it, or draws. The
answer is judged as the server judges it (:mod:`triominoes.puzzles.solving`);
the line under the board says right or wrong, the best action, what each
scores and the search's margin, and the board shows the best placement.
``n`` goes on to the next puzzle. The plain mode (:func:`run_plain`) asks
for an action token on standard input and answers in lines of text.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar, TextIO

from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import ScrollableContainer
from textual.geometry import Region
from textual.widgets import Static

from triominoes.core.actions import Place, parse_action
from triominoes.core.errors import BadToken
from triominoes.core.tiles import TileSet
from triominoes.core.view import PlayerView
from triominoes.puzzles.model import Puzzle
from triominoes.puzzles.solving import Answer, BadLine, NotLegal, answer
from triominoes.tui.app import BoardView, Rack, has_bonus
from triominoes.tui.board import Mark, board_text, draw
from triominoes.tui.selection import Selection, SelectionKeys, place_of
from triominoes.tui.text import N_, _, reason
from triominoes.tui.words import action_text, legal_line, points_text

THEME_NAMES = {
    "hexagon": N_("hexagon"),
    "bridge": N_("bridge"),
    "endgame": N_("endgame"),
    "defence": N_("defence"),
    "needless-draw": N_("needless draw"),
    "out": N_("going out"),
}
PROMPTS = {
    "find-hexagon": N_("Find the best action: a hexagon is there to be made."),
    "find-bridge": N_("Find the best action: a bridge is there to be made."),
    "win-endgame": N_("Find the line that wins the most from this endgame."),
    "find-best": N_("Find the one action that keeps the round good."),
    "do-not-draw": N_("Find the best action: drawing is not it."),
    "go-out": N_("Find the best action: you can go out."),
}


def not_legal() -> str:
    return _("That is not one of your legal actions here.")


def title_line(puzzle: Puzzle, number: int, count: int) -> str:
    return _("Puzzle {number} of {count} · {id} · {theme} · difficulty {difficulty}").format(
        number=number,
        count=count,
        id=puzzle.id,
        theme=_(THEME_NAMES[puzzle.theme]),
        difficulty=puzzle.difficulty,
    )


def verdict(tiles: TileSet, judged: Answer) -> str:
    """Right or wrong, in a sentence."""
    best = action_text(tiles, parse_action(judged.best))
    if judged.correct:
        if judged.goes_on and judged.reply is not None:
            reply = action_text(tiles, parse_action(judged.reply))
            return _("Right. The opponent answers {reply}; go on.").format(reply=reply)
        return _("Right: {best} is the best here ({points}).").format(
            best=best, points=judged.best_points
        )
    played = action_text(tiles, parse_action(judged.played))
    if judged.margin is None:
        return _("Not the best: {best} was. Yours: {played}.").format(best=best, played=played)
    return _(
        "Not the best: {best} scores {best_points} now and is {margin} points better "
        "by the round's end; {played} scores {played_points}."
    ).format(
        best=best,
        best_points=judged.best_points,
        margin=judged.margin,
        played=played,
        played_points=judged.played_points,
    )


class PuzzleApp(SelectionKeys, App[None]):
    """Puzzles one after another, solved with the game's keys."""

    TITLE = "Triominoes"

    CSS = """
    #title { height: 1; background: $primary; color: $text; padding: 0 1; }
    #prompt { height: 1; padding: 0 1; text-style: bold; }
    #board-area { height: 1fr; align: center middle; }
    #rack { height: auto; max-height: 9; padding: 0 1; border-top: solid $primary; }
    #choice { height: 1; padding: 0 1; }
    #message { height: auto; max-height: 3; padding: 0 1; background: $boost; }
    #keys { height: 1; padding: 0 1; color: $text-muted; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "tile(-1)", show=False),
        Binding("right", "tile(1)", show=False),
        Binding("tab,down", "cell(1)", show=False, priority=True),
        Binding("shift+tab,up", "cell(-1)", show=False, priority=True),
        Binding("r", "rotate", show=False),
        Binding("enter,space", "place", show=False),
        Binding("d", "draw", show=False),
        Binding("n", "next", show=False),
        Binding("q,escape", "quit", show=False),
    ]

    def __init__(self, puzzles: Sequence[Puzzle]) -> None:
        super().__init__()
        if not puzzles:
            raise ValueError("no puzzles to play")
        self.puzzles = list(puzzles)
        self.index = 0
        self.solved = 0
        self.tried = 0
        self.start_puzzle()

    def start_puzzle(self) -> None:
        self.puzzle = self.puzzles[self.index]
        self.line: list[str] = []
        self.view: PlayerView = self.puzzle.view()
        self.selection = Selection.of(self.view)
        self.result: Answer | None = None
        self.first_try = True

    def compose(self) -> ComposeResult:
        yield Static(id="title")
        yield Static(id="prompt")
        with ScrollableContainer(id="board-area", can_focus=False):
            yield BoardView(id="board")
        yield Rack(id="rack")
        yield Static(id="choice")
        yield Static(id="message")
        yield Static(
            _("←→ tile  Tab cell  r rotate  Enter place  d draw  n next puzzle  q quit"),
            id="keys",
        )

    def on_mount(self) -> None:
        self.redraw()

    @property
    def open(self) -> bool:
        """The solver may still act (no answer yet, or a line goes on)."""
        return self.result is None or self.result.goes_on

    def redraw(self) -> None:
        puzzle = self.puzzle
        self.query_one("#title", Static).update(
            title_line(puzzle, self.index + 1, len(self.puzzles))
        )
        self.query_one("#prompt", Static).update(_(PROMPTS[puzzle.prompt]))
        marks: list[Mark] = []
        if self.open:
            current = self.selection.current
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
        elif self.result is not None:
            solution = parse_action(self.result.best)
            if isinstance(solution, Place):
                points = str(self.result.best_points)
                marks.append(Mark(solution.cell, points, selected=True, corners=solution.corners))
            taken = {m.cell for m in marks} | {p.cell for p in self.view.board}
            marks.extend(Mark(c, "", bonus=True) for c in self.result.cells if c not in taken)
        picture = draw(self.view.board, marks)
        self.query_one("#board", BoardView).show(picture)
        self.query_one("#rack", Rack).show(self.selection)
        self.query_one("#choice", Static).update(self.choice_text())
        self.query_one("#message", Static).update(self.message_text())
        self.call_after_refresh(self.centre)

    def centre(self) -> None:
        area = self.query_one("#board-area", ScrollableContainer)
        x, y = self.query_one("#board", BoardView).drawing.layout_centre
        area.scroll_to_region(Region(x, y, 1, 1), center=True, animate=False)

    def choice_text(self) -> str:
        current = self.selection.current
        if not self.open or current is None:
            return ""
        return f"{action_text(self.view.tile_set, current.action)}: " + points_text(
            current.points, current.score
        )

    def message_text(self) -> str:
        score = _("Solved {solved} of {tried}.").format(solved=self.solved, tried=self.tried)
        if self.result is None:
            return score
        told = verdict(self.view.tile_set, self.result)
        if self.open:
            return told
        return f"{told} {score} " + _("n: next puzzle")

    # --- actions -------------------------------------------------------------

    def try_action(self, token: str) -> None:
        if not self.open:
            return
        try:
            judged = answer(self.puzzle, self.line, token)
        except BadToken as exc:
            self.query_one("#message", Static).update(reason(exc))
            return
        except (BadLine, NotLegal):
            self.query_one("#message", Static).update(not_legal())
            return
        self.result = judged
        if judged.reply is not None and judged.next_view is not None:
            self.line += [judged.played, judged.reply]
            self.view = judged.next_view
            self.selection = Selection.of(self.view)
        elif self.first_try:
            self.tried += 1
            self.solved += int(judged.correct)
        if not judged.correct:
            self.first_try = False
        self.redraw()

    def action_place(self) -> None:
        current = self.selection.current
        if current is not None:
            self.try_action(str(current.action))

    def action_draw(self) -> None:
        if any(str(e.action) == "draw" for e in self.view.legal):
            self.try_action("draw")

    def action_next(self) -> None:
        self.index = (self.index + 1) % len(self.puzzles)
        self.start_puzzle()
        self.redraw()


def run_plain(puzzles: Sequence[Puzzle], stdin: TextIO, stdout: TextIO) -> int:
    """The plain mode: each puzzle's board, hand and legal actions as text,
    one action read a line (its number or token; ``quit`` or the end of
    the input stops). Returns the number solved at the first try."""
    solved = 0

    def say(text: str) -> None:
        stdout.write(text + "\n")
        stdout.flush()

    for number, puzzle in enumerate(puzzles, 1):
        say(title_line(puzzle, number, len(puzzles)))
        line: list[str] = []
        view = puzzle.view()
        first = True
        while True:
            tiles = view.tile_set
            say(_(PROMPTS[puzzle.prompt]))
            say(board_text(view.board))
            say(_("Your tiles: {tiles}").format(tiles=" ".join(t.name for t in view.hand)))
            for index, entry in enumerate(view.legal, 1):
                say(f"{index:>3}. {legal_line(tiles, entry)}")
            stdout.write("> ")
            stdout.flush()
            text = stdin.readline()
            if not text or text.strip() == "quit":
                return solved
            text = text.strip()
            if text.isdigit() and 1 <= int(text) <= len(view.legal):
                text = str(view.legal[int(text) - 1].action)
            try:
                judged = answer(puzzle, line, text)
            except BadToken as exc:
                say(reason(exc))
                continue
            except NotLegal:
                say(not_legal())
                continue
            say(verdict(tiles, judged))
            if judged.reply is not None and judged.next_view is not None:
                line += [judged.played, judged.reply]
                view = judged.next_view
                first = first and judged.correct
                continue
            solved += int(first and judged.correct)
            break
    return solved
