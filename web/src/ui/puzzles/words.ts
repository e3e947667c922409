// What the puzzle page says: the server sends ids (a theme, a prompt, a
// reason), the page says them in the reader's language.
import { language, t } from "../../i18n";
import { whereText } from "../../narrate";
import { parsePlacement, tileName } from "../../tiles";

export function themeName(theme: string): string {
  switch (theme) {
    case "hexagon":
      return t("Hexagons");
    case "bridge":
      return t("Bridges");
    case "endgame":
      return t("Endgames");
    case "defence":
      return t("Defence");
    case "needless-draw":
      return t("Needless draws");
    case "out":
      return t("Going out");
    default:
      return theme;
  }
}

/** Each theme's task (the server's prompt ids), for a prompt this page does not know. */
const PROMPT_OF: Record<string, string> = {
  hexagon: "find-hexagon",
  bridge: "find-bridge",
  endgame: "win-endgame",
  "needless-draw": "do-not-draw",
  out: "go-out",
};

/** The task line: by the puzzle's prompt id, else by its theme. */
export function promptText(prompt: string, theme: string, moves: number): string {
  switch (prompt) {
    case "find-hexagon":
      return t("Find the move that completes a hexagon.");
    case "find-bridge":
      return t("Find the move that makes a bridge.");
    case "do-not-draw":
      return t("Drawing would cost points: find the best move.");
    case "go-out":
      return t("Find the way to go out.");
    case "win-endgame":
      return moves > 1 ? t("Play the end of the round: find the best line, one move at a time.") : t("Find the best move for the end of the round.");
  }
  const byTheme = PROMPT_OF[theme];
  return byTheme && byTheme !== prompt ? promptText(byTheme, "", moves) : t("Find the best move.");
}

/** Why the best action is best, from the explanation's reason id ("" when unknown). */
export function reasonText(reason: string): string {
  switch (reason) {
    case "completes-hexagon":
      return t("It completes a hexagon.");
    case "forms-bridge":
      return t("It makes a bridge.");
    case "goes-out":
      return t("It goes out and ends the round.");
    case "avoids-draw":
      return t("A tile fits, so drawing only costs points.");
    case "wins-endgame":
      return t("It wins the most by the end of the round.");
    case "keeps-round":
      return t("It is the best for the whole round, not only for this turn.");
    default:
      return "";
  }
}

/** An action in words: "2-4-5" (the board shows where), or with where for
 * a screen reader ("2-4-5 at row 1, column 0"), "drawing a tile", "passing". */
export function actionText(action: string, where = false): string {
  if (action === "draw") return t("drawing a tile");
  if (action === "pass") return t("passing");
  const placement = parsePlacement(action);
  if (!placement) return action;
  const tile = tileName(placement.corners);
  return where ? t("{tile} at {where}", { tile, where: whereText(placement.cell) }) : tile;
}

/** The day of the daily puzzle in the reader's language ("3 December 2026"). */
export function dayText(date: string): string {
  const parsed = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!parsed) return date;
  const when = new Date(Date.UTC(Number(parsed[1]), Number(parsed[2]) - 1, Number(parsed[3])));
  return new Intl.DateTimeFormat(language(), { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }).format(when);
}
