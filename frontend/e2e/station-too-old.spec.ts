import { expect, test } from "@playwright/test";
import { json, printCachedBatch, stationWait } from "./helpers";

// A print station older than the cloud supports. scripts/station/test.sh
// builds an older station (0.0.9) and starts the cloud with
// STATION_MIN_VERSION at this version, after e2e/station-batch*.spec.ts left
// a corporate user signed in with a synced library; the first test runs the
// old build, the second this build on the same station folders (the upgrade).
const stationUrl = process.env.STATION_URL ?? "";
const saveDir = process.env.STATION_SAVE_DIR ?? "";
const minVersion = process.env.STATION_MIN_VERSION ?? "";
const officer = { email: "safety@station-org.test", password: "batch-password-1" };
const workers = ["Ada Worker", "Bob Worker"];

test("an out-of-date station says so and keeps printing from its cache", async ({ browser }) => {
  expect(stationUrl, "STATION_URL (scripts/station/test.sh sets it)").not.toBe("");
  expect(minVersion, "STATION_MIN_VERSION (scripts/station/test.sh sets it)").not.toBe("");
  const station = await (await browser.newContext({ baseURL: stationUrl })).newPage();
  await station.goto("/");
  await expect(station.getByRole("tab", { name: "Batch" })).toHaveAttribute(
    "aria-selected",
    "true",
  );
  // The cloud's 426 message, in the banner (polled every 10 s).
  await expect(
    station.getByText(
      `This print station is out of date. Ask IT for version ${minVersion} or later.`,
    ),
  ).toBeVisible({ timeout: stationWait });

  await printCachedBatch(station, saveDir, workers);
  await station.screenshot({ path: "test-results/station/station-too-old.png" });
});

test("after the upgrade, the print run kept by the old station reaches the cloud", async ({
  browser,
  request,
}) => {
  expect(stationUrl, "STATION_URL (scripts/station/test.sh sets it)").not.toBe("");
  await json(await request.post("/api/corporate/login", { data: officer }));
  const org = await json<{ id: number }>(await request.get("/api/corporate/organization"));
  const printed = async () => {
    const report = await json<{ labelsPrintedByMonth: { count: number }[] }>(
      await request.get(`/api/corporate/${org.id}/analytics`),
    );
    return report.labelsPrintedByMonth.reduce((n, m) => n + m.count, 0);
  };
  // e2e/station-batch*.spec.ts printed the two codes twice; the old station once more.
  const want = 3 * workers.length;
  const station = await (await browser.newContext({ baseURL: stationUrl })).newPage();
  await station.goto("/");
  await expect.poll(printed, { timeout: stationWait }).toBe(want);
  await expect(station.getByText(/^Online: /)).toBeVisible({ timeout: stationWait });
  await expect(station.getByText(/out of date/)).toHaveCount(0);
  await expect(station.getByText(/waiting to be sent/)).toHaveCount(0);
});
