// Sounds made with WebAudio (no files to fetch): a short tone or two per
// cue, quiet, and only when the reader turned sounds on (off by default).
import type { Cue } from "./events";
import { setting } from "./settings";

export interface AudioLike {
  currentTime: number;
  state: string;
  destination: unknown;
  resume(): Promise<void>;
  createOscillator(): {
    type: string;
    frequency: { setValueAtTime(v: number, t: number): void; exponentialRampToValueAtTime(v: number, t: number): void };
    connect(node: unknown): unknown;
    start(t: number): void;
    stop(t: number): void;
  };
  createGain(): {
    gain: { setValueAtTime(v: number, t: number): void; exponentialRampToValueAtTime(v: number, t: number): void };
    connect(node: unknown): unknown;
  };
}

/** A tone: frequency (Hz, sliding to `to`), start after `at` s, length s. */
interface Tone {
  hz: number;
  to?: number;
  at: number;
  length: number;
  wave: "sine" | "triangle" | "square";
  volume: number;
}

export const SOUNDS: Record<Cue["kind"], Tone[]> = {
  place: [{ hz: 520, to: 300, at: 0, length: 0.09, wave: "triangle", volume: 0.25 }],
  draw: [
    { hz: 340, at: 0, length: 0.05, wave: "sine", volume: 0.15 },
    { hz: 300, at: 0.07, length: 0.05, wave: "sine", volume: 0.15 },
  ],
  pass: [{ hz: 240, to: 180, at: 0, length: 0.14, wave: "sine", volume: 0.15 }],
  "your-turn": [
    { hz: 660, at: 0, length: 0.12, wave: "sine", volume: 0.18 },
    { hz: 880, at: 0.12, length: 0.16, wave: "sine", volume: 0.18 },
  ],
  "round-end": [
    { hz: 523, at: 0, length: 0.14, wave: "triangle", volume: 0.2 },
    { hz: 659, at: 0.13, length: 0.14, wave: "triangle", volume: 0.2 },
    { hz: 784, at: 0.26, length: 0.25, wave: "triangle", volume: 0.2 },
  ],
  "game-end": [
    { hz: 523, at: 0, length: 0.14, wave: "triangle", volume: 0.2 },
    { hz: 659, at: 0.13, length: 0.14, wave: "triangle", volume: 0.2 },
    { hz: 784, at: 0.26, length: 0.14, wave: "triangle", volume: 0.2 },
    { hz: 1047, at: 0.4, length: 0.35, wave: "triangle", volume: 0.2 },
  ],
};

let context: AudioLike | null = null;

function audio(make?: () => AudioLike): AudioLike | null {
  if (context) return context;
  const Made = (globalThis as { AudioContext?: new () => AudioLike }).AudioContext;
  try {
    context = make ? make() : Made ? new Made() : null;
  } catch {
    context = null;
  }
  return context;
}

/** Play a list of tones now; the number of tones started. */
export function playTones(tones: readonly Tone[], make?: () => AudioLike): number {
  const ctx = audio(make);
  if (!ctx) return 0;
  if (ctx.state === "suspended") void ctx.resume().catch(() => undefined);
  const now = ctx.currentTime;
  for (const tone of tones) {
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    const start = now + tone.at;
    osc.type = tone.wave;
    osc.frequency.setValueAtTime(tone.hz, start);
    if (tone.to) osc.frequency.exponentialRampToValueAtTime(tone.to, start + tone.length);
    gain.gain.setValueAtTime(tone.volume, start);
    gain.gain.exponentialRampToValueAtTime(0.001, start + tone.length);
    osc.connect(gain);
    gain.connect(ctx.destination);
    osc.start(start);
    osc.stop(start + tone.length + 0.02);
  }
  return tones.length;
}

/** The sounds of a frame's cues (one of each kind), if sounds are on. */
export function playCues(cues: readonly Cue[], make?: () => AudioLike): number {
  if (!setting("sounds") || cues.length === 0) return 0;
  const kinds = [...new Set(cues.map((c) => c.kind))];
  // The end of a round or game says it all; a placement and the turn that follows are one.
  const chosen = kinds.includes("game-end") ? ["game-end"] : kinds.includes("round-end") ? ["round-end"] : kinds;
  let started = 0;
  chosen.forEach((kind, i) => {
    const tones = SOUNDS[kind as Cue["kind"]].map((tone) => ({ ...tone, at: tone.at + i * 0.18 }));
    started += playTones(tones, make);
  });
  return started;
}

/** A first sound when the reader turns sounds on (a click allows audio). */
export function unlock(make?: () => AudioLike): void {
  playTones(SOUNDS.place, make);
}

/** Forget the audio context (tests). */
export function resetAudio(): void {
  context = null;
}
