import { describe, expect, it } from "vitest";
import {
  addTurn,
  editTurn,
  endRound,
  newPad,
  nextOpener,
  scorePad,
  startRound,
  undo,
  withRules,
  type Bonus,
  type Hand,
  type Pad,
  type Rules,
  type Turn,
} from "../../src/pad/model";
import { findTile, tilesOf } from "../../src/pad/tiles";

// The engine's JSON of the standard preset (`triominoes rules standard`);
// the others are written as the engine's presets differ from it (rules.md §7).
const standard: Rules = {
  preset: "standard",
  name: "standard",
  version: 1,
  tile_set: "standard56",
  hand_size: { "2": 9, "3": 7, "4": 7, "5": 6, "6": 6 },
  opening: "highest-triple",
  opening_bonus: { "0-0-0": 40, triple: 10 },
  draw_penalty: 5,
  max_draws: 3,
  pass_penalty: 10,
  voluntary_draw: true,
  hexagon_bonus: [50, 100, 150],
  bridge_bonus: 40,
  two_side_bonus: 40,
  corner_fallback: false,
  going_out_bonus: 25,
  collect_hands: true,
  finish_cycle_after_out: false,
  blocked_when_no_moves: true,
  blocked_scoring: "differences",
  game_end: "last-round",
  target_score: 400,
};
const pressman: Rules = { ...standard, preset: "pressman", name: "pressman", hexagon_bonus: [50, 60, 70], two_side_bonus: 0, blocked_scoring: "others-minus-own", game_end: "round-winner" };
/** A rule set dealing `size` tiles to each player, for short rounds that go out. */
const dealing = (rules: Rules, size: number): Rules => ({ ...rules, hand_size: { "2": size, "3": size, "4": size, "5": size, "6": size } });
const german: Rules = { ...standard, preset: "german", name: "german", opening_bonus: { "0-0-0": 40 }, hexagon_bonus: [50, 60, 70], two_side_bonus: 0, finish_cycle_after_out: true, blocked_scoring: "others-minus-own", game_end: "single-round", target_score: null };

const place = (numbers: string, extra: Partial<Turn> = {}): Turn => ({
  draws: 0,
  tile: numbers.split("").map(Number) as unknown as [number, number, number],
  bonus: null,
  out: false,
  ...extra,
});
const pass = (draws = 0): Turn => ({ draws, tile: null, bonus: null, out: false });
const hex = (count: number): Bonus => ({ kind: "hexagon", count });
const values = (...v: number[]): Hand[] => v.map((value) => ({ tiles: null, value }));

function pad(players: number, rules: Rules, rounds: [number, Turn[], { kind: "out" | "blocked"; hands: Hand[] } | null][]): Pad {
  let p = newPad("p", Array.from({ length: players }, (_, i) => `P${i}`), rules, "en", 0);
  rounds.forEach(([opener, turns, end], r) => {
    p = startRound(p, opener, 0);
    for (const turn of turns) p = addTurn(p, turn, 0);
    if (end) p = endRound(p, r, end, 0);
  });
  return p;
}

const codes = (p: Pad) => scorePad(p).rounds.flatMap((r) => [...r.turns.flatMap((t) => t.flags), ...(r.end?.flags ?? [])].map((f) => f.code));

describe("the tile sets", () => {
  it("hold 56 and 76 tiles; 0-2-1 is a mirror image only the larger set has", () => {
    expect(tilesOf("standard56")).toHaveLength(56);
    expect(tilesOf("extended76")).toHaveLength(76);
    expect(findTile("standard56", [0, 2, 1])).toBeNull();
    expect(findTile("extended76", [0, 2, 1])?.name).toBe("0-2-1");
    expect(findTile("standard56", [5, 3, 4])?.name).toBe("3-4-5");
  });
});

