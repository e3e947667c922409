// The replay's analysis as state: asked of the server on demand, its
// progress as it streams, then the report (shown by ./Analysis, a chunk
// loaded by the replay viewer only).
import { useEffect, useRef, useState } from "preact/hooks";
import { byStep } from "../analysis";
import { type AnalysisSource, analyse } from "../api";
import type { Analysis, JudgedDecision } from "../types";

export type AnalysisState =
  | { phase: "idle" }
  | { phase: "running"; done: number; total: number | null }
  | { phase: "done"; analysis: Analysis; steps: Map<string, JudgedDecision> }
  | { phase: "failed"; error: unknown };

/** The analysis of a source, started by the function returned; leaving the
 * viewer stops the one under way. */
export function useAnalysis(source: AnalysisSource | null): [AnalysisState, () => void] {
  const [state, setState] = useState<AnalysisState>({ phase: "idle" });
  const running = useRef<AbortController | null>(null);
  useEffect(() => () => running.current?.abort(), []);
  const start = () => {
    if (!source) return;
    running.current?.abort();
    const controller = new AbortController();
    const live = () => !controller.signal.aborted;
    running.current = controller;
    setState({ phase: "running", done: 0, total: null });
    analyse(source, (done, total) => live() && setState({ phase: "running", done, total }), controller.signal)
      .then((analysis) => live() && setState({ phase: "done", analysis, steps: byStep(analysis) }))
      .catch((error: unknown) => live() && setState({ phase: "failed", error }));
  };
  return [state, start];
}
