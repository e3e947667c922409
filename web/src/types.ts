// The server's contract (docs/protocol.md) as the page reads it: the
// WebSocket frames are generated from docs/protocol.schema.json
// (protocol.ts, by tools/web_types.py); the HTTP answers the page reads
// are typed here.

export type {
  Bonus,
  ChatLine,
  ClientFrame,
  GameEvent,
  HintReason,
  Legal,
  LogEntry,
  PendingTakeback,
  Placed,
  Reason,
  RematchOffer,
  RoundEnd,
  ServerFrame,
  TableInfo,
  TableSeat,
  View,
} from "./protocol";
import type { Chat, Legal, LogEntry, RoundEnd } from "./protocol";

/** A quick-chat phrase's key (GET /api/phrases). */
export type Phrase = Chat["phrase"];

/** Who played an action for its seat: a bot standing in for an absent
 * person, or a bot seat (absent: the person). */
export type By = NonNullable<LogEntry["by"]>;

export type Rules = Record<string, unknown>;

/** A finished game of a table (GET /api/tables/{id}/games). */
export interface FinishedGame {
  game: number;
  started_at?: number | null;
  finished_at?: number | null;
  totals: number[] | null;
  winners: number[] | null;
  players: string[] | null;
  /** Each player's kind (and a bot's level), in the game's order. */
  seats?: { kind: "human" | "bot"; bot: string | null }[];
}

export interface Summary {
  id: string;
  rules: Rules;
  settings: { turn_seconds: number | null; next_seconds: number; bot_pace: number };
  seats: { seat: number; name: string | null; kind: "human" | "bot"; bot: string | null; taken: boolean; connected: boolean }[];
  status: "waiting" | "playing" | "finished" | "closed";
  version: number;
  game: number;
  order: number[];
  totals: number[];
  winners: number[];
  created_at?: number;
}

export interface HistoryRound {
  round: number;
  opener: number;
  log: LogEntry[];
  end: RoundEnd;
  totals: number[];
}

export interface ReplayStep extends LogEntry {
  hands: string[][];
  pool: number;
  totals: number[];
}

export interface ReplayRound {
  opener: number;
  start: { hands: string[][]; pool: number; totals: number[] };
  steps: ReplayStep[];
  end: { reason: "out" | "blocked" | "unfinished"; winners: number[]; points: number[] };
}

export interface Replay {
  rules: Rules;
  players: string[];
  rounds: ReplayRound[];
  totals: number[];
  finished: boolean;
  winners: number[];
}

/** A decision judged by the server's post-game analysis (round and turn
 * from 1: the turn is the action's place in the round's steps). */
export interface JudgedDecision {
  round: number;
  turn: number;
  seat: number;
  played: Legal;
  best: Legal;
  expected_played: number;
  expected_best: number;
  loss: number;
  choices: number;
  marks: string[];
}

export interface PlayerAnalysis {
  seat: number;
  name: string;
  decisions: number;
  accuracy: number;
  lost_per_round: number[];
  lost: number;
  marks: Record<string, number>;
}

export interface Analysis {
  worlds: number;
  tolerance: number;
  players: PlayerAnalysis[];
  decisions: JudgedDecision[];
}

/** One line of the analysis stream (application/x-ndjson). */
export type AnalysisLine = { type: "progress"; done: number; total: number } | { type: "analysis"; analysis: Analysis };
