import { describe, expect, it } from "vitest";
import { cuesOf, moveKey, narrate, standInMoves } from "../../src/events";
import type { GameEvent, TableInfo, TableSeat, View } from "../../src/types";

function seat(name: string, extra: Partial<TableSeat> = {}): TableSeat {
  return { seat: 0, table_seat: 0, name, kind: "human", bot: null, connected: true, stand_in: false, ready: false, resigned: false, player: null, deleted: false, ...extra };
}

function table(seats: TableSeat[]): TableInfo {
  return {
    id: "T",
    status: "playing",
    game: 1,
    settings: { turn_seconds: null, next_seconds: 30, bot_pace: 0.6, rematch_seconds: 60, rated: false },
    seats,
    commitments: [],
    clock: null,
    next: null,
    takeback: null,
    rematch: null,
    chat: [],
    now: 0,
  };
}

/** A view as the server sends it: engine seats, this round's log. */
function view(extra: Partial<View> = {}): View {
  return {
    seat: 0,
    rules: {},
    players: 2,
    round: 1,
    phase: "playing",
    hand: ["0-0-1", "1-2-3"],
    hand_sizes: [2, 8],
    pool: 30,
    board: [],
    to_move: 0,
    draws: 0,
    passes: 0,
    legal: [],
    log: [],
    round_points: [0, 0],
    opener: 0,
    out: null,
    last_turns: 0,
    totals: [0, 0],
    last_round: false,
    finished: false,
    winners: [],
    table: table([seat("Ann"), seat("Ben")]),
    ...extra,
  };
}

const names = () => ["You", "Ben"];

describe("a frame's events", () => {
  it("say a bot's placement and whose turn follows, by name", () => {
    const v = view({ log: [{ seat: 1, action: "545@1,0", points: 14 }], to_move: 0 });
    const events: GameEvent[] = [{ type: "action", round: 1, seat: 1, action: "545@1,0", points: 14, by: "bot" }];
    expect(narrate(events, v, names).map((say) => say())).toEqual(["Ben placed 4-5-5: 14", "Your turn. You hold 2 tiles."]);
  });
  it("name the drawn tile for its drawer only (from the drew event)", () => {
    const mine = [
      { type: "action", round: 1, seat: 0, action: "draw", points: -5 },
      { type: "drew", round: 1, seat: 0, tile: "2-4-5" },
    ] as GameEvent[];
    expect(narrate(mine, view({ to_move: 0 }), names)[0]!()).toBe("You drew 2-4-5 (-5)");
    const theirs = [
      { type: "action", round: 1, seat: 1, action: "draw", points: -5 },
      { type: "drew", round: 1, seat: 1, tile: null },
    ] as GameEvent[];
    expect(narrate(theirs, view({ to_move: 1 }), names).map((s) => s())).toEqual(["Ben drew a tile"]);
  });
  it("say that a stand-in played, never 'your turn' while it plays", () => {
    const v = view({
      to_move: 0,
      table: table([seat("Ann", { stand_in: true }), seat("Ben")]),
    });
    const events: GameEvent[] = [
      { type: "stand-in", seat: 0, on: true },
      { type: "action", round: 1, seat: 0, action: "pass", points: -10, by: "stand-in" },
    ];
    const said = narrate(events, v, names).map((s) => s());
    expect(said).toEqual(["A bot is playing for you.", "The bot playing for you passed (-10)"]);
    expect(cuesOf(events, v).map((c) => c.kind)).toEqual(["pass"]);
  });
  it("name who went out at the round's end", () => {
    const events: GameEvent[] = [
      { type: "action", round: 2, seat: 1, action: "555@0,0", points: 20 },
      { type: "round-ended", round: 2, reason: "out", winners: [1], awards: [0, 40], hands: [["0-0-1"], []], totals: [10, 90], out: 1 },
    ];
    const said = narrate(events, view({ round: 2, round_end: { reason: "out", winners: [1], points: [0, 40], hands: [["0-0-1"], []] } }), names);
    expect(said.map((s) => s())).toEqual(["Ben placed 5-5-5: 20", "Round 2 is over. Ben went out."]);
  });
  it("say nothing for a presence change (no events)", () => {
    expect(narrate([], view(), names)).toEqual([]);
    expect(cuesOf([], view())).toEqual([]);
  });
  it("cue motion and sound for every placement, a bot's included, and draws", () => {
    const events: GameEvent[] = [
      { type: "action", round: 1, seat: 1, action: "545@1,0", points: 14, by: "bot" },
      { type: "action", round: 1, seat: 0, action: "draw", points: -5 },
      { type: "drew", round: 1, seat: 0, tile: "0-1-2" },
    ];
    expect(cuesOf(events, view({ to_move: 0 }))).toEqual([
      { kind: "place", seat: 1, cell: "1,0", by: "bot" },
      { kind: "draw", seat: 0, tile: "0-1-2" },
      { kind: "your-turn" },
    ]);
  });
  it("tell a rematch vote and a new game", () => {
    const events: GameEvent[] = [
      { type: "rematch", seat: 1, accept: true },
      { type: "game-started", game: 2, order: [1, 0] },
      { type: "round-dealt", round: 1, opener: 1, hand_sizes: [9, 9], pool: 38, hands: [["0-0-0"], null] },
    ];
    const said = narrate(events, view({ to_move: 1 }), names).map((s) => s());
    expect(said).toEqual(["Ben wants to play again.", "Game 2 begins.", "Round 1 begins. Ben opens."]);
  });
});

describe("the stand-in's moves", () => {
  it("are the frame's last actions of the view's log, checked against it", () => {
    const v = view({
      table: { ...table([seat("Ann"), seat("Ben")]), game: 3 },
      log: [
        { seat: 1, action: "555@0,0", points: 40 },
        { seat: 0, action: "draw", points: -5 },
        { seat: 0, action: "545@1,0", points: 14 },
      ],
    });
    const events: GameEvent[] = [
      { type: "action", round: 1, seat: 0, action: "draw", points: -5, by: "stand-in" },
      { type: "drew", round: 1, seat: 0, tile: "4-5-5" },
      { type: "action", round: 1, seat: 0, action: "545@1,0", points: 14, by: "stand-in" },
    ];
    expect(standInMoves(events, v)).toEqual([moveKey(3, 1, 1), moveKey(3, 1, 2)]);
    // A frame whose actions do not end the log (a takeback since) marks nothing.
    const wrong: GameEvent[] = [{ type: "action", round: 1, seat: 1, action: "455@0,1", points: 9, by: "stand-in" }];
    expect(standInMoves(wrong, v)).toEqual([]);
  });
});
