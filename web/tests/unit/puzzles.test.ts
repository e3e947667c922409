// The puzzle page's logic: the guest's streak (kept in localStorage) and the
// states from loading a puzzle to its answer, endgame lines included.
import { describe, expect, it } from "vitest";
import {
  type Attempt,
  type Puzzle,
  type PuzzleState,
  type PuzzleView,
  bestAction,
  boardWith,
  emptyStreak,
  explanationCells,
  initial,
  readStreak,
  scored,
  START_LEVEL,
  step,
} from "../../src/puzzles";
import { route } from "../../src/router";
import { sourceOf } from "../../src/ui/puzzles/PuzzlesPage";

function view(legal: string[], board: PuzzleView["board"] = [{ cell: [0, 0], corners: [5, 5, 5] }]): PuzzleView {
  return {
    board,
    hand: ["0-0-1", "1-2-3"],
    hand_sizes: [2, 3],
    pool: 0,
    legal: legal.map((action, i) => ({ action, points: 10 + i })),
    seat: 0,
  };
}

function puzzle(moves = 1): Puzzle {
  return {
    id: "h-0042",
    theme: "hexagon",
    difficulty: 1500,
    rules: {},
    view: view(["100@1,0", "312@0,1", "draw"]),
    moves,
    prompt: "find-hexagon",
  };
}

function answer(over: Partial<Attempt>): Attempt {
  return {
    correct: true,
    solution: ["312@0,1"],
    explanation: { played_points: 11, best_points: 11, margin: 0, cells: [[0, 1], [1, 1]], reason: "completes-hexagon" },
    reply: null,
    next: false,
    rating: null,
    ...over,
  };
}

function solving(p = puzzle()): PuzzleState {
  return step(step(initial({ kind: "daily" }), { type: "load", source: { kind: "daily" } }), { type: "loaded", puzzle: p });
}

describe("a guest's streak", () => {
  it("counts puzzles solved in a row, keeps the best run and starts again after a miss", () => {
    let s = emptyStreak();
    s = scored(s, { id: "a", difficulty: 1500 }, true, null);
    s = scored(s, { id: "b", difficulty: 1500 }, true, null);
    expect([s.current, s.best, s.solved, s.tried]).toEqual([2, 2, 2, 2]);
    s = scored(s, { id: "c", difficulty: 1500 }, false, null);
    expect([s.current, s.best, s.solved, s.tried]).toEqual([0, 2, 2, 3]);
    s = scored(s, { id: "d", difficulty: 1500 }, true, null);
    expect([s.current, s.best]).toEqual([1, 2]);
  });

  it("counts only a puzzle's first answer (a second try after the solution proves nothing)", () => {
    let s = scored(emptyStreak(), { id: "a", difficulty: 1500 }, false, null);
    const again = scored(s, { id: "a", difficulty: 1500 }, true, null);
    expect(again.current).toBe(0);
    expect(again.tried).toBe(1);
    expect(again.level).toBe(s.level);
    s = scored(s, { id: "b", difficulty: 1500 }, true, null);
    expect(s.current).toBe(1);
  });

  it("moves the level toward the puzzles' difficulty: more for a hard one solved than an easy one", () => {
    const hard = scored(emptyStreak(), { id: "h", difficulty: 1900 }, true, null);
    const easy = scored(emptyStreak(), { id: "e", difficulty: 1100 }, true, null);
    expect(hard.level).toBeGreaterThan(easy.level);
    expect(easy.level).toBeGreaterThan(START_LEVEL);
    const missed = scored(emptyStreak(), { id: "m", difficulty: 1500 }, false, null);
    expect(missed.level).toBe(START_LEVEL - 16);
  });

  it("remembers today's daily puzzle and its answer", () => {
    const s = scored(emptyStreak(), { id: "d1", difficulty: 1500 }, true, "2026-12-03");
    expect(s.daily).toEqual({ date: "2026-12-03", correct: true });
    // The same puzzle again the same day: the first answer stays.
    expect(scored(s, { id: "d1", difficulty: 1500 }, false, "2026-12-03").daily).toEqual({ date: "2026-12-03", correct: true });
  });

  it("survives the round trip through localStorage's text, and a damaged entry gives a new streak", () => {
    const s = scored(scored(emptyStreak(), { id: "a", difficulty: 1600 }, true, "2026-12-03"), { id: "b", difficulty: 1500 }, true, null);
    expect(readStreak(JSON.stringify(s))).toEqual(s);
    expect(readStreak(null)).toEqual(emptyStreak());
    expect(readStreak("{not json")).toEqual(emptyStreak());
    expect(readStreak("[1,2]").current).toBe(0);
    const odd = readStreak(JSON.stringify({ current: -3, best: 1, level: "x", seen: ["a", 4], daily: { date: 5 } }));
    expect(odd).toEqual({ ...emptyStreak(), best: 1, seen: ["a"] });
    // A best below the run itself cannot be: the run is the best at least.
    expect(readStreak(JSON.stringify({ current: 4, best: 2 })).best).toBe(4);
  });

  it("keeps at most 200 puzzle ids", () => {
    let s = emptyStreak();
    for (let i = 0; i < 230; i++) s = scored(s, { id: `p${i}`, difficulty: 1500 }, true, null);
    expect(s.seen.length).toBe(200);
    expect(s.seen[199]).toBe("p229");
    expect(s.current).toBe(230);
  });
});

