// The score pad's model: a physical game kept as data (who placed which
// tile with which bonus, draws, passes, how each round ended) and its score
// derived from a rule set's JSON, the form the engine serves (RuleSet.to_json).
// No amount or rule is written here: every number comes from the rules, and
// tests/pad/test_conformance.py proves the result equal to the engine's
// on selfplay records of every preset. Nothing is refused: what cannot have
// happened is flagged, so a table can fix a slip later by editing. Each
// player's tiles are counted as the round goes (the rule set's hand size for
// this many players, plus what they drew, minus what they placed): going out
// while the count says tiles are left, or a hand at the round's end larger
// (or worth more) than what the count allows, is flagged too.
import { findTile, nameOf, tilesOf, type Numbers } from "./tiles";

export { tilesOf };

export type Rules = Record<string, unknown>;

export type BonusKind = "hexagon" | "bridge" | "two-sided";

export interface Bonus {
  kind: BonusKind;
  /** Hexagons completed at once (1–3); 1 for a bridge or a two-sided placement. */
  count: number;
}

export interface Turn {
  /** Tiles drawn before placing or passing. */
  draws: number;
  /** The placed tile's numbers clockwise, in any rotation; null: a pass. */
  tile: Numbers | null;
  bonus: Bonus | null;
  /** The placement emptied the player's hand. */
  out: boolean;
}

/** What a hand held at the round's end: its tiles, or only their value. */
export interface Hand {
  tiles: string[] | null;
  value: number | null;
}

export interface RoundEnd {
  kind: "out" | "blocked";
  /** One per seat; the hand of whoever went out is not read. */
  hands: Hand[];
}

export interface PadRound {
  opener: number;
  turns: Turn[];
  end: RoundEnd | null;
}

export const PAD_FORMAT = "triominoes-pad";

export interface Pad {
  format: typeof PAD_FORMAT;
  version: 1;
  id: string;
  created: number;
  updated: number;
  players: string[];
  rules: Rules;
  language: string;
  rounds: PadRound[];
}

export type FlagCode =
  | "not-a-tile"
  | "twice"
  | "too-many-draws"
  | "pool-empty"
  | "could-draw"
  | "opening-draw"
  | "no-such-bonus"
  | "bonus-on-opening"
  | "after-round"
  | "cycle-unfinished"
  | "after-game"
  | "out-with-tiles"
  | "hand-too-large"
  | "hand-worth-too-much";

export interface Flag {
  code: FlagCode;
  /** Details for the message: a tile name, a number of draws, a limit. */
  params: Record<string, string | number>;
}

export interface TurnScore {
  index: number;
  seat: number;
  draws: number;
  /** The placed tile's name, or null for a pass. */
  tile: string | null;
  value: number;
  opening: number;
  bonus: number;
  drawPenalty: number;
  passPenalty: number;
  points: number;
  /** Points after this turn, per seat. */
  totals: number[];
  /** Tiles left in the pool after this turn (null: the rules give no hand size). */
  pool: number | null;
  finalCycle: boolean;
  flags: Flag[];
}

export type RoundState = "playing" | "final-cycle" | "hands" | "over";

export interface EndScore {
  kind: "out" | "blocked";
  winners: number[];
  awards: number[];
  handValues: number[];
  flags: Flag[];
}

export interface RoundScore {
  number: number;
  opener: number;
  turns: TurnScore[];
  state: RoundState;
  toMove: number | null;
  outSeat: number | null;
  pool: number | null;
  startTotals: number[];
  totals: number[];
  end: EndScore | null;
  /** This round is the game's last (a total reached the target). */
  lastRound: boolean;
  /** The round comes after the game had ended under these rules. */
  afterGame: boolean;
}

export interface PadScore {
  rounds: RoundScore[];
  /** The game's totals: at its end, once it is over. */
  totals: number[];
  lastRound: boolean;
  finished: boolean;
  winners: number[];
  flags: number;
}

