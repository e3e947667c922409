// One table's WebSocket: hello with the seat's token, the latest state,
// and actions that are never lost or doubled. An action waits for its ack;
// after a drop (or a reload: it is kept in storage) the same frame, with the
// same id, is sent again once the socket is back, so the server either
// applies it once or answers with the original ack.
import type { ClientFrame, GameEvent, ServerFrame, View } from "./types";

export type Status = "connecting" | "open" | "reconnecting" | "closed";

export interface SocketLike {
  readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: unknown) => void) | null;
  onclose: ((event: { code: number }) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onerror: ((event: unknown) => void) | null;
}

export interface Pending {
  id: string;
  version: number;
  action: string;
}

export interface Store {
  load(): Pending | null;
  save(pending: Pending | null): void;
}

export interface Options {
  url: string;
  token: string | null;
  open: (url: string) => SocketLike;
  store?: Store;
  /** setTimeout, replaceable in tests. */
  later?: (work: () => void, ms: number) => unknown;
  cancel?: (handle: unknown) => void;
  random?: () => number;
}

export interface Listener {
  /** `events`: what the change did (empty after a hello, an error, a presence change). */
  state?(view: View, version: number, events: readonly GameEvent[]): void;
  frame?(frame: ServerFrame): void;
  status?(status: Status): void;
}

const OPEN = 1;

/** Exponential backoff with jitter: 0.5 s, 1 s, 2 s ... at most 5 s (a
 * player waits for the table to come back, so never long). */
export function backoff(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(5_000, 500 * 2 ** attempt);
  return Math.round(base * (0.75 + 0.5 * random()));
}

let counter = 0;

export function newId(random: () => number = Math.random): string {
  counter += 1;
  return `${Date.now().toString(36)}-${Math.floor(random() * 1e9).toString(36)}-${counter}`;
}

export class Connection {
  status: Status = "connecting";
  view: View | null = null;
  version = -1;
  pending: Pending | null;
  private socket: SocketLike | null = null;
  private attempt = 0;
  private timer: unknown = null;
  private pinger: unknown = null;
  private stopped = false;
  private listeners = new Set<Listener>();
  private readonly later: (work: () => void, ms: number) => unknown;
  private readonly cancel: (handle: unknown) => void;

  constructor(private readonly options: Options) {
    this.later = options.later ?? ((work, ms) => setTimeout(work, ms));
    this.cancel = options.cancel ?? ((handle) => clearTimeout(handle as number));
    this.pending = options.store?.load() ?? null;
  }

  listen(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  start(): void {
    this.stopped = false;
    this.connect();
  }

  stop(): void {
    this.stopped = true;
    if (this.timer !== null) this.cancel(this.timer);
    if (this.pinger !== null) this.cancel(this.pinger);
    this.timer = this.pinger = null;
    const socket = this.socket;
    this.socket = null;
    if (socket) {
      socket.onclose = socket.onmessage = socket.onerror = socket.onopen = null;
      socket.close(1000, "bye");
    }
    this.setStatus("closed");
  }

  /** Send an action at the current version; false if one is still waiting for its ack. */
  act(action: string): boolean {
    if (this.pending || this.version < 0) return false;
    this.pending = { id: newId(this.options.random), version: this.version, action };
    this.options.store?.save(this.pending);
    this.sendPending();
    return true;
  }

  send(frame: ClientFrame): boolean {
    if (!this.socket || this.socket.readyState !== OPEN || this.status !== "open") return false;
    this.socket.send(JSON.stringify(frame));
    return true;
  }

  private sendPending(): void {
    const p = this.pending;
    if (p) this.send({ type: "act", id: p.id, version: p.version, action: p.action });
  }

  private setStatus(status: Status): void {
    if (this.status === status) return;
    this.status = status;
    for (const l of this.listeners) l.status?.(status);
  }

  private connect(): void {
    if (this.stopped) return;
    let socket: SocketLike;
    try {
      socket = this.options.open(this.options.url);
    } catch {
      this.retry();
      return;
    }
    this.socket = socket;
    socket.onopen = () => {
      socket.send(JSON.stringify({ type: "hello", token: this.options.token }));
    };
    socket.onmessage = (event) => {
      if (typeof event.data !== "string") return;
      let frame: ServerFrame;
      try {
        frame = JSON.parse(event.data) as ServerFrame;
      } catch {
        return;
      }
      this.receive(frame);
    };
    socket.onerror = () => {
      // onclose follows
    };
    socket.onclose = (event) => {
      if (this.socket !== socket) return;
      this.socket = null;
      if (this.pinger !== null) this.cancel(this.pinger);
      this.pinger = null;
      if (event.code === 1008 && this.view === null) {
        // refused: a wrong token or no such table; trying again would not help
        this.setStatus("closed");
        for (const l of this.listeners) l.frame?.({ type: "error", code: "unauthorized", message: "refused", version: -1 });
        return;
      }
      this.retry();
    };
  }

  private retry(): void {
    if (this.stopped) return;
    this.setStatus(this.view === null && this.attempt === 0 ? "connecting" : "reconnecting");
    const wait = backoff(this.attempt, this.options.random);
    this.attempt += 1;
    this.timer = this.later(() => {
      this.timer = null;
      this.connect();
    }, wait);
  }

  private ping(): void {
    this.pinger = this.later(() => {
      this.send({ type: "ping" });
      this.ping();
    }, 20_000);
  }

  private receive(frame: ServerFrame): void {
    if (frame.type === "state") {
      const first = this.status !== "open";
      this.view = frame.view;
      this.version = frame.version;
      this.attempt = 0;
      if (first) {
        this.setStatus("open");
        this.ping();
        this.sendPending(); // the same id: applied once at most
      }
      const events = frame.events ?? [];
      for (const l of this.listeners) l.state?.(frame.view, frame.version, events);
    } else if ((frame.type === "ack" || frame.type === "error") && frame.id !== undefined && frame.id === this.pending?.id) {
      this.pending = null;
      this.options.store?.save(null);
    }
    for (const l of this.listeners) l.frame?.(frame);
  }
}
