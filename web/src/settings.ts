// The reader's choices that outlast the page: sounds (off unless chosen)
// and high contrast, kept in this browser (localStorage) and applied to the
// document before the first paint.
import { get, set } from "./storage";

export type Setting = "sounds" | "contrast";

const KEY: Record<Setting, string> = { sounds: "triominoes.sounds", contrast: "triominoes.contrast" };

export function setting(name: Setting): boolean {
  return get(KEY[name]) === "on";
}

export function choose(name: Setting, on: boolean): void {
  set(KEY[name], on ? "on" : null);
  if (name === "contrast") applyContrast(on);
}

/** High contrast is a data attribute on <html> that style.css reads. */
export function applyContrast(on: boolean): void {
  if (on) document.documentElement.dataset["contrast"] = "high";
  else delete document.documentElement.dataset["contrast"];
}
