import { afterEach, describe, expect, it } from "vitest";
import { format, missing, nt, preferredLanguage, t, useCatalog } from "../../src/i18n";
import { errorText, moveText, pointsText } from "../../src/narrate";

const cs = {
  language: "cs",
  nplurals: 3,
  plural: "(n == 1 ? 0 : n >= 2 && n <= 4 ? 1 : 2)",
  messages: {
    "{n} tile": ["{n} kámen", "{n} kameny", "{n} kamenů"],
    "{name} drew a tile": "{name} si lízl kámen",
    "tile {tile} is not in seat {seat}'s hand": "kámen {tile} není v ruce hráče {seat}",
    "{n} point": ["{n} bod", "{n} body", "{n} bodů"],
  },
};

afterEach(() => {
  useCatalog(null);
  missing.clear();
});

describe("translations", () => {
  it("fills placeholders by name", () => {
    expect(format("{a} and {b}", { a: 1, b: "x" })).toBe("1 and x");
    expect(format("{a} stays", {})).toBe("{a} stays");
  });
  it("picks the plural form by the catalog's own rule", () => {
    useCatalog(cs);
    expect([1, 2, 5].map((n) => nt("{n} tile", "{n} tiles", n))).toEqual(["1 kámen", "2 kameny", "5 kamenů"]);
    expect(pointsText(-5)).toMatch(/^[-−]5 bodů$/); // the minus sign is the locale's
  });
  it("falls back to English and records what is missing", () => {
    useCatalog(cs);
    expect(t("Not in the catalog")).toBe("Not in the catalog");
    expect([...missing]).toEqual(["Not in the catalog"]);
    useCatalog(null);
    missing.clear();
    t("Not in the catalog");
    expect([...missing]).toEqual([]); // English is the source
  });
  it("says moves and the engine's reasons in the reader's language", () => {
    useCatalog(cs);
    expect(moveText({ seat: 1, action: "draw", points: -5 }, "Ben", false)).toBe("Ben si lízl kámen");
    const reason = { code: "illegal-placement", template: "tile {tile} is not in seat {seat}'s hand", params: { tile: "0-0-0", seat: 0 } };
    expect(errorText("illegal", "tile 0-0-0 is not in seat 0's hand", reason)).toBe("kámen 0-0-0 není v ruce hráče 0");
  });
  it("names placements with their bonuses", () => {
    const bonus = { hexagons: 1, bridge: true, two_sided: false, shape: "bridge" as const };
    expect(moveText({ seat: 1, action: "245@2,1", points: 101, bonus }, "Ben", false)).toBe("Ben placed 2-4-5: 1 hexagon, bridge, 101");
    expect(moveText({ seat: 0, action: "draw", points: -5, tile: "0-1-2" }, "You", true)).toMatch(/^You drew 0-1-2 \([-−]5\)$/);
  });
  it("remembers the reader's choice before the browser's languages", () => {
    expect(preferredLanguage("th", ["de-DE"])).toBe("th");
    expect(preferredLanguage(null, ["fr-FR", "es-MX"])).toBe("es");
    expect(preferredLanguage("xx", ["fr"])).toBe("en");
  });
});
