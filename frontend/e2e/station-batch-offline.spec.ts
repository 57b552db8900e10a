import { expect, test } from "@playwright/test";
import { decodePdf, expectCodes, json, printCachedBatch, savedPdf, stationWait } from "./helpers";

// Corporate batch printing with the cloud away (scripts/station/test.sh runs
// the first test with the cloud stopped, after e2e/station-batch.spec.ts
// synced the officer's library, and the second once the cloud is started
// again): the website's batch screen, answered from the station's cache,
// prints the cached codes; the print run waits on the station and reaches
// the cloud once.
const stationUrl = process.env.STATION_URL ?? "";
const saveDir = process.env.STATION_SAVE_DIR ?? "";
// Where e2e/station-batch.spec.ts saved its (online) batch.
const onlineSaveDir = process.env.STATION_ONLINE_SAVE_DIR ?? "";
const officer = { email: "safety@station-org.test", password: "batch-password-1" };
const workers = ["Ada Worker", "Bob Worker"];

test("with the cloud stopped, a corporate user prints from the cached library", async ({
  browser,
}) => {
  expect(stationUrl, "STATION_URL (scripts/station/test.sh sets it)").not.toBe("");
  const station = await (await browser.newContext({ baseURL: stationUrl })).newPage();
  await station.goto("/");
  await expect(station.getByRole("tab", { name: "Batch" })).toHaveAttribute(
    "aria-selected",
    "true",
  );
  // The banner learns of the outage at its next poll (every 10 s).
  await expect(station.getByText(/^Offline since \d\d:\d\d\./)).toBeVisible({
    timeout: stationWait,
  });

  await printCachedBatch(station, saveDir, workers);
  await station.screenshot({ path: "test-results/screens/station-batch-offline.png" });
});

test("once the cloud answers, the queued print run reaches it once", async ({
  browser,
  request,
}) => {
  expect(stationUrl, "STATION_URL (scripts/station/test.sh sets it)").not.toBe("");
  await json(await request.post("/api/corporate/login", { data: officer }));
  const org = await json<{ id: number }>(await request.get("/api/corporate/organization"));
  const { qrCodes } = await json<{ qrCodes: { name: string; qrText: string }[] }>(
    await request.get(`/api/corporate/${org.id}/qr-codes?records=1`),
  );
  const texts = qrCodes.filter((c) => workers.includes(c.name)).map((c) => c.qrText);
  expect(texts).toHaveLength(workers.length);
  // Both batches, the online one and the one printed offline, hold exactly
  // the cloud's own text of each record.
  expectCodes(decodePdf(savedPdf(saveDir)), texts);
  expectCodes(decodePdf(savedPdf(onlineSaveDir)), texts);
  const printed = async () => {
    const report = await json<{ labelsPrintedByMonth: { count: number }[] }>(
      await request.get(`/api/corporate/${org.id}/analytics`),
    );
    return report.labelsPrintedByMonth.reduce((n, m) => n + m.count, 0);
  };
  const want = 2 * texts.length;

  // The station's first answer from the cloud sends what waited.
  const station = await (await browser.newContext({ baseURL: stationUrl })).newPage();
  await station.goto("/");
  await expect.poll(printed, { timeout: stationWait }).toBe(want);
  await expect(station.getByText(/^Online: /)).toBeVisible({ timeout: stationWait });
  await expect(station.getByText(/waiting to be sent/)).toHaveCount(0);
  // More answers send nothing again.
  await station.reload();
  await expect(station.getByRole("button", { name: "Add from Library" })).toBeVisible();
  await station.getByRole("button", { name: "Add from Library" }).click();
  await expect(
    station.getByRole("dialog", { name: "Add QR Codes from Library" }).getByText(workers[0]!),
  ).toBeVisible();
  expect(await printed()).toBe(want);
});
