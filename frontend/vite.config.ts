/// <reference types="vitest/config" />
import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

// The Go module pkg/ holds rules and test vectors shared with the backend.
const pkgDir = fileURLToPath(new URL("../pkg", import.meta.url));

// `vite build --mode station` builds the station's window (station.html)
// alone, into the folder the station binary embeds; the website's build
// (the default mode) neither sees nor changes because of it.
const stationOut = fileURLToPath(new URL("../station/web/dist", import.meta.url));

export default defineConfig(({ mode }) => ({
  plugins: [react()],
  resolve: {
    alias: { "@pkg": pkgDir, "@": fileURLToPath(new URL("./src", import.meta.url)) },
  },
  server: {
    fs: { allow: [".", pkgDir] },
    // `npm run dev` talks to a cloud started with `make run`.
    proxy: { "/api": "http://127.0.0.1:8080" },
  },
  build:
    mode === "station"
      ? {
          outDir: stationOut,
          emptyOutDir: true,
          sourcemap: false,
          rollupOptions: { input: fileURLToPath(new URL("./station.html", import.meta.url)) },
        }
      : // The manifest tells scripts/prerender.mjs which chunks each route
        // loads, for the cloud to preload them with the page.
        {
          outDir: "dist",
          sourcemap: false,
          manifest: true,
          rolldownOptions: {
            output: {
              codeSplitting: {
                // Everything the entry loads in one chunk: left to itself
                // the bundler split it into 28 small files, which a phone
                // on a slow link fetches six at a time before the first
                // paint of any signed-in page. main.tsx stays outside: its
                // top-level await (the router's first route) would wait for
                // route chunks that import this one.
                groups: [
                  {
                    name: "app",
                    tags: ["$initial"],
                    test: (id) => !id.endsWith("/src/main.tsx") && !id.endsWith("/index.html"),
                  },
                ],
              },
            },
          },
        },
  test: {
    environment: "jsdom",
    setupFiles: ["./src/test/setup.ts"],
    include: ["src/**/*.test.{ts,tsx}"],
    // Timeouts detect a hang; they are not a speed check. Typing into forms
    // with user-event in jsdom takes seconds on a quiet 2-core machine and
    // minutes on one that is also doing other work.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // Each test file runs in a worker of its own, which must answer within
    // a minute of starting or the file fails ("Timeout waiting for worker to
    // respond"): Vitest's constant, not a setting. A thread starts in a
    // fraction of what a forked process takes (a Node.js of its own to boot
    // beside the previous file's, still being torn down), so a busy machine
    // stays inside that minute; no test here needs a process of its own.
    pool: "threads",
    // A worker still stopping after this is reported (not failed).
    teardownTimeout: 60_000,
    // Vitest's default keeps one core free, which on a 2-core machine is half
    // of it, while each file mostly waits on jsdom and timers.
    maxWorkers: "100%",
  },
}));
