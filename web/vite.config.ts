// The page is built into the Python package (src/triominoes/static), so that
// `pip install .` needs no Node: one entry, no source maps, every file named
// by a hash of its content so that browsers keep it for a year
// (src/triominoes/server/static.py); scripts/service-worker.mjs then lists
// those names in sw.js.
import { defineConfig } from "vitest/config";

const server = "http://127.0.0.1:8000";

export default defineConfig({
  build: {
    outDir: "../src/triominoes/static",
    emptyOutDir: true,
    target: "es2022",
    sourcemap: false,
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        entryFileNames: "assets/app-[hash].js",
        chunkFileNames: "assets/[name]-[hash].js",
        assetFileNames: "assets/[name]-[hash][extname]",
      },
    },
  },
  // `npm run dev` against a running `triominoes serve`.
  server: {
    proxy: {
      "/api": server,
      "/locales": server,
      "/ws": { target: server.replace(/^http/, "ws"), ws: true },
    },
  },
  test: { include: ["tests/unit/**/*.test.{ts,tsx}"], environment: "node" },
});
