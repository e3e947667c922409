// The score sheet: a round's log as turns (a seat's consecutive actions:
// draws, then a placement or a pass), each with its points and running
// totals. Points are the server's; the sheet only adds them up.
import type { Bonus, LogEntry } from "./types";

export type Badge = "hexagon" | "bridge" | "two-sided" | "opening" | "corner" | "draw" | "pass";

export interface Turn {
  seat: number;
  points: number;
  entries: LogEntry[];
  badges: Badge[];
  /** Every seat's total after this turn. */
  totals: number[];
}

export function badgesOf(entry: LogEntry): Badge[] {
  const out: Badge[] = [];
  if (entry.action === "draw") out.push("draw");
  else if (entry.action === "pass") out.push("pass");
  const bonus: Bonus | undefined = entry.bonus;
  if (bonus) {
    for (let i = 0; i < bonus.hexagons; i++) out.push("hexagon");
    if (bonus.bridge) out.push("bridge");
    if (bonus.two_sided) out.push("two-sided");
    if ((bonus.opening ?? 0) > 0) out.push("opening");
    if (bonus.corner) out.push("corner");
  }
  return out;
}

export function turns(log: readonly LogEntry[], start: readonly number[]): Turn[] {
  const out: Turn[] = [];
  const running = [...start];
  let current: Turn | null = null;
  for (const entry of log) {
    // A new turn starts with another seat, or after the same seat's
    // placement or pass (a seat may move twice running when others cannot).
    const last = current?.entries[current.entries.length - 1];
    if (!current || current.seat !== entry.seat || (last && last.action !== "draw")) {
      current = { seat: entry.seat, points: 0, entries: [], badges: [], totals: [] };
      out.push(current);
    }
    current.entries.push(entry);
    current.points += entry.points;
    current.badges.push(...badgesOf(entry));
    running[entry.seat] = (running[entry.seat] ?? 0) + entry.points;
    current.totals = [...running];
  }
  return out;
}

/** The totals at the start of the round the view shows (its totals less
 * this round's action points and, once it ended, its awards). */
export function roundStart(totals: readonly number[], roundPoints: readonly number[], awards?: readonly number[]): number[] {
  return totals.map((total, seat) => total - (roundPoints[seat] ?? 0) - (awards?.[seat] ?? 0));
}
