"""The layout: placed tiles, vertex numbers, open cells and bonus shapes.

The board is kept incrementally so that a placement costs a handful of dict
operations, whatever the size of the layout:

* ``tiles`` — occupied cell id -> placed tile (``tile * 3 + rotation``), in
  placement order;
* ``values`` / ``counts`` — per vertex id, the number every tile touching it
  shows there (the vertex rule), and how many occupied cells touch it (six
  means a hexagon is complete);
* ``open`` — empty cell id -> corner pattern (see :mod:`fits`) for each empty
  cell that shares an edge with a tile. Only cells around a new tile ever
  change; when one is looked at and no tile still in play fits it, it is
  dropped for good (constraints only tighten, tiles only leave play). A cell
  whose last fitting tile went elsewhere stays until then: it fits no hand,
  and sweeping for such cells after every placement cost more than it saved.

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
    Vertex,
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


def corner_ids(cell: int) -> tuple[int, int, int]:
    if cell & 1:
        return (cell + _DN_C0, cell + _DN_C1, cell + _DN_C2)
    return (cell + _UP_C0, cell + _UP_C1, cell + _UP_C2)


def neighbour_ids(cell: int) -> tuple[int, int, int]:
    if cell & 1:
        return (cell + _DN_E0, cell + _DN_E1, cell + _DN_E2)
    return (cell + _UP_E0, cell + _UP_E1, cell + _UP_E2)


def shape_code(o0: bool, o1: bool, o2: bool, c0: int, c1: int, c2: int) -> int:
    """The shape a tile makes in a cell (rules.md §4), from what surrounds it:
    ``o0..o2`` whether the cells across edges 0..2 are occupied, ``c0..c2``
    how many occupied cells touch corners 0..2 (edge ``i`` joins corners
    ``i`` and ``i + 1``)."""
    edges = o0 + o1 + o2
    if edges >= 2:
        # Only a cell sharing two edges can complete a hexagon: the ring of
        # a corner holds the two neighbours across the edges meeting there.
        hexagons = (c0 == 5) + (c1 == 5) + (c2 == 5)
        return hexagons * 4 if hexagons else TWO_SIDED
    if edges == 1:
        # Bridge: the corner opposite the shared edge already touches a
        # tile; its two ring cells next to this one are empty (the other two
        # edges are free), so that tile lies across empty space.
        opposite = c2 if o0 else (c0 if o1 else c1)
        return BRIDGE if opposite else PLAIN
    return CORNER if (c0 or c1 or c2) else PLAIN


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
        get = self.counts.get
        if cell & 1:
            return shape_code(
                cell + _DN_E0 in tiles,
                cell + _DN_E1 in tiles,
                cell + _DN_E2 in tiles,
                get(cell + _DN_C0, 0),
                get(cell + _DN_C1, 0),
                get(cell + _DN_C2, 0),
            )
        return shape_code(
            cell + _UP_E0 in tiles,
            cell + _UP_E1 in tiles,
            cell + _UP_E2 in tiles,
            get(cell + _UP_C0, 0),
            get(cell + _UP_C1, 0),
            get(cell + _UP_C2, 0),
        )

    def fitting(self, live: int) -> int:
        """The tiles of ``live`` that fit some open cell (one pass over them)."""
        mask = self.fits.mask
        found = 0
        for pattern in self.open.values():
            found |= mask[pattern]
        return found & live

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
        tiles = self.tiles
        values = self.values
        counts = self.counts
        open_ = self.open
        mask = self.fits.mask
        if cell & 1:
            v0, v1, v2 = cell + _DN_C0, cell + _DN_C1, cell + _DN_C2
            near = (cell + _DN_E0, cell + _DN_E1, cell + _DN_E2)
            others = DOWN_RING_OTHERS
        else:
            v0, v1, v2 = cell + _UP_C0, cell + _UP_C1, cell + _UP_C2
            near = (cell + _UP_E0, cell + _UP_E1, cell + _UP_E2)
            others = UP_RING_OTHERS
        c0 = counts.get(v0, 0)
        c1 = counts.get(v1, 0)
        c2 = counts.get(v2, 0)
        e0, e1, e2 = near
        code = shape_code(e0 in tiles, e1 in tiles, e2 in tiles, c0, c1, c2)
        placed = tile * 3 + rotation
        tiles[cell] = placed
        if cell in open_:
            del open_[cell]
        counts[v0] = c0 + 1
        counts[v1] = c1 + 1
        counts[v2] = c2 + 1
        if not (c0 and c1 and c2):
            # A corner that gets its first number tightens the cells that
            # touch the layout only there and are open through another edge.
            n0, n1, n2 = self.fits.numbers[placed]
            for seen, vertex, number, offsets in (
                (c0, v0, n0, others[0]),
                (c1, v1, n1, others[1]),
                (c2, v2, n2, others[2]),
            ):
                if seen:
                    continue
                values[vertex] = number
                for offset in offsets:
                    other = cell + offset
                    if other in open_:
                        p = self.pattern(other)
                        if mask[p] & live:
                            open_[other] = p
                        else:
                            del open_[other]
        get = values.get
        for other in near:
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

    def misfit(self, cell: int, numbers: Numbers) -> tuple[Vertex, int, int] | None:
        """The first corner where these numbers break the vertex rule in this
        cell: the vertex, the number it must be and the one given; or None."""
        for vertex, number in zip(corner_ids(cell), numbers, strict=True):
            want = self.values.get(vertex)
            if want is not None and want != number:
                return from_id(vertex), want, number
        return None

    def placements(self) -> list[tuple[Cell, Numbers, int]]:
        """Every placed tile: its cell, corner numbers and tile id, in placement order."""
        numbers = self.fits.numbers
        return [
            (from_id(cell), numbers[placed], placed // 3) for cell, placed in self.tiles.items()
        ]
