"""The plain line mode: the game as lines of text, actions read from stdin.

For scripts, screen readers and terminals without Textual (also what runs
when standard output is not a terminal). At each turn of a seat played
here it prints the board, the scores, the hand and every legal action with
its points, numbered, then reads one line: an action as the list shows it
(its number, its words ``4-4-5 at -1,-1`` or its token ``545@1,0``,
``draw``, ``pass``) or a command (``help``, ``hint``, ``undo``, ``save``,
``quit``).
A line that is neither gets one line saying why and the same prompt again.
The end of the input ends the game cleanly (an unfinished game is saved).

Once the game is over it reads lines again: ``analyse`` (or ``analyze``)
prints the game's analysis (:mod:`review`), with a progress line every
tenth of the way; an empty line, ``quit`` or the end of the input leaves.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TextIO

from triominoes.ai.hints import Hint
from triominoes.core.errors import TriominoesError
from triominoes.core.events import Event
from triominoes.core.view import PlayerView
from triominoes.tui.board import board_text
from triominoes.tui.hint import hint_lines, suggest
from triominoes.tui.review import (
    WORLDS,
    every_tenth,
    failed,
    not_available,
    report_lines,
    review_game,
)
from triominoes.tui.table import Table
from triominoes.tui.text import N_, _, reason
from triominoes.tui.words import (
    action_text,
    addressed,
    come_back_line,
    game_end_sentence,
    history_lines,
    legal_line,
    narrate,
    rules_line,
    server_keeps_it,
    status_line,
    summary_lines,
    tiles_count,
)

COMMANDS = ("help", "hint", "undo", "save", "quit")
ANALYSE = ("analyse", "analyze")


class PlainGame:
    """One game at a table, told line by line."""

    def __init__(
        self,
        table: Table,
        save_path: Path,
        *,
        stdin: TextIO,
        stdout: TextIO,
        hint: Callable[[PlayerView], Hint | None] = suggest,
        analysis_worlds: int = WORLDS,
        resumed: bool = False,
    ) -> None:
        self.table = table
        self.save_path = save_path
        self.stdin = stdin
        self.stdout = stdout
        self.hint = hint
        self.viewer = table.here[0]
        self.played = False
        """Whether anything was played here (an untouched game is not saved)."""
        self.resumed = resumed
        """A saved game goes on: leaving saves it again, played here or not."""
        self.analysis_worlds = analysis_worlds
        """Sampled deals per decision of the post-game analysis."""
        self.over = False
        """The game is over (and saved): leaving saves nothing more."""

    def say(self, *lines: str) -> None:
        for line in lines:
            self.stdout.write(line + "\n")
        self.stdout.flush()

    def tell(self, events: Sequence[Event]) -> None:
        view = self.table.view(self.viewer)
        self.say(*narrate(events, self.table.seats, self.viewer, view.tile_set))

    def run(self, opening: Sequence[Event] = ()) -> int:
        self.say(rules_line(self.table.rules))
        self.tell(opening)
        while True:
            view = self.table.view(self.viewer)
            if view.finished:
                self.finish(view)
                return 0
            seat = view.to_move
            try:
                if view.round_end is not None:
                    self.say(*summary_lines(view.round_end, view, self.table.seats))
                    self.say(*history_lines(self.table.history(), self.table.seats))
                    self.tell(self.table.ready())
                    continue
                if seat is None or seat not in self.table.here:
                    self.tell(self.table.wait())
                    continue
            except TriominoesError as error:  # a server gone
                self.say(reason(error))
                return 1
            self.viewer = seat
            if not self.turn(self.table.view(seat)):
                self.leave()
                return 0

    def show(self, view: PlayerView) -> None:
        seats = self.table.seats
        tiles = view.tile_set
        self.say("", f"== {status_line(view, seats)} ==")
        if view.board:
            self.say(board_text(view.board))
        for seat, info in enumerate(seats):
            self.say(
                _("{name}: {total} (this round {points}), {tiles}").format(
                    name=info.name,
                    total=view.totals[seat],
                    points=view.round_points[seat],
                    tiles=tiles_count(view.hand_sizes[seat]),
                )
            )
        self.say(
            _("Your hand: {tiles}").format(tiles=" ".join(t.name for t in view.hand)),
            _("Legal actions:"),
        )
        self.say(
            *(
                f"  {number:>2}. {legal_line(tiles, legal)}"
                for number, legal in enumerate(view.legal, 1)
            )
        )

    def prompt(self) -> str | None:
        self.stdout.write(f"{self.table.seats[self.viewer].name}> ")
        self.stdout.flush()
        line = self.stdin.readline()
        if not line:
            self.say("")
            return None
        return line.strip()

    def turn(self, view: PlayerView) -> bool:
        """One seat's move here: False when the player leaves (EOF, quit)."""
        self.show(view)
        while True:
            line = self.prompt()
            if line is None or line == "quit":
                return False
            if not line:
                continue
            if line in COMMANDS:
                if self.command(line, view):
                    return True
                continue
            if line in ANALYSE:
                self.say(_("The analysis is there once the game is over."))
                continue
            try:
                events = self.table.act(self.viewer, chosen(line, view))
            except TriominoesError as error:
                self.say(reason(error))
                continue
            self.played = True
            self.tell(events)
            return True

    def command(self, name: str, view: PlayerView) -> bool:
        """Run a command; True when the state changed (show the turn again)."""
        if name == "help":
            self.say(*help_lines())
        elif name == "hint":
            found = self.hint(view)
            if found is not None:
                self.say(*hint_lines(view, found))
        elif name == "undo":
            try:
                self.table.undo(self.viewer)
            except TriominoesError as error:
                self.say(reason(error))
                return False
            self.say(_("Took back your last move."))
            return True
        elif name == "save":
            if not self.table.keeps_record:
                self.say(server_keeps_it())
            elif self.save():
                self.say(_("Game saved to {path}").format(path=self.save_path))
        return False

    def save(self) -> bool:
        try:
            self.table.save(self.save_path)
        except OSError as error:
            self.say(_("Cannot save the game: {error}").format(error=error))
            return False
        return True

    def leave(self) -> None:
        if self.over:
            return
        url = self.table.seat_url
        if url is not None:
            self.say(come_back_line(url))
        if (self.played or self.resumed) and self.table.keeps_record and self.save():
            self.say(
                _("Game saved to {path}; go on with: triominoes play --resume {path}").format(
                    path=self.save_path
                )
            )

    def finish(self, view: PlayerView) -> None:
        seats = self.table.seats
        if view.round_end is not None:
            self.say(*summary_lines(view.round_end, view, seats))
        self.say(*history_lines(self.table.history(), self.table.seats))
        self.say(game_end_sentence(view.winners, [s.name for s in seats], addressed(view, seats)))
        if self.save():
            self.say(_("Record saved to {path}").format(path=self.save_path))
        self.over = True
        self.after_game()

    def after_game(self) -> None:
        """Offer the analysis until the player leaves (an empty line, quit, EOF)."""
        offer = _("Type analyse for the game's analysis, or press Enter to leave.")
        self.say(offer)
        while True:
            line = self.prompt()
            if not line or line == "quit":
                return
            if line in ANALYSE:
                self.analyse()
            else:
                self.say(offer)

    def analyse(self) -> None:
        self.say(_("Analysing the game…"))
        try:
            found = review_game(
                self.table, worlds=self.analysis_worlds, progress=every_tenth(self.say)
            )
        except TriominoesError as error:
            self.say(failed(reason(error)))
            return
        except KeyboardInterrupt:  # Ctrl-C stops the analysis, not the game
            self.say(_("Analysis cancelled."))
            return
        self.say(*(report_lines(found) if found is not None else [not_available()]))


