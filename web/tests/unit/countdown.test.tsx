// @vitest-environment happy-dom
// A countdown shows the right seconds from its first render: the time is
// read when the page renders, never kept from before the countdown began
// (the round-end countdown showed 278 for half a second, then 30).
import { render } from "preact";
import { act } from "preact/test-utils";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useNow } from "../../src/ui/useNow";

function Countdown({ deadline }: { deadline: number | null }) {
  const now = useNow(deadline !== null);
  return <p>{deadline === null ? "-" : String(Math.ceil(deadline - now / 1000))}</p>;
}

describe("the countdown", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date("2026-01-01T12:00:00Z"));
  });
  afterEach(() => vi.useRealTimers());

  it("is right at its first frame after minutes without one", () => {
    const root = document.createElement("div");
    act(() => render(<Countdown deadline={null} />, root));
    // The round is played for four minutes: no countdown, no tick.
    vi.setSystemTime(Date.now() + 248_000);
    const deadline = Date.now() / 1000 + 30;
    act(() => render(<Countdown deadline={deadline} />, root));
    expect(root.textContent).toBe("30");
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(root.textContent).toBe("29");
    act(() => render(<Countdown deadline={null} />, root));
    expect(root.textContent).toBe("-");
  });
});
