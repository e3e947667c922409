import { afterEach, describe, expect, it, vi } from "vitest";
import { newPad, type Pad } from "../../src/pad/model";
import type { Share } from "../../src/pad/store";
import { Sender } from "../../src/pad/sync";

const pad = (id: string): Pad => newPad(id, ["Ann", "Ben"], {}, "en", 0);
const share: Share = { server: "S1", secret: "k", version: 0, behind: false };

afterEach(() => vi.unstubAllGlobals());

describe("saving a shared pad", () => {
  it("sends one version at a time, always the latest, on the version the server gave", async () => {
    const sent: { id: string; version: number; secret: string | undefined }[] = [];
    const answers: (() => void)[] = [];
    vi.stubGlobal("fetch", (url: string, init: RequestInit) => {
      const body = JSON.parse(String(init.body)) as { version: number; pad: Pad };
      sent.push({ id: body.pad.id, version: body.version, secret: (init.headers as Record<string, string>)["X-Pad-Secret"] });
      expect(url).toBe("/api/pads/S1");
      return new Promise<Response>((resolve) => answers.push(() => resolve(new Response(JSON.stringify({ version: body.version + 1 })))));
    });
    const saved: Share[] = [];
    const sender = new Sender(share, (s) => saved.push(s));
    sender.send(pad("one"));
    sender.send(pad("two"));
    sender.send(pad("three"));
    await vi.waitFor(() => expect(answers).toHaveLength(1));
    answers[0]?.();
    await vi.waitFor(() => expect(answers).toHaveLength(2));
    answers[1]?.();
    await vi.waitFor(() => expect(saved).toHaveLength(2));
    expect(sent).toEqual([
      { id: "one", version: 0, secret: "k" },
      { id: "three", version: 1, secret: "k" },
    ]);
    expect(saved.map((s) => s.version)).toEqual([1, 2]);
  });

  it("marks the pad behind when the server cannot be reached", async () => {
    vi.stubGlobal("fetch", () => Promise.reject(new TypeError("offline")));
    const saved: Share[] = [];
    new Sender(share, (s) => saved.push(s)).send(pad("one"));
    await vi.waitFor(() => expect(saved).toEqual([{ ...share, behind: true }]));
  });
});
