// What a person reads about the game: moves, bonuses, errors, rules, names;
// every string through t()/nt() so that each language says it its own way.
import { language, nt, t, translate } from "./i18n";
import { type OpenCell, openCells } from "./geometry";
import { lastPlacements } from "./players";
import { type Cell, parsePlacement, tileName } from "./tiles";
import type { Badge } from "./sheet";
import type { Bonus, LogEntry, Placed, Reason, Rules, TableSeat } from "./types";

export function signed(points: number): string {
  return new Intl.NumberFormat(language(), { signDisplay: "exceptZero" }).format(points);
}

export function levelName(level: string): string {
  const names: Record<string, string> = {
    easy: t("easy"),
    medium: t("medium"),
    hard: t("hard"),
    expert: t("expert"),
  };
  return names[level] ?? level;
}

export function seatName(seat: TableSeat | undefined, index: number): string {
  if (!seat) return t("Seat {n}", { n: index + 1 });
  if (seat.kind === "bot") return t("Bot ({level})", { level: levelName(seat.bot ?? "") });
  if (seat.deleted) return t("deleted player");
  return seat.name ?? t("Seat {n}", { n: index + 1 });
}

export function badgeName(badge: Badge): string {
  switch (badge) {
    case "hexagon":
      return t("hexagon");
    case "bridge":
      return t("bridge");
    case "two-sided":
      return t("two-sided");
    case "opening":
      return t("opening");
    case "corner":
      return t("corner");
    case "draw":
      return t("draw");
    case "pass":
      return t("pass");
  }
}

/** The bonuses of a placement in words ("2 hexagons, bridge"), empty if none. */
export function bonusText(bonus: Bonus | undefined): string {
  if (!bonus) return "";
  const parts: string[] = [];
  if (bonus.hexagons > 0) parts.push(nt("{n} hexagon", "{n} hexagons", bonus.hexagons));
  if (bonus.bridge) parts.push(t("bridge"));
  if (bonus.two_sided) parts.push(t("two-sided"));
  if ((bonus.opening ?? 0) > 0) parts.push(t("opening bonus"));
  return parts.join(", ");
}

export function pointsText(points: number): string {
  return nt("{n} point", "{n} points", Math.abs(points), { n: signed(points) });
}

/** One line per move: "Ben placed 2-4-5: bridge, 51", "Ben drew a tile". */
export function moveText(entry: LogEntry, who: string, mine: boolean): string {
  if (entry.action === "draw") {
    if (mine && entry.tile) return t("You drew {tile} ({points})", { tile: entry.tile, points: signed(entry.points) });
    return mine ? t("You drew a tile ({points})", { points: signed(entry.points) }) : t("{name} drew a tile", { name: who });
  }
  if (entry.action === "pass") {
    return mine
      ? t("You passed ({points})", { points: signed(entry.points) })
      : t("{name} passed ({points})", { name: who, points: signed(entry.points) });
  }
  const placement = parsePlacement(entry.action);
  const tile = placement ? tileName(placement.corners) : entry.action;
  const bonus = bonusText(entry.bonus);
  const score = bonus ? t("{bonus}, {points}", { bonus, points: entry.points }) : String(entry.points);
  return mine
    ? t("You placed {tile}: {score}", { tile, score })
    : t("{name} placed {tile}: {score}", { name: who, tile, score });
}

/** A line of the move log (its points and bonuses are shown beside it). */
export function logText(entry: LogEntry, who: string, mine: boolean): string {
  if (entry.action === "draw") {
    if (mine) return entry.tile ? t("You drew {tile}", { tile: entry.tile }) : t("You drew a tile");
    return t("{name} drew a tile", { name: who });
  }
  if (entry.action === "pass") return mine ? t("You passed") : t("{name} passed", { name: who });
  const placement = parsePlacement(entry.action);
  const tile = placement ? tileName(placement.corners) : entry.action;
  return mine ? t("You placed {tile}", { tile }) : t("{name} placed {tile}", { name: who, tile });
}

/** An error frame in the reader's language: the engine's reason from its
 * template (the catalogs hold the engine's templates), else by code. */
export function errorText(code: string, message: string, reason?: Reason): string {
  if (reason) return translate(reason.template, reason.params);
  switch (code) {
    case "stale":
      return t("The table moved on before your move arrived; look and try again.");
    case "not-your-turn":
      return t("It is not your turn.");
    case "rate-limited":
      return t("Too many messages; wait a moment.");
    case "unauthorized":
      return t("This seat link is not valid at this table.");
    case "not-now":
      return t("That cannot be done now.");
    case "illegal":
      return t("That move is not allowed.");
    default:
      return message;
  }
}

