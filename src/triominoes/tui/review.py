"""After the game: its analysis (:mod:`triominoes.ai.analysis`), told in the
player's language.

Both faces of ``triominoes play`` analyse a finished game from the table's
record (a remote table may have none: then there is no analysis) and show
the same things: per player the decisions judged, the accuracy, the points
left on the table per round and the marks; then every decision more than
:data:`~triominoes.ai.analysis.TOLERANCE` points from the best, or marked.
The analysis takes a while (tens of seconds at the default worlds), so a
face runs it where it can show progress; a progress callback may raise
:class:`Cancelled` to stop it early.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from triominoes.ai.analysis import Analysis, Decision, PlayerSummary, analyze
from triominoes.ai.valuation import TOLERANCE
from triominoes.core.record import read
from triominoes.core.tiles import TileSet, tile_set
from triominoes.core.view import LegalAction
from triominoes.tui.table import Table
from triominoes.tui.text import N_, _, ngettext
from triominoes.tui.words import action_text

WORLDS = 40
"""Sampled deals per decision (as ``triominoes analyze``): steady figures,
tens of seconds for a whole game."""

MARK_NAMES = {
    "missed-hexagon": N_("missed hexagon"),
    "missed-bridge": N_("missed bridge"),
    "needless-draw": N_("needless draw"),
    "costly-pass": N_("costly pass"),
}

Progress = Callable[[int, int], None]
"""Called with (decisions judged, decisions to judge)."""


class Cancelled(Exception):
    """Raised by a progress callback to stop an analysis."""


@dataclass(frozen=True, slots=True)
class Review:
    """A game's analysis with what it takes to tell it."""

    analysis: Analysis
    tiles: TileSet
    names: tuple[str, ...]
    """The players' names, by seat (the record's)."""

    @property
    def notable(self) -> list[Decision]:
        """The decisions more than the tolerance from the best, or marked."""
        return [d for d in self.analysis.decisions if not d.accurate or d.marks]


def review_game(
    table: Table, *, worlds: int = WORLDS, progress: Progress | None = None
) -> Review | None:
    """Analyse the table's finished game (None: the table gives no record).
    Raises a TriominoesError for a broken record, and whatever ``progress``
    raises (:class:`Cancelled`)."""
    data = table.record()
    if data is None:
        return None
    record = read(data)
    analysis = analyze(record, worlds=worlds, progress=progress)
    return Review(analysis, tile_set(record.rules.tile_set), tuple(record.players))


def not_available() -> str:
    return _("Analysis is not available: the game's record is not kept here.")


def failed(error: str) -> str:
    return _("Cannot analyse the game: {error}").format(error=error)


def judged_line(done: int, total: int) -> str:
    """The progress: "12 of 120 decisions judged"."""
    return ngettext(
        "{done} of {total} decision judged", "{done} of {total} decisions judged", total
    ).format(done=done, total=total)


def intro_line(review: Review) -> str:
    worlds = review.analysis.worlds
    return ngettext(
        "Each decision with a choice, judged by search from the player's own view "
        "({worlds} sampled deal each).",
        "Each decision with a choice, judged by search from the player's own view "
        "({worlds} sampled deals each).",
        worlds,
    ).format(worlds=worlds)


def notable_heading(review: Review) -> str:
    tolerance = f"{TOLERANCE:.0f}"
    if not review.notable:
        return _("Every decision was within {tolerance} points of the best.").format(
            tolerance=tolerance
        )
    return _("Decisions more than {tolerance} points from the best, or marked:").format(
        tolerance=tolerance
    )


def mark_name(mark: str) -> str:
    return _(MARK_NAMES[mark]) if mark in MARK_NAMES else mark


def marks_count(player: PlayerSummary) -> str:
    """ "missed hexagon 2, needless draw 1", or "—"."""
    return ", ".join(f"{mark_name(m)} {n}" for m, n in player.marks.items()) or "—"


def marks_text(decision: Decision) -> str:
    """A decision's marks: "missed hexagon, needless draw" ("" with none)."""
    return ", ".join(mark_name(m) for m in decision.marks)


def per_round(player: PlayerSummary) -> str:
    """The points left in each round: "12.0 0.0 30.5" (they sum to the total)."""
    return " ".join(f"{x:.1f}" for x in player.lost_per_round) or "—"


def total_lost(player: PlayerSummary) -> str:
    return f"{player.lost:.1f}"


def accuracy(player: PlayerSummary) -> str:
    return f"{player.accuracy:.0f}%"


def legal_text(tiles: TileSet, legal: LegalAction) -> str:
    """An action and its points: "2-4-5 at 3,0 (+54)", "draw (-5)"."""
    return f"{action_text(tiles, legal.action)} ({legal.points:+d})"


def margins(decision: Decision) -> str:
    """The expected round margins, played / best: "-12 / +20"."""
    return f"{decision.expected_played:+.0f} / {decision.expected_best:+.0f}"


def player_line(player: PlayerSummary) -> str:
    decisions = ngettext("{count} decision", "{count} decisions", player.decisions).format(
        count=player.decisions
    )
    return _(
        "{name}: {decisions}, accuracy {accuracy}, points left per round {rounds} "
        "(total {total}), marks: {marks}"
    ).format(
        name=player.name,
        decisions=decisions,
        accuracy=accuracy(player),
        rounds=per_round(player),
        total=total_lost(player),
        marks=marks_count(player),
    )


def decision_line(review: Review, decision: Decision) -> str:
    line = _(
        "Round {round}, turn {turn}, {name}: played {played}, expected margin {expected}; "
        "best {best}, expected margin {best_expected}; {lost} points left"
    ).format(
        round=decision.round,
        turn=decision.turn,
        name=review.names[decision.seat],
        played=legal_text(review.tiles, decision.played),
        expected=f"{decision.expected_played:+.0f}",
        best=legal_text(review.tiles, decision.best),
        best_expected=f"{decision.expected_best:+.0f}",
        lost=f"{decision.loss:.0f}",
    )
    if decision.marks:
        line += f" [{marks_text(decision)}]"
    return line


def report_lines(review: Review) -> list[str]:
    """The whole report as lines (the plain mode's)."""
    lines = [intro_line(review)]
    lines.extend(player_line(p) for p in review.analysis.players)
    lines.append(notable_heading(review))
    lines.extend(f"  {decision_line(review, d)}" for d in review.notable)
    return lines


def every_tenth(say: Callable[[str], None]) -> Progress:
    """A progress that says "analysing: 12/120" at most every tenth of the way."""
    said = [0]

    def progress(done: int, total: int) -> None:
        tenth = done * 10 // total if total else 10
        if tenth > said[0]:
            said[0] = tenth
            say(_("analysing: {done}/{total}").format(done=done, total=total))

    return progress