// --- reading the rules --------------------------------------------------

function amount(rules: Rules, field: string): number {
  const value = rules[field];
  return typeof value === "number" ? value : 0;
}

function limit(rules: Rules, field: string): number | null {
  const value = rules[field];
  return typeof value === "number" ? value : null;
}

export function tileSetOf(rules: Rules): string {
  return typeof rules["tile_set"] === "string" ? rules["tile_set"] : "standard56";
}

/** The amount a bonus earns under the rules (0: the rule set has no such bonus). */
export function bonusAmount(rules: Rules, bonus: Bonus): number {
  if (bonus.kind === "bridge") return amount(rules, "bridge_bonus");
  if (bonus.kind === "two-sided") return amount(rules, "two_side_bonus");
  const list = rules["hexagon_bonus"];
  const value = Array.isArray(list) ? list[bonus.count - 1] : undefined;
  return typeof value === "number" ? value : 0;
}

/** A tile name wins over the word `triple` (rules.md §5). */
export function openingBonus(rules: Rules, name: string, triple: boolean): number {
  const table = rules["opening_bonus"];
  if (typeof table !== "object" || table === null) return 0;
  const bonuses = table as Record<string, unknown>;
  const own = bonuses[name];
  if (typeof own === "number") return own;
  const any = bonuses["triple"];
  return triple && typeof any === "number" ? any : 0;
}

/** Tiles dealt to each player, or null if the rules deal no hand for this many. */
export function handSize(rules: Rules, players: number): number | null {
  const sizes = rules["hand_size"];
  const size = typeof sizes === "object" && sizes !== null ? (sizes as Record<string, unknown>)[String(players)] : undefined;
  return typeof size === "number" ? size : null;
}

/** Tiles in the pool after the deal, or null if the rules deal no hand for this many. */
export function poolAtDeal(rules: Rules, players: number): number | null {
  const size = handSize(rules, players);
  if (size === null) return null;
  return Math.max(0, tilesOf(tileSetOf(rules)).length - players * size);
}

/** The most `count` tiles of the set can be worth (its `count` highest values). */
export function mostValue(setName: string, count: number): number {
  const values = tilesOf(setName)
    .map((tile) => tile.value)
    .sort((a, b) => b - a);
  return values.slice(0, Math.max(0, count)).reduce((sum, v) => sum + v, 0);
}

function valueOfName(setName: string, name: string): { value: number; known: boolean } {
  const numbers = name.split("-").map(Number);
  const [a = 0, b = 0, c = 0] = numbers;
  const tile = numbers.length === 3 ? findTile(setName, [a, b, c]) : null;
  return { value: tile ? tile.value : a + b + c, known: tile !== null };
}

export function handValue(setName: string, hand: Hand | undefined): number {
  if (!hand) return 0;
  if (hand.tiles) return hand.tiles.reduce((sum, name) => sum + valueOfName(setName, name).value, 0);
  return hand.value ?? 0;
}

// --- scoring ------------------------------------------------------------

function flag(code: FlagCode, params: Record<string, string | number> = {}): Flag {
  return { code, params };
}

function roundEndAwards(rules: Rules, kind: "out" | "blocked", outSeat: number, values: number[]) {
  const awards = values.map(() => 0);
  if (kind === "out") {
    awards[outSeat] = amount(rules, "going_out_bonus");
    if (rules["collect_hands"] === true) awards[outSeat] += values.reduce((sum, v, seat) => (seat === outSeat ? sum : sum + v), 0);
    return { winners: [outSeat], awards };
  }
  const low = Math.min(...values);
  const total = values.reduce((sum, v) => sum + v, 0);
  const winners = values.flatMap((v, seat) => (v === low ? [seat] : []));
  for (const seat of winners) {
    if (rules["blocked_scoring"] === "differences") awards[seat] = total - low * values.length;
    else if (rules["blocked_scoring"] === "others-minus-own") awards[seat] = total - 2 * low;
  }
  return { winners, awards };
}

