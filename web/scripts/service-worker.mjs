// Writes the service worker (sw.js beside this folder) into the build with
// the names of the built assets: Vite names them by a hash of their
// content, so the list changes with every change of the app, and so does
// the cache's name (the hash of the list).
import { createHash } from "node:crypto";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const out = new URL("../../src/triominoes/static/", import.meta.url).pathname;
const template = readFileSync(new URL("../sw.js", import.meta.url), "utf8");
const assets = readdirSync(join(out, "assets"))
  .filter((name) => /\.(js|css)$/.test(name))
  .sort()
  .map((name) => `/assets/${name}`);
if (assets.length === 0) {
  console.error("service-worker: the build has no assets");
  process.exit(1);
}
const version = createHash("sha256").update(assets.join("\n")).digest("hex").slice(0, 12);
const places = ['["__ASSETS__"]', "__VERSION__"];
if (!places.every((place) => template.includes(place))) {
  console.error(`service-worker: sw.js lacks ${places.join(" or ")}`);
  process.exit(1);
}
const source = template.replace(places[0], JSON.stringify(assets)).replace(places[1], version);
writeFileSync(join(out, "sw.js"), source);
console.log(`sw.js: ${assets.length} assets, cache triominoes-pad-${version}`);
