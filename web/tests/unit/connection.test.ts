import { describe, expect, it } from "vitest";
import { Connection, type Pending, type SocketLike, backoff } from "../../src/connection";
import type { ServerFrame, View } from "../../src/types";

class FakeSocket implements SocketLike {
  readyState = 0;
  sent: Record<string, unknown>[] = [];
  closed: number | null = null;
  onopen: ((event: unknown) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  send(data: string) {
    this.sent.push(JSON.parse(data) as Record<string, unknown>);
  }
  close(code = 1000) {
    this.closed = code;
  }
  open() {
    this.readyState = 1;
    this.onopen?.({});
  }
  drop(code = 1006) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
  receive(frame: ServerFrame) {
    this.onmessage?.({ data: JSON.stringify(frame) });
  }
}

function state(version: number): ServerFrame {
  return { type: "state", version, view: { seat: 0 } as unknown as View, events: [] };
}

function setup(stored: Pending | null = null) {
  const sockets: FakeSocket[] = [];
  const timers: { work: () => void; ms: number }[] = [];
  let saved: Pending | null = stored;
  const connection = new Connection({
    url: "ws://x/ws/tables/T",
    token: "secret",
    open: () => {
      const socket = new FakeSocket();
      sockets.push(socket);
      return socket;
    },
    store: { load: () => saved, save: (p) => (saved = p) },
    later: (work, ms) => {
      const timer = { work, ms };
      timers.push(timer);
      return timer;
    },
    cancel: (handle) => {
      const i = timers.indexOf(handle as { work: () => void; ms: number });
      if (i >= 0) timers.splice(i, 1);
    },
    random: () => 0.5,
  });
  const statuses: string[] = [];
  const frames: ServerFrame[] = [];
  connection.listen({ status: (s) => statuses.push(s), frame: (f) => frames.push(f) });
  connection.start();
  return { connection, sockets, timers, statuses, frames, saved: () => saved };
}

/** Run the reconnect timer (the ping timer is left alone). */
function reconnect(timers: { work: () => void; ms: number }[]) {
  const timer = timers.find((t) => t.ms !== 20_000);
  expect(timer).toBeDefined();
  timers.splice(timers.indexOf(timer!), 1);
  timer!.work();
}

describe("the table's connection", () => {
  it("says hello with the seat's token and is open once the state comes", () => {
    const { connection, sockets, statuses } = setup();
    const socket = sockets[0]!;
    socket.open();
    expect(socket.sent).toEqual([{ type: "hello", token: "secret" }]);
    expect(connection.act("draw")).toBe(false); // no state yet: nothing to act on
    socket.receive(state(7));
    expect(statuses).toEqual(["open"]);
    expect(connection.version).toBe(7);
  });

  it("sends one action at a time and forgets it once acknowledged", () => {
    const { connection, sockets, saved } = setup();
    const socket = sockets[0]!;
    socket.open();
    socket.receive(state(7));
    expect(connection.act("draw")).toBe(true);
    const act = socket.sent[1]!;
    expect(act).toMatchObject({ type: "act", version: 7, action: "draw" });
    expect(saved()?.id).toBe(act["id"]);
    expect(connection.act("pass")).toBe(false); // never two actions in flight
    socket.receive({ type: "ack", id: String(act["id"]), version: 8 });
    expect(connection.pending).toBeNull();
    expect(saved()).toBeNull();
    socket.receive(state(8));
    expect(connection.act("pass")).toBe(true);
  });

  it("after a drop, reconnects with backoff and sends the same action again", () => {
    const { connection, sockets, timers, statuses } = setup();
    const first = sockets[0]!;
    first.open();
    first.receive(state(7));
    connection.act("545@1,0");
    const id = first.sent[1]!["id"];
    first.drop();
    expect(statuses).toEqual(["open", "reconnecting"]);
    expect(timers.some((t) => t.ms === backoff(0, () => 0.5))).toBe(true);
    reconnect(timers);
    const second = sockets[1]!;
    second.open();
    expect(second.sent).toEqual([{ type: "hello", token: "secret" }]);
    second.receive(state(8)); // the server had applied it: the state is past it
    expect(statuses.at(-1)).toBe("open");
    expect(second.sent[1]).toEqual({ type: "act", id, version: 7, action: "545@1,0" });
    second.receive({ type: "ack", id: String(id), version: 8 }); // the original ack
    expect(connection.pending).toBeNull();
    expect(second.sent.filter((f) => f["type"] === "act")).toHaveLength(1);
  });

  it("sends an action kept from before a reload, with its id", () => {
    const kept = { id: "a-17", version: 3, action: "draw" };
    const { sockets } = setup(kept);
    const socket = sockets[0]!;
    socket.open();
    socket.receive(state(4));
    expect(socket.sent[1]).toEqual({ type: "act", ...kept });
  });

  it("forgets an action the server refused, and reports the error", () => {
    const { connection, sockets, frames } = setup();
    const socket = sockets[0]!;
    socket.open();
    socket.receive(state(7));
    connection.act("pass");
    const id = String(socket.sent[1]!["id"]);
    socket.receive({ type: "error", code: "stale", message: "moved on", id, version: 8 });
    expect(connection.pending).toBeNull();
    expect(frames.at(-1)).toMatchObject({ type: "error", code: "stale" });
  });

  it("gives up on a refused token instead of retrying for ever", () => {
    const { sockets, timers, statuses, frames } = setup();
    sockets[0]!.open();
    sockets[0]!.drop(1008);
    expect(statuses).toEqual(["closed"]);
    expect(timers.filter((t) => t.ms !== 20_000)).toEqual([]);
    expect(frames.at(-1)).toMatchObject({ type: "error", code: "unauthorized" });
  });

  it("waits longer after each failure, up to a limit", () => {
    const waits = [0, 1, 2, 3, 10].map((n) => backoff(n, () => 0.5));
    expect(waits).toEqual([500, 1000, 2000, 4000, 5000]);
    expect(backoff(2, () => 0)).toBeLessThan(backoff(2, () => 0.99));
  });

  it("stops cleanly: no reconnect after stop", () => {
    const { connection, sockets, timers } = setup();
    sockets[0]!.open();
    sockets[0]!.receive(state(1));
    connection.stop();
    expect(sockets[0]!.closed).toBe(1000);
    expect(timers).toEqual([]);
  });
});