/** The game's winners once it is over (rules.md §6; core/game.py game_winners). */
export function gameWinners(rules: Rules, totals: number[], roundWinners: number[], triples: number[]): number[] {
  const seats = totals.map((_, seat) => seat);
  const best = Math.max(...totals);
  const top = seats.filter((s) => totals[s] === best);
  const end = rules["game_end"];
  if (end === "last-round") {
    const won = top.filter((s) => roundWinners.includes(s));
    return won.length ? won : top;
  }
  if (end === "round-winner") {
    const target = limit(rules, "target_score") ?? 0;
    const candidates = seats.filter((s) => (totals[s] ?? 0) >= target);
    if (candidates.length === 0) return top;
    if (candidates.length === 1) return candidates;
    const won = candidates.filter((s) => roundWinners.includes(s));
    if (won.length) return won;
    const high = Math.max(...candidates.map((s) => totals[s] ?? 0));
    return candidates.filter((s) => totals[s] === high);
  }
  if (top.length === 1) return top;
  const bestTriple = Math.max(...top.map((s) => triples[s] ?? -1));
  if (bestTriple < 0) return top;
  return top.filter((s) => triples[s] === bestTriple);
}

/** The whole pad scored under `rules` (by default its own). */
export function scorePad(pad: Pad, rules: Rules = pad.rules): PadScore {
  const n = pad.players.length;
  const setName = tileSetOf(rules);
  const target = limit(rules, "target_score");
  const maxDraws = limit(rules, "max_draws");
  const totals = pad.players.map(() => 0);
  let lastRound = false;
  let finished = false;
  let winners: number[] = [];
  let final: number[] | null = null;
  let flags = 0;
  const rounds: RoundScore[] = [];
  const reach = () => {
    if (target !== null && Math.max(...totals) >= target) lastRound = true;
  };

  pad.rounds.forEach((round, r) => {
    const afterGame = finished;
    const startTotals = [...totals];
    let pool = poolAtDeal(rules, n);
    let opening = true;
    let state = "playing" as RoundState;
    let outSeat = null as number | null;
    let finalLeft = 0;
    const placed = new Set<string>();
    const triples = pad.players.map(() => -1);
    // What each player holds by the count: dealt + drawn - placed (null: the
    // rules deal no hand for this many players, so nothing is counted).
    const dealt = handSize(rules, n);
    const held = pad.players.map(() => dealt ?? 0);
    const turns = round.turns.map((turn, index): TurnScore => {
      const seat = (round.opener + index) % n;
      const found: Flag[] = [];
      if (state === "hands" || state === "over") found.push(flag("after-round"));
      const finalCycle = state === "final-cycle";
      if (turn.draws > 0 && opening) found.push(flag("opening-draw"));
      if (maxDraws !== null && turn.draws > maxDraws) found.push(flag("too-many-draws", { draws: turn.draws, max: maxDraws }));
      const drawn = pool === null ? turn.draws : Math.min(turn.draws, pool);
      if (pool !== null) {
        if (turn.draws > pool) found.push(flag("pool-empty", { draws: turn.draws, pool }));
        pool = Math.max(0, pool - turn.draws);
      }
      held[seat] = (held[seat] ?? 0) + drawn - (turn.tile === null ? 0 : 1);
      const drawPenalty = turn.draws * amount(rules, "draw_penalty");
      let value = 0;
      let openingPoints = 0;
      let bonus = 0;
      let passPenalty = 0;
      let name: string | null = null;
      if (turn.tile === null) {
        passPenalty = amount(rules, "pass_penalty");
        if (opening) found.push(flag("opening-draw"));
        else if ((pool === null || pool > 0) && (maxDraws === null || turn.draws < maxDraws)) found.push(flag("could-draw"));
      } else {
        const tile = findTile(setName, turn.tile);
        name = tile ? tile.name : nameOf(turn.tile);
        if (!tile) found.push(flag("not-a-tile", { tile: turn.tile.join("-") }));
        if (placed.has(name)) found.push(flag("twice", { tile: name }));
        placed.add(name);
        value = turn.tile[0] + turn.tile[1] + turn.tile[2];
        const triple = turn.tile[0] === turn.tile[1] && turn.tile[1] === turn.tile[2];
        if (triple && value > (triples[seat] ?? -1)) triples[seat] = value;
        if (opening) {
          openingPoints = openingBonus(rules, name, triple);
          if (turn.bonus) found.push(flag("bonus-on-opening"));
          opening = false;
        }
        if (turn.bonus) {
          bonus = bonusAmount(rules, turn.bonus);
          if (bonus === 0) found.push(flag("no-such-bonus", { kind: turn.bonus.kind, count: turn.bonus.count }));
        }
      }
      const points = value + openingPoints + bonus - drawPenalty - passPenalty;
      totals[seat] = (totals[seat] ?? 0) + points;
      reach();
      if (state === "final-cycle") {
        finalLeft -= 1;
        if (finalLeft <= 0) state = "hands";
      } else if (turn.out && turn.tile !== null && outSeat === null) {
        outSeat = seat;
        const left = held[seat] ?? 0;
        if (dealt !== null && left > 0) found.push(flag("out-with-tiles", { player: pad.players[seat] ?? "", tiles: left }));
        finalLeft = rules["finish_cycle_after_out"] === true ? n - 1 : 0;
        state = finalLeft > 0 ? "final-cycle" : "hands";
      }
      flags += found.length;
      return {
        index,
        seat,
        draws: turn.draws,
        tile: name,
        value,
        opening: openingPoints,
        bonus,
        drawPenalty,
        passPenalty,
        points,
        totals: [...totals],
        pool,
        finalCycle,
        flags: found,
      };
    });

    let end: EndScore | null = null;
    if (round.end) {
      const found: Flag[] = [];
      if (state === "final-cycle") found.push(flag("cycle-unfinished", { left: finalLeft }));
      let seat = outSeat;
      if (round.end.kind === "out" && seat === null) {
        // Nobody was marked as going out: the last placement did.
        const last = [...turns].reverse().find((t) => t.tile !== null);
        seat = last ? last.seat : round.opener;
        const left = held[seat] ?? 0;
        if (dealt !== null && left > 0) found.push(flag("out-with-tiles", { player: pad.players[seat] ?? "", tiles: left }));
      }
      const values = pad.players.map((_, s) => (round.end?.kind === "out" && s === seat ? 0 : handValue(setName, round.end?.hands[s])));
      for (const [s, hand] of round.end.hands.entries()) {
        if (round.end.kind === "out" && s === seat) continue;
        const can = Math.max(0, held[s] ?? 0);
        const player = pad.players[s] ?? "";
        if (dealt !== null && hand.tiles && hand.tiles.length > can) {
          found.push(flag("hand-too-large", { player, tiles: hand.tiles.length, held: can }));
        } else if (dealt !== null && !hand.tiles && (hand.value ?? 0) > mostValue(setName, can)) {
          found.push(flag("hand-worth-too-much", { player, value: hand.value ?? 0, held: can, most: mostValue(setName, can) }));
        }
        for (const name of hand.tiles ?? []) {
          const { known } = valueOfName(setName, name);
          if (!known) found.push(flag("not-a-tile", { tile: name }));
          else if (placed.has(name)) found.push(flag("twice", { tile: name }));
          placed.add(name);
        }
      }
      const { winners: roundWinners, awards } = roundEndAwards(rules, round.end.kind, seat ?? 0, values);
      awards.forEach((points, s) => {
        totals[s] = (totals[s] ?? 0) + points;
      });
      reach();
      state = "over";
      if (!afterGame && (rules["game_end"] === "single-round" || lastRound)) {
        finished = true;
        winners = gameWinners(rules, totals, roundWinners, triples);
        final = [...totals];
      }
      flags += found.length;
      end = { kind: round.end.kind, winners: roundWinners, awards, handValues: values, flags: found };
    }
    if (afterGame) flags += 1;
    rounds.push({
      number: r + 1,
      opener: round.opener,
      turns,
      state,
      toMove: state === "playing" || state === "final-cycle" ? (round.opener + round.turns.length) % n : null,
      outSeat,
      pool,
      startTotals,
      totals: [...totals],
      end,
      lastRound,
      afterGame,
    });
  });
  // Rounds entered after the game's end are scored for the record, but the
  // game's totals are those it ended with.
  return { rounds, totals: final ?? totals, lastRound, finished, winners, flags };
}

