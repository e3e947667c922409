import { describe, expect, it } from "vitest";
import { byStep, costly, parseLine, readAnalysis, splitLines, stepKey } from "../../src/analysis";
import { legalText, markName } from "../../src/ui/Analysis";
import type { Analysis, JudgedDecision } from "../../src/types";

function decision(round: number, turn: number, loss: number, marks: string[] = []): JudgedDecision {
  return {
    round,
    turn,
    seat: turn % 2,
    played: { action: "553@0,1", points: 13 },
    best: loss > 0 ? { action: "draw", points: -5 } : { action: "553@0,1", points: 13 },
    expected_played: 10,
    expected_best: 10 + loss,
    rival: loss > 0 ? { action: "draw", points: -5 } : { action: "553@0,1", points: 13 },
    expected_rival: 10 + loss + 2,
    noise: 2,
    loss,
    choices: 3,
    marks,
  };
}

const report: Analysis = {
  worlds: 2,
  finish: false,
  tolerance: 5,
  players: [
    { seat: 0, name: "Ann", decisions: 2, accuracy: 50, lost_per_round: [12.5, 0], lost: 12.5, marks: {} },
    { seat: 1, name: "นิด", decisions: 2, accuracy: 100, lost_per_round: [0, 0], lost: 0, marks: { "missed-bridge": 1 } },
  ],
  decisions: [decision(1, 2, 0), decision(1, 3, 12.5), decision(2, 1, 5), decision(2, 4, 0, ["missed-bridge"])],
};

/** A stream of these byte chunks, as fetch gives a body. */
function stream(chunks: Uint8Array[]): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      controller.close();
    },
  });
}

/** The bytes of `text` cut at these byte offsets. */
function cut(text: string, at: number[]): Uint8Array[] {
  const bytes = new TextEncoder().encode(text);
  const edges = [0, ...at, bytes.length];
  return edges.slice(1).map((end, i) => bytes.slice(edges[i], end));
}

function ndjson(items: unknown[]): string {
  return items.map((item) => JSON.stringify(item) + "\n").join("");
}

describe("the analysis stream", () => {
  it("cuts text into whole lines and keeps the rest for the next chunk", () => {
    expect(splitLines("", '{"a":1}\n{"b"')).toEqual({ lines: ['{"a":1}'], pending: '{"b"' });
    expect(splitLines('{"b"', ':2}\n')).toEqual({ lines: ['{"b":2}'], pending: "" });
    expect(splitLines("", "\n\n")).toEqual({ lines: [], pending: "" });
    expect(splitLines("x", "")).toEqual({ lines: [], pending: "x" });
    expect(splitLines("", "1\r\n2\n3")).toEqual({ lines: ["1", "2"], pending: "3" });
  });

  it("reads progress and the report, not other lines", () => {
    expect(parseLine('{"type":"progress","done":3,"total":9}')).toEqual({ type: "progress", done: 3, total: 9 });
    expect(parseLine(JSON.stringify({ type: "analysis", analysis: report }))).toEqual({ type: "analysis", analysis: report });
    expect(parseLine("{oops")).toBeNull();
    expect(parseLine('{"type":"progress","done":"3"}')).toBeNull();
    expect(parseLine('{"type":"other"}')).toBeNull();
    expect(parseLine("42")).toBeNull();
    expect(parseLine("null")).toBeNull();
  });

  it("follows the progress and returns the report, whatever the chunks", async () => {
    const text = ndjson([
      { type: "progress", done: 0, total: 2 },
      { type: "progress", done: 1, total: 2 },
      { type: "progress", done: 2, total: 2 },
      { type: "analysis", analysis: report },
    ]);
    const bytes = new TextEncoder().encode(text).length;
    const thai = new TextEncoder().encode(text.slice(0, text.indexOf("นิด"))).length;
    for (const at of [[], [5], [20, 21, 60], [thai + 1], [thai + 2, thai + 4], Array.from({ length: bytes - 1 }, (_, i) => i + 1)]) {
      const seen: [number, number][] = [];
      const found = await readAnalysis(stream(cut(text, at)), (done, total) => seen.push([done, total]));
      expect(seen).toEqual([
        [0, 2],
        [1, 2],
        [2, 2],
      ]);
      expect(found).toEqual(report);
      expect(found?.players[1]?.name).toBe("นิด");
    }
  });

  it("takes a last line without its newline, and a kept report alone", async () => {
    const text = JSON.stringify({ type: "analysis", analysis: report });
    const seen: number[] = [];
    expect(await readAnalysis(stream(cut(text, [7])), (done) => seen.push(done))).toEqual(report);
    expect(seen).toEqual([]);
  });

  it("returns null when the stream ends before the report", async () => {
    const text = ndjson([{ type: "progress", done: 0, total: 4 }]) + '{"type":"analysis","anal';
    expect(await readAnalysis(stream(cut(text, [10])), () => undefined)).toBeNull();
  });
});

describe("the report in the viewer", () => {
  it("finds a decision by the viewer's round and step indexes", () => {
    const steps = byStep(report);
    expect(steps.get(stepKey(0, 2))?.turn).toBe(3);
    expect(steps.get(stepKey(1, 0))?.round).toBe(2);
    expect(steps.get(stepKey(0, 0))).toBeUndefined();
  });

  it("lists the decisions above the tolerance or marked, in order", () => {
    expect(costly(report).map((d) => [d.round, d.turn])).toEqual([
      [1, 3],
      [2, 4],
    ]);
  });

  it("names actions and marks", () => {
    expect(legalText({ action: "553@0,1", points: 13 })).toBe("3-5-5 at row 1, column 0: +13 points");
    expect(legalText({ action: "draw", points: -5 })).toBe("Draw a tile: -5 points");
    expect(legalText({ action: "pass", points: -10 })).toBe("Pass: -10 points");
    expect(
      legalText({ action: "545@1,0", points: 54, bonus: { hexagons: 0, bridge: true, two_sided: false, shape: "bridge" } }),
    ).toBe("4-5-5 at row 0, column 1: +54 points, bridge");
    expect(markName("missed-hexagon")).toBe("missed hexagon");
    expect(markName("needless-draw")).toBe("needless draw");
    expect(markName("something-new")).toBe("something-new");
  });
});
