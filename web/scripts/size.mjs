// The JavaScript the game page costs a browser, in bytes on the wire: a
// real `triominoes serve` (this tree's, on a free port, a throwaway
// database) is asked for the page and for its module script and every chunk
// preloaded with it (lazy chunks are not counted) as a browser asks, with
// Accept-Encoding, and the compressed bodies it sends are counted. Twice:
// as over HTTPS (browsers take brotli there) and as over plain HTTP (gzip
// only). Fails when a script comes uncompressed or either total is above
// the budget (60 kB), so CI keeps the page light.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";

const root = new URL("../../", import.meta.url).pathname;
const budget = Number(process.env["SIZE_BUDGET"] ?? 60 * 1024);
const python = process.env["PYTHON"] ?? "python";
const BROWSERS = [
  ["HTTPS", "gzip, deflate, br, zstd"],
  ["HTTP", "gzip, deflate"],
];

function fail(message) {
  console.error(`size: ${message}`);
  process.exitCode = 1;
}

/** The status, headers and raw (still compressed) body of a GET. */
function get(base, path, encoding) {
  return new Promise((resolve, reject) => {
    const asked = request(new URL(path, base), { headers: { "Accept-Encoding": encoding } }, (answer) => {
      const chunks = [];
      answer.on("data", (chunk) => chunks.push(chunk));
      answer.on("end", () => resolve({ status: answer.statusCode, headers: answer.headers, body: Buffer.concat(chunks) }));
      answer.on("error", reject);
    });
    asked.on("error", reject);
    asked.end();
  });
}

/** A server on a free port; resolves to its base URL once it answers. */
function startServer(folder) {
  const server = spawn(
    python,
    ["-m", "triominoes", "serve", "--port", "0", "--db", `sqlite:///${join(folder, "size.db")}`, "--log-format", "json"],
    { cwd: folder, env: { ...process.env, PYTHONPATH: join(root, "src") }, stdio: ["ignore", "pipe", "pipe"] },
  );
  let errors = "";
  server.stderr.on("data", (chunk) => (errors += chunk));
  const ready = new Promise((resolve, reject) => {
    let out = "";
    server.stdout.on("data", (chunk) => {
      out += chunk;
      const found = /served at (http:\/\/\S+?)\/?\s/.exec(out);
      if (found) resolve(found[1]);
    });
    server.on("exit", (code) => reject(new Error(`the server exited (${code}): ${errors.slice(-2000)}`)));
    server.on("error", (error) => reject(new Error(`cannot start ${python} -m triominoes serve: ${error.message}`)));
  });
  return { server, ready };
}

async function untilHealthy(base) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      if ((await get(base, "/healthz", "identity")).status === 200) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error("the server did not become healthy in 60 s");
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function measure(base) {
  const page = await get(base, "/", "identity");
  const html = page.body.toString("utf8");
  const scripts = [
    ...html.matchAll(/<script[^>]*type="module"[^>]*src="\/([^"]+)"/g),
    ...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="\/([^"]+)"/g),
  ].map((m) => m[1] ?? "");
  if (scripts.length === 0) return fail("the served page loads no script");
  const totals = {};
  for (const file of scripts) {
    const row = [file];
    for (const [name, encoding] of BROWSERS) {
      const answer = await get(base, `/${file}`, encoding);
      const coding = answer.headers["content-encoding"] ?? "identity";
      if (answer.status !== 200) fail(`/${file}: status ${answer.status}`);
      if (coding === "identity") fail(`/${file} is sent uncompressed to ${name} browsers`);
      totals[name] = (totals[name] ?? 0) + answer.body.length;
      row.push(`${answer.body.length} B ${coding} (${name})`);
    }
    const raw = await get(base, `/${file}`, "identity");
    row.splice(1, 0, `${raw.body.length} B raw`);
    console.log(row.join("\t"));
  }
  for (const [name] of BROWSERS) {
    const total = totals[name] ?? 0;
    console.log(
      `game page JavaScript as served over ${name}: ${total} B (${(total / 1024).toFixed(1)} kB), budget ${budget} B`,
    );
    if (total > budget) fail(`over budget over ${name}`);
  }
}

const folder = mkdtempSync(join(tmpdir(), "triominoes-size-"));
const { server, ready } = startServer(folder);
try {
  const base = await ready;
  await untilHealthy(base);
  await measure(base);
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
} finally {
  server.kill("SIGTERM");
  await new Promise((resolve) => (server.exitCode === null ? server.on("exit", resolve) : resolve()));
  rmSync(folder, { recursive: true, force: true });
}
