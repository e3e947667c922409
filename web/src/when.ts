// Moments and durations as a reader says them, in their language.
import { language } from "./i18n";

/** "3 minutes ago" (or "in 2 days" for a moment to come). */
export function ago(epochSeconds: number | undefined | null, now = Date.now()): string {
  if (!epochSeconds) return "";
  const seconds = Math.round(epochSeconds - now / 1000);
  const format = new Intl.RelativeTimeFormat(language(), { numeric: "auto" });
  // As people round: 23 hours and 50 minutes is "in a day", not "in 24 hours".
  if (Math.abs(seconds) < 45) return format.format(seconds, "second");
  if (Math.abs(seconds) < 45 * 60) return format.format(Math.round(seconds / 60), "minute");
  if (Math.abs(seconds) < 22 * 3600) return format.format(Math.round(seconds / 3600), "hour");
  return format.format(Math.round(seconds / 86400), "day");
}

/** A date in the reader's language (a profile's "member since"). */
export function day(epochSeconds: number): string {
  return new Intl.DateTimeFormat(language(), { dateStyle: "medium" }).format(new Date(epochSeconds * 1000));
}
