import { describe, expect, it } from "vitest";
import { compilePlural } from "../../src/i18n/plural";

describe("compilePlural", () => {
  it("reads the catalogs' expressions as gettext does", () => {
    const cs = compilePlural("(n == 1 ? 0 : n >= 2 && n <= 4 ? 1 : 2)");
    expect([0, 1, 2, 4, 5, 22].map(cs)).toEqual([2, 0, 1, 1, 2, 2]);
    const es = compilePlural("(n == 1 ? 0 : n != 0 && n % 1000000 == 0 ? 1 : 2)");
    expect([0, 1, 2, 1000000].map(es)).toEqual([2, 0, 2, 1]);
    expect(compilePlural("0")(7)).toBe(0);
    expect(compilePlural("(n != 1)")(1)).toBe(0);
    expect(compilePlural("n%10==1 && n%100!=11 ? 0 : n != 0 ? 1 : 2")(21)).toBe(0);
  });
  it("refuses what is not an expression", () => {
    expect(() => compilePlural("alert(1)")).toThrow();
    expect(() => compilePlural("(n == 1")).toThrow();
    expect(() => compilePlural("n n")).toThrow();
  });
});
