"""Endgame puzzles: heads-up positions with an empty pool, solved exactly.

With two players and nothing left to draw, the solver's view determines
the whole round (the tiles it cannot see are the opponent's hand), so the
exact endgame solver (:mod:`triominoes.ai.endgame`) values every action
for certain: the points the solver still scores in the round, round-end
awards included, less the opponent's, under best play by both. A position
is an ``endgame`` puzzle when one placement beats every other action by at
least :data:`ENDGAME_MARGIN` points. The puzzle is a line: the answer, the
opponent's one best reply, the solver's one best next action, ..., up to
:data:`LONGEST` actions of the solver, for as long as each is the one best
by the margin and each reply the opponent's one best.
"""

from __future__ import annotations

from triominoes.ai.endgame import endgame_values, exact_values
from triominoes.core.actions import parse_action
from triominoes.core.knowledge import Knowledge
from triominoes.core.round import Round
from triominoes.core.view import PlayerView

ENDGAME_MARGIN = 5.0
"""Points the answer must beat every other action by (the values are exact)."""
LONGEST = 3
"""The most actions a line asks of the solver."""
BUDGET = 20_000
"""The solver's positions per search (well under a second): bigger
endgames make no puzzles, and every check of the shipped set stays quick."""


def applies(view: PlayerView) -> bool:
    """Heads-up, the pool empty, the solver to move."""
    return view.players == 2 and view.pool == 0 and view.seat == view.to_move


def exact_agrees(view: PlayerView, token: str) -> bool:
    """Whether the exact solver, where it can judge the position (heads-up,
    the pool empty, small enough), finds ``token`` the one best action: a
    search's answer it contradicts is no puzzle."""
    if not applies(view):
        return True
    knowledge = Knowledge(view)
    public = knowledge.public_round()
    found = endgame_values(public, knowledge, node_budget=BUDGET)
    if found is None:
        return True
    return _unique({str(public.decode(m)): v for m, v in found.items()}, 1e-9) == token


def _unique(values: dict[str, float], margin: float) -> str | None:
    if len(values) < 2:
        return None
    ranked = sorted(values.items(), key=lambda item: -item[1])
    return ranked[0][0] if ranked[0][1] - ranked[1][1] >= margin else None


def _values(state: Round) -> dict[str, float] | None:
    found = exact_values(state, node_budget=BUDGET)
    if found is None:
        return None
    return {str(state.decode(move)): value for move, value in found.items()}


def solve(view: PlayerView, state: Round) -> tuple[list[str], dict[str, float]] | None:
    """The line from this position and the values of the first action's
    choices (by the solver's view), or None when it is no puzzle.
    ``state`` is the real round at the view's position."""
    if not applies(view):
        return None
    knowledge = Knowledge(view)
    public = knowledge.public_round()
    first = endgame_values(public, knowledge, node_budget=BUDGET)
    if first is None:
        return None
    values = {str(public.decode(move)): value for move, value in first.items()}
    solver = state.seat
    current = state.copy()
    line: list[str] = []
    choices: dict[str, float] | None = values
    while choices is not None:
        best = _unique(choices, ENDGAME_MARGIN)
        if best is None or (not line and "@" not in best):
            break
        line.append(best)
        current.apply(parse_action(best))
        if current.over or current.seat == solver or len(line) // 2 + 1 >= LONGEST:
            break
        replies = _values(current)
        reply = None
        if replies is not None and len(replies) == 1:
            reply = next(iter(replies))  # forced (a pass)
        elif replies is not None:
            reply = _unique(replies, 1e-9)
        if reply is None:
            break
        line.append(reply)
        current.apply(parse_action(reply))
        if current.over or current.seat != solver:
            break
        choices = _values(current)
    if line and len(line) % 2 == 0:  # a line ends with the solver's action
        line.pop()
    if not line:
        return None
    return line, values