export function presetName(name: string): string {
  const names: Record<string, string> = {
    standard: t("Standard"),
    pressman: t("Pressman (American)"),
    czech: t("Czech"),
    german: t("German"),
    spanish: t("Spanish"),
  };
  return names[name] ?? name;
}

function num(rules: Rules, key: string): number {
  const value = rules[key];
  return typeof value === "number" ? value : 0;
}

/** A short summary of a rule set, in sentences a player reads before choosing. */
export function rulesSummary(rules: Rules): string[] {
  const out: string[] = [];
  const maxDraws = rules["max_draws"];
  const draw = num(rules, "draw_penalty");
  out.push(
    typeof maxDraws === "number"
      ? nt(
          "Draw up to {n} tile a turn, {penalty} points each.",
          "Draw up to {n} tiles a turn, {penalty} points each.",
          maxDraws,
          { penalty: draw },
        )
      : t("Draw until a tile fits, {penalty} points each.", { penalty: draw }),
  );
  out.push(t("Passing costs {penalty} points.", { penalty: num(rules, "pass_penalty") }));
  const hexagons = Array.isArray(rules["hexagon_bonus"]) ? (rules["hexagon_bonus"] as number[]) : [];
  out.push(
    t("Bridge {bridge}, hexagon {hexagons}.", {
      bridge: num(rules, "bridge_bonus"),
      hexagons: hexagons.join("/"),
    }),
  );
  if (num(rules, "two_side_bonus") > 0) out.push(t("Two-sided placement {points}.", { points: num(rules, "two_side_bonus") }));
  if (rules["voluntary_draw"] === true) out.push(t("You may draw even when a tile fits."));
  if (rules["corner_fallback"] === true) out.push(t("A tile may touch the layout at a corner only."));
  const target = rules["target_score"];
  const end = rules["game_end"];
  if (end === "single-round" || typeof target !== "number") out.push(t("One round decides the game."));
  else if (end === "round-winner") out.push(t("First to win a round at {target} points wins the game.", { target }));
  else out.push(t("The game ends with the round in which someone reaches {target} points.", { target }));
  if (rules["tile_set"] === "extended76") out.push(t("76 tiles (the mirror images too)."));
  return out;
}

export function reasonText(reason: string): string {
  return reason === "out" ? t("A player went out.") : t("The round is blocked: no one can move.");
}

export function phaseText(phase: string): string {
  switch (phase) {
    case "waiting":
      return t("Waiting for players");
    case "opening":
      return t("Opening");
    case "playing":
      return t("Playing");
    case "last-turns":
      return t("Last turns");
    default:
      return t("Round over");
  }
}

export function phraseText(english: string): string {
  return translate(english);
}

export function whereText(cell: Cell): string {
  return t("row {row}, column {column}", { row: cell[1], column: cell[0] });
}

function openText(open: OpenCell): string {
  const numbers = open.corners.map((n) => (n === null ? t("any") : String(n))).join(", ");
  return t("{where} ({numbers})", { where: whereText(open.cell), numbers });
}

const MOST_OPEN = 8;

/** Each seat's last placement this round, the latest first. */
function latestFirst(log: readonly LogEntry[]): [number, string][] {
  const last = lastPlacements(log);
  const out: [number, string][] = [];
  for (let i = log.length - 1; i >= 0; i--) {
    const entry = log[i]!;
    const cell = last.get(entry.seat);
    if (cell !== undefined && parsePlacement(entry.action) && !out.some(([seat]) => seat === entry.seat)) out.push([entry.seat, cell]);
  }
  return out;
}

/** The board in sentences for a screen reader: how many tiles, each
 * player's last placement (latest first), and the open cells with the
 * numbers their corners must match. */
export function boardText(board: readonly Placed[], log: readonly LogEntry[], names: readonly string[]): string {
  if (board.length === 0) return t("The board is empty.");
  const parts = [nt("{n} tile on the board.", "{n} tiles on the board.", board.length)];
  const placed = latestFirst(log).flatMap(([seat, key]) => {
    const p = board.find((b) => `${b.cell[0]},${b.cell[1]}` === key);
    return p ? [t("{name}: {tile} at {where}", { name: names[seat] ?? "", tile: tileName(p.corners), where: whereText(p.cell) })] : [];
  });
  if (placed.length) parts.push(t("Last placed: {list}.", { list: placed.join("; ") }));
  const open = openCells(board);
  const shown = open.slice(0, MOST_OPEN).map(openText).join("; ");
  parts.push(nt("{n} open cell: {list}.", "{n} open cells: {list}.", open.length, { list: shown }));
  if (open.length > MOST_OPEN) parts.push(nt("And {n} more.", "And {n} more.", open.length - MOST_OPEN));
  return parts.join(" ");
}
