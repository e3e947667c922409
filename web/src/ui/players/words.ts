// The words of accounts, ratings and quick match, in the reader's language.
import { ApiError } from "../../api";
import { t } from "../../i18n";
import { errorText } from "../../narrate";
import type { Pool } from "../../types";

export function poolName(pool: Pool): string {
  return pool === "duel" ? t("Duel (2 players)") : t("Table (3 to 6 players)");
}

/** A rating as shown: "1,563", with "?" while provisional (as lichess does). */
export function ratingText(rating: number, provisional: boolean, locale: string): string {
  const number = new Intl.NumberFormat(locale).format(rating);
  return provisional ? `${number}?` : number;
}

/** "+63", "−12", "±0": a rating's change. */
export function change(before: number, after: number): string {
  const d = after - before;
  return d > 0 ? `+${d}` : d < 0 ? `−${-d}` : "±0";
}

export function placeText(place: number, players: number): string {
  return t("{place} of {players}", { place, players });
}

/** An account request's refusal, said for people. */
export function accountError(e: unknown): string {
  if (!(e instanceof ApiError)) return String(e);
  switch (e.code) {
    case "bad-login":
      return t("Wrong name or password.");
    case "rate-limited":
      return t("Too many tries. Wait a few minutes, then try again.");
    case "name-taken":
      return t("This name is taken. Choose another.");
    case "weak-password":
      return t("A password has at least 10 characters.");
    case "bad-name":
      return t("A name has 3 to 20 letters (a–z), digits, _ or -.");
    case "unauthorized":
      return t("Sign in first.");
    case "network":
      return t("The server cannot be reached.");
    default:
      return errorText(e.code, e.message, e.reason);
  }
}
