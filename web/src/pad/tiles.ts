// The two tile sets by the names a rule set's `tile_set` gives (rules.md §1),
// built as core/tiles.py builds them; the conformance test compares the two.

export type Numbers = readonly [number, number, number];

export interface PadTile {
  name: string;
  numbers: Numbers;
  value: number;
  triple: boolean;
}

function rotationsOf([a, b, c]: Numbers): Numbers[] {
  return [
    [a, b, c],
    [b, c, a],
    [c, a, b],
  ];
}

/** The smallest clockwise reading: how the engine names a tile. */
export function canonical(numbers: Numbers): Numbers {
  let best = numbers;
  for (const r of rotationsOf(numbers)) {
    if (r[0] < best[0] || (r[0] === best[0] && (r[1] < best[1] || (r[1] === best[1] && r[2] < best[2])))) best = r;
  }
  return best;
}

export function nameOf(numbers: Numbers): string {
  return canonical(numbers).join("-");
}

const sets = new Map<string, PadTile[]>();

/** The tiles of a set, sorted by name; an unknown name gives the standard set. */
export function tilesOf(setName: string): PadTile[] {
  const known = sets.get(setName);
  if (known) return known;
  const mirrors = setName === "extended76";
  const names = new Set<string>();
  for (let a = 0; a <= 5; a++)
    for (let b = 0; b <= 5; b++)
      for (let c = 0; c <= 5; c++) {
        const n = canonical([a, b, c]);
        // The standard set holds each three distinct numbers only in
        // ascending clockwise order: 0-1-2 exists, 0-2-1 does not.
        const distinct = n[0] !== n[1] && n[1] !== n[2] && n[0] !== n[2];
        if (mirrors || !distinct || (n[0] < n[1] && n[1] < n[2])) names.add(n.join("-"));
      }
  const tiles = [...names].sort().map((name) => {
    const numbers = name.split("-").map(Number) as unknown as Numbers;
    return { name, numbers, value: numbers[0] + numbers[1] + numbers[2], triple: numbers[0] === numbers[1] && numbers[1] === numbers[2] };
  });
  sets.set(setName, tiles);
  return tiles;
}

/** The set's tile for three numbers read clockwise in any rotation, if any. */
export function findTile(setName: string, numbers: Numbers): PadTile | null {
  const name = nameOf(numbers);
  return tilesOf(setName).find((tile) => tile.name === name) ?? null;
}
