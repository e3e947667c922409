// Scores pads with the pad's model for tests/pad/test_conformance.py:
// `node pad-score.mjs MODEL.mjs < pads.json`, where MODEL.mjs is
// src/pad/model.ts bundled for Node. Reads a list of pads, prints
// {"scores": [...], "tiles": {set name: [tile names]}}.
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

const model = await import(pathToFileURL(process.argv[2]).href);
const pads = JSON.parse(readFileSync(0, "utf8"));
const scores = pads.map((pad) => model.scorePad(pad));
const tiles = Object.fromEntries(["standard56", "extended76"].map((name) => [name, model.tilesOf(name).map((t) => t.name)]));
process.stdout.write(JSON.stringify({ scores, tiles }));
