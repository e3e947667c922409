"""Hints: the best action for a seat, from its view, with a reason.

The valuation (:mod:`triominoes.ai.valuation`, the one the analysis reads)
picks the action and says what it expects the seat to score by the round's
end. The reason is one line, a
translatable template with its parameters (``"completes a hexagon:
{points}"``), told from the position: what the action scores, what it keeps
open for the seat's other tiles, what it leaves the others. Interfaces
translate the template and fill it in (the web app with its catalog, the
terminal with gettext), so the server sends the template, not a sentence.

Nothing here reads a hidden tile: the one input is the view.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from triominoes.ai.valuation import HINT_LEVEL, searcher, value_actions
from triominoes.core.knowledge import Knowledge
from triominoes.core.moves import DRAW, Move, move_tile
from triominoes.core.phases import OPENING
from triominoes.core.round import Round
from triominoes.core.tiles import ids_in
from triominoes.core.view import LegalAction, PlayerView
from triominoes.i18n import N_

__all__ = ["HINT_LEVEL", "Hint", "Reason", "hint", "reason", "searcher"]

GOES_OUT = N_("goes out: {points}")
HEXAGONS = {
    1: N_("completes a hexagon: {points}"),
    2: N_("completes a double hexagon: {points}"),
    3: N_("completes a triple hexagon: {points}"),
}
BRIDGE = N_("forms a bridge: {points}")
OPENS = N_("opens the round: {points}")
SCORES_MOST = N_("scores the most now: {points}")
KEEPS_OPEN = N_("keeps {n} open cells for your other tiles ({tiles})")
SHEDS = N_("sheds your heaviest tile: {tile}")
CLOSES = N_("leaves the others the fewest open cells: {n}")
SEARCHED = N_("the best over {n} simulated deals")
SOLVED = N_("the best play to the round's end, worked out exactly")
DRAW_NO_FIT = N_("draw: no tile fits")
DRAW_BY_CHOICE = N_("draw: every placement would open the board for the others")
PASS_NO_FIT = N_("pass: no tile fits and nothing is left to draw")
PASS_BY_CHOICE = N_("pass: every placement would open the board for the others")


@dataclass(frozen=True, slots=True)
class Reason:
    """A translatable template (the English text is the key) and its parameters."""

    text: str
    params: dict[str, int | str] = field(default_factory=dict)

    def render(self, translate: Callable[[str], str] | None = None) -> str:
        """The sentence, in the language of ``translate`` (a gettext function)."""
        template = translate(self.text) if translate is not None else self.text
        return template.format(**self.params)

    def to_json(self) -> dict[str, Any]:
        return {"text": self.text, "params": dict(self.params)}


@dataclass(frozen=True, slots=True)
class Hint:
    legal: LegalAction
    """The action, with the points the view gives it now."""
    expected: float | None
    """The points the search expects the seat to score from here to the
    round's end (None where the endgame solver chose: it values margins)."""
    reason: Reason
    deals: int
    """The worlds (determinizations) the search played through."""

    def to_json(self) -> dict[str, Any]:
        expected = {} if self.expected is None else {"expected": round(self.expected, 1)}
        return {**self.legal.to_json(), **expected, "reason": self.reason.to_json()}


def hint(
    view: PlayerView,
    *,
    worlds: int | None = None,
    seconds: float | None = None,
    seed: int = 0,
) -> Hint | None:
    """The suggested action for the seat to move (None when it is not the
    viewer's move). With neither budget, the hint level's own (as long as
    the expert bot thinks: its 40 deals); with ``worlds`` alone the same
    view and seed give the same hint."""
    if not view.legal or view.seat is None:
        return None
    knowledge = Knowledge(view)
    state = knowledge.public_round()
    valued = value_actions(view, worlds=worlds, seconds=seconds, seed=seed)
    best = valued.best
    deals = valued.worlds
    return Hint(
        best.legal, best.points, reason(state, knowledge, best.move, best.legal, deals), deals
    )


def reason(
    state: Round, knowledge: Knowledge, move: Move, legal: LegalAction, deals: int
) -> Reason:
    """Why the action is good, in one line: the first that holds of what it
    scores, what it keeps for the seat, what it leaves the others; else
    that the search found it best over ``deals`` worlds."""
    placements = state.placement_moves()
    if move < 0:
        if placements:
            return Reason(DRAW_BY_CHOICE if move == DRAW else PASS_BY_CHOICE)
        return Reason(DRAW_NO_FIT if move == DRAW else PASS_NO_FIT)
    points: dict[str, int | str] = {"points": legal.points}
    score = legal.score
    if not _hand_after(state, move):
        return Reason(GOES_OUT, points)
    if score is not None and score.hexagons:
        return Reason(HEXAGONS[score.hexagons], points)
    if score is not None and score.bridge:
        return Reason(BRIDGE, points)
    if state.phase == OPENING:
        return Reason(OPENS, points)
    if legal.points >= max(state.points_of(m) for m in placements):
        return Reason(SCORES_MOST, points)
    keeps = {m: _open_for(state, m, _hand_after(state, m)) for m in placements}
    kept, fitting = keeps[move]
    if kept and kept >= max(k for k, _ in keeps.values()):
        names = ", ".join(state.tiles.tiles[t].name for t in fitting[:3])
        return Reason(KEEPS_OPEN, {"n": kept, "tiles": names})
    values = state.t.values
    tile = move_tile(move)
    if values[tile] >= max(values[t] for t in ids_in(state.hands[state.seat])):
        return Reason(SHEDS, {"tile": state.tiles.tiles[tile].name})
    leaves = {m: _open_for(state, m, knowledge.unseen)[0] for m in placements}
    if leaves[move] <= min(leaves.values()):
        return Reason(CLOSES, {"n": leaves[move]})
    return Reason(SEARCHED, {"n": deals}) if deals else Reason(SOLVED)


def _hand_after(state: Round, move: Move) -> int:
    """The mover's hand after the placement."""
    return state.hands[state.seat] & ~(1 << move_tile(move))


def _open_for(state: Round, move: Move, tiles: int) -> tuple[int, list[int]]:
    """After the placement: the open cells where one of ``tiles`` fits, and
    which of them fit somewhere."""
    after = state.copy()
    after.play(move)
    mask = after.t.fits.mask
    cells = 0
    fitting = 0
    for pattern in after.board.open.values():
        fit = mask[pattern] & tiles
        if fit:
            cells += 1
            fitting |= fit
    return cells, ids_in(fitting)
