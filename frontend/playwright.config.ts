import { defineConfig } from "@playwright/test";
import { forThisWorker } from "./e2e/worker";

// Journeys run against the real cloud binary started by scripts/test/e2e.sh,
// in Debian's chromium (never a downloaded browser).
// The station's journeys need the station in --browser mode, which
// scripts/station/test.sh starts (and says so with STATION_URL).
const stationSpecs = process.env.STATION_URL ? [] : ["**/station*.spec.ts"];

export default defineConfig({
  testDir: "e2e",
  outputDir: "test-results/output",
  // Timeouts detect a hang; they are not a speed check. A journey on a
  // 2-core machine that is also doing other work can take minutes where a
  // quiet one takes seconds, and every step already waits on the page's state.
  timeout: 180_000,
  expect: { timeout: 20_000 },
  retries: 0,
  // scripts/test/e2e.sh gives each worker a cloud of its own (--workers).
  workers: 1,
  reporter: [["list"]],
  use: {
    baseURL: forThisWorker("E2E_BASE_URLS", "E2E_BASE_URL") ?? "http://127.0.0.1:8080",
    locale: "en-GB",
    timezoneId: "Europe/London",
    launchOptions: {
      executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    },
  },
  // The journeys photograph each screen at 390x844 and 1280x800 themselves.
  // The route table's accessibility summary reads what every a11y-*.spec.ts
  // wrote, so it is a project that runs after the journeys.
  projects: [
    {
      name: "chromium",
      testIgnore: [...stationSpecs, "**/a11y-routes.spec.ts"],
      use: { viewport: { width: 1280, height: 800 } },
    },
    { name: "a11y route table", testMatch: "**/a11y-routes.spec.ts", dependencies: ["chromium"] },
  ],
});
