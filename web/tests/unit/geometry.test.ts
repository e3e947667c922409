import { describe, expect, it } from "vitest";
import { SIDE, bounds, cornerVertices, isUp, nearestInDirection, zoomBox } from "../../src/geometry";

describe("the lattice on screen", () => {
  it("has the corners of rules.md section 2", () => {
    expect(isUp([0, 0])).toBe(true);
    expect(isUp([1, 0])).toBe(false);
    expect(isUp([-1, 0])).toBe(false);
    expect(cornerVertices([0, 0])).toEqual([
      [1, 0],
      [2, 1],
      [0, 1],
    ]);
    expect(cornerVertices([1, 0])).toEqual([
      [1, 0],
      [3, 0],
      [2, 1],
    ]);
  });
  it("fits the layout with a least size, centred", () => {
    const one = bounds([[0, 0]]);
    expect(one.width).toBe(8 * SIDE);
    expect(one.x + one.width / 2).toBeCloseTo(SIDE / 2);
    const wide = bounds([
      [-20, 0],
      [20, 0],
    ]);
    expect(wide.width).toBeGreaterThan(20 * SIDE);
  });
  it("zooms about a point that stays where it was", () => {
    const box = { x: 0, y: 0, width: 100, height: 50 };
    const zoomed = zoomBox(box, 2, [80, 10]);
    expect(zoomed.width).toBe(50);
    expect((80 - zoomed.x) / zoomed.width).toBeCloseTo(0.8);
    expect((10 - zoomed.y) / zoomed.height).toBeCloseTo(0.2);
  });
  it("finds the next highlighted cell in an arrow's direction", () => {
    const cells: [number, number][] = [
      [0, 0],
      [2, 0],
      [-2, 0],
      [0, 2],
    ];
    expect(nearestInDirection([0, 0], cells, "right")).toEqual([2, 0]);
    expect(nearestInDirection([0, 0], cells, "left")).toEqual([-2, 0]);
    expect(nearestInDirection([0, 0], cells, "down")).toEqual([0, 2]);
    expect(nearestInDirection([0, 0], cells, "up")).toBeNull();
  });
});
