// Puzzles (docs/protocol.md, "Puzzles"): the server's answers as the page
// reads them, the guest's streak kept in this browser, and the page's
// states from a puzzle's loading to its answer. The page decides no rule:
// the cells, points and actions come from the puzzle's view; whether an
// action is right, and why, comes from the server's answer.
import { ApiError, call } from "./api";
import { get, set } from "./storage";
import { type Cell, type Placement, parsePlacement } from "./tiles";
import type { Legal, LogEntry, Placed } from "./types";

/** The solver's seat as the game page sees it in a state frame (the parts
 * the puzzle page reads; the server may send more). */
export interface PuzzleView {
  board: Placed[];
  hand: string[];
  hand_sizes: number[];
  pool: number;
  legal: Legal[];
  seat: number | null;
  totals?: number[];
  log?: LogEntry[];
}

export interface Puzzle {
  id: string;
  theme: string;
  difficulty: number;
  rules: Record<string, unknown>;
  view: PuzzleView;
  /** How many of the solver's actions the line asks for (endgames: 2–3). */
  moves: number;
  /** The task's message id (said in the reader's language here). */
  prompt: string;
}

export interface Explanation {
  played_points: number;
  best_points: number;
  /** By the search's value, in points (null past a line's first move). */
  margin: number | null;
  cells: [number, number][];
  reason: string;
}

export interface Attempt {
  correct: boolean;
  solution: string[];
  explanation: Explanation;
  /** An endgame line: the opponent's answer, played on the board. */
  reply: string | null;
  /** The line goes on: the solver moves again. */
  next: boolean;
  rating: { before: number; after: number } | null;
  /** The solver's view after the reply, when the line goes on. */
  view?: PuzzleView;
}

export interface ThemeCount {
  theme: string;
  count: number;
}

export interface MyPuzzles {
  rating: number;
  solved: number;
  tried: number;
}

const PUZZLE = /^[A-Za-z0-9_-]{1,64}$/;

export const puzzleApi = {
  daily: () => call<{ date: string; puzzle: Puzzle }>("/api/puzzles/daily"),
  next: (theme: string | null, rating: number | null, after: string | null) => {
    const query = new URLSearchParams();
    if (theme) query.set("theme", theme);
    if (rating !== null) query.set("rating", String(Math.round(rating)));
    if (after) query.set("after", after);
    const text = query.toString();
    return call<Puzzle>(`/api/puzzles/next${text ? `?${text}` : ""}`);
  },
  themes: () => call<ThemeCount[]>("/api/puzzles/themes"),
  one: (id: string) => call<Puzzle>(`/api/puzzles/${encodeURIComponent(id)}`),
  attempt: (id: string, action: string, line: readonly string[]) =>
    call<Attempt>(`/api/puzzles/${encodeURIComponent(id)}/attempt`, {
      method: "POST",
      body: JSON.stringify({ action, line }),
    }),
  /** null for a guest (the server answers 401). */
  mine: async (): Promise<MyPuzzles | null> => {
    try {
      return await call<MyPuzzles>("/api/me/puzzles");
    } catch (e) {
      if (e instanceof ApiError && e.status === 401) return null;
      throw e;
    }
  },
};

export function validPuzzleId(id: string | null): string | null {
  return id && PUZZLE.test(id) ? id : null;
}

// ---------------------------------------------------------------------------
// The guest's streak: puzzles solved in a row in this browser, the best run,
// and a level estimate (so that /next brings puzzles near the guest's
// strength; the server keeps nothing of a guest). Only a puzzle's first
// answer counts: trying one again after seeing its solution proves nothing.

export interface Streak {
  current: number;
  best: number;
  /** The guest's level on the puzzles' difficulty scale. */
  level: number;
  solved: number;
  tried: number;
  /** The puzzles answered already (the latest last; at most SEEN). */
  seen: string[];
  /** Today's daily puzzle, once answered. */
  daily: { date: string; correct: boolean } | null;
}

const STREAK_KEY = "triominoes.puzzles";
const SEEN = 200;
export const START_LEVEL = 1500;
/** How far one answer moves the guest's level (as Elo's K). */
const STEP = 32;

export function emptyStreak(): Streak {
  return { current: 0, best: 0, level: START_LEVEL, solved: 0, tried: 0, seen: [], daily: null };
}

function whole(value: unknown, least = 0): number | null {
  return typeof value === "number" && Number.isFinite(value) && value >= least ? value : null;
}

/** The streak as stored; a damaged or foreign entry gives a new one. */
export function readStreak(text: string | null): Streak {
  const out = emptyStreak();
  if (!text) return out;
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return out;
  }
  if (!raw || typeof raw !== "object") return out;
  const r = raw as Record<string, unknown>;
  out.current = Math.floor(whole(r["current"]) ?? 0);
  out.best = Math.max(out.current, Math.floor(whole(r["best"]) ?? 0));
  out.level = whole(r["level"], 1) ?? START_LEVEL;
  out.solved = Math.floor(whole(r["solved"]) ?? 0);
  out.tried = Math.max(out.solved, Math.floor(whole(r["tried"]) ?? 0));
  out.seen = Array.isArray(r["seen"]) ? r["seen"].filter((s): s is string => typeof s === "string").slice(-SEEN) : [];
  const daily = r["daily"] as Record<string, unknown> | null | undefined;
  out.daily =
    daily && typeof daily === "object" && typeof daily["date"] === "string" && typeof daily["correct"] === "boolean"
      ? { date: daily["date"], correct: daily["correct"] }
      : null;
  return out;
}

export function loadStreak(): Streak {
  return readStreak(get(STREAK_KEY));
}

