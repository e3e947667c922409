// The post-game analysis as the page reads it: the server's stream of JSON
// lines (progress, then the report) and what the replay viewer picks out of
// the report. The server judges; the page only reads and shows.
import type { Analysis, AnalysisLine, JudgedDecision } from "./types";

/** Text received so far cut into whole lines: `pending` (what came after
 * the last newline) is put before the next chunk. Empty lines are dropped. */
export function splitLines(pending: string, chunk: string): { lines: string[]; pending: string } {
  const parts = (pending + chunk).split("\n");
  const rest = parts.pop() ?? "";
  return { lines: parts.map((line) => line.trim()).filter((line) => line !== ""), pending: rest };
}

/** One line of the stream, or null for a line that is not one of ours. */
export function parseLine(line: string): AnalysisLine | null {
  let data: unknown;
  try {
    data = JSON.parse(line);
  } catch {
    return null;
  }
  if (typeof data !== "object" || data === null) return null;
  const item = data as Record<string, unknown>;
  if (item["type"] === "progress" && typeof item["done"] === "number" && typeof item["total"] === "number")
    return { type: "progress", done: item["done"], total: item["total"] };
  if (item["type"] === "analysis" && typeof item["analysis"] === "object" && item["analysis"] !== null)
    return { type: "analysis", analysis: item["analysis"] as Analysis };
  return null;
}

/** Reads the stream to its end: progress as it comes, then the report
 * (null if the stream ended without one). */
export async function readAnalysis(
  body: ReadableStream<Uint8Array>,
  onProgress: (done: number, total: number) => void,
): Promise<Analysis | null> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let pending = "";
  let found: Analysis | null = null;
  const take = (lines: string[]) => {
    for (const line of lines) {
      const item = parseLine(line);
      if (item?.type === "progress") onProgress(item.done, item.total);
      else if (item?.type === "analysis") found = item.analysis;
    }
  };
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    const split = splitLines(pending, decoder.decode(value, { stream: true }));
    pending = split.pending;
    take(split.lines);
  }
  take(splitLines(pending, decoder.decode() + "\n").lines);
  return found;
}

/** Where a decision is in the viewer: its round's index and step index. */
export function stepKey(round: number, step: number): string {
  return `${round}:${step}`;
}

/** The decisions by the viewer's (round index, step index). */
export function byStep(analysis: Analysis): Map<string, JudgedDecision> {
  return new Map(analysis.decisions.map((d) => [stepKey(d.round - 1, d.turn - 1), d]));
}

/** The decisions worth a look: more points left than the tolerance, or marked. */
export function costly(analysis: Analysis): JudgedDecision[] {
  return analysis.decisions.filter((d) => d.loss > analysis.tolerance || d.marks.length > 0);
}
