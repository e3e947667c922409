import { describe, expect, it } from "vitest";
import { padCsv, padStats } from "../../src/pad/export";
import { addTurn, endRound, newPad, startRound, type Pad, type Rules } from "../../src/pad/model";

const rules: Rules = {
  tile_set: "standard56",
  hand_size: { "2": 9 },
  opening_bonus: { triple: 10 },
  draw_penalty: 5,
  max_draws: 3,
  pass_penalty: 10,
  hexagon_bonus: [50, 100, 150],
  bridge_bonus: 40,
  two_side_bonus: 40,
  going_out_bonus: 25,
  collect_hands: true,
  blocked_scoring: "differences",
  game_end: "single-round",
  target_score: null,
};

function game(names: string[], id: string): Pad {
  let pad = startRound(newPad(id, names, rules, "en", 0), 0, 0);
  pad = addTurn(pad, { draws: 0, tile: [5, 5, 5], bonus: null, out: false }, 0);
  pad = addTurn(pad, { draws: 1, tile: [0, 5, 5], bonus: { kind: "hexagon", count: 1 }, out: true }, 0);
  return endRound(pad, 0, { kind: "out", hands: [{ tiles: ["1-2-3"], value: null }, { tiles: [], value: null }] }, 0);
}

describe("a pad's copies", () => {
  it("writes a CSV row per turn and per award, quoting names", () => {
    const csv = padCsv(game(['Ann "A"', "Ben, B"], "x")).trim().split("\n");
    expect(csv[0]).toBe('Round,Turn,Player,Tile,Drawn,Bonus,Points,"Ann ""A""","Ben, B"');
    expect(csv.slice(1)).toEqual(["1,1,\"Ann \"\"A\"\"\",5-5-5,0,,25,25,0", '1,2,"Ben, B",0-5-5,1,Hexagon,55,25,55', '1,,"Ben, B",went out,,,31,25,86']);
  });

  it("counts wins, points a round and bonuses per name over finished pads", () => {
    const unfinished = startRound(newPad("u", ["Ann", "Ben"], rules, "en", 0), 0, 0);
    const stats = padStats([game(["Ann", "Ben"], "a"), game(["Cy", "Ann"], "b"), unfinished]);
    expect(stats).toEqual([
      { name: "Ann", games: 2, wins: 1, rounds: 2, points: 25 + 86, hexagons: 1, bridges: 0, twoSided: 0 },
      { name: "Ben", games: 1, wins: 1, rounds: 1, points: 86, hexagons: 1, bridges: 0, twoSided: 0 },
      { name: "Cy", games: 1, wins: 0, rounds: 1, points: 25, hexagons: 0, bridges: 0, twoSided: 0 },
    ]);
  });
});
