// Who is signed in (GET /api/me), read when the page opens, after signing
// in or out, and every 30 seconds while the page is open (a correspondence
// game's turn may come at any time): one store for every part of the page.
import { useEffect, useState } from "preact/hooks";
import { ApiError, api } from "./api";
import { setWaiting } from "./title";
import type { Me } from "./types";

/** undefined: not known yet; null: nobody is signed in. */
let current: Me | null | undefined = undefined;
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | null = null;
const EVERY = 30_000;

function tell(): void {
  setWaiting(current ? current.games.filter((g) => g.your_turn).length : 0);
  for (const listener of listeners) listener();
}

export async function refreshMe(): Promise<Me | null> {
  try {
    current = await api.me();
  } catch (e) {
    if (e instanceof ApiError && e.status === 401) current = null;
    else if (current === undefined) current = null;
  }
  tell();
  return current ?? null;
}

/** After signing out (the server forgot the session). */
export function forgetMe(): void {
  current = null;
  tell();
}

export function me(): Me | null | undefined {
  return current;
}

export function useMe(): Me | null | undefined {
  const [, setTick] = useState(0);
  const rendered = current;
  useEffect(() => {
    const update = () => setTick((n) => n + 1);
    listeners.add(update);
    // An answer that came between this render and now was told to nobody here.
    if (current !== rendered) update();
    if (current === undefined) void refreshMe();
    if (timer === null) timer = setInterval(() => void refreshMe(), EVERY);
    return () => {
      listeners.delete(update);
    };
  }, []);
  return current;
}
