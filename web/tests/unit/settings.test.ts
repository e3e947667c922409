// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from "vitest";
import { errorOf } from "../../src/api";
import { errorText } from "../../src/narrate";
import { choose, setting } from "../../src/settings";
import { type AudioLike, playCues, resetAudio } from "../../src/sound";
import { targetMissing } from "../../src/ui/HouseRules";

function fakeAudio() {
  const started: { type: string; hz: number }[] = [];
  const param = () => ({ setValueAtTime() {}, exponentialRampToValueAtTime() {} });
  const audio: AudioLike = {
    currentTime: 0,
    state: "running",
    destination: {},
    resume: async () => undefined,
    createOscillator() {
      const osc = {
        type: "",
        frequency: { ...param(), setValueAtTime: (v: number) => started.push({ type: osc.type, hz: v }), exponentialRampToValueAtTime() {} },
        connect: () => undefined,
        start() {},
        stop() {},
      };
      return osc;
    },
    createGain: () => ({ gain: param(), connect: () => undefined }),
  };
  return { audio, started };
}

describe("the reader's settings", () => {
  beforeEach(() => {
    localStorage.clear();
    resetAudio();
    delete document.documentElement.dataset["contrast"];
  });
  it("keep sounds off until chosen, and remember the choice", () => {
    const { audio, started } = fakeAudio();
    expect(setting("sounds")).toBe(false);
    expect(playCues([{ kind: "place", seat: 1, cell: "0,0" }], () => audio)).toBe(0);
    choose("sounds", true);
    expect(localStorage.getItem("triominoes.sounds")).toBe("on");
    expect(playCues([{ kind: "place", seat: 1, cell: "0,0" }, { kind: "your-turn" }], () => audio)).toBe(3);
    expect(started.length).toBe(3);
    // A round's end is one sound, whatever else the frame did.
    expect(playCues([{ kind: "place", seat: 1, cell: "0,0" }, { kind: "round-end", out: 1 }], () => audio)).toBe(3);
    choose("sounds", false);
    expect(setting("sounds")).toBe(false);
  });
  it("apply high contrast to the document, remembered", () => {
    choose("contrast", true);
    expect(document.documentElement.dataset["contrast"]).toBe("high");
    expect(setting("contrast")).toBe(true);
    choose("contrast", false);
    expect(document.documentElement.dataset["contrast"]).toBeUndefined();
  });
});

describe("forms", () => {
  it("catch a game that ends at a target without one", () => {
    expect(targetMissing({ game_end: "last-round", target_score: null })).toBe(true);
    expect(targetMissing({ game_end: "round-winner" })).toBe(true);
    expect(targetMissing({ game_end: "last-round", target_score: 400 })).toBe(false);
    expect(targetMissing({ game_end: "single-round", target_score: null })).toBe(false);
  });
  it("say an HTTP error's engine reason in the reader's language", () => {
    const error = errorOf(
      { error: "bad-rules", message: "game_end 'last-round' needs a target_score", reason: { code: "bad-rules", template: "{tile} does not fit", params: { tile: "0-0-5" } } },
      400,
      "Bad Request",
    );
    expect(error.code).toBe("bad-rules");
    expect(errorText(error.code, error.message, error.reason)).toBe("0-0-5 does not fit");
    const plain = errorOf({ error: "not-found", message: "there is no table X" }, 404, "Not Found");
    expect(plain.reason).toBeUndefined();
    expect(errorOf(null, 502, "Bad Gateway").message).toBe("Bad Gateway");
  });
});
