// What the puzzle page says for the server's ids, in the reader's language.
import { afterEach, describe, expect, it } from "vitest";
import { useCatalog } from "../../src/i18n";
import { actionText, dayText, promptText, reasonText, themeName } from "../../src/ui/puzzles/words";

describe("the puzzle page's words", () => {
  afterEach(() => useCatalog(null));

  it("says each of the server's prompts, and falls back on the theme's task", () => {
    expect(promptText("find-hexagon", "hexagon", 1)).toBe("Find the move that completes a hexagon.");
    expect(promptText("do-not-draw", "needless-draw", 1)).toBe("Drawing would cost points: find the best move.");
    expect(promptText("win-endgame", "endgame", 2)).toMatch(/one move at a time/);
    expect(promptText("win-endgame", "endgame", 1)).toBe("Find the best move for the end of the round.");
    expect(promptText("find-best", "defence", 1)).toBe("Find the best move.");
    // A prompt this page does not know yet: the theme's task, else the general one.
    expect(promptText("something-new", "bridge", 1)).toBe("Find the move that makes a bridge.");
    expect(promptText("something-new", "new-theme", 1)).toBe("Find the best move.");
  });

  it("explains the server's reasons, and says nothing for one it does not know", () => {
    expect(reasonText("completes-hexagon")).toBe("It completes a hexagon.");
    expect(reasonText("forms-bridge")).toBe("It makes a bridge.");
    expect(reasonText("avoids-draw")).toMatch(/drawing only costs points/);
    expect(reasonText("unheard-of")).toBe("");
  });

  it("names actions: the tile (with where for a screen reader), a draw, a pass", () => {
    expect(actionText("545@1,0")).toBe("4-5-5");
    expect(actionText("545@1,0", true)).toBe("4-5-5 at row 0, column 1");
    expect(actionText("draw")).toBe("drawing a tile");
    expect(actionText("pass")).toBe("passing");
  });

  it("says themes and days in the reader's language", () => {
    useCatalog({ language: "de", nplurals: 2, plural: "(n != 1)", messages: { Hexagons: "Sechsecke" } });
    expect(themeName("hexagon")).toBe("Sechsecke");
    expect(themeName("mystery")).toBe("mystery");
    expect(dayText("2026-12-03")).toBe("3. Dezember 2026");
    expect(dayText("not a day")).toBe("not a day");
  });
});
