"""The packed integer move: the engine's inner form of an action.

A record's token (``545@1,0``, ``draw``, ``pass``) is parsed once at the
edge into an :class:`~triominoes.core.actions.Action`; inside a round an
action is a plain ``int`` so that move lists are lists of ints and search
can keep them in dicts cheaply. This module is the one place that knows its
bits:

* a placement is ``cell_id << 9 | rotation << 7 | tile_id`` (a cell id from
  :mod:`lattice`, the rotation 0-2 of the tile's canonical numbers, a tile
  id below 128), so every placement is ``>= 0``;
* :data:`DRAW` and :data:`PASS` are negative.
"""

from __future__ import annotations

from typing import Final

from triominoes.core.actions import Action, Draw, Pass, Place
from triominoes.core.errors import IllegalPlacement
from triominoes.core.fits import FitTable
from triominoes.core.lattice import ORIGIN, from_id, in_range, to_id
from triominoes.core.tiles import TileSet, rotations

Move = int

DRAW: Final = -1
PASS: Final = -2

_TILE_BITS: Final = 127
_ROTATION_SHIFT: Final = 7
_CELL_SHIFT: Final = 9


def pack(cell: int, tile: int, rotation: int) -> Move:
    return cell << _CELL_SHIFT | rotation << _ROTATION_SHIFT | tile


def unpack(move: Move) -> tuple[int, int, int]:
    """A placement's cell id, tile id and rotation."""
    return move >> _CELL_SHIFT, move & _TILE_BITS, (move >> _ROTATION_SHIFT) & 3


def move_cell(move: Move) -> int:
    return move >> _CELL_SHIFT


def move_tile(move: Move) -> int:
    return move & _TILE_BITS


def move_rotation(move: Move) -> int:
    return (move >> _ROTATION_SHIFT) & 3


def is_placement(move: Move) -> bool:
    return move >= 0


def add_placements(moves: list[Move], cell: int, fit: int, rotation: dict[int, int]) -> None:
    """Append the placements into ``cell`` of every tile in the mask ``fit``,
    each in its one fitting ``rotation[tile]`` (move generation's inner loop)."""
    base = cell << _CELL_SHIFT
    while fit:
        low = fit & -fit
        tile = low.bit_length() - 1
        moves.append(base | rotation[tile] << _ROTATION_SHIFT | tile)
        fit ^= low


def encode(action: Action, tiles: TileSet, opening: bool = False) -> Move:
    """The move for an action; raises IllegalPlacement if it names no tile
    or a cell off the board (``opening``: the round's first tile)."""
    if isinstance(action, Draw):
        return DRAW
    if isinstance(action, Pass):
        return PASS
    tile = tiles.find(action.corners)
    if tile is None:
        raise IllegalPlacement(
            "{numbers} clockwise is no tile of the {tile_set} set",
            numbers="-".join(map(str, action.corners)),
            tile_set=tiles.name,
        )
    if not in_range(action.cell):
        if opening:
            raise IllegalPlacement("the first tile goes into cell {cell}", cell=cell_text(ORIGIN))
        raise IllegalPlacement("cell {cell} is not next to the layout", cell=cell_text(action.cell))
    rotation = rotations(tile.numbers).index(action.corners)
    return pack(to_id(action.cell), tile.id, rotation)


def decode(move: Move, fits: FitTable) -> Action:
    if move == DRAW:
        return Draw()
    if move == PASS:
        return Pass()
    cell, tile, rotation = unpack(move)
    return Place(from_id(cell), fits.numbers[tile * 3 + rotation])


def cell_text(cell: tuple[int, int]) -> str:
    """A cell as messages write it: ``(1,0)``."""
    return f"({cell[0]},{cell[1]})"
