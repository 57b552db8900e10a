import { appendFile } from "node:fs/promises";
import { gzipSync } from "node:zlib";
import { expect, test, type Page } from "@playwright/test";
import { paths } from "../src/app/paths";
import { fillEmergencyForm } from "./helpers";

// What a visitor's phone downloads, measured in the browser on the built
// site: every JavaScript file the page fetches, lazy chunks and whatever
// loads once the page is idle included, each counted at its gzip size (as
// scripts/route-size.mjs counts the files the build says a route needs).
// A budget passed fails the test; make test prints the figures.

/** Kilobytes of 1,000 bytes, as the budgets are stated. */
const kB = 1000;
const budgets = {
  /** The home page, everything it loads until it has been idle a while. */
  home: 150 * kB,
  /** Home, the form sent, the code, the sheet of labels: all of it. */
  journey: 200 * kB,
};

/** Long enough for anything a page starts when idle or on a timer. */
const idleTime = 10_000;

/** Each file's path, the step that fetched it, and its gzip size once its body arrives. */
type Loaded = Map<string, { step: string; size: Promise<number> }>;

/**
 * Records the gzip size of each JavaScript file the page fetches from the
 * site, under the name of the visitor's step it came with (`step.name`).
 */
function recordScripts(page: Page, step: { name: string }): Loaded {
  const loaded: Loaded = new Map();
  const origin = new URL(test.info().project.use.baseURL ?? "http://127.0.0.1").origin;
  page.on("response", (response) => {
    const url = new URL(response.url());
    if (url.origin !== origin || !url.pathname.endsWith(".js")) return;
    if (loaded.has(url.pathname)) return;
    loaded.set(url.pathname, {
      step: step.name,
      size: response.body().then((body) => gzipSync(body).length),
    });
  });
  return loaded;
}

/** The network has gone quiet, then the page's idle work and timers have run. */
async function settle(page: Page) {
  await page.waitForLoadState("networkidle");
  await page.clock.runFor(idleTime);
  await page.waitForLoadState("networkidle");
}

/** Total bytes and files so far, and a line for each file, largest first. */
async function tally(loaded: Loaded) {
  const sizes = await Promise.all(
    [...loaded].map(async ([path, { step, size }]) => ({ path, step, size: await size })),
  );
  const bytes = sizes.reduce((sum, file) => sum + file.size, 0);
  const files = sizes
    .sort((a, b) => b.size - a.size)
    .map((f) => `${(f.size / kB).toFixed(1).padStart(7)} kB  ${f.path} (${f.step})`);
  return { bytes, count: loaded.size, files };
}

const show = (bytes: number) => `${(bytes / kB).toFixed(1)} kB`;

test("a visitor's journey stays within its JavaScript budgets", async ({ page }) => {
  await page.clock.install();
  const step = { name: "home" };
  const loaded = recordScripts(page, step);

  await page.goto(paths.home);
  await expect(page.getByLabel(/^Full name/)).toBeEnabled();
  await page.waitForLoadState("networkidle");
  const homeFirst = await tally(loaded);
  step.name = "home, idle";
  await settle(page);
  const home = await tally(loaded);

  step.name = "form sent";
  await fillEmergencyForm(page);
  await page.getByRole("button", { name: "Generate My QR Code" }).click();
  await expect(page).toHaveURL(/\/qr-generated$/);
  await expect(page.locator("img.qr-image").first()).toBeVisible();
  await settle(page);
  step.name = "print preview";
  await page.getByRole("link", { name: "Print Preview" }).click();
  await expect(page).toHaveURL(/\/print-preview$/);
  await expect(page.getByRole("button", { name: "Download PDF" })).toBeVisible();
  await settle(page);
  const journey = await tally(loaded);

  const line =
    `web weight: home ${show(homeFirst.bytes)} in ${homeFirst.count} files at first load, ` +
    `${show(home.bytes)} in ${home.count} after idle (budget ${show(budgets.home)}); ` +
    `journey ${show(journey.bytes)} in ${journey.count} files (budget ${show(budgets.journey)})`;
  console.log(line);
  console.log(journey.files.join("\n"));
  if (process.env.LIFETAG_TEST_REPORT)
    await appendFile(process.env.LIFETAG_TEST_REPORT, line + "\n");

  expect.soft(home.bytes, "home page JavaScript, gzip bytes").toBeLessThanOrEqual(budgets.home);
  expect(journey.bytes, "the journey's JavaScript, gzip bytes").toBeLessThanOrEqual(
    budgets.journey,
  );
});
