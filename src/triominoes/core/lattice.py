"""The triangular lattice of docs/rules.md §2: cells, corners, edges, rings.

Two faces of the same geometry:

* coordinates — ``Cell`` ``(q, r)`` and ``Vertex`` ``(x, y)`` tuples with the
  functions :func:`corners`, :func:`neighbours` and :func:`ring`, written
  straight from the spec; these are what records, views and UIs use;
* integer ids — a cell or vertex packed into one ``int`` on a grid of odd
  width, so that every neighbour, corner and ring member is the id plus a
  constant offset, and a cell points up exactly when its id is even. The
  board's hot path uses only ids and the offset tables below, which are
  derived from the coordinate functions (not typed in twice).

A round holds at most 76 tiles and starts at cell (0, 0); each tile reaches
at most two half-units further than the last (a corner-only placement), so
no reachable cell lies beyond 2 * 76 + 2. :data:`LIMIT` leaves room beyond
that and coordinates outside it are rejected at the edge.
"""

from __future__ import annotations

Cell = tuple[int, int]
Vertex = tuple[int, int]

ORIGIN: Cell = (0, 0)
"""The cell of every round's first tile (an up cell)."""


def is_up(cell: Cell) -> bool:
    q, r = cell
    return (q + r) % 2 == 0


def corners(cell: Cell) -> tuple[Vertex, Vertex, Vertex]:
    """The cell's corners in clockwise order, starting from its first corner."""
    q, r = cell
    if is_up(cell):
        return ((q + 1, r), (q + 2, r + 1), (q, r + 1))
    return ((q, r), (q + 2, r), (q + 1, r + 1))


def neighbours(cell: Cell) -> tuple[Cell, Cell, Cell]:
    """The cells across edges 0, 1, 2 (edge i joins corner i and corner i+1)."""
    q, r = cell
    if is_up(cell):
        return ((q + 1, r), (q, r + 1), (q - 1, r))
    return ((q, r - 1), (q + 1, r), (q - 1, r))


def ring(vertex: Vertex) -> tuple[Cell, Cell, Cell, Cell, Cell, Cell]:
    """The six cells around a vertex, clockwise, starting top-left."""
    x, y = vertex
    return ((x - 2, y - 1), (x - 1, y - 1), (x, y - 1), (x, y), (x - 1, y), (x - 2, y))


def is_vertex(point: tuple[int, int]) -> bool:
    x, y = point
    return (x + y) % 2 == 1


# --- integer ids -----------------------------------------------------------

HALF = 256
WIDTH = 2 * HALF + 1  # odd, so that an id's parity is the parity of q + r
LIMIT = 250
"""Largest |q| or |r| (|x| or |y|) that has an id."""


def in_range(point: tuple[int, int]) -> bool:
    return abs(point[0]) <= LIMIT and abs(point[1]) <= LIMIT


def to_id(point: tuple[int, int]) -> int:
    """Pack a cell or vertex into an int (up cells get even ids)."""
    x, y = point
    return (y + HALF) * WIDTH + (x + HALF)


def from_id(ident: int) -> tuple[int, int]:
    y, x = divmod(ident, WIDTH)
    return (x - HALF, y - HALF)


def _offsets(points: tuple[tuple[int, int], ...], base: tuple[int, int]) -> tuple[int, ...]:
    origin = to_id(base)
    return tuple(to_id(p) - origin for p in points)


_UP: Cell = (0, 0)
_DOWN: Cell = (1, 0)
_VERTEX: Vertex = (1, 0)

UP_CORNERS = _offsets(corners(_UP), _UP)
DOWN_CORNERS = _offsets(corners(_DOWN), _DOWN)
UP_NEIGHBOURS = _offsets(neighbours(_UP), _UP)
DOWN_NEIGHBOURS = _offsets(neighbours(_DOWN), _DOWN)
RING = _offsets(ring(_VERTEX), _VERTEX)
"""Ring member ids relative to a vertex id (the same for every vertex)."""


def _ring_others(cell: Cell) -> tuple[tuple[int, int, int], ...]:
    """Per corner i: the ring(i) cells other than the cell and its two edge
    neighbours at that corner, as offsets from the cell's id.

    These are the cells that touch the cell only at corner i: the ones whose
    constraints change when corner i first gets a number.
    """
    cid = to_id(cell)
    near = neighbours(cell)
    out = []
    for i, vertex in enumerate(corners(cell)):
        skip = {cell, near[i], near[(i + 2) % 3]}
        others = [to_id(c) - cid for c in ring(vertex) if c not in skip]
        out.append((others[0], others[1], others[2]))
    return tuple(out)


UP_RING_OTHERS = _ring_others(_UP)
DOWN_RING_OTHERS = _ring_others(_DOWN)
