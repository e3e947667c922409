// The page's addresses (the server serves index.html at each of them).
import { useEffect, useState } from "preact/hooks";

export type Route =
  | { page: "home" }
  | { page: "table"; id: string }
  | { page: "replay"; table: string | null; game: number | null }
  | { page: "pad"; local: string | null }
  | { page: "pad-follow"; id: string }
  | { page: "signin"; next: string | null }
  | { page: "signup"; next: string | null }
  | { page: "me" }
  | { page: "profile"; name: string }
  | { page: "leaderboard"; pool: "duel" | "table" }
  | { page: "play" }
  | { page: "puzzles"; id: string | null; theme: string | null }
  | { page: "missing"; path: string };

/** A page's own address to come back to after signing in (never another site's). */
function nextOf(search: string): string | null {
  const next = new URLSearchParams(search).get("next");
  return next && /^\/(?!\/)/.test(next) ? next : null;
}

export function route(path: string, search: string): Route {
  if (path === "/" || path === "") return { page: "home" };
  const table = /^\/t\/([A-Za-z0-9_-]{1,64})\/?$/.exec(path);
  if (table?.[1]) return { page: "table", id: table[1] };
  if (path === "/pad" || path === "/pad/") {
    const local = new URLSearchParams(search).get("id");
    return { page: "pad", local: local && /^[A-Za-z0-9_-]{1,64}$/.test(local) ? local : null };
  }
  if (path === "/signin") return { page: "signin", next: nextOf(search) };
  if (path === "/signup") return { page: "signup", next: nextOf(search) };
  if (path === "/me") return { page: "me" };
  if (path === "/play") return { page: "play" };
  if (path === "/puzzles" || path === "/puzzles/") {
    // The daily puzzle; ?theme=T (or "all"): puzzles at the player's level; ?id=ID: one puzzle.
    const query = new URLSearchParams(search);
    const id = query.get("id");
    const theme = query.get("theme");
    return {
      page: "puzzles",
      id: id && /^[A-Za-z0-9_-]{1,64}$/.test(id) ? id : null,
      theme: theme && /^[a-z-]{1,32}$/.test(theme) ? theme : null,
    };
  }
  if (path === "/leaderboard") {
    return { page: "leaderboard", pool: new URLSearchParams(search).get("pool") === "table" ? "table" : "duel" };
  }
  const profile = /^\/p\/([A-Za-z0-9_-]{1,20})\/?$/.exec(path);
  if (profile?.[1]) return { page: "profile", name: profile[1] };
  const shared = /^\/pad\/([A-Za-z0-9_-]{1,64})\/?$/.exec(path);
  if (shared?.[1]) return { page: "pad-follow", id: shared[1] };
  if (path === "/replay" || path === "/replay/") {
    const query = new URLSearchParams(search);
    const game = Number(query.get("game"));
    return { page: "replay", table: query.get("table"), game: Number.isInteger(game) && game > 0 ? game : null };
  }
  return { page: "missing", path };
}

const listeners = new Set<() => void>();

export function navigate(to: string): void {
  history.pushState(null, "", to);
  for (const l of listeners) l();
  window.scrollTo(0, 0);
}

export function useRoute(): Route {
  const [, setTick] = useState(0);
  useEffect(() => {
    const update = () => setTick((n) => n + 1);
    listeners.add(update);
    window.addEventListener("popstate", update);
    return () => {
      listeners.delete(update);
      window.removeEventListener("popstate", update);
    };
  }, []);
  return route(location.pathname, location.search);
}

/** A link that changes the page without reloading it. */
export function go(event: MouseEvent, to: string): void {
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  event.preventDefault();
  navigate(to);
}
