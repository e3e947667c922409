// The board: SVG triangles with their numbers at the corners (turned as on
// printed tiles), each player's last placement outlined in their colour,
// the cells where the selected tile may go (each a button named with where
// and how many points), pan and zoom by mouse, wheel, touch pinch and
// buttons. A screen reader hears the board described, not its digits.
import { useEffect, useLayoutEffect, useRef, useState } from "preact/hooks";
import type { JSX } from "preact";
import { t } from "../i18n";
import { bonusText } from "../narrate";
import { type Box, bounds, cellPoints, centroid, nearestInDirection, numberAngle, numberSpot, SIDE, zoomBox } from "../geometry";
import { seatColour } from "../players";
import { type Cell, type Option, type Spot, cellKey } from "../tiles";
import type { Placed } from "../types";

export interface BoardProps {
  board: readonly Placed[];
  spots: readonly Spot[];
  rotation: number;
  tile: string | null;
  fresh: string | null;
  hint: string | null;
  onPlace(option: Option): void;
  onRotate(): void;
  onEscape(): void;
  /** Each new value moves the focus to the first highlighted cell. */
  focusRequest: number;
  /** A placement outlined on the board (the replay's analysis: the best move). */
  outline?: Placed | null;
  /** Each seat's last placement (cell key → seat), outlined in its colour. */
  last?: ReadonlyMap<string, number>;
  /** Each seat's initial, shown on its last placement. */
  initials?: readonly string[];
  /** Each seat's colour (CSS); by default by seat number. */
  colours?: readonly string[];
  /** Cells placed by the latest change: they arrive with a short motion. */
  arrived?: ReadonlySet<string>;
  /** The spot a dragged tile snaps to (cell key). */
  snap?: string | null;
  /** What a screen reader hears of the board. */
  description?: string;
  /** Cells drawn marked (a puzzle's answer: the hexagon or bridge the best move completes). */
  highlight?: readonly Cell[];
  /** On a phone, the cells the first view fits (a puzzle's open cells), not the whole layout. */
  focus?: readonly Cell[];
}

/** Where a point of the screen is on the board (the first board of the page). */
export function boardPoint(clientX: number, clientY: number): [number, number] | null {
  const element = document.querySelector<SVGSVGElement>("svg.board");
  const matrix = element?.getScreenCTM();
  if (!element || !matrix) return null;
  const r = element.getBoundingClientRect();
  if (clientX < r.left || clientX > r.right || clientY < r.top || clientY > r.bottom) return null;
  const p = new DOMPoint(clientX, clientY).matrixTransform(matrix.inverse());
  return [p.x, p.y];
}

/** Keep a pointer's moves coming to this element (not possible for every pointer). */
export function capture(event: PointerEvent): void {
  try {
    (event.currentTarget as Element).setPointerCapture(event.pointerId);
  } catch {
    // a pointer that is not active (a synthetic event): moves still arrive here
  }
}

