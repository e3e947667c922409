// Pads kept on the device (localStorage), so that a reload or a closed tab
// loses nothing, and what a shared pad needs to go on saving to the server.
import { get, set } from "../storage";
import { readPad, type Pad } from "./model";

const PREFIX = "triominoes.pad.";
const SHARE = "triominoes.padshare.";

export interface Share {
  /** The server's pad id (the followers' link is /pad/{server}). */
  server: string;
  secret: string;
  version: number;
  /** Changes not yet on the server (saved while offline). */
  behind: boolean;
}

function parse(text: string | null): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

export function loadPad(id: string): Pad | null {
  return readPad(parse(get(PREFIX + id)));
}

export function savePad(pad: Pad): void {
  set(PREFIX + pad.id, JSON.stringify(pad));
}

/** Every pad on the device, the latest changed first. */
export function allPads(): Pad[] {
  const out: Pad[] = [];
  try {
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i);
      if (!key?.startsWith(PREFIX)) continue;
      const pad = readPad(parse(get(key)));
      if (pad) out.push(pad);
    }
  } catch {
    return out;
  }
  return out.sort((a, b) => b.updated - a.updated);
}

export function shareOf(id: string): Share | null {
  const data = parse(get(SHARE + id)) as Share | null;
  return data && typeof data.server === "string" && typeof data.secret === "string" ? data : null;
}

export function rememberShare(id: string, share: Share): void {
  set(SHARE + id, JSON.stringify(share));
}

export function newPadId(): string {
  const bytes = new Uint8Array(9);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => "abcdefghijklmnopqrstuvwxyz0123456789"[b % 36]).join("");
}
