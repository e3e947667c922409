// A rating's history as a line, one step a rated game (SVG, no library):
// the start at 1500, a dot at each game, a grid of round ratings on the
// left, the latest at the end. Drawn at the width it is shown at (so its
// words keep their size on a phone as on a wide screen).
import { useEffect, useRef, useState } from "preact/hooks";
import { language, nt, t } from "../../i18n";

export interface Point {
  rating: number;
  at: number;
}

const H = 180;
const LEFT = 44;
const RIGHT = 52;
const TOP = 14;
const BOTTOM = 22;

/** The y of each rating and the rounded steps of the grid between. */
export function scale(ratings: number[]): { low: number; high: number; y: (r: number) => number; grid: number[] } {
  const least = Math.min(...ratings);
  const most = Math.max(...ratings);
  const step = most - least > 400 ? 200 : most - least > 150 ? 100 : 50;
  const low = Math.floor((least - 10) / step) * step;
  const high = Math.ceil((most + 10) / step) * step;
  const y = (r: number) => TOP + ((high - r) / (high - low)) * (H - TOP - BOTTOM);
  const grid = [];
  for (let g = low; g <= high; g += step) grid.push(g);
  return { low, high, y, grid };
}

export function RatingChart({ points, label }: { points: Point[]; label: string }) {
  const format = new Intl.NumberFormat(language());
  const figure = useRef<HTMLElement>(null);
  const [W, setW] = useState(600);
  useEffect(() => {
    const element = figure.current;
    if (!element || typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(() => setW(Math.max(240, Math.round(element.clientWidth))));
    observer.observe(element);
    return () => observer.disconnect();
  }, [points.length > 0]);
  if (points.length === 0) return <p class="muted">{t("No rated game yet.")}</p>;
  const all = [1500, ...points.map((p) => p.rating)];
  const { y, grid } = scale(all);
  const x = (i: number) => LEFT + (all.length === 1 ? 0 : (i / (all.length - 1)) * (W - LEFT - RIGHT));
  const path = all.map((r, i) => `${i === 0 ? "M" : "L"}${x(i).toFixed(1)},${y(r).toFixed(1)}`).join(" ");
  const last = all[all.length - 1] ?? 1500;
  const least = Math.min(...all);
  const most = Math.max(...all);
  const describe = nt(
    "{n} rated game: from 1,500 to {last}; lowest {low}, highest {high}.",
    "{n} rated games: from 1,500 to {last}; lowest {low}, highest {high}.",
    points.length,
    { last: format.format(last), low: format.format(least), high: format.format(most) },
  );
  return (
    <figure class="chart" ref={figure}>
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label={`${label}. ${describe}`} preserveAspectRatio="xMidYMid meet">
        {grid.map((g) => (
          <g key={g} class="grid">
            <line x1={LEFT} x2={W - RIGHT} y1={y(g)} y2={y(g)} />
            <text x={LEFT - 6} y={y(g)}>
              {format.format(g)}
            </text>
          </g>
        ))}
        <path class="line" d={path} />
        {all.map((r, i) =>
          i === 0 ? null : (
            <circle key={i} cx={x(i)} cy={y(r)} r={all.length > 40 ? 2 : 3.5} class={i === all.length - 1 ? "dot last" : "dot"}>
              <title>{t("Game {n}: {rating}", { n: i, rating: format.format(r) })}</title>
            </circle>
          ),
        )}
        <text class="end" x={x(all.length - 1) + 8} y={y(last)}>
          {format.format(last)}
        </text>
      </svg>
      <figcaption class="muted">{describe}</figcaption>
    </figure>
  );
}
