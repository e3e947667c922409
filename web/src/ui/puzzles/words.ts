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

/** The task line: by the puzzle's prompt id, else by its theme. */
export function promptText(prompt: string, theme: string, moves: number): string {
  switch (prompt) {
    case "find-hexagon":
      return t("Find the move that completes a hexagon.");
    case "find-bridge":
      return t("Find the move that makes a bridge.");
    case "find-defence":
    case "defend":
      return t("Find the move that leaves your opponent the fewest points.");
    case "avoid-draw":
    case "needless-draw":
      return t("Drawing would cost points: find the best move.");
    case "go-out":
    case "find-out":
      return t("Find the way to go out.");
    case "endgame":
    case "find-endgame":
      return moves > 1 ? t("Play the end of the round: find the best line, one move at a time.") : t("Find the best move for the end of the round.");
    case "find-best":
      return t("Find the best move.");
  }
  switch (theme) {
    case "hexagon":
      return t("Find the move that completes a hexagon.");
    case "bridge":
      return t("Find the move that makes a bridge.");
    case "defence":
      return t("Find the move that leaves your opponent the fewest points.");
    case "needless-draw":
      return t("Drawing would cost points: find the best move.");
    case "out":
      return t("Find the way to go out.");
    case "endgame":
      return moves > 1 ? t("Play the end of the round: find the best line, one move at a time.") : t("Find the best move for the end of the round.");
    default:
      return t("Find the best move.");
  }
}

/** Why the best action is best, from the explanation's reason id ("" when unknown). */
export function reasonText(reason: string): string {
  switch (reason) {
    case "completes-hexagon":
    case "hexagon":
      return t("It completes a hexagon.");
    case "completes-bridge":
    case "bridge":
      return t("It makes a bridge.");
    case "most-points":
    case "points":
      return t("It scores the most points.");
    case "goes-out":
    case "out":
      return t("It goes out and ends the round.");
    case "defence":
    case "leaves-least":
      return t("It leaves your opponent the fewest points.");
    case "no-draw":
    case "needless-draw":
      return t("A tile fits, so drawing only costs points.");
    case "endgame":
    case "best-line":
      return t("It wins the most by the end of the round.");
    default:
      return "";
  }
}

/** An action in words: "2-4-5 at row 1, column 0", "drawing a tile", "passing". */
export function actionText(action: string): string {
  if (action === "draw") return t("drawing a tile");
  if (action === "pass") return t("passing");
  const placement = parsePlacement(action);
  if (!placement) return action;
  return t("{tile} at {where}", { tile: tileName(placement.corners), where: whereText(placement.cell) });
}

/** The day of the daily puzzle in the reader's language ("3 December 2026"). */
export function dayText(date: string): string {
  const parsed = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!parsed) return date;
  const when = new Date(Date.UTC(Number(parsed[1]), Number(parsed[2]) - 1, Number(parsed[3])));
  return new Intl.DateTimeFormat(language(), { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }).format(when);
}
