// The rack: one button per tile (its accessible name is the tile, `2-4-5`,
// and ", fits nowhere" on one's turn when it has no place); click or Enter
// selects, a drag snaps to the nearest highlighted cell and places there.
import { useRef } from "preact/hooks";
import { t } from "../i18n";
import { tileNumbers } from "../tiles";
import { capture } from "./Board";

/** A tile as printed: each number near its corner, its top toward the corner. */
export function TileFace({ name, size = 44 }: { name: string; size?: number }) {
  const numbers = tileNumbers(name);
  const h = (size * Math.sqrt(3)) / 2;
  const corners: [number, number][] = [
    [size / 2, 1],
    [size - 1, h - 1],
    [1, h - 1],
  ];
  const cx = size / 2;
  const cy = (1 + 2 * (h - 1)) / 3;
  const angles = [0, 120, 240];
  return (
    <svg width={size} height={h} viewBox={`0 0 ${size} ${h}`} aria-hidden="true" class="face">
      <polygon points={corners.map(([x, y]) => `${x},${y}`).join(" ")} />
      {numbers.map((n, i) => {
        const [px, py] = corners[i]!;
        const x = px + (cx - px) * 0.44;
        const y = py + (cy - py) * 0.44;
        return (
          <text x={x} y={y} font-size={(size * 0.3).toFixed(1)} transform={`rotate(${angles[i]} ${x.toFixed(1)} ${y.toFixed(1)})`} key={i}>
            {n}
          </text>
        );
      })}
    </svg>
  );
}

export interface Drop {
  /** The pointer moved to (x, y) with the tile: whether it would snap to a cell there. */
  onDrag(tile: string, x: number, y: number): boolean;
  /** Let go at (x, y): placed where it snaps, if anywhere. */
  onDrop(tile: string, x: number, y: number): void;
}

export function Rack(
  props: {
    hand: string[];
    selected: string | null;
    playable: Set<string>;
    myTurn: boolean;
    /** Tiles just drawn (they slide in). */
    fresh: readonly string[];
    onSelect(tile: string): void;
    onArrow(): void;
    onRotate(): void;
  } & Drop,
) {
  const drag = useRef<{ tile: string; x: number; y: number; ghost: HTMLElement | null; id: number } | null>(null);
  const dragged = useRef(false);

  const down = (event: PointerEvent, tile: string) => {
    if (!props.myTurn || event.button !== 0) return;
    drag.current = { tile, x: event.clientX, y: event.clientY, ghost: null, id: event.pointerId };
    dragged.current = false;
    capture(event); // the moves off the button still come here
  };
  const move = (event: PointerEvent) => {
    const d = drag.current;
    if (!d || d.id !== event.pointerId) return;
    if (!d.ghost) {
      if (Math.hypot(event.clientX - d.x, event.clientY - d.y) < 8) return;
      if (props.selected !== d.tile) props.onSelect(d.tile);
      const ghost = document.createElement("div");
      ghost.className = "ghost-tile";
      const face = (event.currentTarget as Element).querySelector("svg.face");
      if (face) ghost.appendChild(face.cloneNode(true));
      document.body.appendChild(ghost);
      d.ghost = ghost;
      dragged.current = true;
    }
    d.ghost.style.left = `${event.clientX}px`;
    d.ghost.style.top = `${event.clientY}px`;
    d.ghost.classList.toggle("snapped", props.onDrag(d.tile, event.clientX, event.clientY));
  };
  const up = (event: PointerEvent) => {
    const d = drag.current;
    drag.current = null;
    if (!d?.ghost) return;
    d.ghost.remove();
    if (event.type === "pointercancel") props.onDrag(d.tile, Number.NaN, Number.NaN);
    else props.onDrop(d.tile, event.clientX, event.clientY);
  };

  return (
    <ul class="rack" aria-label={t("Your tiles")}>
      {props.hand.map((tile) => {
        const nowhere = props.myTurn && !props.playable.has(tile);
        return (
          <li key={tile}>
            <button
              type="button"
              class={`rack-tile${props.selected === tile ? " selected" : ""}${nowhere ? " nofit" : ""}${props.fresh.includes(tile) ? " drawn" : ""}`}
              aria-pressed={props.selected === tile}
              data-tile={tile}
              onPointerDown={(e) => down(e, tile)}
              onPointerMove={move}
              onPointerUp={up}
              onPointerCancel={up}
              onClick={() => {
                if (dragged.current) {
                  dragged.current = false;
                  return;
                }
                props.onSelect(tile);
              }}
              onKeyDown={(e) => {
                if (e.key.startsWith("Arrow") && props.selected === tile) {
                  e.preventDefault();
                  props.onArrow();
                } else if ((e.key === "r" || e.key === "R") && props.selected === tile) {
                  e.preventDefault();
                  props.onRotate();
                }
              }}
            >
              <TileFace name={tile} size={56} />
              <span class="sr">{nowhere ? t("{tile}, fits nowhere", { tile }) : tile}</span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