class NotListed(TriominoesError):
    """A line that names no legal action the way the list shows them."""

    code = "not-listed"


PLACEMENT_WORDS = re.compile(r"^\d+-\d+-\d+ \S+ -?\d+,-?\d+$")
"""A placement as the list words it ("4-4-5 at -1,-1", in any language)."""


def chosen(line: str, view: PlayerView) -> str:
    """The action token a typed line means: a number from the list, the
    words the list shows ("4-4-5 at -1,-1", "draw"), or the token itself
    (which the engine checks, with its own reason if it is not legal)."""
    text = " ".join(line.split())
    legal = view.legal
    if text.isdigit():
        number = int(text)
        if 1 <= number <= len(legal):
            return str(legal[number - 1].action)
        raise NotListed(
            N_("there is no action {number}: the list has 1 to {count}"),
            number=number,
            count=len(legal),
        )
    words = text.casefold()
    named = [a for a in legal if action_text(view.tile_set, a.action).casefold() == words]
    if len(named) == 1:
        return str(named[0].action)
    if named:
        numbers = ", ".join(str(legal.index(a) + 1) for a in named)
        raise NotListed(
            N_("{action} fits more than one way: type its number ({numbers})"),
            action=text,
            numbers=numbers,
        )
    if PLACEMENT_WORDS.match(text):
        raise NotListed(N_("{action} is not in the list of legal actions"), action=text)
    return text


def help_lines() -> list[str]:
    return [
        _("Type an action and press Enter:"),
        _("  a number    the action of that number in the list"),
        _("  4-4-5 at 1,0  an action in the list's words (or its token, 445@1,0)"),
        _("  N0N1N2@Q,R  place a tile: its numbers at the cell's corners 0, 1, 2 (as listed)"),
        _("  draw        draw a tile from the pool"),
        _("  pass        end your turn without placing"),
        _("Commands: hint (the strongest bot's choice), undo (your last move, against bots),"),
        _("  save (write the game's record), quit (save and leave), help."),
        _("Once the game is over: analyse (every decision judged by search)."),
    ]
