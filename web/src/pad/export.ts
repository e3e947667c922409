// A pad as CSV (one row per turn and per round end, for a spreadsheet) and
// statistics over finished pads: what the history page shows.
import { t } from "../i18n";
import { bonusLabel } from "../ui/pad/words";
import { scorePad, type Pad, type PadScore } from "./model";

// (No quote inside a regular expression: the catalog extractor would read it
// as the start of a string and miss every message after it.)
const QUOTE = '"';

function cell(value: string | number): string {
  const text = String(value);
  const quoted = text.includes(QUOTE) || text.includes(",") || text.includes(";") || text.includes("\n");
  return quoted ? QUOTE + text.split(QUOTE).join(QUOTE + QUOTE) + QUOTE : text;
}

export function padCsv(pad: Pad, score: PadScore = scorePad(pad)): string {
  const names = pad.players;
  const head = [t("Round"), t("Turn"), t("Player"), t("Tile"), t("Drawn"), t("Bonus"), t("Points"), ...names];
  const rows: (string | number)[][] = [head];
  score.rounds.forEach((round, r) => {
    round.turns.forEach((turn, i) => {
      const entry = pad.rounds[r]?.turns[i];
      const bonus = entry?.bonus ? bonusLabel(entry.bonus) : "";
      rows.push([round.number, i + 1, names[turn.seat] ?? "", turn.tile ?? t("pass"), turn.draws, bonus, turn.points, ...turn.totals]);
    });
    if (round.end) {
      const kind = round.end.kind === "out" ? t("went out") : t("blocked");
      round.end.awards.forEach((points, seat) => {
        if (points) rows.push([round.number, "", names[seat] ?? "", kind, "", "", points, ...round.totals]);
      });
      if (round.end.awards.every((p) => p === 0)) rows.push([round.number, "", "", kind, "", "", 0, ...round.totals]);
    }
  });
  return rows.map((row) => row.map(cell).join(",")).join("\n") + "\n";
}

export interface PlayerStats {
  name: string;
  games: number;
  wins: number;
  rounds: number;
  points: number;
  hexagons: number;
  bridges: number;
  twoSided: number;
}

/** Per player name, over the finished pads: wins, points per round, bonuses. */
export function padStats(pads: Pad[]): PlayerStats[] {
  const byName = new Map<string, PlayerStats>();
  for (const pad of pads) {
    const score = scorePad(pad);
    if (!score.finished) continue;
    const played = score.rounds.filter((r) => !r.afterGame && r.end);
    pad.players.forEach((name, seat) => {
      const stats = byName.get(name) ?? { name, games: 0, wins: 0, rounds: 0, points: 0, hexagons: 0, bridges: 0, twoSided: 0 };
      stats.games += 1;
      if (score.winners.includes(seat)) stats.wins += 1;
      stats.rounds += played.length;
      stats.points += score.totals[seat] ?? 0;
      played.forEach((round) => {
        round.turns.forEach((turn, i) => {
          const bonus = pad.rounds[round.number - 1]?.turns[i]?.bonus;
          if (turn.seat !== seat || !bonus || turn.bonus === 0) return;
          if (bonus.kind === "hexagon") stats.hexagons += bonus.count;
          else if (bonus.kind === "bridge") stats.bridges += 1;
          else stats.twoSided += 1;
        });
      });
      byName.set(name, stats);
    });
  }
  return [...byName.values()].sort((a, b) => b.wins - a.wins || a.name.localeCompare(b.name));
}
