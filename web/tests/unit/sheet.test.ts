import { describe, expect, it } from "vitest";
import { badgesOf, roundStart, turns } from "../../src/sheet";
import type { LogEntry } from "../../src/types";

const bridge = { hexagons: 0, bridge: true, two_sided: false, shape: "bridge" as const };
const log: LogEntry[] = [
  { seat: 0, action: "555@0,0", points: 40, bonus: { hexagons: 0, bridge: false, two_sided: false, shape: null, opening: 25 } },
  { seat: 1, action: "draw", points: -5 },
  { seat: 1, action: "draw", points: -5 },
  { seat: 1, action: "545@1,0", points: 54, bonus: bridge },
  { seat: 0, action: "pass", points: -10 },
  { seat: 1, action: "455@0,1", points: 14 },
  { seat: 1, action: "445@2,1", points: 13 },
];

describe("the score sheet", () => {
  it("makes turns of a seat's draws and its placement or pass", () => {
    const sheet = turns(log, [100, 50]);
    expect(sheet.map((turn) => [turn.seat, turn.points])).toEqual([
      [0, 40],
      [1, 44],
      [0, -10],
      [1, 14],
      [1, 13],
    ]);
    expect(sheet[1]?.badges).toEqual(["draw", "draw", "bridge"]);
    expect(sheet[0]?.badges).toEqual(["opening"]);
    expect(sheet.map((turn) => turn.totals)).toEqual([
      [140, 50],
      [140, 94],
      [130, 94],
      [130, 108],
      [130, 121],
    ]);
  });
  it("names every bonus of a placement", () => {
    expect(badgesOf({ seat: 0, action: "1@0,0", points: 0, bonus: { hexagons: 2, bridge: true, two_sided: true, shape: null, corner: true } })).toEqual([
      "hexagon",
      "hexagon",
      "bridge",
      "two-sided",
      "corner",
    ]);
  });
  it("finds the round's starting totals from the view", () => {
    expect(roundStart([237, 158], [152, 158], [85, 0])).toEqual([0, 0]);
    expect(roundStart([300, 120], [20, 15])).toEqual([280, 105]);
  });
});
