"""Why an action is not allowed: the rules of a legal placement (rules.md §3)
and of drawing and passing (§5), each answer a typed error with its reason.

The placement check is written once, here: :func:`placement_error` serves
a round's checked path, positions built for analysis and tests, and the
score pad's layout (which knows no hands).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from triominoes.core.board import Board
from triominoes.core.errors import (
    CannotDraw,
    CannotPass,
    IllegalAction,
    IllegalPlacement,
    RoundOver,
)
from triominoes.core.lattice import ORIGIN, from_id
from triominoes.core.movegen import ORIGIN_ID, can_draw, can_place
from triominoes.core.moves import DRAW, PASS, Move, cell_text, move_cell, move_rotation, move_tile
from triominoes.core.phases import OPENING, OVER
from triominoes.core.tiles import Numbers

if TYPE_CHECKING:
    from triominoes.core.round import Round


def placement_error(
    board: Board, cell: int, numbers: Numbers, *, corner_contact: bool = False
) -> IllegalPlacement | None:
    """Why ``numbers`` may not go into ``cell`` of this layout, or None.

    The first tile goes into cell (0, 0); later ones into a free cell that
    shares an edge with the layout (or, with ``corner_contact``, touches it
    at a corner) and obeys the vertex rule.
    """
    if not board.tiles:
        if cell != ORIGIN_ID:
            return IllegalPlacement("the first tile goes into cell {cell}", cell=cell_text(ORIGIN))
        return None
    where = cell_text(from_id(cell))
    if cell in board.tiles:
        return IllegalPlacement("cell {cell} is occupied", cell=where)
    misfit = board.misfit(cell, numbers)
    if misfit is not None:
        (x, y), want, has = misfit
        return IllegalPlacement(
            "corner ({x},{y}) must be {want}, tile has {has}", x=x, y=y, want=want, has=has
        )
    if board.touches(cell):
        return None
    if not corner_contact:
        return IllegalPlacement("cell {cell} shares no edge with the layout", cell=where)
    if cell not in board.corner_cells():
        return IllegalPlacement("cell {cell} does not touch the layout", cell=where)
    return None


def why_illegal(state: Round, move: Move) -> IllegalAction | None:
    """Why ``move`` is not allowed now for the seat to move, or None."""
    if state.phase == OVER:
        return RoundOver("the round is over")
    if move in (DRAW, PASS):
        return _why_not_draw_or_pass(state, move)
    return _why_illegal_placement(state, move)


def _why_not_draw_or_pass(state: Round, move: Move) -> IllegalAction | None:
    if state.phase == OPENING:
        if move == DRAW:
            return CannotDraw("seat {seat} must open with a tile", seat=state.seat)
        return CannotPass("seat {seat} must open with a tile", seat=state.seat)
    if not state.t.rules.voluntary_draw and can_place(state):
        if move == DRAW:
            return CannotDraw("may not draw: a tile can be placed (voluntary_draw is off)")
        return CannotPass("may not pass: a tile can be placed (voluntary_draw is off)")
    if move == DRAW:
        if not state.pool:
            return CannotDraw("the pool is empty")
        if not can_draw(state):
            return CannotDraw("already drew {count} tiles this turn (max_draws)", count=state.draws)
    elif can_draw(state):
        return CannotPass("may not pass while a tile can be drawn")
    return None


def _why_illegal_placement(state: Round, move: Move) -> IllegalAction | None:
    tiles = state.t.tiles
    tile = move_tile(move)
    cell = move_cell(move)
    name = tiles.tiles[tile].name
    if not state.hands[state.seat] >> tile & 1:
        return IllegalPlacement(
            "tile {tile} is not in seat {seat}'s hand", tile=name, seat=state.seat
        )
    if state.phase == OPENING:
        if cell != ORIGIN_ID:
            return IllegalPlacement("the first tile goes into cell {cell}", cell=cell_text(ORIGIN))
        if not state.opening_mask >> tile & 1:
            allowed = ", ".join(t.name for t in tiles.tiles_in(state.opening_mask))
            return IllegalPlacement(
                "seat {seat} must open with {tiles}", seat=state.seat, tiles=allowed
            )
        return None
    numbers = state.t.fits.numbers[tile * 3 + move_rotation(move)]
    error = placement_error(
        state.board, cell, numbers, corner_contact=state.t.rules.corner_fallback
    )
    if error is not None:
        return error
    if not state.board.touches(cell) and state.avail & state.hands[state.seat]:
        return IllegalPlacement(
            "cell {cell} touches the layout only at a corner, which is allowed "
            "only without any other placement",
            cell=cell_text(from_id(cell)),
        )
    return None
