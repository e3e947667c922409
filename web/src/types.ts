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
  RatingChange,
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
  seats?: { kind: "human" | "bot"; bot: string | null; deleted?: boolean }[];
}

export interface Summary {
  id: string;
  rules: Rules;
  settings: { turn_seconds: number | null; next_seconds: number; bot_pace: number };
  seats: {
    seat: number;
    name: string | null;
    kind: "human" | "bot";
    bot: string | null;
    taken: boolean;
    connected: boolean;
    /** The account's name of a signed-in person's seat. */
    player?: string | null;
    deleted?: boolean;
  }[];
  rated?: boolean;
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
  /** The action that beats the one played most surely (the one played where none does). */
  rival: Legal;
  expected_rival: number;
  /** What the search's noise may account for of rival less played. */
  noise: number;
  /** Points left on the table: max(0, expected_rival - expected_played - noise). */
  loss: number;
  choices: number;
  marks: string[];
  /** Valued by the endgame solver: no sampling noise (absent from reports made before it was said). */
  exact?: boolean;
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
  /** The play-outs ended by best play (`analyze --finish`). */
  finish: boolean;
  tolerance: number;
  players: PlayerAnalysis[];
  decisions: JudgedDecision[];
}

/** One line of the analysis stream (application/x-ndjson). */
export type AnalysisLine = { type: "progress"; done: number; total: number } | { type: "analysis"; analysis: Analysis };

/** A pool's rating as the server shows it. */
export interface PoolRating {
  rating: number;
  games: number;
  provisional: boolean;
}

export type Pool = "duel" | "table";

/** One of the signed-in player's unfinished tables (GET /api/me). */
export interface MyGame {
  table: string;
  url: string;
  your_turn: boolean;
  since: number;
  status: "waiting" | "playing";
  rated: boolean;
  rules: string | Rules;
  players: { name: string | null; kind: "human" | "bot"; bot: string | null }[];
  seat: number;
  turn_seconds: number | null;
  clock: number | null;
}

/** The signed-in player's own settings (PUT /api/me/settings). */
export interface MySettings {
  /** My finished games may become puzzles (off until the player says so). */
  puzzles_from_my_games: boolean;
}

export interface Me {
  name: string;
  ratings: Record<Pool, PoolRating>;
  games: MyGame[];
  settings: MySettings;
}

/** A player of a finished game, in its order. */
export interface GamePlayer {
  name: string | null;
  kind: "human" | "bot";
  bot: string | null;
  player: string | null;
  deleted: boolean;
}

export interface RecentGame {
  table: string;
  game: number;
  rules: string | Rules;
  players: GamePlayer[];
  seat: number;
  place: number;
  won: boolean;
  points: number;
  pool: Pool;
  rated: boolean;
  before: number | null;
  after: number | null;
  at: number;
}

export interface PoolStats {
  pool: Pool;
  preset: string;
  games: number;
  wins: number;
  points_per_round: number;
  hexagons_per_game: number;
  bridges_per_game: number;
  best: { table: string; game: number; points: number } | null;
}

export interface Profile {
  name: string;
  since: number;
  ratings: Record<Pool, PoolRating>;
  recent: RecentGame[];
  history: Record<Pool, { at: number; rating: number; table: string; game: number }[]>;
  stats: PoolStats[];
}

export interface Ranked {
  name: string;
  rating: number;
  games: number;
  provisional: boolean;
  bot: string | null;
}

export type QueueStatus =
  | { status: "matched"; table: string; url: string }
  | {
      status: "waiting";
      since: number;
      now: number;
      rating: number;
      window: number;
      waiting: number;
      bots_at: number | null;
    };

export interface QueueWishes {
  pool: Pool;
  players?: number;
  rules?: string;
  rated?: boolean;
  bots_after?: number | null;
}
