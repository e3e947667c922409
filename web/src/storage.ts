// What the page keeps in the browser: each table's seat token (so a reload
// stays seated) and an action not yet acknowledged.
import type { Pending, Store } from "./connection";

/** localStorage, or nothing where the browser refuses it (private mode). */
export function get(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function set(key: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // storage refused (private mode): this page still works until closed
  }
}

export function seatToken(table: string): string | null {
  return get(`triominoes.seat.${table}`);
}

export function rememberSeat(table: string, token: string | null): void {
  set(`triominoes.seat.${table}`, token);
}

export function pendingStore(table: string): Store {
  const key = `triominoes.pending.${table}`;
  return {
    load() {
      const text = get(key);
      if (!text) return null;
      try {
        return JSON.parse(text) as Pending;
      } catch {
        return null;
      }
    },
    save(pending) {
      set(key, pending ? JSON.stringify(pending) : null);
    },
  };
}

/** The token in a seat URL's fragment (`#seat=TOKEN`). */
export function tokenFromHash(hash: string): string | null {
  const m = /(?:^#|&)seat=([^&]+)/.exec(hash);
  return m?.[1] ? decodeURIComponent(m[1]) : null;
}
