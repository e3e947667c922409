// The time now, for countdowns: read at every render (a render after a
// frame shows the right seconds at once), with a tick while one is shown.
import { useEffect, useState } from "preact/hooks";

export function useNow(active: boolean, every = 250): number {
  const [, setTick] = useState(0);
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => setTick((n) => n + 1), every);
    return () => clearInterval(timer);
  }, [active, every]);
  return Date.now();
}
