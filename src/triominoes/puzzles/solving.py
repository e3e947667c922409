"""Trying an answer: the one judgement the server and the terminal share.

The solver plays an action at the puzzle's position (or, in a line, after
the moves so far); it is right when it is the stored answer. Either way
the answer tells what the played and the best action score now, how far
the best is ahead by the search's value, the cells its shape covers, and
for a line that goes on the opponent's reply.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from triominoes.ai.endgame import endgame_values
from triominoes.core.actions import parse_action
from triominoes.core.knowledge import Knowledge
from triominoes.core.lattice import Cell
from triominoes.core.view import PlayerView
from triominoes.puzzles import endgame
from triominoes.puzzles.mining import shape_cells
from triominoes.puzzles.model import Puzzle


class BadLine(ValueError):
    """The moves said to be played so far are not the puzzle's line."""


class NotLegal(ValueError):
    """The action is not one of the solver's legal actions."""


@dataclass(frozen=True)
class Answer:
    correct: bool
    played: str
    best: str
    played_points: int
    best_points: int
    margin: float | None
    """How far the best is ahead of the played action by the search's
    value (None where the search did not value the played action)."""
    cells: list[Cell]
    reason: str
    reply: str | None
    """The opponent's reply, when the line goes on."""
    next_view: PlayerView | None
    """The solver's view after the reply, when the line goes on: every
    interface shows the next move from it."""

    @property
    def goes_on(self) -> bool:
        return self.reply is not None


def position(puzzle: Puzzle, line: Sequence[str]) -> PlayerView:
    """The solver's view after ``line`` (solver and reply in turn);
    raises :class:`BadLine` unless it is the start of the solution."""
    step = len(line)
    if step % 2 or step >= len(puzzle.solution) or list(line) != list(puzzle.solution[:step]):
        raise BadLine("line must be the puzzle's line so far, as answered")
    return puzzle.view(line)


def answer(puzzle: Puzzle, line: Sequence[str], action: str) -> Answer:
    """Judge ``action`` after ``line``. Raises BadToken (not an action),
    :class:`BadLine` or :class:`NotLegal`."""
    token = str(parse_action(action))
    view = position(puzzle, line)
    legal = {str(entry.action): entry for entry in view.legal}
    if token not in legal:
        raise NotLegal(f"{token} is not a legal action here")
    step = len(line)
    best = puzzle.solution[step]
    correct = token == best
    values = puzzle.values if step == 0 else _later_values(puzzle, view)
    margin = values[best] - values[token] if token in values and best in values else None
    goes_on = correct and step + 2 < len(puzzle.solution)
    reply = puzzle.solution[step + 1] if goes_on else None
    return Answer(
        correct=correct,
        played=token,
        best=best,
        played_points=legal[token].points,
        best_points=legal[best].points,
        margin=round(margin, 1) if margin is not None else None,
        cells=shape_cells(view, best),
        reason=puzzle.reason,
        reply=reply,
        next_view=puzzle.view([*line, token, reply]) if reply is not None else None,
    )


def _later_values(puzzle: Puzzle, view: PlayerView) -> dict[str, float]:
    """The values of the choices at a later step of a line: an endgame's
    are exact, and cheap to find again; a search's were not kept."""
    if puzzle.theme != "endgame":
        return {}
    knowledge = Knowledge(view)
    public = knowledge.public_round()
    found = endgame_values(public, knowledge, node_budget=endgame.BUDGET)
    return {str(public.decode(m)): v for m, v in (found or {}).items()}
