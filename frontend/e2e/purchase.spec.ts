import { execFileSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import {
  blobBytes,
  buyPrintAccess,
  decodePdf,
  escapeDialog,
  expectPurchaseFinished,
  expectToast,
  jane,
  payInDialog,
  printCalls,
  snap,
  startPhysicalOrder,
  startPrintPurchase,
  stubPrint,
} from "./helpers";

// Payments through the cloud's local test checkout: the same fulfilment code
// as Stripe's webhook, driven by a locally signed event.

/** What zbarimg reads from a PNG, as a phone's scanner would. */
function decodePng(path: string): string {
  return execFileSync("zbarimg", ["--nodbus", "--quiet", "--raw", "-Sbinary", path]).toString(
    "utf8",
  );
}

test("buys print access, sees the real code, and downloads and prints labels that scan to the form's text", async ({
  page,
}) => {
  await stubPrint(page);
  await startPrintPurchase(page, "buyer@example.com");

  // A declined test card says so and unlocks nothing.
  const dialog = page.getByRole("dialog", { name: "Unlock Print Functionality" });
  await dialog.getByLabel("Test card number").fill("4000 0000 0000 0002");
  await dialog.getByRole("button", { name: /^Pay £/ }).click();
  await expectToast(page, "Payment Failed");
  await snap(page, "payment-declined");

  await payInDialog(page, "Unlock Print Functionality");
  await expectPurchaseFinished(page);
  await expect(page.getByText("READY", { exact: true })).toBeVisible();
  await expect(page.getByText("PREVIEW ONLY")).toHaveCount(0);
  await snap(page, "qr-generated-ready");

  // The exact text a scan shows, from the shared formatter.
  await page.getByRole("button", { name: "View QR Code Content" }).click();
  const qrText = await page.getByRole("dialog").getByTestId("qr-text").innerText();
  expect(qrText).toContain(`Name: ${jane.fullName}`);
  expect(qrText).not.toContain("buyer@example.com");
  await escapeDialog(page);

  await page.goto("/print-preview");
  await snap(page, "print-preview-ready");
  const downloading = page.waitForEvent("download");
  await page.getByRole("button", { name: /Download/ }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^lifetag-labels-\d{4}-\d\d-\d\d\.pdf$/);
  const path = join(mkdtempSync(join(tmpdir(), "lifetag-pdf-")), "labels.pdf");
  await download.saveAs(path);

  // Ten helmet labels, each scanning to exactly the form's text.
  const decoded = decodePdf(path);
  expect(decoded.split(qrText).length - 1).toBe(10);

  // Print prints that same PDF (in a frame of its own), not the web page.
  await page.getByRole("button", { name: "Print", exact: true }).click();
  await expect.poll(() => printCalls(page)).toHaveLength(1);
  const printed = (await printCalls(page))[0]!;
  expect(printed.url).toMatch(/^blob:/);
  expect(printed.contentType).toBe("application/pdf");
  const printedPath = join(mkdtempSync(join(tmpdir(), "lifetag-print-")), "printed.pdf");
  writeFileSync(printedPath, await blobBytes(page, printed.url));
  expect(decodePdf(printedPath).split(qrText).length - 1).toBe(10);

  // ?print=true does the same by itself, a second after the page opens.
  await page.goto("/print-preview?print=true");
  await expect.poll(() => printCalls(page)).toHaveLength(1);
  expect((await printCalls(page))[0]!.contentType).toBe("application/pdf");
});

test("orders printed labels and sees the order on the dashboard", async ({ page }) => {
  const dialog = await startPhysicalOrder(page, "order@example.com");
  // Two packs, priced by the server at 2 x £9.99.
  await dialog.getByLabel(/^Packs/).selectOption("2");
  await expect(dialog.getByRole("button", { name: "Pay £19.98" })).toBeVisible();
  await snap(page, "payment-dialog-physical");
  await payInDialog(page, "Order Physical Labels");
  await expectToast(page, "Payment Successful");
  await expect(page).toHaveURL(/\/qr-generated$/);

  await page.goto("/dashboard");
  await expect(page.getByText("pending", { exact: false }).first()).toBeVisible();
  await expect(page.getByText(/helmet/i).first()).toBeVisible();
  const order = page.getByRole("row").filter({ hasText: /helmet/i });
  await expect(order.getByRole("cell", { name: "2", exact: true })).toBeVisible();
  await snap(page, "dashboard-with-order");
});

test("a referred purchase is credited on the referrer's dashboard", async ({ page, browser }) => {
  await buyPrintAccess(page, "referrer@example.com");
  await page.goto("/referrals");
  await page.getByRole("button", { name: "Generate My Referral Code" }).click();
  const code = (await page.locator(".referral-code").innerText()).trim();
  expect(code).toMatch(/^[A-Z0-9]{6,}$/);
  await expect(page.getByText("Ready", { exact: true })).toBeVisible();

  // A friend, in a browser of their own, follows the shared link and buys.
  const friend = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const friendPage = await friend.newPage();
  await friendPage.goto(`/?ref=${code}`);
  await expect(friendPage.locator(".referral-banner")).toContainText(code);
  await snap(friendPage, "home-referred");
  await buyPrintAccess(friendPage, "friend@example.com", `/?ref=${code}`);
  await friend.close();

  await page.reload();
  await expect(page.getByText("Active", { exact: true })).toBeVisible();
  await expect(page.locator(".stat-value").first()).toHaveText("1");
  await expect(page.locator(".stat-value").nth(1)).toHaveText("£0.20");
  await expect(page.locator(".referral-list li")).toHaveCount(1);
  await snap(page, "referrals-credited");
});

test("a referral link with a bad code says so, stores nothing, and the visitor still pays", async ({
  page,
}) => {
  await page.goto("/?ref=AB1");
  await expect(page.locator(".referral-banner")).toContainText(
    "Referral code must be at least 6 characters, so this link's code was not applied",
  );
  expect(await page.evaluate(() => localStorage.getItem("lifetag_referral_code"))).toBeNull();
  await snap(page, "home-bad-referral");
  const intents: string[] = [];
  page.on("request", (r) => {
    if (r.url().endsWith("/api/create-payment-intent")) intents.push(r.postData() ?? "");
  });
  await buyPrintAccess(page, "badref@example.com", "/?ref=AB1");
  expect(intents).toHaveLength(1);
  expect(JSON.parse(intents[0]!).referralCode ?? null).toBeNull();
  await expect(page.getByText("READY", { exact: true })).toBeVisible();
});

test("a failed sync refuses to print old details, and Try again prints", async ({ page }) => {
  await stubPrint(page);
  await buyPrintAccess(page, "stale@example.com");
  await page.goto("/print-preview");
  await page.route("**/api/sync/emergency-data", (route) =>
    route.fulfill({ status: 503, contentType: "application/json", body: '{"message":"down"}' }),
  );
  const sheetRequests: string[] = [];
  page.on(
    "request",
    (r) => r.url().includes("/api/labels/sheet.pdf") && sheetRequests.push(r.url()),
  );
  await page.getByRole("button", { name: "Print", exact: true }).click();
  const alert = page.getByRole("alert").filter({ hasText: "Print Failed" });
  await expect(alert).toContainText("Your latest details could not be saved to your account");
  expect(await printCalls(page)).toEqual([]);
  expect(sheetRequests).toEqual([]);
  await snap(page, "print-refused-stale");

  await page.unroute("**/api/sync/emergency-data");
  await alert.getByRole("button", { name: "Try again" }).click();
  await expect.poll(() => printCalls(page)).toHaveLength(1);
  await expect(page.getByRole("alert").filter({ hasText: "Print Failed" })).toHaveCount(0);
});

test("saves a lock-screen picture whose code scans to the form's exact text", async ({ page }) => {
  // What the page logged, so that a save that never comes says why.
  const logged: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error") logged.push(m.text());
  });
  await buyPrintAccess(page, "lockscreen@example.com");
  await page.getByRole("button", { name: "View QR Code Content" }).click();
  const qrText = await page.getByRole("dialog").getByTestId("qr-text").innerText();
  await escapeDialog(page);
  // Open, the dialog hides the page from the buttons' lookup below.
  await expect(page.getByRole("dialog"), "the content dialog closes on Escape").toHaveCount(0);

  for (const phone of ["iPhone", "Android"]) {
    const save = page.getByRole("button", { name: `Save for ${phone}` });
    // A locked or busy button takes no click: it must be ready first.
    await expect(
      save,
      `Save for ${phone} stays locked; the page logged: ${logged}`,
    ).not.toHaveAttribute("aria-disabled", "true");
    const downloading = page.waitForEvent("download");
    await save.click();
    // The picture, or the failure the page shows instead of it.
    const failed = page.getByRole("alert").filter({ hasText: "Save Failed" });
    const failure = failed.waitFor().then(() => failed.innerText());
    failure.catch(() => {}); // still waiting when the test ends with its picture
    const outcome = await Promise.race([downloading, failure]);
    if (typeof outcome === "string")
      throw new Error(`no picture: ${outcome}; the page logged: ${logged}`);
    const download = outcome;
    expect(download.suggestedFilename()).toBe(`lifetag-lock-screen-${phone.toLowerCase()}.png`);
    const path = join(mkdtempSync(join(tmpdir(), "lifetag-lock-")), "lock.png");
    await download.saveAs(path);
    expect(decodePng(path)).toBe(qrText);
    // Kept beside the screenshots, to look at.
    mkdirSync("test-results/screens", { recursive: true });
    copyFileSync(path, `test-results/screens/lock-screen-${phone.toLowerCase()}.png`);
  }
});
