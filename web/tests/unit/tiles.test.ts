import { describe, expect, it } from "vitest";
import { legalOf, parsePlacement, playableTiles, spotsFor, tileName, tileNumbers } from "../../src/tiles";
import type { Legal } from "../../src/types";

describe("tiles and tokens", () => {
  it("reads placement tokens as record.md writes them", () => {
    expect(parsePlacement("545@1,0")).toEqual({ corners: [5, 4, 5], cell: [1, 0] });
    expect(parsePlacement("012@-3,-2")).toEqual({ corners: [0, 1, 2], cell: [-3, -2] });
    expect(parsePlacement("draw")).toBeNull();
    expect(parsePlacement("645@1,0")).toBeNull();
  });
  it("names a tile by its smallest clockwise rotation, never its mirror", () => {
    expect(tileName([5, 4, 5])).toBe("4-5-5");
    expect(tileName([1, 2, 0])).toBe("0-1-2");
    expect(tileName([2, 1, 0])).toBe("0-2-1");
    expect(tileNumbers("2-4-5")).toEqual([2, 4, 5]);
  });
  const legal: Legal[] = [
    { action: "545@1,0", points: 14 },
    { action: "455@1,0", points: 14 },
    { action: "554@0,1", points: 54, bonus: { hexagons: 0, bridge: true, two_sided: false, shape: "bridge" } },
    { action: "012@-1,0", points: 3 },
    { action: "draw", points: -5 },
  ];
  it("gathers a tile's legal placements by cell, every rotation kept", () => {
    const spots = spotsFor("4-5-5", legal);
    expect(spots.map((s) => s.cell)).toEqual([
      [1, 0],
      [0, 1],
    ]);
    expect(spots[0]?.options.map((o) => o.action)).toEqual(["545@1,0", "455@1,0"]);
    expect(spots[1]?.options[0]?.points).toBe(54);
    expect(spotsFor("0-2-1", legal)).toEqual([]);
  });
  it("knows which tiles fit and what a draw costs, from the view alone", () => {
    expect([...playableTiles(legal)].sort()).toEqual(["0-1-2", "4-5-5"]);
    expect(legalOf(legal, "draw")?.points).toBe(-5);
    expect(legalOf(legal, "pass")).toBeNull();
  });
});
