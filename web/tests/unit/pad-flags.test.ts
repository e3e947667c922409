// The pad's new flags (a player going out with tiles left by the count, a
// round-end hand larger or worth more than the count allows) as the pad's
// screens say them, in each of the five languages, from the built catalogs.
import { afterEach, describe, expect, it } from "vitest";
import cs from "../../../src/triominoes/static/locales/cs.json";
import de from "../../../src/triominoes/static/locales/de.json";
import es from "../../../src/triominoes/static/locales/es.json";
import th from "../../../src/triominoes/static/locales/th.json";
import { missing, useCatalog, type Catalog } from "../../src/i18n";
import { addTurn, endRound, newPad, scorePad, startRound, type Flag, type Pad, type Rules, type Turn } from "../../src/pad/model";
import { flagText } from "../../src/ui/pad/words";

const rules: Rules = {
  tile_set: "standard56",
  hand_size: { "2": 2 },
  opening_bonus: {},
  draw_penalty: 5,
  max_draws: 3,
  pass_penalty: 10,
  going_out_bonus: 25,
  collect_hands: true,
  game_end: "single-round",
};
const place = (numbers: string, extra: Partial<Turn> = {}): Turn => ({
  draws: 0,
  tile: numbers.split("").map(Number) as unknown as [number, number, number],
  bonus: null,
  out: false,
  ...extra,
});

/** Ann draws one tile too many to go out; then Ben's hand and value are off. */
function flagged(): Flag[] {
  let pad: Pad = startRound(newPad("p", ["Ann", "Ben"], rules, "en", 0), 0, 0);
  for (const turn of [place("555"), place("455"), place("345", { draws: 1, out: true })]) pad = addTurn(pad, turn, 0);
  const withTiles = endRound(pad, 0, { kind: "out", hands: [{ tiles: null, value: null }, { tiles: ["0-0-0", "0-0-1"], value: null }] }, 0);
  const withValue = endRound(pad, 0, { kind: "out", hands: [{ tiles: null, value: null }, { tiles: null, value: 40 }] }, 0);
  return [withTiles, withValue].flatMap((p) => {
    const round = scorePad(p).rounds[0];
    return [...(round?.turns.flatMap((turn) => turn.flags) ?? []), ...(round?.end?.flags ?? [])];
  });
}

afterEach(() => {
  useCatalog(null);
  missing.clear();
});

describe("the pad's count flags on screen", () => {
  it("are told in English with their numbers", () => {
    const said = flagged().map(flagText);
    expect(said).toEqual([
      "Ann went out, but by the count still holds 1 tile",
      "Ben: 2 tiles in the hand, but by the count 1 at most",
      "Ann went out, but by the count still holds 1 tile",
      "Ben: a hand worth 40, but 1 tile is worth 15 at most",
    ]);
  });

  it.each([
    ["de", de],
    ["cs", cs],
    ["es", es],
    ["th", th],
  ])("are translated in %s", (_language, catalog) => {
    useCatalog(catalog as unknown as Catalog);
    const said = flagged().map(flagText);
    expect([...missing]).toEqual([]);
    for (const text of said) {
      expect(text).not.toMatch(/[{}]/);
      expect(text).toMatch(/Ann|Ben/);
    }
    expect(said[0]).not.toBe("Ann went out, but by the count still holds 1 tile");
  });
});
