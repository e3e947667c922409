// @vitest-environment happy-dom
// The puzzle page against a fake server: the daily puzzle placed with the
// rack and the board's highlighted cells, the verdict and the guest's
// streak kept in localStorage; a wrong answer shows the best move.
import { render } from "preact";
import { act } from "preact/test-utils";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Attempt, Puzzle } from "../../src/puzzles";
import { loadStreak } from "../../src/puzzles";
import PuzzlesPage from "../../src/ui/puzzles/PuzzlesPage";

const puzzle: Puzzle = {
  id: "h-0001",
  theme: "hexagon",
  difficulty: 1400,
  rules: {},
  moves: 1,
  prompt: "find-hexagon",
  view: {
    board: [{ cell: [0, 0], corners: [5, 5, 5] }],
    hand: ["1-5-5", "0-0-0"],
    hand_sizes: [2, 4],
    pool: 20,
    seat: 0,
    legal: [
      { action: "551@1,0", points: 12, bonus: { bridge: false, hexagons: 0, shape: null, two_sided: false } },
      { action: "515@-1,0", points: 58, bonus: { bridge: false, hexagons: 1, shape: null, two_sided: false } },
      { action: "draw", points: -5 },
    ],
  },
};

function attemptFor(action: string): Attempt {
  return {
    correct: action === "515@-1,0",
    solution: ["515@-1,0"],
    explanation: { played_points: puzzle.view.legal.find((l) => l.action === action)!.points, best_points: 58, margin: 46, cells: [[-1, 0], [0, 0]], reason: "completes-hexagon" },
    reply: null,
    next: false,
    rating: null,
  };
}

const sent: unknown[] = [];

function answer(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}

async function settle(): Promise<void> {
  for (let i = 0; i < 5; i++) await act(async () => new Promise((r) => setTimeout(r, 0)));
}

