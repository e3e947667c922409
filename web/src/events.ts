// What a change did, read from the events of a `state` frame (PROTOCOL-19
// §2): the sentences said to a screen reader, the cues for motion and
// sound, and which moves of the log a stand-in played. The page's state
// (board, log, scores) comes from the view alone; events only tell what
// just happened, so that nothing is rebuilt by comparing views.
import { nt, t } from "./i18n";
import { moveText, reasonText } from "./narrate";
import { cellKey, parsePlacement, tileName } from "./tiles";
import type { GameEvent, LogEntry, View } from "./types";

export type Say = () => string;

/** Names by seat, asked again when the reader changes language. */
export type Names = () => readonly string[];

export type Cue =
  | { kind: "place"; seat: number; cell: string; by?: string }
  | { kind: "draw"; seat: number; tile: string | null }
  | { kind: "pass"; seat: number }
  | { kind: "round-end"; out: number | null }
  | { kind: "game-end" }
  | { kind: "your-turn" };

function list(names: readonly string[], seats: readonly number[]): string {
  return seats.map((s) => names[s] ?? "").join(", ");
}

/** Who did it, in words: a stand-in is named as the bot playing for someone. */
function actor(names: readonly string[], seat: number, me: number | null, by: string | undefined): { who: string; mine: boolean } {
  if (by === "stand-in") {
    return seat === me
      ? { who: t("The bot playing for you"), mine: false }
      : { who: t("The bot playing for {name}", { name: names[seat] ?? "" }), mine: false };
  }
  return { who: names[seat] ?? "", mine: seat === me };
}

function winnersText(names: readonly string[], winners: readonly number[], me: number | null): string {
  if (winners.length === 1 && winners[0] === me) return t("You win.");
  return winners.length === 1
    ? t("Winner: {name}", { name: names[winners[0] ?? 0] ?? "" })
    : t("Shared win: {names}", { names: list(names, winners) });
}

/** Who went out, as the round summary says it. */
export function outText(names: readonly string[], out: number | null | undefined, me: number | null, reason: string): string {
  if (reason !== "out" || out === null || out === undefined) return reasonText(reason);
  return out === me ? t("You went out.") : t("{name} went out.", { name: names[out] ?? "" });
}

/** The sentences for a frame's events, in order. */
export function narrate(events: readonly GameEvent[], view: View, names: Names): Say[] {
  const me = view.seat;
  const out: Say[] = [];
  events.forEach((event, index) => {
    switch (event.type) {
      case "game-started":
        out.push(() => t("Game {n} begins.", { n: event.game }));
        break;
      case "round-dealt":
        out.push(() =>
          event.opener === me
            ? `${t("Round {n} begins.", { n: event.round })} ${t("You open.")}`
            : `${t("Round {n} begins.", { n: event.round })} ${t("{name} opens.", { name: names()[event.opener] ?? "" })}`,
        );
        break;
      case "action": {
        const next = events[index + 1];
        const tile = next?.type === "drew" && next.seat === event.seat && next.tile ? next.tile : undefined;
        const entry: LogEntry = { seat: event.seat, action: event.action, points: event.points };
        if (event.bonus) entry.bonus = event.bonus;
        if (tile) entry.tile = tile;
        out.push(() => {
          const { who, mine } = actor(names(), event.seat, me, event.by);
          return moveText(entry, who, mine);
        });
        break;
      }
      case "round-ended":
        out.push(() => `${t("Round {n} is over.", { n: event.round })} ${outText(names(), event.out, me, event.reason)}`);
        break;
      case "game-ended":
        out.push(() => `${t("The game is over.")} ${winnersText(names(), event.winners, me)}`);
        break;
      case "taken-back": {
        const placement = parsePlacement(event.action);
        const tile = placement ? tileName(placement.corners) : event.action;
        out.push(() =>
          event.seat === me ? t("You took back {tile}.", { tile }) : t("{name} took back {tile}.", { name: names()[event.seat] ?? "", tile }),
        );
        break;
      }
      case "takeback-asked":
        if (event.seat !== me) out.push(() => t("{name} asks to take back their last move.", { name: names()[event.seat] ?? "" }));
        break;
      case "takeback-answered":
        if (event.seat !== me)
          out.push(() =>
            event.accept
              ? t("{name} allowed the takeback.", { name: names()[event.seat] ?? "" })
              : t("{name} refused the takeback.", { name: names()[event.seat] ?? "" }),
          );
        break;
      case "stand-in":
        out.push(() => {
          const name = names()[event.seat] ?? "";
          if (event.on) return event.seat === me ? t("A bot is playing for you.") : t("A bot is playing for {name}.", { name });
          return event.seat === me ? t("You have your seat back.") : t("{name} is back.", { name });
        });
        break;
      case "ready":
        if (event.seat !== me) out.push(() => t("{name} is ready for the next round.", { name: names()[event.seat] ?? "" }));
        break;
      case "rematch":
        if (event.seat !== me)
          out.push(() =>
            event.accept
              ? t("{name} wants to play again.", { name: names()[event.seat] ?? "" })
              : t("{name} does not want to play again.", { name: names()[event.seat] ?? "" }),
          );
        break;
      case "seat-taken":
        out.push(() => t("{name} took a seat.", { name: event.name }));
        break;
      case "drew":
        break;
    }
  });
  const moved = events.some((e) => e.type === "action" || e.type === "round-dealt" || e.type === "taken-back" || e.type === "game-started");
  if (moved && me !== null && view.to_move === me && !view.round_end && !view.table.seats[me]?.stand_in) {
    out.push(() => nt("Your turn. You hold {n} tile.", "Your turn. You hold {n} tiles.", view.hand.length));
  }
  return out;
}

/** The motion and sound a frame's events call for. */
export function cuesOf(events: readonly GameEvent[], view: View): Cue[] {
  const out: Cue[] = [];
  for (const event of events) {
    if (event.type === "action") {
      const placement = parsePlacement(event.action);
      if (placement) {
        const cue: Cue = { kind: "place", seat: event.seat, cell: cellKey(placement.cell) };
        if (event.by) cue.by = event.by;
        out.push(cue);
      } else if (event.action === "pass") out.push({ kind: "pass", seat: event.seat });
    } else if (event.type === "drew") out.push({ kind: "draw", seat: event.seat, tile: event.tile });
    else if (event.type === "round-ended") out.push({ kind: "round-end", out: event.out });
    else if (event.type === "game-ended") out.push({ kind: "game-end" });
  }
  const me = view.seat;
  const moved = events.some((e) => e.type === "action" || e.type === "round-dealt" || e.type === "game-started" || e.type === "taken-back");
  if (moved && me !== null && view.to_move === me && !view.round_end && !view.table.seats[me]?.stand_in) out.push({ kind: "your-turn" });
  return out;
}

/** The key of a move in the log: the game, the round and its place. */
export function moveKey(game: number, round: number, index: number): string {
  return `${game}:${round}:${index}`;
}

/** The log places of this frame's moves that a bot played for an absent
 * person: a frame's actions of the view's round are the last ones of its
 * log, in order (each checked against the log, so a mismatch marks nothing). */
export function standInMoves(events: readonly GameEvent[], view: View): string[] {
  const actions = events.filter((e): e is Extract<GameEvent, { type: "action" }> => e.type === "action" && e.round === view.round);
  const first = view.log.length - actions.length;
  const out: string[] = [];
  actions.forEach((event, i) => {
    const entry = view.log[first + i];
    if (event.by === "stand-in" && entry && entry.seat === event.seat && entry.action === event.action) {
      out.push(moveKey(view.table.game, view.round, first + i));
    }
  });
  return out;
}