// --- changing a pad (each change gives a new pad) -------------------------

function changed(pad: Pad, rounds: PadRound[], now: number): Pad {
  return { ...pad, rounds, updated: now };
}

export function newPad(id: string, players: string[], rules: Rules, language: string, now: number): Pad {
  return { format: PAD_FORMAT, version: 1, id, created: now, updated: now, players, rules, language, rounds: [] };
}

/** Who opens the next round when the rules say (a rotating opening); else null: the table says. */
export function nextOpener(pad: Pad): number | null {
  const last = pad.rounds[pad.rounds.length - 1];
  if (last && pad.rules["opening"] === "highest-triple-then-rotate") return (last.opener + 1) % pad.players.length;
  return null;
}

export function startRound(pad: Pad, opener: number, now: number): Pad {
  return changed(pad, [...pad.rounds, { opener, turns: [], end: null }], now);
}

export function addTurn(pad: Pad, turn: Turn, now: number): Pad {
  const rounds = [...pad.rounds];
  const last = rounds[rounds.length - 1];
  if (!last) return pad;
  rounds[rounds.length - 1] = { ...last, turns: [...last.turns, turn] };
  return changed(pad, rounds, now);
}

export function editTurn(pad: Pad, round: number, index: number, turn: Turn, now: number): Pad {
  const target = pad.rounds[round];
  if (!target || index < 0 || index >= target.turns.length) return pad;
  const rounds = [...pad.rounds];
  rounds[round] = { ...target, turns: target.turns.map((t, i) => (i === index ? turn : t)) };
  return changed(pad, rounds, now);
}