describe("the puzzle's states", () => {
  it("loads, then waits for the solver with the puzzle's own view", () => {
    const s = solving();
    expect(s.phase).toBe("solving");
    if (s.phase !== "solving") return;
    expect(s.view).toBe(s.puzzle.view);
    expect([s.step, s.line, s.error]).toEqual([1, [], null]);
  });

  it("sends only an action the view offers, and one at a time", () => {
    const s = solving();
    expect(step(s, { type: "play", action: "555@9,9" })).toBe(s);
    expect(step(s, { type: "play", action: "pass" })).toBe(s);
    const sent = step(s, { type: "play", action: "100@1,0" });
    expect(sent.phase).toBe("checking");
    expect(step(sent, { type: "play", action: "312@0,1" })).toBe(sent);
  });

  it("shows the answer, right or wrong", () => {
    const sent = step(solving(), { type: "play", action: "100@1,0" });
    const wrong = step(sent, { type: "answer", answer: answer({ correct: false, explanation: { played_points: 10, best_points: 11, margin: 3, cells: [], reason: "" } }) });
    expect(wrong.phase).toBe("answered");
    if (wrong.phase !== "answered") return;
    expect(wrong.action).toBe("100@1,0");
    expect(bestAction(wrong)).toBe("312@0,1");
    expect("error" in wrong).toBe(false);
    // A late second answer changes nothing.
    expect(step(wrong, { type: "answer", answer: answer({}) })).toBe(wrong);
  });

  it("goes back to the solver when the server refuses the action", () => {
    const sent = step(solving(), { type: "play", action: "draw" });
    const back = step(sent, { type: "refused", code: "illegal-action" });
    expect(back.phase).toBe("solving");
    if (back.phase !== "solving") return;
    expect(back.error).toBe("illegal-action");
    expect("action" in back).toBe(false);
    expect(step(back, { type: "play", action: "312@0,1" }).phase).toBe("checking");
  });

  it("plays an endgame line: the reply on the board, the next view, the next move, then the answer", () => {
    const after = view(["200@2,0", "pass"], [
      { cell: [0, 0], corners: [5, 5, 5] },
      { cell: [0, 1], corners: [3, 1, 2] },
      { cell: [1, 0], corners: [1, 0, 0] },
    ]);
    let s = step(solving(puzzle(2)), { type: "play", action: "312@0,1" });
    s = step(s, { type: "answer", answer: answer({ next: true, reply: "100@1,0", view: after, solution: ["312@0,1", "100@1,0", "200@2,0"] }) });
    expect(s.phase).toBe("solving");
    if (s.phase !== "solving") return;
    expect([s.step, s.reply, s.line]).toEqual([2, "100@1,0", ["312@0,1", "100@1,0"]]);
    expect(s.view).toBe(after);
    // The old view's actions are gone; the new ones are offered.
    expect(step(s, { type: "play", action: "100@1,0" })).toBe(s);
    const sent = step(s, { type: "play", action: "pass" });
    expect(sent.phase).toBe("checking");
    const done = step(sent, { type: "answer", answer: answer({ correct: false, solution: ["312@0,1", "100@1,0", "200@2,0"] }) });
    expect(done.phase).toBe("answered");
    if (done.phase !== "answered") return;
    // Wrong at the second move: the best there is the line's third action.
    expect(bestAction(done)).toBe("200@2,0");
    expect(done.line).toEqual(["312@0,1", "100@1,0"]);
  });

  it("ends the line when the server says it goes on but sends no view to go on from", () => {
    const sent = step(solving(puzzle(2)), { type: "play", action: "312@0,1" });
    expect(step(sent, { type: "answer", answer: answer({ next: true, reply: "100@1,0" }) }).phase).toBe("answered");
  });

  it("ignores a late puzzle and a late failure once another is loading or shown", () => {
    const s = solving();
    expect(step(s, { type: "loaded", puzzle: puzzle(2) })).toBe(s);
    expect(step(s, { type: "failed", code: "network" })).toBe(s);
    const failed = step(initial({ kind: "next", theme: null }), { type: "failed", code: "no-puzzle" });
    expect(failed).toEqual({ phase: "failed", source: { kind: "next", theme: null }, code: "no-puzzle" });
  });
});

describe("the board after an answer", () => {
  it("adds the placement (replacing nothing else) and leaves it for a draw", () => {
    const board = [{ cell: [0, 0] as [number, number], corners: [5, 5, 5] as [number, number, number] }];
    const placed = boardWith(board, "312@0,1");
    expect(placed.board).toEqual([...board, { cell: [0, 1], corners: [3, 1, 2] }]);
    expect(placed.placed?.cell).toEqual([0, 1]);
    expect(boardWith(board, "draw")).toEqual({ board, placed: null });
    expect(board.length).toBe(1);
  });

  it("takes the explanation's cells", () => {
    expect(explanationCells(answer({}))).toEqual([
      [0, 1],
      [1, 1],
    ]);
  });
});

describe("the puzzles' addresses", () => {
  it("reads the daily puzzle, a theme and one puzzle from the address", () => {
    expect(route("/puzzles", "")).toEqual({ page: "puzzles", id: null, theme: null });
    expect(route("/puzzles", "?theme=needless-draw")).toEqual({ page: "puzzles", id: null, theme: "needless-draw" });
    expect(route("/puzzles/", "?id=h-0042")).toEqual({ page: "puzzles", id: "h-0042", theme: null });
    expect(route("/puzzles", "?id=../x&theme=<b>")).toEqual({ page: "puzzles", id: null, theme: null });
    expect(sourceOf(null, null)).toEqual({ kind: "daily" });
    expect(sourceOf(null, "all")).toEqual({ kind: "next", theme: null });
    expect(sourceOf(null, "bridge")).toEqual({ kind: "next", theme: "bridge" });
    expect(sourceOf("h-1", "bridge")).toEqual({ kind: "one", id: "h-1" });
  });
});