export function saveStreak(streak: Streak): void {
  set(STREAK_KEY, JSON.stringify(streak));
}

/** The streak after a puzzle's answer (unchanged when the puzzle was answered before). */
export function scored(streak: Streak, puzzle: { id: string; difficulty: number }, correct: boolean, daily: string | null): Streak {
  const first = !streak.seen.includes(puzzle.id);
  const out: Streak = { ...streak, seen: first ? [...streak.seen, puzzle.id].slice(-SEEN) : streak.seen };
  if (daily !== null && (streak.daily?.date !== daily || first)) out.daily = { date: daily, correct };
  if (!first) return out;
  out.tried = streak.tried + 1;
  if (correct) {
    out.current = streak.current + 1;
    out.best = Math.max(streak.best, out.current);
    out.solved = streak.solved + 1;
  } else {
    out.current = 0;
  }
  const expected = 1 / (1 + 10 ** ((puzzle.difficulty - streak.level) / 400));
  out.level = Math.max(100, streak.level + STEP * ((correct ? 1 : 0) - expected));
  return out;
}

// ---------------------------------------------------------------------------
// The page's states. One puzzle at a time: loading it, the solver to move
// (the board and the legal actions are its view's), the action sent, the
// answer. An endgame line goes back to the solver after the opponent's reply.

export type Source = { kind: "daily" } | { kind: "next"; theme: string | null } | { kind: "one"; id: string };

export interface Solving {
  phase: "solving";
  puzzle: Puzzle;
  /** The solver's view now (after the replies of a line). */
  view: PuzzleView;
  /** Every action of the line so far, the solver's and the replies. */
  line: string[];
  /** The solver's move being looked for (1, 2, ...). */
  step: number;
  /** The opponent's latest reply, to show arriving on the board. */
  reply: string | null;
  /** Why the last action came back (a refused or lost request). */
  error: string | null;
}

export interface Checking extends Omit<Solving, "phase"> {
  phase: "checking";
  action: string;
}

export interface Answered extends Omit<Solving, "phase" | "error"> {
  phase: "answered";
  action: string;
  answer: Attempt;
}

export type PuzzleState =
  | { phase: "loading"; source: Source }
  | { phase: "failed"; source: Source; code: string }
  | Solving
  | Checking
  | Answered;

export type PuzzleEvent =
  | { type: "load"; source: Source }
  | { type: "loaded"; puzzle: Puzzle }
  | { type: "failed"; code: string }
  | { type: "play"; action: string }
  | { type: "answer"; answer: Attempt }
  | { type: "refused"; code: string };

export function initial(source: Source): PuzzleState {
  return { phase: "loading", source };
}

/** The next state; an event that does not fit the state leaves it as it is
 * (a late answer of an earlier puzzle, a second click while one is sent). */
export function step(state: PuzzleState, event: PuzzleEvent): PuzzleState {
  switch (event.type) {
    case "load":
      return { phase: "loading", source: event.source };
    case "loaded":
      if (state.phase !== "loading") return state;
      return { phase: "solving", puzzle: event.puzzle, view: event.puzzle.view, line: [], step: 1, reply: null, error: null };
    case "failed":
      return state.phase === "loading" ? { phase: "failed", source: state.source, code: event.code } : state;
    case "play":
      // Only an action the view offers goes to the server.
      if (state.phase !== "solving" || !state.view.legal.some((l) => l.action === event.action)) return state;
      return { ...state, phase: "checking", action: event.action };
    case "refused":
      if (state.phase !== "checking") return state;
      return { ...withoutAction(state), phase: "solving", error: event.code };
    case "answer": {
      if (state.phase !== "checking") return state;
      const { answer } = event;
      const base = withoutAction(state);
      // The line goes on only with the view to go on from (the page does not
      // work out the board after the reply, nor the legal actions there).
      if (answer.correct && answer.next && answer.view) {
        const line = [...state.line, state.action, ...(answer.reply ? [answer.reply] : [])];
        return { ...base, phase: "solving", view: answer.view, line, step: state.step + 1, reply: answer.reply, error: null };
      }
      const { error: _error, ...rest } = base;
      return { ...rest, phase: "answered", action: state.action, answer };
    }
  }
}

function withoutAction(state: Checking): Omit<Checking, "action" | "phase"> {
  const { action: _action, phase: _phase, ...rest } = state;
  return rest;
}

/** The puzzle is over: right, or wrong at some move of its line. */
export function finished(state: PuzzleState): state is Answered {
  return state.phase === "answered";
}

/** The best action where the solver went wrong (or the last right one):
 * the solution is the whole line from the puzzle's start, the solver's
 * actions and the replies; a shorter one starts where the solver is. */
export function bestAction(state: Answered): string | null {
  const solution = state.answer.solution;
  const here = state.line.length;
  return solution[here] ?? solution[0] ?? null;
}

/** The board as it stands after an action of the solver's (a placement
 * added; a draw or a pass leaves it). */
export function boardWith(board: readonly Placed[], action: string | null): { board: Placed[]; placed: Placement | null } {
  const placed = action ? parsePlacement(action) : null;
  if (!placed) return { board: [...board], placed: null };
  const key = `${placed.cell[0]},${placed.cell[1]}`;
  return {
    board: [...board.filter((p) => `${p.cell[0]},${p.cell[1]}` !== key), { cell: [placed.cell[0], placed.cell[1]], corners: placed.corners }],
    placed,
  };
}

/** The explanation's cells as the board takes them. */
export function explanationCells(answer: Attempt): Cell[] {
  return answer.explanation.cells.filter((c) => Array.isArray(c) && c.length === 2).map(([q, r]) => [q, r] as const);
}
