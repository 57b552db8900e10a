import { expect, test } from "@playwright/test";
import { paths } from "../src/app/paths";
import { checkPage, ready, recordLiveRegions } from "./a11y";
import { expectToast, fillEmergencyForm, fillShippingAddress, payInDialog } from "./helpers";

// Accessibility: the individual's pages, from the form to a paid order (how, and why the routes are split: e2e/a11y.ts).

const individual = { email: "a11y.person@example.com", password: "secret1" };

test("the individual's journey: form, code, account, payment, own pages", async ({ page }) => {
  test.setTimeout(400_000);
  await recordLiveRegions(page);
  await page.goto(paths.home);
  await ready(page);
  await page.getByRole("button", { name: "Generate My QR Code" }).click();
  await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible();
  await checkPage(page, paths.home, "messages shown");
  await fillEmergencyForm(page);
  await page.getByLabel(/^Email/).fill(individual.email);
  await page.getByRole("button", { name: "Preview the label on a phone" }).click();
  await expect(page.getByRole("dialog", { name: "Label preview" })).toBeVisible();
  await checkPage(page, paths.home, "filled, label preview open");
  await page.keyboard.press("Escape");

  await page.getByRole("button", { name: "Generate My QR Code" }).click();
  await expect(page).toHaveURL(/\/qr-generated$/);
  await ready(page);
  await checkPage(page, paths.qrGenerated, "code ready");
  await page.getByRole("button", { name: "View QR Code Content" }).click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await checkPage(page, paths.qrGenerated, "content open");
  await page.keyboard.press("Escape");

  await page.getByRole("button", { name: "Order Physical Labels - £9.99" }).click();
  await expect(page).toHaveURL(/\/account-setup$/);
  await ready(page);
  await checkPage(page, paths.accountSetup, "empty");
  await page.getByLabel(/^Password/).fill(individual.password);
  await page.getByLabel(/^Confirm password/).fill(individual.password);
  await page.getByRole("button", { name: "Continue to Payment" }).click();
  await expect(page).toHaveURL(/\/payment-summary$/);
  await ready(page);
  await checkPage(page, paths.paymentSummary, "summary");
  await page.getByRole("button", { name: "Pay £9.99" }).click();
  const dialog = page.getByRole("dialog", { name: "Order Physical Labels" });
  await fillShippingAddress(dialog);
  await expect(dialog.getByText("TEST MODE")).toBeVisible();
  await checkPage(page, paths.paymentSummary, "payment dialog open");
  await payInDialog(page, "Order Physical Labels");
  await expectToast(page, "Payment Successful");
  // Toasts are announced politely: after what the screen reader is saying.
  // (Radix adds the announcement a frame after the toast shows, for a moment
  // only, so recordLiveRegions keeps it; on a loaded machine that frame can
  // come after the toast is seen, hence the poll.)
  const live = () => page.evaluate(() => (window as unknown as { live: string[] }).live);
  await expect
    .poll(async () => (await live()).filter((l) => /Payment Successful.*\|polite$/.test(l)))
    .not.toEqual([]);
  expect((await live()).filter((l) => l.endsWith("|assertive"))).toEqual([]);
  // The real code's alternative text says what it is, and nothing of what it holds.
  const qr = page.getByRole("img", { name: "Your emergency QR code" });
  await expect(qr).toBeVisible();
  expect(await qr.getAttribute("alt")).not.toMatch(/Penicillin|O\+|Doe/);
  await checkPage(page, paths.qrGenerated, "paid, real code");
  await expect(page).toHaveURL(/\/qr-generated$/);

  for (const route of [
    paths.printPreview,
    paths.dashboard,
    paths.referrals,
    paths.privacy,
    paths.accountSecurity,
    paths.stationSignIn,
  ]) {
    await page.goto(route);
    await ready(page);
    await checkPage(page, route, "signed in, paid");
  }
});
