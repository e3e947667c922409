// The JavaScript the game page loads: its module script and every chunk
// Vite preloads with it (lazy chunks are not counted), gzipped at level 9.
// Fails above the budget (60 kB), so CI keeps the page light.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

const out = new URL("../../src/triominoes/static/", import.meta.url).pathname;
const budget = Number(process.env["SIZE_BUDGET"] ?? 60 * 1024);
const html = readFileSync(join(out, "index.html"), "utf8");
const scripts = [
  ...html.matchAll(/<script[^>]*type="module"[^>]*src="\/([^"]+)"/g),
  ...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="\/([^"]+)"/g),
].map((m) => m[1] ?? "");
if (scripts.length === 0) {
  console.error("size: index.html loads no script");
  process.exit(1);
}
let total = 0;
for (const file of scripts) {
  const raw = readFileSync(join(out, file));
  const gz = gzipSync(raw, { level: 9 }).length;
  total += gz;
  console.log(`${file}\t${raw.length} B raw\t${gz} B gzip`);
}
console.log(`game page JavaScript: ${total} B gzip (${(total / 1024).toFixed(1)} kB), budget ${budget} B`);
if (total > budget) {
  console.error("size: over budget");
  process.exit(1);
}
