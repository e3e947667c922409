"""Pictures of the table: text (the board and every hand) and an RGB image.

Both are for people watching an agent, so they show every hand; what an
agent may know is its observation. Neither needs more than NumPy.

The text board puts each vertex of the lattice at column ``4x``, row
``2y`` and draws the edges of every tile between them, its numbers at its
corners; an open cell shows its slot number in its middle (``#7``).
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from triominoes.core.lattice import corners, from_id

if TYPE_CHECKING:
    from triominoes.core.round import Round
    from triominoes.rl.table import Table

Image = npt.NDArray[np.uint8]

# --- text --------------------------------------------------------------------


def board_text(table: Table, slot_of: dict[int, int]) -> str:
    state = table.round
    lines = _board_lines(state, slot_of)
    tiles = state.tiles
    status = (
        f"round {table.number}  pool {len(state.pool)}  "
        + ("over" if state.over else f"seat {state.seat} to move, drawn {state.draws}")
        + (f"  target {table.rules.target_score}" if table.rules.target_score else "")
    )
    lines.append(status)
    for seat, hand in enumerate(state.hands):
        names = " ".join(t.name for t in tiles.tiles_in(hand))
        lines.append(
            f"seat {seat}: {table.totals[seat]:>4} ({state.points[seat]:+} this round)  {names}"
        )
    if table.finished:
        lines.append("game over: " + ", ".join(f"seat {s}" for s in table.winners) + " won")
    return "\n".join(lines)


def _board_lines(state: Round, slot_of: dict[int, int]) -> list[str]:
    board = state.board
    placed = [from_id(cell) for cell in board.tiles]
    spots = [(from_id(cell), slot) for cell, slot in slot_of.items()]
    cells = placed + [cell for cell, _ in spots]
    if not cells:
        return ["(no tile on the board)"]
    points = [v for cell in cells for v in corners(cell)]
    x0 = min(x for x, _ in points)
    y0 = min(y for _, y in points)
    width = 4 * (max(x for x, _ in points) - x0) + 1
    height = 2 * (max(y for _, y in points) - y0) + 1
    grid = [[" "] * width for _ in range(height)]

    def put(col: int, row: int, text: str) -> None:
        for i, char in enumerate(text):
            grid[row][col + i] = char

    for q, r in placed:
        top = (q + r) % 2 == 0
        row = 2 * (r - y0)
        col = 4 * (q - x0)
        if top:
            put(col + 2, row + 1, "/")
            put(col + 6, row + 1, "\\")
            put(col + 1, row + 2, "-------")
        else:
            put(col + 1, row, "-------")
            put(col + 2, row + 1, "\\")
            put(col + 6, row + 1, "/")
    for vertex, number in board.values.items():
        x, y = from_id(vertex)
        put(4 * (x - x0), 2 * (y - y0), str(number))
    for (q, r), slot in spots:
        label = f"#{slot}" if slot < 100 else str(slot)
        put(4 * (q - x0) + 3, 2 * (r - y0) + 1, f"{label:^3}"[:3])
    return ["".join(row).rstrip() for row in grid]


# --- image -------------------------------------------------------------------

DIGITS = {
    0: ("111", "101", "101", "101", "111"),
    1: ("010", "110", "010", "010", "111"),
    2: ("111", "001", "111", "100", "111"),
    3: ("111", "001", "111", "001", "111"),
    4: ("101", "101", "111", "001", "001"),
    5: ("111", "100", "111", "001", "111"),
    6: ("111", "100", "111", "101", "111"),
    7: ("111", "001", "010", "010", "010"),
    8: ("111", "101", "111", "101", "111"),
    9: ("111", "101", "111", "001", "111"),
}
BACKGROUND = (34, 102, 68)
TILE = (240, 232, 210)
EDGE = (40, 40, 40)
NUMBER = (150, 30, 30)
OPEN = (120, 170, 140)
SLOT = (230, 230, 160)
SIZE = 480
ROOT3 = math.sqrt(3.0)


def draw_board(state: Round, slot_of: dict[int, int], size: int = SIZE) -> Image:
    """The board as an RGB image (``size`` x ``size`` x 3): tiles with their
    numbers at the corners, open cells outlined with their slot numbers."""
    image = np.empty((size, size, 3), dtype=np.uint8)
    image[:] = BACKGROUND
    board = state.board
    placed = [(from_id(cell), state.t.fits.numbers[p]) for cell, p in board.tiles.items()]
    spots = [(from_id(cell), slot) for cell, slot in slot_of.items()]
    cells = [cell for cell, _ in placed] + [cell for cell, _ in spots]
    if not cells:
        return image
    vertices = [v for cell in cells for v in corners(cell)]
    xs = [x / 2 for x, _ in vertices]
    ys = [y * ROOT3 / 2 for _, y in vertices]
    span = max(max(xs) - min(xs), max(ys) - min(ys), 1.0)
    side = min(64.0, (size - 16) / span)
    left = (size - (max(xs) - min(xs)) * side) / 2 - min(xs) * side
    top = (size - (max(ys) - min(ys)) * side) / 2 - min(ys) * side

    def screen(vertex: tuple[int, int]) -> tuple[float, float]:
        return left + vertex[0] / 2 * side, top + vertex[1] * ROOT3 / 2 * side

    glyph = max(1, int(side // 22))
    for cell, slot in spots:
        triangle = [screen(v) for v in corners(cell)]
        _outline(image, triangle, OPEN)
        cx = sum(p[0] for p in triangle) / 3
        cy = sum(p[1] for p in triangle) / 3
        _number(image, slot, cx, cy, glyph, SLOT)
    for cell, numbers in placed:
        triangle = [screen(v) for v in corners(cell)]
        _fill(image, triangle, TILE)
        _outline(image, triangle, EDGE)
        cx = sum(p[0] for p in triangle) / 3
        cy = sum(p[1] for p in triangle) / 3
        for (px, py), number in zip(triangle, numbers, strict=True):
            _number(image, number, px + (cx - px) * 0.42, py + (cy - py) * 0.42, glyph, NUMBER)
    return image


def _fill(image: Image, triangle: list[tuple[float, float]], colour: tuple[int, int, int]) -> None:
    (ax, ay), (bx, by), (cx, cy) = triangle
    x0 = max(0, int(min(ax, bx, cx)))
    x1 = min(image.shape[1], int(max(ax, bx, cx)) + 1)
    y0 = max(0, int(min(ay, by, cy)))
    y1 = min(image.shape[0], int(max(ay, by, cy)) + 1)
    if x0 >= x1 or y0 >= y1:
        return
    px, py = np.meshgrid(np.arange(x0, x1) + 0.5, np.arange(y0, y1) + 0.5)

    def side(x1_: float, y1_: float, x2_: float, y2_: float) -> npt.NDArray[np.float64]:
        return (x2_ - x1_) * (py - y1_) - (y2_ - y1_) * (px - x1_)

    d1, d2, d3 = side(ax, ay, bx, by), side(bx, by, cx, cy), side(cx, cy, ax, ay)
    inside = ((d1 >= 0) & (d2 >= 0) & (d3 >= 0)) | ((d1 <= 0) & (d2 <= 0) & (d3 <= 0))
    image[y0:y1, x0:x1][inside] = colour


def _outline(
    image: Image, triangle: list[tuple[float, float]], colour: tuple[int, int, int]
) -> None:
    for i in range(3):
        (ax, ay), (bx, by) = triangle[i], triangle[(i + 1) % 3]
        steps = int(max(abs(bx - ax), abs(by - ay))) + 2
        xs = np.clip(np.linspace(ax, bx, steps).astype(int), 0, image.shape[1] - 1)
        ys = np.clip(np.linspace(ay, by, steps).astype(int), 0, image.shape[0] - 1)
        image[ys, xs] = colour


def _number(
    image: Image, value: int, cx: float, cy: float, scale: int, colour: tuple[int, int, int]
) -> None:
    text = str(value)
    width = (len(text) * 4 - 1) * scale
    x = int(cx - width / 2)
    y = int(cy - 5 * scale / 2)
    for char in text:
        for row, bits in enumerate(DIGITS[int(char)]):
            for col, bit in enumerate(bits):
                if bit == "1":
                    top, left = y + row * scale, x + col * scale
                    if top >= 0 and top + scale <= image.shape[0] and left >= 0:
                        image[top : top + scale, left : left + scale] = colour
        x += 4 * scale
