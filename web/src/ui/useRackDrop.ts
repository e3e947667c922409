/**
 * Dragging a rack tile onto the board, for every page with a rack: the
 * cell the tile would snap to while it is dragged (the board outlines it)
 * and, on the drop, the legal placement there in the rotation chosen.
 * The cells are the view's legal ones: the page never decides a rule.
 */
import { useState } from "preact/hooks";
import { SIDE, nearestCell } from "../geometry";
import { cellKey, spotsFor } from "../tiles";
import type { Legal } from "../types";
import { boardPoint, optionAt } from "./Board";

/** How far from a highlighted cell's middle a dragged tile still snaps to it. */
const SNAP = SIDE * 0.9;

export function useRackDrop() {
  const [snap, setSnap] = useState<string | null>(null);
  return {
    /** The key of the cell a dragged tile would land on, if any. */
    snap,
    clear: () => setSnap(null),
    /** The rack's drag and drop handlers for the legal actions of now
     * (a hook is called before the page knows them: on its first render
     * the view may not be there yet). */
    handlers(legal: readonly Legal[], rotation: number, play: (action: string) => void) {
      const spotAt = (tile: string, x: number, y: number) => {
        const at = Number.isNaN(x) ? null : boardPoint(x, y);
        return at ? nearestCell(spotsFor(tile, legal), at, SNAP) : null;
      };
      return {
        onDrag: (tile: string, x: number, y: number): boolean => {
          const spot = spotAt(tile, x, y);
          const key = spot ? cellKey(spot.cell) : null;
          if (key !== snap) setSnap(key);
          return key !== null;
        },
        onDrop: (tile: string, x: number, y: number) => {
          setSnap(null);
          const spot = spotAt(tile, x, y);
          if (spot) play(optionAt(spot, rotation).action);
        },
      };
    },
  };
}
