import { describe, expect, it } from "vitest";
import { moved } from "../../src/ui/ReplayPage";
import type { Replay } from "../../src/types";

function rounds(...lengths: number[]): Replay["rounds"] {
  return lengths.map((n) => ({
    opener: 0,
    start: { hands: [], pool: 0, totals: [] },
    steps: Array.from({ length: n }, () => ({ seat: 0, action: "draw", points: -5, hands: [], pool: 0, totals: [] })),
    end: { reason: "out" as const, winners: [0], points: [] },
  }));
}

describe("stepping through a replay", () => {
  it("moves one step per key, however quickly they come (each from the position then)", () => {
    const all = rounds(2, 1);
    let at = { round: 0, step: -1 };
    const keys: (1 | -1)[] = [1, 1, -1, 1, 1, 1, 1, -1, -1, -1];
    const seen = keys.map((k) => (at = moved(all, at, k)));
    expect(seen.map((p) => `${p.round}:${p.step}`)).toEqual([
      "0:0", "0:1", "0:0", "0:1", "1:-1", "1:0", "1:0", "1:-1", "0:1", "0:0",
    ]);
  });
  it("stops at the deal of the first round", () => {
    expect(moved(rounds(3), { round: 0, step: -1 }, -1)).toEqual({ round: 0, step: -1 });
  });
});
