import { describe, expect, it } from "vitest";
import { initials, lastPlacements, placedBy, seatColour, seatColours } from "../../src/players";

describe("players as people", () => {
  it("have one initial each, told apart when two share a letter", () => {
    expect(initials(["Ann", "Ben", "čeněk"])).toEqual(["A", "B", "Č"]);
    expect(initials(["Bot (hard)", "Ben", "Ann"])).toEqual(["B1", "B2", "A"]);
    expect(initials(["สมชาย", "  "])).toEqual(["ส", "?"]);
  });
  it("have a colour each (CSS variables of style.css)", () => {
    expect(seatColour(0)).toBe("var(--seat-0)");
    expect(seatColour(5)).toBe("var(--seat-5)");
  });
  it("keep their colour when a rematch turns the seat order (by chair)", () => {
    // Game 2: the chair at engine seat 0 is chair 1.
    expect(seatColours([{ table_seat: 1 }, { table_seat: 2 }, { table_seat: 0 }])).toEqual(["var(--seat-1)", "var(--seat-2)", "var(--seat-0)"]);
    expect(seatColours([{}, {}])).toEqual(["var(--seat-0)", "var(--seat-1)"]);
  });
  it("own the tiles they placed this round, the last one of each marked", () => {
    const log = [
      { seat: 0, action: "555@0,0", points: 40 },
      { seat: 1, action: "draw", points: -5 },
      { seat: 1, action: "545@1,0", points: 14 },
      { seat: 0, action: "455@0,1", points: 9 },
    ];
    expect([...placedBy(log)]).toEqual([
      ["0,0", 0],
      ["1,0", 1],
      ["0,1", 0],
    ]);
    expect(lastPlacements(log)).toEqual(
      new Map([
        [0, "0,1"],
        [1, "1,0"],
      ]),
    );
  });
});
