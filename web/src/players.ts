// Players as people: each seat's colour (a CSS variable per seat, from a
// colour-blind-safe palette, see style.css) and a short initial, so that a
// seat reads the same on the chips, the board, the move log and the sheet;
// and who placed which tile this round, from the view's log.
import { cellKey, parsePlacement } from "./tiles";
import type { LogEntry } from "./types";

/** The seat's colour as CSS (six seats at most: rules.md). */
export function seatColour(seat: number): string {
  return `var(--seat-${seat % 6})`;
}

/** Each engine seat's colour, by its chair (`table_seat`): a person keeps
 * their colour when a rematch turns the seat order. */
export function seatColours(seats: readonly { table_seat?: number }[]): string[] {
  return seats.map((seat, i) => seatColour(seat.table_seat ?? i));
}

/** The first letter of each name, upper case (a letter of any script);
 * where two seats would share one, each of those gets its seat number too,
 * so that no two initials at a table are the same. */
export function initials(names: readonly string[]): string[] {
  const first = names.map((name) => {
    const letter = [...name.trim()].find((ch) => /\p{L}|\p{N}/u.test(ch)) ?? "?";
    return letter.toLocaleUpperCase();
  });
  return first.map((letter, seat) => (first.filter((other) => other === letter).length > 1 ? `${letter}${seat + 1}` : letter));
}

/** Who placed the tile on each cell this round (takebacks leave the log). */
export function placedBy(log: readonly LogEntry[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const entry of log) {
    const placement = parsePlacement(entry.action);
    if (placement) out.set(cellKey(placement.cell), entry.seat);
  }
  return out;
}

/** Each seat's latest placement this round: seat → cell key. */
export function lastPlacements(log: readonly LogEntry[]): Map<number, string> {
  const out = new Map<number, string>();
  for (const entry of log) {
    const placement = parsePlacement(entry.action);
    if (placement) out.set(entry.seat, cellKey(placement.cell));
  }
  return out;
}
