// The server's contract (docs/protocol.md, docs/protocol.schema.json) as
// the page reads it. Only what the page uses is typed.

export interface Bonus {
  hexagons: number;
  bridge: boolean;
  two_sided: boolean;
  shape: "bridge" | "two-sided" | null;
  corner?: boolean;
  tile?: number;
  opening?: number;
  shape_bonus?: number;
}

export interface Legal {
  action: string;
  points: number;
  bonus?: Bonus;
}

/** Who played an action for its seat: a bot standing in for an absent
 * person, or a bot seat (absent: the person). */
export type By = "stand-in" | "bot";

export interface LogEntry {
  seat: number;
  action: string;
  points: number;
  bonus?: Bonus;
  tile?: string;
  /** Not in the view's log yet (PROTOCOL-19 has it on events only); read when present. */
  by?: By;
}

export interface Placed {
  cell: [number, number];
  corners: [number, number, number];
  tile?: string;
}

export interface RoundEnd {
  reason: "out" | "blocked";
  winners: number[];
  points: number[];
  hands: string[][];
}

export interface TableSeat {
  seat: number;
  table_seat: number;
  name: string | null;
  kind: "human" | "bot";
  bot: string | null;
  connected: boolean;
  stand_in: boolean;
  ready: boolean;
  resigned?: boolean;
}

export interface ChatLine {
  seat: number;
  phrase: string;
  at?: number;
}

/** An open offer of another game (PROTOCOL-19 §3). */
export interface Rematch {
  by: number;
  accepted: number[];
  declined: number[];
  deadline: number;
}

export interface TableInfo {
  id: string;
  status: "waiting" | "playing" | "finished" | "closed";
  game: number;
  settings?: { turn_seconds: number | null; next_seconds: number; bot_pace: number; rematch_seconds?: number };
  rematch?: Rematch | null;
  seats: TableSeat[];
  clock?: number | null;
  next?: number | null;
  now?: number;
  takeback?: { seat: number; waiting_for: number[] } | null;
  chat?: ChatLine[];
}

export type Rules = Record<string, unknown>;

export interface View {
  seat: number | null;
  rules: Rules;
  players: number;
  round: number;
  phase: "waiting" | "opening" | "playing" | "last-turns" | "over";
  hand: string[];
  hand_sizes: number[];
  pool: number;
  board: Placed[];
  to_move: number | null;
  draws: number;
  passes: number;
  legal: Legal[];
  log: LogEntry[];
  round_points: number[];
  totals: number[];
  last_round: boolean;
  finished: boolean;
  winners: number[];
  round_end?: RoundEnd;
  /** Who went out this round (null while nobody has, or when it was blocked). */
  out?: number | null;
  table: TableInfo;
}

export interface Reason {
  code: string;
  template: string;
  params: Record<string, string | number>;
}

/** Why a hint: an English template (the catalogs' key) and its values. */
export interface HintReason {
  text: string;
  params: Record<string, string | number>;
}

/** What a change did, as its recipient may see it (PROTOCOL-19 §2). */
export type GameEvent =
  | { type: "game-started"; game: number; order: number[] }
  | { type: "round-dealt"; round: number; opener: number; hand_sizes: number[]; pool: number; hands: (string[] | null)[] }
  | { type: "action"; round: number; seat: number; action: string; points: number; bonus?: Bonus; by?: By }
  | { type: "drew"; round: number; seat: number; tile: string | null }
  | {
      type: "round-ended";
      round: number;
      reason: "out" | "blocked";
      winners: number[];
      awards: number[];
      hands: string[][];
      totals: number[];
      out: number | null;
    }
  | { type: "game-ended"; winners: number[]; totals: number[] }
  | { type: "taken-back"; seat: number; action: string }
  | { type: "takeback-asked"; seat: number }
  | { type: "takeback-answered"; seat: number; accept: boolean }
  | { type: "stand-in"; seat: number; on: boolean }
  | { type: "ready"; seat: number }
  | { type: "rematch"; seat: number; accept: boolean }
  | { type: "seat-taken"; seat: number; name: string };

export type ServerFrame =
  | { type: "state"; version: number; view: View; events?: GameEvent[] }
  | { type: "ack"; id: string; version: number }
  | { type: "error"; code: string; message: string; id?: string; version: number; reason?: Reason }
  | { type: "chat"; seat: number; phrase: string; at?: number; version: number }
  | {
      type: "hint";
      version: number;
      action: string;
      points: number;
      bonus?: Bonus;
      expected?: number;
      reason?: HintReason;
    }
  | { type: "pong"; version: number };

export type ClientFrame =
  | { type: "hello"; token: string | null }
  | { type: "act"; id: string; version: number; action: string }
  | { type: "next" }
  | { type: "chat"; phrase: string }
  | { type: "takeback" }
  | { type: "answer"; accept: boolean }
  | { type: "rematch"; accept?: boolean; with_bots?: boolean }
  | { type: "back" }
  | { type: "hint" }
  | { type: "ping" };

/** A finished game of a table (GET /api/tables/{id}/games). */
export interface FinishedGame {
  game: number;
  started_at?: number | null;
  finished_at?: number | null;
  totals: number[] | null;
  winners: number[] | null;
  players: string[] | null;
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
