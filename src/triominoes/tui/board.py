"""The layout drawn as text: triangles with the numbers at their corners.

A vertex ``(x, y)`` of the lattice (rules.md §2) sits at column ``3x`` and
row ``3y``; the edges between vertices are drawn with ``╱ ╲ ─``, so an up
cell is six columns wide and three rows high::

       5          5─────2
      ╱ ╲          ╲   ╱
     ╱   ╲          ╲ ╱
    3─────4          4

A number at a vertex is shared by every tile meeting there (the rules make
them equal), so each vertex is written once. Cells that are not on the
board can be *marked* (where the selected tile fits: its points inside, and
the selected placement's numbers at its corners). The drawing is plain
characters with a style name for each; the Textual board colours the names,
the plain mode prints the characters.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from triominoes.core.lattice import Cell, Vertex, corners, is_up
from triominoes.core.tiles import Numbers
from triominoes.core.view import PlacedTile

SCALE = 3
"""Columns per half unit and rows per lattice row (equal: edges at 45°)."""
MARGIN = 2

# Style names (the Textual board maps them to colours).
EDGE = "edge"
NUMBER = "number"
LAST = "last"
MARK = "mark"
BONUS = "bonus"
SELECTED = "selected"
PREVIEW = "preview"
EDGE_SUFFIX = "-edge"
"""A mark's edges: its style name with this suffix (interiors have the plain name)."""


@dataclass(frozen=True, slots=True)
class Mark:
    """An empty cell to highlight: where the selected tile fits."""

    cell: Cell
    label: str
    """What to write inside (the points the best placement there scores)."""
    bonus: bool = False
    selected: bool = False
    corners: Numbers | None = None
    """The selected placement's numbers, shown at the cell's corners."""


def _interior(cell: Cell) -> list[list[tuple[int, int]]]:
    """The character positions inside a cell, row by row, relative to the
    cell's left corner column and its top row."""
    q, r = cell
    x0, y0 = SCALE * q, SCALE * r
    if is_up(cell):
        return [[(x0 + 3, y0 + 1)], [(x0 + 2, y0 + 2), (x0 + 3, y0 + 2), (x0 + 4, y0 + 2)]]
    return [[(x0 + 2, y0 + 1), (x0 + 3, y0 + 1), (x0 + 4, y0 + 1)], [(x0 + 3, y0 + 2)]]


def _edges(cell: Cell) -> list[tuple[int, int, str]]:
    q, r = cell
    x0, y0 = SCALE * q, SCALE * r
    if is_up(cell):
        return [
            (x0 + 2, y0 + 1, "╱"),
            (x0 + 1, y0 + 2, "╱"),
            (x0 + 4, y0 + 1, "╲"),
            (x0 + 5, y0 + 2, "╲"),
            *((x0 + dx, y0 + 3, "─") for dx in range(1, 6)),
        ]
    return [
        *((x0 + dx, y0, "─") for dx in range(1, 6)),
        (x0 + 1, y0 + 1, "╲"),
        (x0 + 2, y0 + 2, "╲"),
        (x0 + 5, y0 + 1, "╱"),
        (x0 + 4, y0 + 2, "╱"),
    ]


def _vertex_position(vertex: Vertex) -> tuple[int, int]:
    return (SCALE * vertex[0], SCALE * vertex[1])


