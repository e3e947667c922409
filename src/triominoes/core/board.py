"""The layout: placed tiles, vertex numbers, open cells and bonus shapes.

The board is kept incrementally so that a placement costs a handful of dict
operations, whatever the size of the layout:

* ``tiles`` — occupied cell id -> placed tile (``tile * 3 + rotation``), in
  placement order;
* ``values`` / ``counts`` — per vertex id, the number every tile touching it
  shows there (the vertex rule), and how many occupied cells touch it (six
  means a hexagon is complete);
* ``open`` — empty cell id -> corner pattern (see :mod:`fits`) for each empty
  cell that shares an edge with a tile *and* that some tile still in play
  fits. Only cells around a new tile ever change, and a cell that no tile
  in play fits is dropped for good: constraints only tighten and tiles only
  leave play.

Shapes (rules.md §4) depend only on which cells around a cell are occupied,
not on the tile, so :meth:`Board.shape_at` can score a cell before anything
is placed in it.
"""

from __future__ import annotations

from triominoes.core.fits import FREE, FitTable
from triominoes.core.lattice import (
    DOWN_CORNERS,
    DOWN_NEIGHBOURS,
    DOWN_RING_OTHERS,
    RING,
    UP_CORNERS,
    UP_NEIGHBOURS,
    UP_RING_OTHERS,
    Cell,
    from_id,
)
from triominoes.core.tiles import Numbers

# A shape code packs what a placement into a cell earns: ``hexagons * 4 +
# kind``, kind one of the constants below. Scoring maps the 16 codes to
# points once per rule set (see scoring.py).
PLAIN = 0
BRIDGE = 1
TWO_SIDED = 2
CORNER = 3
"""Touches the layout only at corners (the corner_fallback placement)."""

_UP_C0, _UP_C1, _UP_C2 = UP_CORNERS
_DN_C0, _DN_C1, _DN_C2 = DOWN_CORNERS
_UP_E0, _UP_E1, _UP_E2 = UP_NEIGHBOURS
_DN_E0, _DN_E1, _DN_E2 = DOWN_NEIGHBOURS


# Per orientation: for each corner, its offset and the offsets of the cells
# touching the cell only there; then the offsets of the three edge neighbours.
_UP_LAYOUT = (tuple(zip(UP_CORNERS, UP_RING_OTHERS, strict=True)), UP_NEIGHBOURS)
_DOWN_LAYOUT = (tuple(zip(DOWN_CORNERS, DOWN_RING_OTHERS, strict=True)), DOWN_NEIGHBOURS)


def corner_ids(cell: int) -> tuple[int, int, int]:
    if cell & 1:
        return (cell + _DN_C0, cell + _DN_C1, cell + _DN_C2)
    return (cell + _UP_C0, cell + _UP_C1, cell + _UP_C2)


def neighbour_ids(cell: int) -> tuple[int, int, int]:
    if cell & 1:
        return (cell + _DN_E0, cell + _DN_E1, cell + _DN_E2)
    return (cell + _UP_E0, cell + _UP_E1, cell + _UP_E2)


