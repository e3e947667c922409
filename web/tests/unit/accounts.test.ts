import { describe, expect, it } from "vitest";
import { route } from "../../src/router";
import { titleOf } from "../../src/title";
import { scale } from "../../src/ui/players/RatingChart";
import { change } from "../../src/ui/players/words";

describe("the players' pages", () => {
  it("have addresses, and come back only to this site's pages after signing in", () => {
    expect(route("/signin", "?next=%2Ft%2Fabc")).toEqual({ page: "signin", next: "/t/abc" });
    expect(route("/signin", "?next=https%3A%2F%2Fevil.example")).toEqual({ page: "signin", next: null });
    expect(route("/signup", "?next=%2F%2Fevil.example")).toEqual({ page: "signup", next: null });
    expect(route("/me", "")).toEqual({ page: "me" });
    expect(route("/p/Ann_1", "")).toEqual({ page: "profile", name: "Ann_1" });
    expect(route("/p/no way", "")).toEqual({ page: "missing", path: "/p/no way" });
    expect(route("/leaderboard", "?pool=table")).toEqual({ page: "leaderboard", pool: "table" });
    expect(route("/leaderboard", "?pool=nonsense")).toEqual({ page: "leaderboard", pool: "duel" });
    expect(route("/play", "")).toEqual({ page: "play" });
  });

  it("put the games waiting for a move in the title", () => {
    expect(titleOf("Triominoes", 0)).toBe("Triominoes");
    expect(titleOf("Triominoes", 2)).toBe("(2) Triominoes");
  });

  it("say a rating's change with its sign", () => {
    expect(change(1500, 1563)).toBe("+63");
    expect(change(1500, 1488)).toBe("−12");
    expect(change(1500, 1500)).toBe("±0");
  });

  it("draw the rating chart on a grid of round steps around every point", () => {
    const { low, high, grid, y } = scale([1500, 1563, 1421]);
    expect(low).toBeLessThanOrEqual(1421);
    expect(high).toBeGreaterThanOrEqual(1563);
    expect(grid.every((g) => g % 50 === 0)).toBe(true);
    expect(y(high)).toBeLessThan(y(low)); // higher ratings are drawn higher
    expect(scale([1000, 2000]).grid.every((g) => g % 200 === 0)).toBe(true);
  });
});
