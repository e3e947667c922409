"""Re-verifying a puzzle with the engine and the search.

:func:`check` is what ``triominoes puzzles check`` and the tests run on
every shipped puzzle: the engine replays the round to the position, the
seat to move is the solver, the answer is one of its legal actions and
does what the theme says, and the judging search (its fixed seed) finds
the answer the one best action by at least :data:`CHECK_MARGIN` points.

Mining demanded :data:`~triominoes.puzzles.mining.MARGIN`; the check asks
for half of it, so that a small change to the bots (which the search plays
out with) leaves the set standing while an answer that is no longer
clearly the best fails. ``full`` demands what mining did: the stored
values exactly, the full margin, and the confirming search's agreement.
"""

from __future__ import annotations

from triominoes.core.actions import Draw, Place
from triominoes.core.errors import TriominoesError
from triominoes.core.view import PlayerView
from triominoes.puzzles import endgame
from triominoes.puzzles.mining import (
    CONFIRM,
    CONFIRM_MARGIN,
    JUDGE,
    MARGIN,
    choice,
    clear_best,
    theme_of,
)
from triominoes.puzzles.model import Puzzle

CHECK_MARGIN = MARGIN / 2
"""The margin every shipped puzzle's answer must keep in the judging search."""
TOLERANCE = 0.01
"""Stored values are rounded to hundredths of a point."""


def check(puzzle: Puzzle, *, full: bool = False) -> list[str]:
    """What is wrong with a puzzle (nothing: an empty list)."""
    try:
        game = puzzle.game()
    except TriominoesError as exc:
        return [f"the round does not replay: {exc}"]
    if game.round.over or game.round.seat != puzzle.seat:
        return [f"seat {puzzle.seat} is not to move at the position"]
    view = game.view(puzzle.seat)
    legal = {str(entry.action): entry for entry in view.legal}
    answer = puzzle.solution[0]
    if answer not in legal:
        return [f"the answer {answer} is not a legal action"]
    if puzzle.theme == "endgame":
        return check_endgame(puzzle, view)
    problems = []
    if not choice(view):
        problems.append("the solver has fewer than two placements to choose from")
    if set(puzzle.values) != set(legal):
        problems.append("the stored values are not those of the legal actions")
    values = JUDGE.values(view)
    if clear_best(values, CHECK_MARGIN) != answer:
        problems.append(f"{answer} is not the one best action by {CHECK_MARGIN:g} points")
    if full:
        changed = [t for t in legal if abs(values[t] - puzzle.values.get(t, 1e9)) > TOLERANCE]
        if changed:
            problems.append(f"the search values {', '.join(changed)} differently now")
        if clear_best(values, MARGIN) != answer:
            problems.append(f"{answer} is not the one best action by {MARGIN:g} points")
    themed = theme_of(view, answer, values)
    if themed != (puzzle.theme, puzzle.reason):
        problems.append(f"the answer's theme is {themed}, not {(puzzle.theme, puzzle.reason)}")
    action = legal[answer].action
    score = legal[answer].score
    if puzzle.theme == "hexagon" and not (score is not None and score.hexagons):
        problems.append("the answer completes no hexagon")
    if puzzle.theme == "bridge" and not (score is not None and score.bridge):
        problems.append("the answer forms no bridge")
    if puzzle.theme == "needless-draw" and not any(isinstance(e.action, Draw) for e in view.legal):
        problems.append("drawing is not an action here")
    if puzzle.theme == "out":
        after = puzzle.game([answer]).rounds[-1].state
        if after.hands[puzzle.seat]:
            problems.append("the answer does not go out")
    if not isinstance(action, Place):
        problems.append("the answer is not a placement")
    if not endgame.exact_agrees(view, answer):
        problems.append("the exact endgame solver finds another best action")
    if full and clear_best(CONFIRM.values(view), CONFIRM_MARGIN) != answer:
        problems.append(f"the confirming search does not find {answer} best by {CONFIRM_MARGIN:g}")
    return problems


def check_endgame(puzzle: Puzzle, view: PlayerView) -> list[str]:
    """An endgame puzzle: the exact solver finds the same line again, and
    the same values for the first action's choices (they are exact)."""
    solved = endgame.solve(view, puzzle.game().round)
    if solved is None:
        return ["the exact solver finds no line here"]
    line, values = solved
    problems = []
    if tuple(line) != puzzle.solution:
        problems.append(f"the exact solver's line is {' '.join(line)}")
    changed = [t for t in values if abs(values[t] - puzzle.values.get(t, 1e9)) > TOLERANCE]
    if changed or set(values) != set(puzzle.values):
        problems.append("the exact values differ from the stored ones")
    return problems
