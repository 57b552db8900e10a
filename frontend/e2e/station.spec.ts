import { existsSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { checkStationWindow } from "./a11y";
import {
  decodePdf,
  expectNotFramable,
  expectToast,
  outboxMail,
  payInDialog,
  startPhysicalOrder,
  waitForSavedPdf,
} from "./helpers";

// The desktop print station's window in a real browser (scripts/station/test.sh):
// the packaged station binary in --browser mode serves the window and its
// bound Go methods at STATION_URL, and signs in to the real cloud at
// E2E_BASE_URL. Save PDF writes into STATION_SAVE_DIR (the --save-dir the
// script gave), where a desktop would show the save dialog.
// ADMIN_EMAILS in the script seeds station@lifetag.test.
const stationUrl = process.env.STATION_URL ?? "";
const saveDir = process.env.STATION_SAVE_DIR ?? "";
const admin = { email: "station@lifetag.test", password: "station-password" };
const customer = "station-customer@example.com";
// A second order stays open, for the offline journey (e2e/station-offline.spec.ts).
const openCustomer = "station-offline@example.com";

async function shot(page: Page, name: string) {
  await page.screenshot({ path: `test-results/screens/station-${name}.png` });
}

/** The admin's password, from the set-password mail the cloud sends seeded admins. */
async function setAdminPassword(page: Page) {
  const mail = await outboxMail(admin.email, "Set your Lifetag password");
  const link = mail && /https?:\/\/\S+\/set-password\?\S+/.exec(mail)?.[0];
  if (!link) throw new Error(`no set-password mail to ${admin.email}`);
  const url = new URL(link);
  await page.goto(url.pathname + url.search);
  await page.getByLabel(/^Password/).fill(admin.password);
  await page.getByLabel(/^Confirm password/).fill(admin.password);
  await page.getByRole("button", { name: "Set Password" }).click();
  await expect(page).toHaveURL(/\/login$/);
}

test("a fulfilment admin signs in at the station, saves an order's labels as a PDF and ships it", async ({
  page,
  browser,
  baseURL,
}) => {
  expect(stationUrl, "STATION_URL (scripts/station/test.sh sets it)").not.toBe("");
  // Two customers pay for printed labels on the website.
  const other = await (await browser.newContext()).newPage();
  await startPhysicalOrder(other, openCustomer);
  await payInDialog(other, "Order Physical Labels");
  await expectToast(other, "Payment Successful");
  await startPhysicalOrder(page, customer);
  await payInDialog(page, "Order Physical Labels");
  await expectToast(page, "Payment Successful");
  await page.getByRole("button", { name: "View QR Code Content" }).click();
  const qrText = await page.getByRole("dialog").getByTestId("qr-text").innerText();
  await setAdminPassword(page);

  // First run: the cloud's address, then the fulfilment admin's door.
  const station = await (await browser.newContext({ baseURL: stationUrl })).newPage();
  await station.goto("/");
  await expect(
    station.getByRole("heading", { name: "Connect to the Lifetag cloud" }),
  ).toBeVisible();
  await shot(station, "first-run");
  await checkStationWindow(station, "first run: the cloud's address");
  await station.getByLabel(/^Cloud address/).fill(baseURL!);
  await station.getByRole("button", { name: "Connect" }).click();
  await expect(
    station.getByRole("heading", { name: "Sign in to the print station" }),
  ).toBeVisible();
  await expect(station.getByText(`Cloud: ${baseURL}`)).toBeVisible();
  await checkStationWindow(station, "sign-in");
  await station.getByLabel("Fulfilment admin").check();
  await station.getByLabel(/^Email/).fill(admin.email);
  await station.getByLabel(/^Password/).fill("wrong-password");
  await station.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(station.getByRole("alert")).toContainText(/password/i);
  await station.getByLabel(/^Password/).fill(admin.password);
  await station.getByRole("button", { name: "Sign In", exact: true }).click();

  // The queue: the website's orders panel, through the station's Go services.
  await expect(station.getByText(`Online: ${baseURL}`)).toBeVisible();
  await expect(station.getByRole("tab", { name: "Fulfilment" })).toHaveAttribute(
    "aria-selected",
    "true",
  );
  await expect(station.getByRole("tab", { name: "Batch" })).toBeDisabled();
  await station.getByLabel("Search by order ID, user email, status or label type").fill(customer);
  const row = station.getByRole("row").filter({ hasText: customer });
  await expect(row).toHaveCount(1);
  await expect(row.getByText("pending")).toBeVisible();
  await shot(station, "queue");
  await checkStationWindow(station, "the fulfilment queue");

  // Settings: no printer chosen means Save PDF.
  await station.getByRole("button", { name: "Settings" }).click();
  const settings = station.getByRole("dialog", { name: "Station settings" });
  await expect(settings.getByLabel("Print labels to")).toHaveValue("");
  await shot(station, "settings");
  await checkStationWindow(station, "settings open");
  await settings.getByRole("button", { name: "Close" }).click();

  // Print Labels saves the label engine's PDF, every code the customer's own.
  await row.getByRole("button", { name: "Print Labels" }).click();
  const dialog = station.getByRole("dialog", { name: "Customer Emergency Data" });
  await expect(dialog.getByText("Jane Doe", { exact: true })).toBeVisible();
  await checkStationWindow(station, "a customer's record open");
  await dialog.getByRole("button", { name: "Print Labels" }).click();
  // The file appears once the Go side has written it whole.
  const saved = await waitForSavedPdf(saveDir);
  expect(existsSync(saved)).toBe(true);
  const codes = decodePdf(saved).split(qrText);
  expect(codes.length - 1).toBe(10); // one helmet sheet (A4, 2 x 5) for one pack
  await dialog.getByRole("button", { name: "Close" }).click();

  // Printing moved it to processing; shipped takes a tracking number.
  await expect(row.getByText("processing")).toBeVisible();
  await row.getByRole("button", { name: /^Edit / }).click();
  const update = station.getByRole("dialog", { name: "Update Order Status" });
  await update.getByLabel("Status").selectOption("shipped");
  await update.getByLabel("Tracking Number (required)").fill("RM987654321GB");
  await update.getByRole("button", { name: "Update Order" }).click();
  await expectToast(station, "Success");
  await expect(row.getByText("shipped")).toBeVisible();
  await shot(station, "shipped");
  await expect
    .poll(() => outboxMail(customer, "Your Lifetag labels are on their way"))
    .toContain("RM987654321GB");
});

// The --browser bridge, like the website, refuses to be framed by another
// site: Chromium shows its error page instead of the window.
test("no other site can frame the station's window", async ({ page }) => {
  expect(stationUrl, "STATION_URL (scripts/station/test.sh sets it)").not.toBe("");
  await expectNotFramable(page, `${stationUrl}/`);
});