function points(cell: Cell): string {
  return cellPoints(cell)
    .map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`)
    .join(" ");
}

export function optionAt(spot: Spot, rotation: number): Option {
  return spot.options[rotation % spot.options.length] ?? spot.options[0]!;
}

export function spotLabel(tile: string, spot: Spot, option: Option): string {
  const bonus = bonusText(option.legal.bonus);
  const where = t("row {row}, column {column}", { row: spot.cell[1], column: spot.cell[0] });
  return bonus
    ? t("Place {tile} at {where}: {points} points, {bonus}", { tile, where, points: option.points, bonus })
    : t("Place {tile} at {where}: {points} points", { tile, where, points: option.points });
}

function Numbers({ cell, corners, class: cls }: { cell: Cell; corners: readonly number[]; class: string }) {
  return (
    <>
      {corners.map((n, i) => {
        const [x, y] = numberSpot(cell, i);
        return (
          <text x={x.toFixed(1)} y={y.toFixed(1)} class={cls} key={i} transform={`rotate(${numberAngle(cell, i)} ${x.toFixed(1)} ${y.toFixed(1)})`}>
            {n}
          </text>
        );
      })}
    </>
  );
}

export function Board(props: BoardProps) {
  const svg = useRef<SVGSVGElement>(null);
  const outline = props.outline ?? null;
  const highlight = props.highlight ?? [];
  const cells: Cell[] = [...props.board.map((p) => p.cell), ...props.spots.map((s) => s.cell), ...(outline ? [outline.cell] : []), ...highlight];
  const [narrow, setNarrow] = useState(false);
  // On a phone a few tiles fill the width, so that the numbers are big enough to read.
  const fitted = narrow && props.focus?.length ? [...props.focus, ...props.spots.map((s) => s.cell), ...(outline ? [outline.cell] : []), ...highlight] : cells;
  const fit = bounds(fitted, SIDE, narrow ? 5 * SIDE : 8 * SIDE);
  const [box, setBox] = useState<Box>(fit);
  const [moved, setMoved] = useState(false);
  const pointers = useRef(new Map<number, [number, number]>());
  const spotRefs = useRef<(SVGGElement | null)[]>([]);
  const fitKey = `${fit.x},${fit.y},${fit.width},${fit.height}`;

  useEffect(() => {
    if (!moved) setBox(fit);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fitKey, moved]);

  useEffect(() => {
    const element = svg.current;
    if (!element || typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(() => setNarrow(element.clientWidth > 0 && element.clientWidth < 520));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const toBoard = (clientX: number, clientY: number): [number, number] => {
    const element = svg.current;
    const matrix = element?.getScreenCTM();
    if (!element || !matrix) return [box.x + box.width / 2, box.y + box.height / 2];
    const p = new DOMPoint(clientX, clientY).matrixTransform(matrix.inverse());
    return [p.x, p.y];
  };

  useEffect(() => {
    const element = svg.current;
    if (!element) return;
    const wheel = (event: WheelEvent) => {
      event.preventDefault();
      const at = toBoard(event.clientX, event.clientY);
      setMoved(true);
      setBox((b) => zoomBox(b, Math.exp(-event.deltaY * 0.0015), at));
    };
    element.addEventListener("wheel", wheel, { passive: false });
    return () => element.removeEventListener("wheel", wheel);
  });

  const down = (event: PointerEvent) => {
    if ((event.target as Element).closest?.(".spot")) return;
    capture(event);
    pointers.current.set(event.pointerId, [event.clientX, event.clientY]);
  };
  const move = (event: PointerEvent) => {
    const map = pointers.current;
    const before = map.get(event.pointerId);
    if (!before) return;
    const element = svg.current;
    const rect = element?.getBoundingClientRect();
    if (!rect || rect.width === 0) return;
    const scale = Math.max(box.width / rect.width, box.height / rect.height);
    if (map.size === 1) {
      const dx = (event.clientX - before[0]) * scale;
      const dy = (event.clientY - before[1]) * scale;
      if (dx !== 0 || dy !== 0) {
        setMoved(true);
        setBox((b) => ({ ...b, x: b.x - dx, y: b.y - dy }));
      }
    } else if (map.size === 2) {
      const other = [...map.entries()].find(([id]) => id !== event.pointerId)?.[1];
      if (other) {
        const d0 = Math.hypot(before[0] - other[0], before[1] - other[1]);
        const d1 = Math.hypot(event.clientX - other[0], event.clientY - other[1]);
        if (d0 > 0 && d1 > 0) {
          const at = toBoard((event.clientX + other[0]) / 2, (event.clientY + other[1]) / 2);
          setMoved(true);
          setBox((b) => zoomBox(b, d1 / d0, at));
        }
      }
    }
    map.set(event.pointerId, [event.clientX, event.clientY]);
  };
  const up = (event: PointerEvent) => {
    pointers.current.delete(event.pointerId);
  };

  const ordered = props.spots;
  const focus = (index: number) => spotRefs.current[index]?.focus();

  useLayoutEffect(() => {
    if (props.focusRequest > 0) focus(0);
  }, [props.focusRequest]);

  const keyOnSpot = (event: KeyboardEvent, index: number, option: Option) => {
    const spot = ordered[index];
    if (!spot) return;
    const directions: Record<string, "left" | "right" | "up" | "down"> = {
      ArrowLeft: "left",
      ArrowRight: "right",
      ArrowUp: "up",
      ArrowDown: "down",
    };
    const direction = directions[event.key];
    if (direction) {
      event.preventDefault();
      const next = nearestInDirection(spot.cell, ordered.map((s) => s.cell), direction);
      const target = next
        ? ordered.findIndex((s) => s.cell[0] === next[0] && s.cell[1] === next[1])
        : (index + (direction === "right" || direction === "down" ? 1 : ordered.length - 1)) % ordered.length;
      focus(target);
    } else if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      props.onPlace(option);
    } else if (event.key === "r" || event.key === "R") {
      event.preventDefault();
      props.onRotate();
    } else if (event.key === "Escape") {
      event.preventDefault();
      props.onEscape();
    }
  };

  const zoom = (factor: number) => {
    setMoved(true);
    setBox((b) => zoomBox(b, factor, [b.x + b.width / 2, b.y + b.height / 2]));
  };

  const placed: JSX.Element[] = props.board.map((p) => {
    const key = cellKey(p.cell);
    const arrived = props.arrived?.has(key) ?? key === props.fresh;
    const seat = props.last?.get(key);
    const cls = `tile${key === props.fresh ? " fresh" : ""}${arrived ? " arrive" : ""}${seat !== undefined ? " last" : ""}`;
    return (
      <g class={cls} key={key} data-cell={key} data-seat={seat}>
        <polygon points={points(p.cell)} />
        <Numbers cell={p.cell} corners={p.corners} class="n" />
      </g>
    );
  });
  // Each player's last placement, outlined in their colour with their
  // initial, drawn over the tiles so that no neighbour hides the outline.
  const marks: JSX.Element[] = props.board.flatMap((p) => {
    const key = cellKey(p.cell);
    const seat = props.last?.get(key);
    if (seat === undefined) return [];
    const [cx, cy] = centroid(p.cell);
    const initial = props.initials?.[seat];
    return [
      <g class="mark" key={key} data-seat={seat} style={{ "--who": props.colours?.[seat] ?? seatColour(seat) }}>
        <polygon points={points(p.cell)} />
        {initial && (
          <>
            <circle cx={cx} cy={cy} r={initial.length > 1 ? 10 : 8.5} />
            <text x={cx} y={cy}>
              {initial}
            </text>
          </>
        )}
      </g>,
    ];
  });

  return (
    <div class="board-wrap">
      <svg
        ref={svg}
        class="board"
        viewBox={`${box.x} ${box.y} ${box.width} ${box.height}`}
        preserveAspectRatio="xMidYMid meet"
        role="group"
        aria-label={t("Board")}
        aria-describedby={props.description ? "board-text" : undefined}
        onPointerDown={down}
        onPointerMove={move}
        onPointerUp={up}
        onPointerCancel={up}
      >
        <g aria-hidden="true">
          {placed}
          {highlight.length > 0 && (
            <g class="marked">
              {highlight.map((cell) => (
                <polygon points={points(cell)} key={cellKey(cell)} data-cell={cellKey(cell)} />
              ))}
            </g>
          )}
          {marks}
        </g>
        {outline && (
          <g class="tile outline" aria-hidden="true">
            <polygon points={points(outline.cell)} />
            {!props.board.some((p) => cellKey(p.cell) === cellKey(outline.cell)) && (
              <Numbers cell={outline.cell} corners={outline.corners} class="n" />
            )}
          </g>
        )}
        {ordered.map((spot, index) => {
          const option = optionAt(spot, props.rotation);
          const label = spotLabel(props.tile ?? "", spot, option);
          const [cx, cy] = centroid(spot.cell);
          const bonus = option.legal.bonus;
          const named = bonus && (bonus.hexagons > 0 || bonus.bridge || bonus.two_sided);
          const key = cellKey(spot.cell);
          return (
            <g
              key={key}
              ref={(el) => {
                spotRefs.current[index] = el;
              }}
              class={`spot${props.hint === option.action ? " hinted" : ""}${props.snap === key ? " snap" : ""}`}
              role="button"
              tabindex={index === 0 ? 0 : -1}
              data-action={option.action}
              data-cell={key}
              onClick={() => props.onPlace(option)}
              onKeyDown={(e) => keyOnSpot(e, index, option)}
            >
              <title>{label}</title>
              <polygon points={points(spot.cell)} />
              <g aria-hidden="true">
              <Numbers cell={spot.cell} corners={option.corners} class="n ghost" />
              <text x={cx} y={cy + 4} class="pts">
                {option.points}
              </text>
              {named && (
                <text x={cx} y={cy + 15} class="bonus">
                  {bonus.hexagons > 0 ? t("hexagon") : bonus.bridge ? t("bridge") : t("two-sided")}
                </text>
              )}
              {spot.options.length > 1 && (
                <text x={cx} y={cy - 9} class="more">
                  {`${(props.rotation % spot.options.length) + 1}/${spot.options.length}`}
                </text>
              )}
              </g>
            </g>
          );
        })}
      </svg>
      {props.description && (
        <p id="board-text" class="sr">
          {props.description}
        </p>
      )}
      <div class="zoom" role="group" aria-label={t("Zoom")}>
        <button type="button" onClick={() => zoom(1.25)} aria-label={t("Zoom in")}>
          +
        </button>
        <button type="button" onClick={() => zoom(0.8)} aria-label={t("Zoom out")}>
          −
        </button>
        <button
          type="button"
          onClick={() => {
            setMoved(false);
            setBox(fit);
          }}
          aria-label={t("Centre the layout")}
        >
          ◎
        </button>
      </div>
    </div>
  );
}