describe("a turn's points (rules.md §8)", () => {
  it("opens 4-4-4 for 22, 0-0-0 for 40; german opens 4-4-4 for 12", () => {
    expect(scorePad(pad(2, standard, [[0, [place("444")], null]])).rounds[0]?.turns[0]?.points).toBe(22);
    expect(scorePad(pad(2, standard, [[0, [place("000")], null]])).rounds[0]?.turns[0]?.points).toBe(40);
    expect(scorePad(pad(2, german, [[0, [place("444")], null]])).rounds[0]?.turns[0]?.points).toBe(12);
  });

  it("gives the opening bonus to the round's first tile only, in any rotation", () => {
    const turns = scorePad(pad(2, standard, [[1, [place("245"), place("452"), place("333")], null]])).rounds[0]?.turns ?? [];
    expect(turns.map((t) => [t.seat, t.opening, t.points])).toEqual([
      [1, 0, 11],
      [0, 0, 11],
      [1, 0, 9],
    ]);
    expect(turns[1]?.flags.map((f) => f.code)).toEqual(["twice"]);
  });

  it("scores hexagons, bridges, draws and passes from the rules", () => {
    const turns = scorePad(
      pad(2, standard, [[0, [place("555"), place("055", { bonus: hex(1) }), place("144", { bonus: { kind: "bridge", count: 1 } }), place("135", { draws: 2 }), pass(3)], null]]),
    ).rounds[0]?.turns;
    expect(turns?.map((t) => t.points)).toEqual([25, 60, 49, -1, -25]);
    expect(turns?.[4]).toMatchObject({ drawPenalty: 15, passPenalty: 10, pool: 38 - 5 });
  });

  it("flags what cannot have happened and still counts it", () => {
    const p = pad(2, pressman, [
      [0, [place("555", { bonus: hex(3) }), place("012", { bonus: { kind: "two-sided", count: 1 } }), place("021", { draws: 4 }), pass(1)], null],
    ]);
    expect(codes(p)).toEqual(["bonus-on-opening", "no-such-bonus", "too-many-draws", "not-a-tile", "could-draw"]);
    expect(scorePad(p).rounds[0]?.turns.map((t) => t.points)).toEqual([25 + 70, 3, 3 - 20, -15]);
  });

  it("flags more draws than the pool holds", () => {
    const unlimited = { ...standard, max_draws: null };
    const p = pad(2, unlimited, [[0, [place("555"), place("123", { draws: 37 }), pass(2)], null]]);
    expect(codes(p)).toEqual(["pool-empty"]);
    expect(scorePad(p).rounds[0]?.pool).toBe(0);
  });
});

describe("a round's end", () => {
  it("gives the one who went out the bonus and the hands left", () => {
    const p = pad(3, standard, [[0, [place("555"), place("455", { out: true })], { kind: "out", hands: [{ tiles: ["0-1-2", "3-3-3"], value: null }, { tiles: null, value: 99 }, { tiles: null, value: 7 }] }]]);
    const round = scorePad(p).rounds[0];
    expect(round?.end).toMatchObject({ winners: [1], awards: [0, 25 + 3 + 9 + 7, 0], handValues: [12, 0, 7] });
    expect(round?.totals).toEqual([25, 14 + 44, 0]);
  });

  it("scores a blocked round by the rule set (23, 15, 27: 20 standard, 35 pressman)", () => {
    const turns = [place("555"), pass(3), pass(3)];
    const end = { kind: "blocked" as const, hands: values(23, 15, 27) };
    expect(scorePad(pad(3, standard, [[0, turns, end]])).rounds[0]?.end?.awards).toEqual([0, 20, 0]);
    expect(scorePad(pad(3, pressman, [[0, turns, end]])).rounds[0]?.end?.awards).toEqual([0, 35, 0]);
    const tie = scorePad(pad(3, { ...standard, blocked_scoring: "none" }, [[0, turns, { kind: "blocked", hands: values(9, 9, 30) }]])).rounds[0]?.end;
    expect(tie).toMatchObject({ winners: [0, 1], awards: [0, 0, 0] });
  });

  it("plays the german last cycle before the hands are counted", () => {
    let p = pad(3, dealing(german, 1), [[0, [place("555"), place("455", { out: true })], null]]);
    expect(scorePad(p).rounds[0]).toMatchObject({ state: "final-cycle", toMove: 2, outSeat: 1 });
    p = addTurn(p, place("355", { draws: 2 }), 0);
    expect(scorePad(p).rounds[0]).toMatchObject({ state: "final-cycle", toMove: 0 });
    p = addTurn(p, pass(3), 0);
    expect(scorePad(p).rounds[0]).toMatchObject({ state: "hands", toMove: null });
    p = endRound(p, 0, { kind: "out", hands: values(10, 0, 20) }, 0);
    const score = scorePad(p);
    expect(score.rounds[0]?.end?.awards).toEqual([0, 55, 0]); // 25 + 10 + 20
    expect(score).toMatchObject({ finished: true, winners: [1] });
    expect(codes(p)).toEqual([]);
  });

  it("flags a turn after the round was over and an end before the last cycle", () => {
    const p = pad(2, dealing(standard, 1), [[0, [place("555", { out: true }), place("444")], null]]);
    expect(codes(p)).toEqual(["after-round"]);
    const early = pad(3, dealing(german, 1), [[0, [place("555", { out: true })], { kind: "out", hands: values(1, 2, 3) }]]);
    expect(codes(early)).toEqual(["cycle-unfinished"]);
  });
});

