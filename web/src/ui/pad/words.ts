// The pad's words for what its model reports (flags, bonuses, breakdowns).
import { nt, t } from "../../i18n";
import { bonusAmount, type Bonus, type Flag, type Rules, type TurnScore } from "../../pad/model";

export function bonusLabel(bonus: Bonus): string {
  if (bonus.kind === "bridge") return t("Bridge");
  if (bonus.kind === "two-sided") return t("Two-sided");
  if (bonus.count === 2) return t("Hexagon ×2");
  if (bonus.count === 3) return t("Hexagon ×3");
  return t("Hexagon");
}

/** The bonus buttons a rule set has: a bonus it pays nothing for is not offered. */
export function bonusChoices(rules: Rules): Bonus[] {
  const all: Bonus[] = [
    { kind: "hexagon", count: 1 },
    { kind: "hexagon", count: 2 },
    { kind: "hexagon", count: 3 },
    { kind: "bridge", count: 1 },
    { kind: "two-sided", count: 1 },
  ];
  return all.filter((bonus) => bonusAmount(rules, bonus) > 0);
}

export function flagText(flag: Flag): string {
  const p = flag.params;
  switch (flag.code) {
    case "not-a-tile":
      return t("{tile} is not a tile of this set (a mirror image?)", p);
    case "twice":
      return t("{tile} was already placed or counted in this round", p);
    case "too-many-draws":
      return t("{draws} tiles drawn: the rules allow {max} a turn", p);
    case "pool-empty":
      return t("{draws} tiles drawn, but the pool held {pool}", p);
    case "could-draw":
      return t("a pass while a tile could still be drawn");
    case "opening-draw":
      return t("the round's first turn places a tile");
    case "no-such-bonus":
      return t("these rules pay no such bonus");
    case "bonus-on-opening":
      return t("the round's first tile cannot make a bonus shape");
    case "after-round":
      return t("a turn after the round was over");
    case "cycle-unfinished":
      return t("the round ended before the last turns were taken");
    case "after-game":
      return t("a round after the game was over");
    case "out-with-tiles":
      return nt(
        "{player} went out, but by the count still holds {n} tile",
        "{player} went out, but by the count still holds {n} tiles",
        Number(p["tiles"]),
        p,
      );
    case "hand-too-large":
      return nt(
        "{player}: {n} tile in the hand, but by the count {held} at most",
        "{player}: {n} tiles in the hand, but by the count {held} at most",
        Number(p["tiles"]),
        p,
      );
    case "hand-worth-too-much":
      return nt(
        "{player}: a hand worth {value}, but {n} tile is worth {most} at most",
        "{player}: a hand worth {value}, but {n} tiles are worth {most} at most",
        Number(p["held"]),
        p,
      );
  }
}

/** E.g. "tile 12 · opening +10 · drawn −10 = 12"; nothing for a plain tile. */
export function breakdown(turn: TurnScore): string {
  const parts: string[] = [];
  if (turn.tile === null) parts.push(t("pass −{n}", { n: turn.passPenalty }));
  else parts.push(t("tile {n}", { n: turn.value }));
  if (turn.opening) parts.push(t("opening +{n}", { n: turn.opening }));
  if (turn.bonus) parts.push(t("bonus +{n}", { n: turn.bonus }));
  if (turn.drawPenalty) parts.push(t("drawn −{n}", { n: turn.drawPenalty }));
  return parts.length > 1 || turn.tile === null ? `${parts.join(" · ")} = ${turn.points}` : "";
}
