// Tiles and action tokens as written in records (record.md): `545@1,0`
// places numbers 5, 4, 5 at cell (1, 0)'s corners in clockwise order.
// These only name things; what is legal and what it scores come from the
// server's view.

export type Cell = readonly [number, number];

export interface Placement {
  cell: Cell;
  corners: [number, number, number];
}

const PLACE = /^([0-5])([0-5])([0-5])@(-?\d+),(-?\d+)$/;

export function parsePlacement(token: string): Placement | null {
  const m = PLACE.exec(token);
  if (!m) return null;
  return {
    corners: [Number(m[1]), Number(m[2]), Number(m[3])],
    cell: [Number(m[4]), Number(m[5])],
  };
}

/** The tile's canonical name: the rotation of its clockwise numbers that reads smallest. */
export function tileName(corners: readonly number[]): string {
  const [a = 0, b = 0, c = 0] = corners;
  const rotations = [
    [a, b, c],
    [b, c, a],
    [c, a, b],
  ].map((r) => r.join("-"));
  rotations.sort();
  return rotations[0] ?? "";
}

export function tileNumbers(name: string): [number, number, number] {
  const [a = 0, b = 0, c = 0] = name.split("-").map(Number);
  return [a, b, c];
}

export function cellKey(cell: Cell): string {
  return `${cell[0]},${cell[1]}`;
}

export interface Option {
  action: string;
  corners: [number, number, number];
  points: number;
  legal: import("./types").Legal;
}

export interface Spot {
  cell: Cell;
  options: Option[];
}

/** The cells where a tile of the hand may go, from the view's legal actions
 * (each cell with every rotation the server allows there). */
export function spotsFor(tile: string, legal: readonly import("./types").Legal[]): Spot[] {
  const byCell = new Map<string, Spot>();
  for (const entry of legal) {
    const placement = parsePlacement(entry.action);
    if (!placement || tileName(placement.corners) !== tile) continue;
    const key = cellKey(placement.cell);
    let spot = byCell.get(key);
    if (!spot) {
      spot = { cell: placement.cell, options: [] };
      byCell.set(key, spot);
    }
    spot.options.push({ action: entry.action, corners: placement.corners, points: entry.points, legal: entry });
  }
  return [...byCell.values()];
}

/** Which tiles of the hand have somewhere to go. */
export function playableTiles(legal: readonly import("./types").Legal[]): Set<string> {
  const out = new Set<string>();
  for (const entry of legal) {
    const placement = parsePlacement(entry.action);
    if (placement) out.add(tileName(placement.corners));
  }
  return out;
}

export function legalOf(legal: readonly import("./types").Legal[], action: "draw" | "pass") {
  return legal.find((entry) => entry.action === action) ?? null;
}
