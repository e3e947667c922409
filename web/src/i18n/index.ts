// Every string a person reads goes through t() or nt(): the English text is
// the key (tools/i18n.py extracts it into the one .po per language) and the
// build writes the page's catalogs to /locales/<lang>.json.
import { compilePlural } from "./plural";

export const LANGUAGES: ReadonlyArray<readonly [string, string]> = [
  ["en", "English"],
  ["de", "Deutsch"],
  ["cs", "Čeština"],
  ["es", "Español"],
  ["th", "ไทย"],
];

export interface Catalog {
  language: string;
  nplurals: number;
  plural: string;
  messages: Record<string, string | string[]>;
}

export type Params = Record<string, string | number>;

interface Active {
  language: string;
  messages: Record<string, string | string[]>;
  plural: (n: number) => number;
}

/** Messages asked for in a language whose catalog lacks them (the browser
 * tests read this: no untranslated text on any screen). */
export const missing = new Set<string>();
(globalThis as Record<string, unknown>)["triominoesMissing"] = missing;

const english: Active = { language: "en", messages: {}, plural: (n) => (n === 1 ? 0 : 1) };
let active: Active = english;

/** Fill `{name}` placeholders (the engine's templates use the same). */
export function format(text: string, params?: Params): string {
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (whole, key: string) =>
    key in params ? String(params[key]) : whole,
  );
}

export function t(message: string, params?: Params): string {
  const found = active.messages[message];
  if (typeof found === "string" && found) return format(found, params);
  if (active.language !== "en") missing.add(message);
  return format(message, params);
}

/** A message with plural forms: `{n}` is the count unless params say otherwise. */
export function nt(one: string, many: string, n: number, params?: Params): string {
  const all = { n, ...params };
  const found = active.messages[one];
  if (Array.isArray(found)) {
    const form = found[active.plural(n)];
    if (form) return format(form, all);
  }
  if (active.language !== "en") missing.add(one);
  return format(n === 1 ? one : many, all);
}

/** A translation of a string that is not in the source (an engine template). */
export function translate(message: string, params?: Params): string {
  return t(message, params);
}

export function useCatalog(catalog: Catalog | null): void {
  active =
    catalog === null
      ? english
      : { language: catalog.language, messages: catalog.messages, plural: compilePlural(catalog.plural) };
}

export function language(): string {
  return active.language;
}

const KEY = "triominoes.language";

/** The language the reader chose before, else the browser's first we speak. */
export function preferredLanguage(stored: string | null, wanted: readonly string[]): string {
  const codes = LANGUAGES.map(([code]) => code);
  if (stored && codes.includes(stored)) return stored;
  for (const tag of wanted) {
    const code = tag.toLowerCase().split(/[-_]/)[0] ?? "";
    if (codes.includes(code)) return code;
  }
  return "en";
}

export function storedLanguage(): string | null {
  try {
    return localStorage.getItem(KEY);
  } catch {
    return null;
  }
}

export function rememberLanguage(code: string): void {
  try {
    localStorage.setItem(KEY, code);
  } catch {
    // private mode: the choice lasts for this page only
  }
}

export async function loadLanguage(code: string): Promise<void> {
  if (code === "en") {
    useCatalog(null);
  } else {
    const answer = await fetch(`/locales/${code}.json`);
    if (!answer.ok) throw new Error(`no catalog for ${code}`);
    useCatalog((await answer.json()) as Catalog);
  }
  document.documentElement.lang = code;
}
