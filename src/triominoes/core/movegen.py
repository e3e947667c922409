"""Move generation: what the seat to move may do now, and what it scores.

Functions of a :class:`~triominoes.core.round.Round` state, bound as its
methods (``state.legal_moves()``): this is the engine's fast path, shared by
random play, the bots' search, replay and the server.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from triominoes.core.fits import OPEN_PATTERN
from triominoes.core.lattice import ORIGIN, to_id
from triominoes.core.moves import DRAW, PASS, Move, add_placements, move_cell, move_tile, pack
from triominoes.core.phases import OPENING, OVER
from triominoes.core.scoring import Score
from triominoes.core.tiles import ids_in

if TYPE_CHECKING:
    from triominoes.core.round import Round

ORIGIN_ID = to_id(ORIGIN)


def placement_moves(state: Round) -> list[Move]:
    """Every placement the seat to move may make now (no draws or passes)."""
    if state.phase == OVER:
        return []
    hand = state.hands[state.seat]
    fits = state.t.fits
    if state.phase == OPENING:
        rotations_at = fits.rotations[OPEN_PATTERN]
        return [
            pack(ORIGIN_ID, tile, k)
            for tile in ids_in(hand & state.opening_mask)
            for k in rotations_at[tile]
        ]
    moves: list[Move] = []
    if state.avail & hand:
        mask = fits.mask
        fixed = fits.fixed
        for cell, pattern in state.board.open.items():
            fit = mask[pattern] & hand
            if fit:
                add_placements(moves, cell, fit, fixed[pattern])
    elif state.t.rules.corner_fallback:
        moves = corner_moves(state, hand)
    return moves


def corner_moves(state: Round, hand: int) -> list[Move]:
    """Placements touching the layout only at corners (``corner_fallback``)."""
    fits = state.t.fits
    moves: list[Move] = []
    for cell, pattern in state.board.corner_cells().items():
        rotations_at = fits.rotations[pattern]
        for tile in ids_in(fits.mask[pattern] & hand):
            moves.extend(pack(cell, tile, k) for k in rotations_at[tile])
    return moves


def can_place(state: Round) -> bool:
    if state.phase == OPENING:
        return True
    hand = state.hands[state.seat]
    if state.avail & hand:
        return True
    return state.t.rules.corner_fallback and bool(corner_moves(state, hand))


def can_draw(state: Round) -> bool:
    """Whether drawing is possible at all now (pool and draw limit)."""
    return bool(state.pool) and state.draws < state.t.max_draws


def legal_moves(state: Round) -> list[Move]:
    """Every legal move: the placements, then the draw or the pass if allowed."""
    if state.phase == OVER:
        return []
    moves = placement_moves(state)
    if state.phase == OPENING or (moves and not state.t.rules.voluntary_draw):
        return moves
    moves.append(DRAW if can_draw(state) else PASS)
    return moves


def points_of(state: Round, move: Move) -> int:
    """What a legal placement would score now (the fast :func:`score_of`)."""
    t = state.t
    tile = move_tile(move)
    points = t.values[tile] + t.bonus[state.board.shape_at(move_cell(move))]
    if state.phase == OPENING:
        points += t.opening_bonus[tile]
    return points


def score_of(state: Round, move: Move) -> Score:
    """The breakdown of what a legal placement would score now."""
    t = state.t
    tile = move_tile(move)
    opening = t.opening_bonus[tile] if state.phase == OPENING else 0
    code = state.board.shape_at(move_cell(move))
    return Score.of(t.rules, t.values[tile], code, opening, t.bonus)
