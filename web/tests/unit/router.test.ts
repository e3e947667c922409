import { describe, expect, it } from "vitest";
import { route } from "../../src/router";
import { tokenFromHash } from "../../src/storage";

describe("addresses", () => {
  it("knows the pages the server serves", () => {
    expect(route("/", "")).toEqual({ page: "home" });
    expect(route("/t/Ab_3-x", "")).toEqual({ page: "table", id: "Ab_3-x" });
    expect(route("/replay", "?table=T1&game=2")).toEqual({ page: "replay", table: "T1", game: 2 });
    expect(route("/replay", "")).toEqual({ page: "replay", table: null, game: null });
    expect(route("/pad", "")).toEqual({ page: "pad", local: null });
    expect(route("/pad", "?id=p1_x")).toEqual({ page: "pad", local: "p1_x" });
    expect(route("/pad/Zz9", "")).toEqual({ page: "pad-follow", id: "Zz9" });
    expect(route("/nowhere", "")).toEqual({ page: "missing", path: "/nowhere" });
  });
  it("reads the seat token from the fragment only", () => {
    expect(tokenFromHash("#seat=abc-DEF_1")).toBe("abc-DEF_1");
    expect(tokenFromHash("#x=1&seat=q")).toBe("q");
    expect(tokenFromHash("")).toBeNull();
  });
});
