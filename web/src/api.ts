// The lobby over HTTP (docs/protocol.md). Errors carry the server's code.
import type { HistoryRound, Replay, Rules, Summary } from "./types";

export class ApiError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

async function call<T>(path: string, init?: RequestInit): Promise<T> {
  let answer: Response;
  try {
    answer = await fetch(path, {
      ...init,
      headers: init?.body ? { "Content-Type": "application/json" } : {},
    });
  } catch {
    throw new ApiError("network", "the server cannot be reached", 0);
  }
  const body: unknown = await answer.json().catch(() => null);
  if (!answer.ok) {
    const error = (body ?? {}) as { error?: string; message?: string };
    throw new ApiError(error.error ?? "http", error.message ?? answer.statusText, answer.status);
  }
  return body as T;
}

export interface CreateBody {
  rules: string | Rules;
  seats: string[];
  turn_seconds: number | null;
}

export const api = {
  rules: () => call<{ presets: Record<string, Rules>; schema: Record<string, unknown> }>("/api/rules"),
  bots: () => call<{ levels: Record<string, string>; players: string[] }>("/api/bots"),
  phrases: () => call<Record<string, string>>("/api/phrases"),
  tables: (status: string) => call<Summary[]>(`/api/tables?status=${status}&limit=20`),
  table: (id: string) => call<Summary>(`/api/tables/${encodeURIComponent(id)}`),
  history: (id: string) => call<{ game: number; rounds: HistoryRound[] }>(`/api/tables/${encodeURIComponent(id)}/history`),
  create: (body: CreateBody) => call<{ id: string; invite: string }>("/api/tables", { method: "POST", body: JSON.stringify(body) }),
  join: (id: string, name: string) =>
    call<{ seat: number; token: string; url: string }>(`/api/tables/${encodeURIComponent(id)}/join`, {
      method: "POST",
      body: JSON.stringify({ name }),
    }),
  replay: (id: string, game: number) => call<Replay>(`/api/tables/${encodeURIComponent(id)}/games/${game}/replay`),
  replayRecord: (record: string) => call<Replay>("/api/replay", { method: "POST", body: record }),
};

export function recordUrl(id: string, game: number): string {
  return `/api/tables/${encodeURIComponent(id)}/games/${game}/record`;
}