describe("the puzzle page", () => {
  let root: HTMLElement;
  beforeEach(() => {
    localStorage.clear();
    sent.length = 0;
    root = document.createElement("div");
    document.body.appendChild(root);
    vi.stubGlobal("fetch", async (url: string, init?: RequestInit) => {
      if (url === "/api/me") return answer({ error: "unauthorized" }, 401);
      if (url === "/api/puzzles/daily") return answer({ date: "2026-12-03", puzzle });
      if (url === "/api/puzzles/themes") return answer([{ theme: "hexagon", count: 3 }]);
      if (url === "/api/puzzles/h-0001/attempt") {
        const body = JSON.parse(String(init?.body)) as { action: string; line: string[] };
        sent.push(body);
        return answer(attemptFor(body.action));
      }
      return answer({ error: "no" }, 404);
    });
  });
  afterEach(() => {
    render(null, root);
    root.remove();
    vi.unstubAllGlobals();
  });

  async function open(): Promise<void> {
    await act(async () => render(<PuzzlesPage id={null} theme={null} />, root));
    await settle();
  }

  async function place(tile: string, action: string): Promise<void> {
    await act(async () => root.querySelector<HTMLElement>(`.rack-tile[data-tile="${tile}"]`)!.click());
    const spot = root.querySelector<SVGGElement>(`.spot[data-action="${action}"]`);
    expect(spot, `a highlighted cell for ${action}`).not.toBeNull();
    await act(async () => {
      spot!.dispatchEvent(new MouseEvent("click", { bubbles: true }));
    });
    await settle();
  }

  it("shows the daily puzzle's task, then says right and counts the streak", async () => {
    await open();
    expect(root.querySelector("main")!.dataset["phase"]).toBe("solving");
    expect(root.textContent).toContain("Find the move that completes a hexagon.");
    expect(root.textContent).toContain("Daily puzzle");
    // The cells and their points are the view's: 1-5-5 fits at two cells.
    await act(async () => root.querySelector<HTMLElement>('.rack-tile[data-tile="1-5-5"]')!.click());
    expect([...root.querySelectorAll(".spot")].map((s) => s.getAttribute("data-cell")).sort()).toEqual(["-1,0", "1,0"]);
    expect(root.querySelector('.spot[data-cell="-1,0"] .pts')!.textContent).toBe("58");
    await act(async () => root.querySelector<HTMLElement>('.rack-tile[data-tile="1-5-5"]')!.click());
    await place("1-5-5", "515@-1,0");
    expect(sent).toEqual([{ action: "515@-1,0", line: [] }]);
    expect(root.querySelector("main")!.dataset["phase"]).toBe("answered");
    expect(root.querySelector(".puzzle-status.right")).not.toBeNull();
    expect(root.querySelector(".verdict")!.textContent).toContain("Right!");
    // The tile is on the board, the hexagon's cells marked.
    expect(root.querySelector('.tile[data-cell="-1,0"]')).not.toBeNull();
    expect(root.querySelectorAll(".marked polygon").length).toBe(2);
    expect(loadStreak()).toMatchObject({ current: 1, best: 1, solved: 1, tried: 1, daily: { date: "2026-12-03", correct: true } });
    expect(root.querySelector(".puzzle-score")!.textContent).toContain("1 puzzle solved in a row");
  });

  it("says wrong with the points and shows the best move, and the streak starts again", async () => {
    localStorage.setItem("triominoes.puzzles", JSON.stringify({ current: 4, best: 6, level: 1500, solved: 4, tried: 5, seen: [], daily: null }));
    await open();
    await place("1-5-5", "551@1,0");
    expect(root.querySelector(".puzzle-status.wrong")).not.toBeNull();
    const text = root.querySelector(".puzzle-status")!.textContent;
    expect(text).toContain("You played 1-5-5 for 12 points.");
    // The same tile elsewhere: said so, not named twice.
    expect(text).toContain("Best: the same tile in another place, for 58 points (outlined on the board). It completes a hexagon.");
    // The best move ghosted where it goes; the player's own on asking.
    expect(root.querySelector('.tile.outline')).not.toBeNull();
    expect(root.querySelector('.tile[data-cell="1,0"]')).toBeNull();
    const yours = [...root.querySelectorAll<HTMLButtonElement>(".shown button")].find((b) => b.textContent === "Your move")!;
    await act(async () => yours.click());
    expect(root.querySelector('.tile[data-cell="1,0"]')).not.toBeNull();
    expect(loadStreak()).toMatchObject({ current: 0, best: 6, solved: 4, tried: 6 });
  });

  it("plays an endgame line: the reply arrives on the board, then the next move is asked for", async () => {
    const endgame: Puzzle = { ...puzzle, id: "e-0001", theme: "endgame", prompt: "win-endgame", moves: 2 };
    const after = {
      ...puzzle.view,
      board: [...puzzle.view.board, { cell: [-1, 0] as [number, number], corners: [5, 1, 5] as [number, number, number] }, { cell: [1, 0] as [number, number], corners: [5, 0, 5] as [number, number, number] }],
      hand: ["0-0-0"],
      hand_sizes: [1, 3],
      legal: [{ action: "000@2,0", points: 30 }, { action: "draw", points: -5 }],
    };
    const fetchLine = async (url: string, init?: RequestInit) => {
      if (url === "/api/me") return answer({ error: "unauthorized" }, 401);
      if (url === "/api/puzzles/e-0001") return answer(endgame);
      if (url === "/api/puzzles/themes") return answer([]);
      const body = JSON.parse(String(init?.body)) as { action: string; line: string[] };
      sent.push(body);
      const line = ["515@-1,0", "505@1,0", "000@2,0"];
      const base = { solution: line, explanation: { played_points: 58, best_points: 58, margin: null, cells: [], reason: "wins-endgame" }, rating: null };
      if (body.line.length === 0) return answer({ ...base, correct: true, reply: "505@1,0", next: true, view: after });
      return answer({ ...base, correct: body.action === "000@2,0", reply: null, next: false });
    };
    vi.stubGlobal("fetch", fetchLine);
    await act(async () => render(<PuzzlesPage id="e-0001" theme={null} />, root));
    await settle();
    expect(root.querySelector(".puzzle-step")!.textContent).toBe("Move 1 of 2");
    expect(root.querySelector(".puzzle-prompt")!.textContent).toMatch(/one move at a time/);
    await place("1-5-5", "515@-1,0");
    // Right so far: the opponent's reply is on the board, the line goes on.
    expect(root.querySelector("main")!.dataset["phase"]).toBe("solving");
    expect(root.querySelector(".puzzle-step")!.textContent).toBe("Move 2 of 2");
    expect(root.querySelector(".puzzle-reply")!.textContent).toContain("0-5-5");
    expect(root.querySelector('.tile.arrive[data-cell="1,0"]')).not.toBeNull();
    // The reply outlined in the opponent's colour, the solver's move in theirs.
    expect(root.querySelector('.mark[data-seat="1"]')).not.toBeNull();
    expect(root.querySelector('.mark[data-seat="0"]')).not.toBeNull();
    expect([...root.querySelectorAll(".rack-tile")].map((b) => b.getAttribute("data-tile"))).toEqual(["0-0-0"]);
    await place("0-0-0", "000@2,0");
    expect(sent).toEqual([
      { action: "515@-1,0", line: [] },
      { action: "000@2,0", line: ["515@-1,0", "505@1,0"] },
    ]);
    expect(root.querySelector(".puzzle-status.right")).not.toBeNull();
    expect(root.querySelector(".puzzle-explain")!.textContent).toContain("You found the whole line.");
    expect(loadStreak()).toMatchObject({ current: 1, daily: null });
  });

  it("sends draw from its button, and nothing the view does not offer", async () => {
    await open();
    const draw = [...root.querySelectorAll<HTMLButtonElement>(".actions button")].find((b) => b.textContent?.startsWith("Draw"))!;
    expect(draw.textContent).toBe("Draw (-5)");
    expect([...root.querySelectorAll(".actions button")].some((b) => b.textContent?.startsWith("Pass"))).toBe(false);
    await act(async () => draw.click());
    await settle();
    expect(sent).toEqual([{ action: "draw", line: [] }]);
    expect(root.querySelector(".puzzle-status")!.textContent).toContain("You drew a tile (-5)");
  });
});
