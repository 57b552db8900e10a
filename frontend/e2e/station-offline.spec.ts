import { expect, test } from "@playwright/test";
import { decodePdf, expectToast, stationWait, waitForSavedPdf } from "./helpers";

// The station with its cloud stopped (scripts/station/test.sh stops it after
// e2e/station.spec.ts): the same signed-in station, in --browser mode at
// STATION_URL, fulfils the order that journey left open from its cache.
const stationUrl = process.env.STATION_URL ?? "";
const saveDir = process.env.STATION_SAVE_DIR ?? "";
const openCustomer = "station-offline@example.com";

test("offline, the station prints a cached order's labels and queues its shipping", async ({
  browser,
}) => {
  expect(stationUrl, "STATION_URL (scripts/station/test.sh sets it)").not.toBe("");
  const station = await (await browser.newContext({ baseURL: stationUrl })).newPage();
  await station.goto("/");
  await station
    .getByLabel("Search by order ID, user email, status or label type")
    .fill(openCustomer);
  const row = station.getByRole("row").filter({ hasText: openCustomer });
  await expect(row).toHaveCount(1);
  await expect(row.getByText("pending")).toBeVisible();
  // The banner learns of the outage at its next poll (every 10 s).
  await expect(station.getByText(/^Offline since \d\d:\d\d\./)).toBeVisible({
    timeout: stationWait,
  });
  await station.screenshot({ path: "test-results/screens/station-offline-queue.png" });

  // Labels rendered here from the cached record, saved as a PDF.
  await row.getByRole("button", { name: "Print Labels" }).click();
  const dialog = station.getByRole("dialog", { name: "Customer Emergency Data" });
  await expect(dialog.getByText("Jane Doe", { exact: true })).toBeVisible();
  await dialog.getByRole("button", { name: "Print Labels" }).click();
  const saved = await waitForSavedPdf(saveDir);
  // One helmet sheet (2 x 5) for one pack: ten codes, each the customer's.
  expect(decodePdf(saved).split("Jane Doe").length - 1).toBe(10);
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(row.getByText("processing")).toBeVisible();

  // Shipping is kept on the station until the cloud answers.
  await row.getByRole("button", { name: /^Edit / }).click();
  const update = station.getByRole("dialog", { name: "Update Order Status" });
  await update.getByLabel("Status").selectOption("shipped");
  await update.getByLabel("Tracking Number (required)").fill("RM111222333GB");
  await update.getByRole("button", { name: "Update Order" }).click();
  await expectToast(station, "Success");
  await expect(row.getByText("shipped")).toBeVisible();
  await expect(station.getByText(/changes? waiting to be sent/)).toBeVisible({
    timeout: stationWait,
  });
  await station.screenshot({ path: "test-results/screens/station-offline-shipped.png" });
});