export function endRound(pad: Pad, round: number, end: RoundEnd | null, now: number): Pad {
  const target = pad.rounds[round];
  if (!target) return pad;
  const rounds = [...pad.rounds];
  rounds[round] = { ...target, end };
  return changed(pad, rounds, now);
}

/** Take back the last entry: a round's end, else its last turn, else the empty round. */
export function undo(pad: Pad, now: number): Pad {
  const last = pad.rounds[pad.rounds.length - 1];
  if (!last) return pad;
  if (last.end) return endRound(pad, pad.rounds.length - 1, null, now);
  if (last.turns.length) return changed(pad, [...pad.rounds.slice(0, -1), { ...last, turns: last.turns.slice(0, -1) }], now);
  return changed(pad, pad.rounds.slice(0, -1), now);
}

export function withRules(pad: Pad, rules: Rules, now: number): Pad {
  return { ...pad, rules, updated: now };
}

/** Tiles placed in a round so far (their names), for greying them on the tile picture. */
export function placedTiles(pad: Pad, round: number): Set<string> {
  const out = new Set<string>();
  for (const turn of pad.rounds[round]?.turns ?? []) if (turn.tile) out.add(nameOf(turn.tile));
  return out;
}

/** A pad read from JSON (storage, the server, an import), or null if it is not one. */
export function readPad(data: unknown): Pad | null {
  if (typeof data !== "object" || data === null) return null;
  const pad = data as Partial<Pad>;
  if (pad.format !== PAD_FORMAT || !Array.isArray(pad.players) || !Array.isArray(pad.rounds)) return null;
  if (typeof pad.rules !== "object" || pad.rules === null || typeof pad.id !== "string") return null;
  return pad as Pad;
}
