// The lobby over HTTP (docs/protocol.md). Errors carry the server's code.
import { readAnalysis } from "./analysis";
import type {
  Analysis,
  FinishedGame,
  HistoryRound,
  Me,
  MySettings,
  Pool,
  Profile,
  QueueStatus,
  QueueWishes,
  Ranked,
  Reason,
  Replay,
  Rules,
  Summary,
} from "./types";

export class ApiError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status: number,
    /** The engine's reason (template and values), said in the reader's language. */
    readonly reason?: Reason,
  ) {
    super(message);
  }
}

/** An HTTP error body: `{error, message, reason?}`. */
export function errorOf(body: unknown, status: number, fallback: string): ApiError {
  const error = (body ?? {}) as { error?: unknown; message?: unknown; reason?: unknown };
  const r = error.reason as Partial<Reason> | undefined;
  const reason =
    r && typeof r === "object" && typeof r.template === "string"
      ? { code: typeof r.code === "string" ? r.code : "", template: r.template, params: (r.params ?? {}) as Reason["params"] }
      : undefined;
  return new ApiError(
    typeof error.error === "string" ? error.error : "http",
    typeof error.message === "string" ? error.message : fallback,
    status,
    reason,
  );
}

/** A JSON request to the server's API; an error answer throws its ApiError. */
export async function call<T>(path: string, init?: RequestInit): Promise<T> {
  let answer: Response;
  try {
    answer = await fetch(path, {
      ...init,
      headers: init?.body ? { "Content-Type": "application/json" } : {},
    });
  } catch {
    throw new ApiError("network", "the server cannot be reached", 0);
  }
  if (answer.status === 204) return undefined as T;
  const body: unknown = await answer.json().catch(() => null);
  if (!answer.ok) throw errorOf(body, answer.status, answer.statusText);
  return body as T;
}

export interface CreateBody {
  rules: string | Rules;
  seats: string[];
  turn_seconds: number | null;
  rated?: boolean;
}

export const api = {
  rules: () => call<{ presets: Record<string, Rules>; schema: Record<string, unknown> }>("/api/rules"),
  bots: () => call<{ levels: Record<string, string>; players: string[] }>("/api/bots"),
  phrases: () => call<Record<string, string>>("/api/phrases"),
  tables: (status: string) => call<Summary[]>(`/api/tables?status=${status}&limit=20`),
  table: (id: string) => call<Summary>(`/api/tables/${encodeURIComponent(id)}`),
  history: (id: string) => call<{ game: number; rounds: HistoryRound[] }>(`/api/tables/${encodeURIComponent(id)}/history`),
  create: (body: CreateBody) => call<{ id: string; invite: string }>("/api/tables", { method: "POST", body: JSON.stringify(body) }),
  /** A guest gives a name; a signed-in player sits under their account's (null). */
  join: (id: string, name: string | null) =>
    call<{ seat: number; token: string; url: string }>(`/api/tables/${encodeURIComponent(id)}/join`, {
      method: "POST",
      body: JSON.stringify(name === null ? {} : { name }),
    }),
  games: (id: string) => call<FinishedGame[]>(`/api/tables/${encodeURIComponent(id)}/games`),
  replay: (id: string, game: number) => call<Replay>(`/api/tables/${encodeURIComponent(id)}/games/${game}/replay`),
  replayRecord: (record: string) => call<Replay>("/api/replay", { method: "POST", body: record }),
  me: () => call<Me>("/api/me"),
  signUp: (name: string, password: string) =>
    call<{ name: string }>("/api/players", { method: "POST", body: JSON.stringify({ name, password }) }),
  signIn: (name: string, password: string) =>
    call<{ name: string }>("/api/session", { method: "POST", body: JSON.stringify({ name, password }) }),
  signOut: () => call<void>("/api/session", { method: "DELETE" }),
  changePassword: (password: string, next: string) =>
    call<void>("/api/me/password", { method: "POST", body: JSON.stringify({ password, new: next }) }),
  changeSettings: (settings: MySettings) =>
    call<MySettings>("/api/me/settings", { method: "PUT", body: JSON.stringify(settings) }),
  deleteAccount: (password: string) => call<void>("/api/me", { method: "DELETE", body: JSON.stringify({ password }) }),
  profile: (name: string) => call<Profile>(`/api/players/${encodeURIComponent(name)}`),
  leaderboard: (pool: Pool) => call<Ranked[]>(`/api/leaderboard?pool=${pool}&bots=true&provisional=true`),
  queue: (wishes: QueueWishes) => call<{ ticket: string }>("/api/queue", { method: "POST", body: JSON.stringify(wishes) }),
  queued: (ticket: string) => call<QueueStatus>(`/api/queue/${encodeURIComponent(ticket)}`),
  unqueue: (ticket: string) => call<void>(`/api/queue/${encodeURIComponent(ticket)}`, { method: "DELETE" }),
};

/** What to analyse: a table's finished game, or a record's JSON text. */
export type AnalysisSource = { table: string; game: number } | { record: string };

/** The server's analysis of a game, read as it streams: progress as the
 * decisions are judged, then the report. ApiError "interrupted" when the
 * stream breaks before the report; an aborted request rejects as fetch does. */
export async function analyse(
  source: AnalysisSource,
  onProgress: (done: number, total: number) => void,
  signal: AbortSignal,
): Promise<Analysis> {
  let answer: Response;
  try {
    answer =
      "record" in source
        ? await fetch("/api/analysis", { method: "POST", body: source.record, headers: { "Content-Type": "application/json" }, signal })
        : await fetch(`/api/tables/${encodeURIComponent(source.table)}/games/${source.game}/analysis`, { signal });
  } catch (e) {
    if (signal.aborted) throw e;
    throw new ApiError("network", "the server cannot be reached", 0);
  }
  if (!answer.ok || !answer.body) {
    const error = ((await answer.json().catch(() => null)) ?? {}) as { error?: string; message?: string };
    throw new ApiError(error.error ?? "http", error.message ?? answer.statusText, answer.status);
  }
  let found: Analysis | null = null;
  try {
    found = await readAnalysis(answer.body, onProgress);
  } catch (e) {
    if (signal.aborted) throw e;
  }
  if (!found) throw new ApiError("interrupted", "the analysis stopped before its end", answer.status);
  return found;
}

export function recordUrl(id: string, game: number): string {
  return `/api/tables/${encodeURIComponent(id)}/games/${game}/record`;
}
