// A shared pad on the server (src/triominoes/server/pads.py): the phone that
// keeps the pad saves each version; the others follow over /ws/pads/{id}.
// The server only stores the document; every phone scores it itself.
import { readPad, type Pad } from "./model";
import type { Share } from "./store";

async function send(path: string, method: string, body: unknown, secret?: string): Promise<Response> {
  const headers: Record<string, string> = { "Content-Type": "application/json" };
  if (secret) headers["X-Pad-Secret"] = secret;
  return fetch(path, { method, headers, body: JSON.stringify(body) });
}

export async function sharePad(pad: Pad): Promise<Share> {
  const answer = await send("/api/pads", "POST", pad);
  if (!answer.ok) throw new Error(`share: ${answer.status}`);
  const made = (await answer.json()) as { id: string; secret: string };
  return { server: made.id, secret: made.secret, version: 0, behind: false };
}

/** Save the pad's new version; the keeping phone wins a conflict (it is the pad). */
export async function pushPad(pad: Pad, share: Share): Promise<Share> {
  const path = `/api/pads/${encodeURIComponent(share.server)}`;
  let answer = await send(path, "PUT", { version: share.version, pad }, share.secret);
  if (answer.status === 409) {
    const current = (await (await fetch(path)).json()) as { version: number };
    answer = await send(path, "PUT", { version: current.version, pad }, share.secret);
  }
  if (!answer.ok) throw new Error(`save: ${answer.status}`);
  const saved = (await answer.json()) as { version: number };
  return { ...share, version: saved.version, behind: false };
}

/** Follow a shared pad: `onPad` with each version, `onLive` as the link comes and goes. */
export function followPad(id: string, onPad: (pad: Pad) => void, onLive: (live: boolean) => void, onMissing: () => void): () => void {
  let socket: WebSocket | null = null;
  let stopped = false;
  let wait = 500;
  const open = () => {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    socket = new WebSocket(`${scheme}://${location.host}/ws/pads/${encodeURIComponent(id)}`);
    socket.onopen = () => {
      wait = 500;
      onLive(true);
    };
    socket.onmessage = (event) => {
      const message = JSON.parse(String(event.data)) as { type: string; pad?: unknown; code?: string };
      if (message.type === "error" && message.code === "not-found") {
        stopped = true;
        onMissing();
        return;
      }
      const pad = readPad(message.pad);
      if (message.type === "pad" && pad) onPad(pad);
    };
    socket.onclose = () => {
      onLive(false);
      if (stopped) return;
      setTimeout(open, wait);
      wait = Math.min(wait * 2, 10_000);
    };
  };
  open();
  return () => {
    stopped = true;
    socket?.close();
  };
}

/** Saves a shared pad's versions one at a time, always the latest, so that
 * two quick entries never reach the server in the wrong order. */
export class Sender {
  private latest: Pad | null = null;
  private busy = false;

  constructor(
    private share: Share,
    private readonly onSaved: (share: Share) => void,
  ) {}

  send(pad: Pad): void {
    this.latest = pad;
    if (!this.busy) void this.run();
  }

  private async run(): Promise<void> {
    this.busy = true;
    while (this.latest) {
      const pad = this.latest;
      this.latest = null;
      try {
        this.share = await pushPad(pad, this.share);
      } catch {
        // Offline: the page sends the pad again once it is back online.
        this.share = { ...this.share, behind: true };
        this.latest = null;
      }
      this.onSaved(this.share);
    }
    this.busy = false;
  }
}