describe("the count of each player's tiles", () => {
  // dealt (the rule set's hand size for the player count) + drawn - placed
  it("flags going out while the count says tiles are left, with the hand size of the player count", () => {
    const out = pad(2, standard, [[0, [place("555"), place("455", { out: true })], null]]);
    expect(scorePad(out).rounds[0]?.turns[1]?.flags).toEqual([{ code: "out-with-tiles", params: { player: "P1", tiles: 8 } }]);
    const three = pad(3, standard, [[0, [place("555"), place("455", { out: true })], null]]);
    expect(scorePad(three).rounds[0]?.turns[1]?.flags[0]?.params).toEqual({ player: "P1", tiles: 6 }); // 7 dealt to 3
  });

  it("counts draws and placements: out with the last tile is no flag, a drawn one left is", () => {
    const fair = [place("555"), place("455"), place("345", { draws: 1 }), place("123", { out: true })];
    expect(codes(pad(2, dealing(standard, 2), [[0, fair, null]]))).toEqual([]);
    const drew = [place("555"), place("455"), place("345", { draws: 1 }), place("123", { draws: 1, out: true })];
    expect(scorePad(pad(2, dealing(standard, 2), [[0, drew, null]])).rounds[0]?.turns[3]?.flags).toEqual([
      { code: "out-with-tiles", params: { player: "P1", tiles: 1 } },
    ]);
  });

  it("flags an unmarked going out at the round's end when the last placer still holds tiles", () => {
    const p = pad(2, standard, [[0, [place("555"), place("455")], { kind: "out", hands: values(5, 0) }]]);
    expect(scorePad(p).rounds[0]?.end?.flags).toEqual([{ code: "out-with-tiles", params: { player: "P1", tiles: 8 } }]);
  });

  it("flags a hand at the round's end larger, or worth more, than what the player holds by the count", () => {
    const rules = dealing(standard, 2);
    const turns = [place("555"), place("455"), place("345", { draws: 1 }), place("123", { out: true })];
    // P0 holds 2 - 2 + 1 = 1 tile: three are too many, and 1 tile is worth 15 at most.
    const tiles = pad(2, rules, [[0, turns, { kind: "out", hands: [{ tiles: ["0-0-0", "0-0-1", "0-0-2"], value: null }, { tiles: null, value: null }] }]]);
    expect(scorePad(tiles).rounds[0]?.end?.flags).toEqual([{ code: "hand-too-large", params: { player: "P0", tiles: 3, held: 1 } }]);
    const worth = pad(2, rules, [[0, turns, { kind: "out", hands: values(16, 0) }]]);
    expect(scorePad(worth).rounds[0]?.end?.flags).toEqual([{ code: "hand-worth-too-much", params: { player: "P0", value: 16, held: 1, most: 15 } }]);
    expect(codes(pad(2, rules, [[0, turns, { kind: "out", hands: values(15, 0) }]]))).toEqual([]);
    const blocked = pad(2, standard, [[0, [place("555"), pass(3), pass(3)], { kind: "blocked", hands: values(40, 200) }]]);
    expect(scorePad(blocked).rounds[0]?.end?.flags.map((f) => f.code)).toEqual(["hand-worth-too-much"]); // 12 tiles: 200 is too much
  });

  it("counts nothing where the rules deal no hand for this many players", () => {
    const p = pad(2, { ...standard, hand_size: {} }, [[0, [place("555", { out: true })], { kind: "out", hands: values(0, 300) }]]);
    expect(codes(p)).toEqual([]);
  });
});