def cell_at_point(x: float, y: float) -> Cell:
    """The cell containing lattice point ``(x, y)`` (half units, rows)."""
    r = int(y // 1)
    fy = y - r
    base = int(x // 1)
    best: Cell = (base, r)
    best_slack = -2.0
    for q in range(base - 2, base + 2):
        dx = abs(x - (q + 1))
        slack = (fy - dx) if is_up((q, r)) else (1 - fy - dx)
        if slack > best_slack:
            best, best_slack = (q, r), slack
    return best


@dataclass
class Drawing:
    """A grid of characters with a style name each, and where cells are."""

    width: int
    height: int
    left: int
    """The lattice column (``SCALE * x``) of the drawing's first column."""
    top: int
    chars: list[list[str]] = field(default_factory=list)
    styles: list[list[str]] = field(default_factory=list)
    layout_centre: tuple[int, int] = (0, 0)
    """The middle of the placed tiles, in drawing coordinates."""

    def put(self, x: int, y: int, char: str, style: str) -> None:
        cx, cy = x - self.left, y - self.top
        if 0 <= cx < self.width and 0 <= cy < self.height:
            self.chars[cy][cx] = char
            self.styles[cy][cx] = style

    def cell_at(self, column: int, row: int) -> Cell:
        """The cell under a character of the drawing (for mouse clicks)."""
        # A vertex is drawn at the character whose centre is that vertex.
        x = (column + self.left) / SCALE
        y = (row + self.top) / SCALE
        return cell_at_point(x, y)

    def region_of(self, cell: Cell) -> tuple[int, int, int, int]:
        """A cell's box in drawing coordinates: x, y, width, height."""
        q, r = cell
        return (SCALE * q - self.left, SCALE * r - self.top, 2 * SCALE + 1, SCALE + 1)

    def lines(self) -> list[str]:
        return ["".join(row).rstrip() for row in self.chars]

    def runs(self) -> Iterable[list[tuple[str, str]]]:
        """Each row as runs of (text, style name)."""
        for chars, styles in zip(self.chars, self.styles, strict=True):
            row: list[tuple[str, str]] = []
            for char, style in zip(chars, styles, strict=True):
                if row and row[-1][1] == style:
                    row[-1] = (row[-1][0] + char, style)
                else:
                    row.append((char, style))
            yield row


def draw(
    board: Sequence[PlacedTile], marks: Sequence[Mark] = (), *, last: Cell | None = None
) -> Drawing:
    """Draw the layout and the marked cells (``last``: the tile just placed)."""
    cells = [p.cell for p in board] + [m.cell for m in marks]
    if not cells:
        cells = [(0, 0)]
    xs = [SCALE * q for q, _ in cells]
    ys = [SCALE * r for _, r in cells]
    left = min(xs) - MARGIN
    top = min(ys) - MARGIN // 2
    width = max(xs) + 2 * SCALE + 1 + MARGIN - left
    height = max(ys) + SCALE + 1 + MARGIN // 2 - top
    drawing = Drawing(width, height, left, top)
    drawing.chars = [[" "] * width for _ in range(height)]
    drawing.styles = [[""] * width for _ in range(height)]
    placed = [p.cell for p in board] or [(0, 0)]
    px = [SCALE * q for q, _ in placed]
    py = [SCALE * r for _, r in placed]
    drawing.layout_centre = (
        (min(px) + max(px) + 2 * SCALE) // 2 - left,
        (min(py) + max(py) + SCALE) // 2 - top,
    )

    numbers: dict[Vertex, tuple[int, str]] = {}
    # Marks first: a placed tile's edges and numbers win where they meet,
    # and the selected mark is drawn last of the marks so its outline shows.
    for mark in sorted(marks, key=lambda m: m.selected):
        style = SELECTED if mark.selected else BONUS if mark.bonus else MARK
        for x, y, char in _edges(mark.cell):
            drawing.put(x, y, char, style + EDGE_SUFFIX)
        wide = max(_interior(mark.cell), key=len)
        text = mark.label[: len(wide)].center(len(wide))
        for (x, y), char in zip(wide, text, strict=True):
            drawing.put(x, y, char, style)
        if mark.corners is not None:
            for vertex, number in zip(corners(mark.cell), mark.corners, strict=True):
                numbers[vertex] = (number, PREVIEW)
        else:
            for vertex in corners(mark.cell):
                x, y = _vertex_position(vertex)
                drawing.put(x, y, "·", style + EDGE_SUFFIX)
    # The tile just placed is drawn last, so its outline shows whole.
    for tile in sorted(board, key=lambda t: t.cell == last):
        style = LAST if tile.cell == last else EDGE
        for x, y, char in _edges(tile.cell):
            drawing.put(x, y, char, style)
        for row in _interior(tile.cell):
            for x, y in row:
                drawing.put(x, y, " ", "")
        for vertex, number in zip(corners(tile.cell), tile.corners, strict=True):
            numbers[vertex] = (number, NUMBER)
    for vertex, (number, style) in numbers.items():
        x, y = _vertex_position(vertex)
        drawing.put(x, y, str(number), style)
    return drawing


def board_text(board: Sequence[PlacedTile]) -> str:
    """The layout as plain lines (the plain mode's board)."""
    return "\n".join(draw(board).lines())
