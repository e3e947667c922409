// The triangular lattice of rules.md §2 on screen: vertex (x, y) is at
// x half-units across and y rows down; a cell's corners in clockwise order.
import type { Cell } from "./tiles";

export const SIDE = 60;
export const ROW = (SIDE * Math.sqrt(3)) / 2;

export type Point = readonly [number, number];

export function isUp(cell: Cell): boolean {
  return (((cell[0] + cell[1]) % 2) + 2) % 2 === 0;
}

/** The cell's corners (lattice vertices) in clockwise order from its first corner. */
export function cornerVertices(cell: Cell): [Point, Point, Point] {
  const [q, r] = cell;
  return isUp(cell)
    ? [
        [q + 1, r],
        [q + 2, r + 1],
        [q, r + 1],
      ]
    : [
        [q, r],
        [q + 2, r],
        [q + 1, r + 1],
      ];
}

export function toScreen(vertex: Point): Point {
  return [(vertex[0] * SIDE) / 2, vertex[1] * ROW];
}

export function cellPoints(cell: Cell): [Point, Point, Point] {
  const [a, b, c] = cornerVertices(cell);
  return [toScreen(a), toScreen(b), toScreen(c)];
}

export function centroid(cell: Cell): Point {
  const [a, b, c] = cellPoints(cell);
  return [(a[0] + b[0] + c[0]) / 3, (a[1] + b[1] + c[1]) / 3];
}

/** Where a corner's number is written: near its corner, inside the triangle. */
export function numberSpot(cell: Cell, corner: number): Point {
  const points = cellPoints(cell);
  const p = points[corner] ?? points[0];
  const [cx, cy] = centroid(cell);
  return [p[0] + (cx - p[0]) * 0.4, p[1] + (cy - p[1]) * 0.4];
}

/** How a corner's number is turned, as on a printed tile: its top toward
 * its corner, its foot toward the middle (degrees, clockwise on screen). */
export function numberAngle(cell: Cell, corner: number): number {
  const points = cellPoints(cell);
  const p = points[corner] ?? points[0];
  const [cx, cy] = centroid(cell);
  const degrees = (Math.atan2(p[1] - cy, p[0] - cx) * 180) / Math.PI + 90;
  return Math.round(((degrees % 360) + 360) % 360);
}

/** The three cells that share an edge with a cell. */
export function neighbours(cell: Cell): [Cell, Cell, Cell] {
  const [q, r] = cell;
  return [
    [q - 1, r],
    [q + 1, r],
    isUp(cell) ? [q, r + 1] : [q, r - 1],
  ];
}

export interface OpenCell {
  cell: Cell;
  /** The number each corner must have where the layout already fixes it. */
  corners: (number | null)[];
}

/** The empty cells that share an edge with the layout, in reading order,
 * with the numbers their corners must match (what the board shows, not a
 * rule: whether a tile may go there comes from the view's legal list). */
export function openCells(board: readonly { cell: Cell; corners: readonly number[] }[]): OpenCell[] {
  const taken = new Set(board.map((p) => `${p.cell[0]},${p.cell[1]}`));
  const numbers = new Map<string, number>();
  for (const p of board) {
    cornerVertices(p.cell).forEach((v, i) => numbers.set(`${v[0]},${v[1]}`, p.corners[i] ?? 0));
  }
  const found = new Map<string, OpenCell>();
  for (const p of board) {
    for (const n of neighbours(p.cell)) {
      const key = `${n[0]},${n[1]}`;
      if (taken.has(key) || found.has(key)) continue;
      found.set(key, { cell: n, corners: cornerVertices(n).map((v) => numbers.get(`${v[0]},${v[1]}`) ?? null) });
    }
  }
  return readingOrder([...found.values()]);
}

/** The cell nearest to a point on the board within `reach` (a dragged
 * tile snaps to it), or null when none is that close. */
export function nearestCell<T extends { cell: Cell }>(items: readonly T[], at: Point, reach = SIDE): T | null {
  let best: T | null = null;
  let bestDistance = reach;
  for (const item of items) {
    const [x, y] = centroid(item.cell);
    const distance = Math.hypot(x - at[0], y - at[1]);
    if (distance <= bestDistance) {
      bestDistance = distance;
      best = item;
    }
  }
  return best;
}

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The box around some cells with a margin (the whole layout, centred),
 * never smaller than a few tiles across so that one tile is not huge. */
export function bounds(cells: readonly Cell[], margin = SIDE, least = 8 * SIDE): Box {
  if (cells.length === 0) cells = [[0, 0]];
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  for (const cell of cells) {
    for (const [x, y] of cellPoints(cell)) {
      x0 = Math.min(x0, x);
      y0 = Math.min(y0, y);
      x1 = Math.max(x1, x);
      y1 = Math.max(y1, y);
    }
  }
  const width = Math.max(least, x1 - x0 + 2 * margin);
  const height = Math.max(least * 0.6, y1 - y0 + 2 * margin);
  return { x: (x0 + x1) / 2 - width / 2, y: (y0 + y1) / 2 - height / 2, width, height };
}

/** Zoom a view box by `factor` (> 1 zooms in) keeping the point `at` still. */
export function zoomBox(box: Box, factor: number, at: Point): Box {
  const width = box.width / factor;
  const height = box.height / factor;
  return {
    x: at[0] - ((at[0] - box.x) * width) / box.width,
    y: at[1] - ((at[1] - box.y) * height) / box.height,
    width,
    height,
  };
}

/** The cell nearest to `from` in a direction (arrow keys among highlighted cells). */
export function nearestInDirection(
  from: Cell,
  cells: readonly Cell[],
  direction: "left" | "right" | "up" | "down",
): Cell | null {
  const [fx, fy] = centroid(from);
  let best: Cell | null = null;
  let bestScore = Infinity;
  for (const cell of cells) {
    if (cell[0] === from[0] && cell[1] === from[1]) continue;
    const [x, y] = centroid(cell);
    const dx = x - fx;
    const dy = y - fy;
    const along = direction === "left" ? -dx : direction === "right" ? dx : direction === "up" ? -dy : dy;
    const across = direction === "left" || direction === "right" ? Math.abs(dy) : Math.abs(dx);
    if (along <= 1) continue;
    const score = along + 2 * across;
    if (score < bestScore) {
      bestScore = score;
      best = cell;
    }
  }
  return best;
}

/** Cells in reading order (top to bottom, left to right). */
export function readingOrder<T extends { cell: Cell }>(items: readonly T[]): T[] {
  return [...items].sort((a, b) => a.cell[1] - b.cell[1] || a.cell[0] - b.cell[0]);
}