describe("the game", () => {
  const out = (seat: number, total: number, players: number): [number, Turn[], { kind: "out"; hands: Hand[] }] => [
    seat,
    [place("555", { out: true })],
    { kind: "out", hands: values(...Array.from({ length: players }, (_, s) => (s === seat ? 0 : total))) },
  ];

  it("makes the round that reaches the target the last and names the winner", () => {
    const small = { ...standard, target_score: 100 };
    let p = pad(2, small, [out(0, 20, 2), [1, [place("555"), place("445"), place("345")], null]]);
    expect(scorePad(p)).toMatchObject({ totals: [83, 37], lastRound: false, finished: false });
    p = addTurn(p, place("055", { bonus: hex(1) }), 0);
    expect(scorePad(p)).toMatchObject({ totals: [143, 37], lastRound: true, finished: false });
    p = endRound(p, 1, { kind: "blocked", hands: values(3, 0) }, 0);
    expect(scorePad(p)).toMatchObject({ totals: [143, 40], finished: true, winners: [0] });
  });

  it("under round-winner rules prefers the round's winner among those at the target", () => {
    const small = { ...pressman, target_score: 50 };
    const turns = [place("555"), place("455"), place("355"), place("345"), place("055", { bonus: hex(1) }), place("044", { bonus: { kind: "bridge", count: 1 } })];
    const both = scorePad(pad(2, small, [[0, turns, { kind: "blocked", hands: values(20, 10) }]]));
    expect(both).toMatchObject({ totals: [98, 84], winners: [1] });
    const one = scorePad(pad(2, small, [[0, [...turns.slice(0, 4), place("255")], { kind: "blocked", hands: values(9, 0) }]]));
    expect(one).toMatchObject({ totals: [50, 35], winners: [0] });
  });

  it("breaks a german tie by the highest triple placed", () => {
    const score = scorePad(pad(2, german, [[0, [place("333"), place("225")], { kind: "blocked", hands: values(10, 10) }]]));
    expect(score).toMatchObject({ totals: [9, 9], winners: [0], finished: true });
  });

  it("suggests the next opener only where the opening rotates", () => {
    const p = pad(3, standard, [out(2, 5, 3)]);
    expect(nextOpener(p)).toBeNull();
    expect(nextOpener(withRules(p, { ...standard, opening: "highest-triple-then-rotate" }, 0))).toBe(0);
  });

  it("flags rounds after the game's end", () => {
    const blocked = { kind: "blocked" as const, hands: values(5, 5) };
    const score = scorePad(pad(2, german, [[0, [place("555")], blocked], [1, [place("444")], blocked]]));
    expect(score.rounds[1]).toMatchObject({ afterGame: true, totals: [15, 12] });
    expect(score).toMatchObject({ flags: 1, totals: [15, 0], winners: [0] });
  });
});

describe("changing a pad", () => {
  const base = pad(2, standard, [[0, [place("555"), place("123", { draws: 1 }), place("345")], null]]);

  it("recomputes everything after an edited turn", () => {
    const before = scorePad(base);
    const edited = scorePad(editTurn(base, 0, 1, place("123", { bonus: { kind: "bridge", count: 1 } }), 1));
    expect(before.totals).toEqual([25 + 12, 1]);
    expect(edited.totals).toEqual([25 + 12, 46]);
    expect(edited.rounds[0]?.turns[2]?.pool).toBe(38);
  });

  it("undoes the end, then turns, then the round", () => {
    let p = endRound(base, 0, { kind: "blocked", hands: values(1, 2) }, 0);
    p = undo(p, 0);
    expect(p.rounds[0]?.end).toBeNull();
    p = undo(undo(undo(p, 0), 0), 0);
    expect(p.rounds[0]?.turns).toEqual([]);
    expect(undo(p, 0).rounds).toEqual([]);
  });

  it("re-scores the same turns under another rule set", () => {
    const hexes = pad(2, standard, [[0, [place("555"), place("055", { bonus: hex(2) })], null]]);
    expect(scorePad(hexes).totals).toEqual([25, 110]);
    expect(scorePad(hexes, pressman).totals).toEqual([25, 70]);
  });
});
