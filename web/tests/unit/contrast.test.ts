// The numerals on tiles (and what else is written on the board and the
// seats' colours) meet WCAG AA in every theme: computed from the colours
// style.css itself sets, so a change of colour that loses contrast fails here.
/// <reference types="node" />
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

// Read as text (vitest hands CSS imports over empty).
const css = readFileSync(new URL("../../src/style.css", import.meta.url), "utf8");

type Colours = Record<string, string>;

function block(source: string, start: number): string {
  const open = source.indexOf("{", start);
  let depth = 0;
  for (let i = open; i < source.length; i++) {
    if (source[i] === "{") depth++;
    else if (source[i] === "}" && --depth === 0) return source.slice(open + 1, i);
  }
  throw new Error("unbalanced CSS");
}

function variables(body: string): Colours {
  const out: Colours = {};
  for (const m of body.matchAll(/(--[\w-]+):\s*([^;]+);/g)) out[m[1]!] = m[2]!.trim();
  return out;
}

/** The custom properties of a selector's rule, at the top level or in the dark-scheme media block. */
function rule(selector: string, dark: boolean): Colours {
  const media = "@media (prefers-color-scheme: dark)";
  let from = 0;
  for (;;) {
    const at = css.indexOf(media, from);
    if (at < 0) break;
    const inner = block(css, at);
    const i = inner.indexOf(`${selector} {`);
    if (dark && i >= 0) return variables(block(inner, i));
    from = at + media.length;
  }
  if (dark) throw new Error(`no dark ${selector}`);
  const i = `\n${css}`.indexOf(`\n${selector} {`);
  if (i < 0) throw new Error(`no ${selector}`);
  return variables(block(css, i));
}

const light = rule(":root", false);
const dark = { ...light, ...rule(":root", true) };
const high = rule(':root[data-contrast="high"]', false);
const highLight = { ...light, ...high };
// In the cascade the high-contrast rule (the more specific) beats the dark :root, then its dark variant.
const highDark = { ...dark, ...high, ...rule(':root[data-contrast="high"]', true) };
const THEMES: Record<string, Colours> = { light, dark, "high contrast": highLight, "high contrast, dark": highDark };

function rgb(hex: string): [number, number, number] {
  const m = /^#([0-9a-f]{6})$/i.exec(hex);
  if (!m) throw new Error(`not a #rrggbb colour: ${hex}`);
  const n = parseInt(m[1]!, 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function luminance([r, g, b]: [number, number, number]): number {
  const f = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
}

function ratio(a: [number, number, number], b: [number, number, number]): number {
  const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p) as [number, number];
  return (x + 0.05) / (y + 0.05);
}

/** A colour seen through an opacity over a background. */
function blend(fg: [number, number, number], bg: [number, number, number], alpha: number): [number, number, number] {
  return [0, 1, 2].map((i) => Math.round(fg[i]! * alpha + bg[i]! * (1 - alpha))) as [number, number, number];
}

function pair(theme: Colours, fg: string, bg: string): number {
  return ratio(rgb(theme[fg]!), rgb(theme[bg]!));
}

/** AA for text below 18.66 px bold (the numerals are 14-20 px on screen). */
const TEXT = 4.5;
/** AA for graphics that carry meaning (a seat's outline, 1.4.11). */
const GRAPHIC = 3;

describe("contrast (WCAG AA) in every theme", () => {
  it("reads the four themes from style.css", () => {
    expect(light["--num"]).toBeDefined();
    expect(dark["--tile"]).not.toBe(light["--tile"]);
    expect(highDark["--num"]).toBe("#ffffff");
  });
  for (const [name, theme] of Object.entries(THEMES)) {
    it(`numerals on tiles, ${name}`, () => {
      expect(pair(theme, "--num", "--tile")).toBeGreaterThanOrEqual(TEXT);
      // A tile of the rack that fits nowhere is dimmed, but stays readable.
      const dim = Number(/\.rack-tile\.nofit \.face \{ opacity: ([\d.]+); \}/.exec(css)?.[1]);
      expect(dim).toBeGreaterThan(0);
      const card = rgb(theme["--card"]!);
      const num = blend(rgb(theme["--num"]!), card, dim);
      const tile = blend(rgb(theme["--tile"]!), card, dim);
      expect(ratio(num, tile)).toBeGreaterThanOrEqual(TEXT);
    });
    it(`a tile's edge on the table, ${name}`, () => {
      expect(pair(theme, "--tile-edge", "--table")).toBeGreaterThanOrEqual(GRAPHIC);
      expect(pair(theme, "--spot-edge", "--table")).toBeGreaterThanOrEqual(GRAPHIC);
    });
    it(`the numbers and points of a highlighted cell, ${name}`, () => {
      expect(pair(theme, "--spot-num", "--spot")).toBeGreaterThanOrEqual(TEXT);
      expect(pair(theme, "--fg", "--spot")).toBeGreaterThanOrEqual(TEXT);
      expect(pair(theme, "--fg", "--hint")).toBeGreaterThanOrEqual(TEXT);
    });
    it(`the seats' colours, ${name}`, () => {
      for (let seat = 0; seat < 6; seat++) {
        expect(pair(theme, "--seat-fg", `--seat-${seat}`), `initial on seat ${seat}`).toBeGreaterThanOrEqual(TEXT);
        expect(pair(theme, `--seat-${seat}`, "--tile"), `outline of seat ${seat} on a tile`).toBeGreaterThanOrEqual(GRAPHIC);
        expect(pair(theme, `--seat-${seat}`, "--card"), `seat ${seat} on a card`).toBeGreaterThanOrEqual(GRAPHIC);
        expect(pair(theme, `--seat-${seat}`, "--table"), `seat ${seat} around the board`).toBeGreaterThanOrEqual(GRAPHIC);
      }
    });
  }
  it("the numerals are big and bold on the board", () => {
    const size = Number(/\.board \.tile \.n \{[^}]*font-size: (\d+)px;[^}]*font-weight: (\d+)/.exec(css)?.[1]);
    expect(size / 60).toBeGreaterThanOrEqual(1 / 3); // a third of a tile's side
  });
});
