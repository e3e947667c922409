// The rack: one button per tile (its accessible name is the tile, `2-4-5`);
// click or Enter selects, a drag onto a highlighted cell places.
import { useRef } from "preact/hooks";
import { t } from "../i18n";
import { tileNumbers } from "../tiles";
import { capture } from "./Board";

export function TileFace({ name, size = 44 }: { name: string; size?: number }) {
  const [a, b, c] = tileNumbers(name);
  const h = (size * Math.sqrt(3)) / 2;
  return (
    <svg width={size} height={h} viewBox={`0 0 ${size} ${h}`} aria-hidden="true" class="face">
      <polygon points={`${size / 2},1 ${size - 1},${h - 1} 1,${h - 1}`} />
      <text x={size / 2} y={h * 0.42}>
        {a}
      </text>
      <text x={size * 0.74} y={h * 0.88}>
        {b}
      </text>
      <text x={size * 0.26} y={h * 0.88}>
        {c}
      </text>
    </svg>
  );
}

export function Rack(props: {
  hand: string[];
  selected: string | null;
  playable: Set<string>;
  myTurn: boolean;
  onSelect(tile: string): void;
  onArrow(): void;
  onRotate(): void;
  onDrop(action: string, tile: string): void;
}) {
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
      ghost.textContent = d.tile;
      document.body.appendChild(ghost);
      d.ghost = ghost;
      dragged.current = true;
    }
    d.ghost.style.left = `${event.clientX}px`;
    d.ghost.style.top = `${event.clientY}px`;
  };
  const up = (event: PointerEvent) => {
    const d = drag.current;
    drag.current = null;
    if (!d?.ghost) return;
    d.ghost.remove();
    const under = document.elementFromPoint(event.clientX, event.clientY)?.closest("[data-action]");
    const action = under?.getAttribute("data-action");
    if (action) props.onDrop(action, d.tile);
  };

  return (
    <ul class="rack" aria-label={t("Your tiles")}>
      {props.hand.map((tile) => (
        <li key={tile}>
          <button
            type="button"
            class={`rack-tile${props.selected === tile ? " selected" : ""}${props.myTurn && !props.playable.has(tile) ? " nofit" : ""}`}
            aria-pressed={props.selected === tile}
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
            <TileFace name={tile} />
            <span class="sr">{tile}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}