class Board:
    __slots__ = ("counts", "fits", "open", "tiles", "values")

    def __init__(self, fits: FitTable) -> None:
        self.fits = fits
        self.tiles: dict[int, int] = {}
        self.values: dict[int, int] = {}
        self.counts: dict[int, int] = {}
        self.open: dict[int, int] = {}

    def copy(self) -> Board:
        other = Board.__new__(Board)
        other.fits = self.fits
        other.tiles = self.tiles.copy()
        other.values = self.values.copy()
        other.counts = self.counts.copy()
        other.open = self.open.copy()
        return other

    def __len__(self) -> int:
        return len(self.tiles)

    # --- reading -------------------------------------------------------

    def pattern(self, cell: int) -> int:
        """What the vertex rule demands of the cell's corners."""
        get = self.values.get
        if cell & 1:
            return (
                get(cell + _DN_C0, FREE) * 49
                + get(cell + _DN_C1, FREE) * 7
                + get(cell + _DN_C2, FREE)
            )
        return (
            get(cell + _UP_C0, FREE) * 49 + get(cell + _UP_C1, FREE) * 7 + get(cell + _UP_C2, FREE)
        )

    def numbers_at(self, cell: int) -> Numbers:
        placed = self.tiles[cell]
        return self.fits.numbers[placed]

    def touches(self, cell: int) -> bool:
        """Whether the empty cell shares an edge with a tile."""
        tiles = self.tiles
        return any(n in tiles for n in neighbour_ids(cell))

    def shape_at(self, cell: int) -> int:
        """The shape code a tile placed into this empty cell would make."""
        tiles = self.tiles
        counts = self.counts
        if cell & 1:
            v0, v1, v2 = cell + _DN_C0, cell + _DN_C1, cell + _DN_C2
            o0 = cell + _DN_E0 in tiles
            o1 = cell + _DN_E1 in tiles
            o2 = cell + _DN_E2 in tiles
        else:
            v0, v1, v2 = cell + _UP_C0, cell + _UP_C1, cell + _UP_C2
            o0 = cell + _UP_E0 in tiles
            o1 = cell + _UP_E1 in tiles
            o2 = cell + _UP_E2 in tiles
        edges = o0 + o1 + o2
        if edges >= 2:
            # Only a cell sharing two edges can complete a hexagon: the ring
            # of a corner holds the two neighbours across the edges meeting there.
            c0 = counts.get(v0, 0)
            c1 = counts.get(v1, 0)
            c2 = counts.get(v2, 0)
            hexagons = (c0 == 5) + (c1 == 5) + (c2 == 5)
            return hexagons * 4 if hexagons else TWO_SIDED
        if edges == 1:
            # Bridge: the corner opposite the shared edge already touches a
            # tile; its two ring cells next to this one are empty (the other
            # two edges are free), so that tile lies across empty space.
            opposite = v2 if o0 else (v0 if o1 else v1)
            return BRIDGE if opposite in counts else PLAIN
        return CORNER if (v0 in counts or v1 in counts or v2 in counts) else PLAIN

    def fitting(self, live: int) -> int:
        """The tiles of ``live`` that fit some open cell; drops dead cells."""
        mask = self.fits.mask
        found = 0
        dead = None
        for cell, pattern in self.open.items():
            fit = mask[pattern] & live
            if fit:
                found |= fit
            elif dead is None:
                dead = [cell]
            else:
                dead.append(cell)
        if dead:
            for cell in dead:
                del self.open[cell]
        return found

    def corner_cells(self) -> dict[int, int]:
        """Empty cells touching the layout only at corners, with their patterns."""
        tiles = self.tiles
        found: dict[int, int] = {}
        for vertex in self.values:
            for offset in RING:
                cell = vertex + offset
                if cell in tiles or cell in found or self.touches(cell):
                    continue
                found[cell] = self.pattern(cell)
        return found

    # --- changing ------------------------------------------------------

    def place(self, cell: int, tile: int, rotation: int, live: int) -> int:
        """Put a tile into a cell (already checked legal); return its shape code.

        ``live`` is the mask of tiles still in play (hands and pool, this
        tile excluded); cells that none of them fits are not kept open.
        This is the engine's hottest function, hence the unrolled lookups.
        """
        code = self.shape_at(cell)
        tiles = self.tiles
        values = self.values
        counts = self.counts
        open_ = self.open
        mask = self.fits.mask
        placed = tile * 3 + rotation
        tiles[cell] = placed
        if cell in open_:
            del open_[cell]
        corners, near = _DOWN_LAYOUT if cell & 1 else _UP_LAYOUT
        for (offset, others), number in zip(corners, self.fits.numbers[placed], strict=True):
            vertex = cell + offset
            seen = counts.get(vertex, 0)
            counts[vertex] = seen + 1
            if not seen:
                values[vertex] = number
                # Cells touching only this corner may already be open
                # through another edge: their pattern just tightened.
                for other_offset in others:
                    other = cell + other_offset
                    if other in open_:
                        p = self.pattern(other)
                        if mask[p] & live:
                            open_[other] = p
                        else:
                            del open_[other]
        get = values.get
        for offset in near:
            other = cell + offset
            if other in tiles:
                continue
            if other & 1:
                p = (
                    get(other + _DN_C0, FREE) * 49
                    + get(other + _DN_C1, FREE) * 7
                    + get(other + _DN_C2, FREE)
                )
            else:
                p = (
                    get(other + _UP_C0, FREE) * 49
                    + get(other + _UP_C1, FREE) * 7
                    + get(other + _UP_C2, FREE)
                )
            if mask[p] & live:
                open_[other] = p
            elif other in open_:
                del open_[other]
        return code

    # --- explaining ----------------------------------------------------

    def explain_misfit(self, cell: int, numbers: Numbers) -> str | None:
        """Why these numbers may not go into this empty cell, or None."""
        for vertex, number in zip(corner_ids(cell), numbers, strict=True):
            want = self.values.get(vertex)
            if want is not None and want != number:
                x, y = from_id(vertex)
                return f"corner ({x},{y}) must be {want}, tile has {number}"
        return None

    def placements(self) -> list[tuple[Cell, Numbers, int]]:
        """Every placed tile: its cell, corner numbers and tile id, in placement order."""
        numbers = self.fits.numbers
        return [
            (from_id(cell), numbers[placed], placed // 3) for cell, placed in self.tiles.items()
        ]
