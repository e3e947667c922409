// The page is built into the Python package (src/triominoes/static), so that
// `pip install .` needs no Node: fixed file names, one entry, no source maps.
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
        entryFileNames: "assets/app.js",
        chunkFileNames: "assets/[name].js",
        assetFileNames: "assets/[name][extname]",
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
