import { describe, expect, it } from "vitest";
import { SIDE, centroid, nearestCell, neighbours, numberAngle, openCells } from "../../src/geometry";
import { boardText } from "../../src/narrate";
import type { LogEntry, Placed } from "../../src/types";

describe("numbers as printed", () => {
  it("turn each number's top toward its corner", () => {
    // An upward cell: its top corner upright, the others a third of a turn each way.
    expect([0, 1, 2].map((c) => numberAngle([0, 0], c))).toEqual([0, 120, 240]);
    // A downward cell: the bottom corner's number upside down.
    expect([0, 1, 2].map((c) => numberAngle([1, 0], c))).toEqual([300, 60, 180]);
  });
});

describe("the cells around the layout", () => {
  it("are the three that share an edge", () => {
    expect(neighbours([0, 0])).toEqual([
      [-1, 0],
      [1, 0],
      [0, 1],
    ]);
    expect(neighbours([1, 0])).toEqual([
      [0, 0],
      [2, 0],
      [1, -1],
    ]);
  });
  it("are open where empty, with the numbers their corners must match", () => {
    const board: Placed[] = [{ cell: [0, 0], corners: [5, 4, 3] }];
    expect(openCells(board)).toEqual([
      { cell: [-1, 0], corners: [null, 5, 3] },
      { cell: [1, 0], corners: [5, null, 4] },
      { cell: [0, 1], corners: [3, 4, null] },
    ]);
  });
  it("take a dragged tile to the nearest within reach", () => {
    const spots = [{ cell: [0, 0] as const }, { cell: [3, 0] as const }];
    const [x, y] = centroid([3, 0]);
    expect(nearestCell(spots, [x + 20, y - 15])?.cell).toEqual([3, 0]);
    expect(nearestCell(spots, [x + SIDE * 2, y])).toBeNull();
  });
});

describe("the board for a screen reader", () => {
  it("says the last placements and the open cells, not a run of digits", () => {
    const board: Placed[] = [
      { cell: [0, 0], corners: [5, 4, 3] },
      { cell: [1, 0], corners: [5, 3, 4] },
    ];
    const log: LogEntry[] = [
      { seat: 0, action: "543@0,0", points: 12 },
      { seat: 1, action: "534@1,0", points: 12 },
    ];
    const text = boardText(board, log, ["You", "Ben"]);
    expect(text).toContain("2 tiles on the board.");
    expect(text).toContain("Last placed: Ben: 3-4-5 at row 0, column 1; You: 3-5-4 at row 0, column 0.");
    expect(text).toContain("4 open cells: ");
    expect(text).toContain("row 0, column -1 (any, 5, 3)");
    expect(text).not.toMatch(/^[\d\s]+$/);
    expect(boardText([], [], [])).toBe("The board is empty.");
  });
});
