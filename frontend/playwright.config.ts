import { defineConfig } from "@playwright/test";
import { forThisWorker } from "./e2e/worker";

// Journeys run against the real cloud binary started by scripts/test-e2e.sh,
// in Debian's chromium (never a downloaded browser).
export default defineConfig({
  testDir: "e2e",
  // The station's journey needs the station in --browser mode, which
  // scripts/test-station.sh starts (and says so with STATION_URL).
  testIgnore: process.env.STATION_URL ? [] : ["**/station*.spec.ts"],
  outputDir: "test-results/output",
  timeout: 30_000,
  retries: 0,
  // scripts/test-e2e.sh gives each worker a cloud of its own (--workers).
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
  // One project: the journeys photograph each screen at 390x844 and 1280x800 themselves.
  projects: [{ name: "chromium", use: { viewport: { width: 1280, height: 800 } } }],
});
