import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import {
  escapeDialog,
  expectToast,
  fillEmergencyForm,
  jane,
  printCalls,
  snap,
  stubPrint,
} from "./helpers";

test.describe("a visitor without an account", () => {
  test("fills the form, which is saved on the device, and sees only the sample", async ({
    page,
  }) => {
    await stubPrint(page);
    const consoleErrors: string[] = [];
    page.on(
      "console",
      (m) => (m.type() === "error" || m.type() === "warning") && consoleErrors.push(m.text()),
    );
    await page.goto("/?ref=FRIEND1");
    await expect(page.getByText(/referred by a friend \(code FRIEND1\)/)).toBeVisible();
    await snap(page, "home");
    // The live app takes over the pre-rendered page without complaint.
    expect(consoleErrors).toEqual([]);

    await page.getByRole("button", { name: "Preview the label on a phone" }).click();
    await expect(page.getByRole("dialog", { name: "Label preview" })).toBeVisible();
    await snap(page, "home-label-preview");
    await escapeDialog(page);
    await expect(page.getByRole("dialog")).toHaveCount(0);

    await page.getByRole("button", { name: "Get Started - £0.99" }).click();
    await expect(page.getByLabel(/^Full name/)).toBeFocused();

    // The spec's messages on an empty submit.
    await page.getByRole("button", { name: "Generate My QR Code" }).click();
    await expect(page.getByText("Full name is required")).toBeVisible();
    await expect(page.getByText("Blood type is required")).toBeVisible();
    await expect(page.getByText("Phone number is required")).toBeVisible();
    await snap(page, "home-form-errors");

    await fillEmergencyForm(page);
    // Saved on every change: a reload keeps it, under the spec's key.
    await page.reload();
    await expect(page.getByLabel(/^Full name/)).toHaveValue(jane.fullName);
    const stored = await page.evaluate(() =>
      JSON.parse(localStorage.getItem("lifetag_emergency_info")!),
    );
    expect(stored.personalInfo.fullName).toBe(jane.fullName);
    expect(stored.lastModified).toMatch(/^\d{4}-\d\d-\d\dT/);

    await page.getByRole("button", { name: "Generate My QR Code" }).click();
    await expect(page).toHaveURL(/\/qr-generated$/);
    await expect(page.getByText("PREVIEW ONLY")).toBeVisible();
    await expect(page.getByText("SAMPLE USER - PURCHASE TO UNLOCK")).toBeVisible();
    await expect(page.getByText("READY", { exact: true })).toHaveCount(0);
    await snap(page, "qr-generated");

    await page.getByRole("button", { name: "View QR Code Content" }).click();
    const dialog = page.getByRole("dialog", { name: "QR CODE CONTENT" });
    await expect(dialog.getByText("Exact text that appears when scanned")).toBeVisible();
    await expect(dialog.getByTestId("qr-text")).toContainText(
      "Name: SAMPLE USER - PURCHASE TO UNLOCK",
    );
    await expect(dialog.getByTestId("qr-text")).not.toContainText(jane.fullName);
    // The image drawn in this browser reads back as that exact text in
    // zbar, as an app reads text (no -Sbinary): its 🚨 headings are not
    // ASCII, so the code carries the ECI designator for UTF-8, without
    // which zbar guesses a charset.
    const shown = await dialog.getByTestId("qr-text").textContent();
    const image = page.locator("img.qr-image").first();
    const src = await image.getAttribute("src");
    expect(src).toMatch(/^data:image\/png;base64,/);
    // The spec's image: a PNG of 300 by 300 pixels.
    expect(
      await image.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight]),
    ).toEqual([300, 300]);
    const png = test.info().outputPath("qr-generated.png");
    writeFileSync(png, Buffer.from(src!.split(",")[1]!, "base64"));
    const read = execFileSync("zbarimg", ["--nodbus", "--quiet", "--raw", png]).toString("utf8");
    expect(read.replace(/\n$/, "")).toBe(shown);
    await snap(page, "qr-content-dialog");
    await dialog.getByRole("button", { name: "Close" }).click();
    await expect(dialog).toHaveCount(0);

    // Every locked action is refused while unpaid.
    await page.getByRole("link", { name: "Print Preview" }).click();
    await expect(page).toHaveURL(/\/print-preview$/);
    const print = page.getByRole("button", { name: "Print", exact: true });
    const download = page.getByRole("button", { name: "Download PDF" });
    await expect(print).toHaveAttribute("aria-disabled", "true");
    await expect(download).toHaveAttribute("aria-disabled", "true");
    const pdfRequests: string[] = [];
    page.on("request", (r) => r.url().includes("/api/labels") && pdfRequests.push(r.url()));
    // Playwright waits for aria-disabled buttons to enable; force the click.
    await print.click({ force: true });
    await download.click({ force: true });
    await print.hover();
    await expect(page.getByRole("tooltip")).toContainText(
      "Please complete your purchase to print labels with your real emergency information.",
    );
    expect(await printCalls(page)).toEqual([]);
    expect(pdfRequests).toEqual([]);
    await snap(page, "print-preview");

    // ?print=true does not print an unpaid sheet either: when its timer
    // fires, the visitor is told why instead (no sleep: wait for the toast).
    await page.goto("/print-preview?print=true");
    await expectToast(page, "Please complete your purchase to print labels");
    expect(await printCalls(page)).toEqual([]);
  });

  test("back from print preview after 6 minutes keeps the form; a new visit later does not", async ({
    page,
    context,
  }) => {
    await context.clock.install();
    await page.goto("/");
    await fillEmergencyForm(page);
    await page.getByRole("button", { name: "Generate My QR Code" }).click();
    await page.getByRole("link", { name: "Print Preview" }).click();
    await expect(page).toHaveURL(/\/print-preview$/);

    // Six minutes reading the sheet, without editing (the clock, not a sleep).
    await context.clock.fastForward("06:00");
    await page.getByRole("link", { name: "Back" }).click();
    await expect(page).toHaveURL(/\/qr-generated$/);
    await expect(page.getByText("PREVIEW ONLY")).toBeVisible();
    // A reload is the same visit too.
    await page.reload();
    await expect(page).toHaveURL(/\/qr-generated$/);
    await page.getByRole("link", { name: "Start Over" }).click();
    await expect(page.getByLabel(/^Full name/)).toHaveValue(jane.fullName);

    // The next person on this device, in a new tab more than 5 minutes
    // after the last edit, starts with an empty form (docs/design/individual.md §4).
    const next = await context.newPage();
    await next.goto("/");
    await expect(next.getByLabel(/^Full name/)).toHaveValue("");
    await next.goto("/qr-generated");
    await expect(next).toHaveURL(/\/$/);
  });

  test("goes through account setup to the payment summary and dialog", async ({ page }) => {
    await page.goto("/");
    await fillEmergencyForm(page);
    await page.getByRole("button", { name: "Generate My QR Code" }).click();
    await page.getByRole("button", { name: "Unlock Printing - £0.99" }).click();
    await expect(page).toHaveURL(/\/account-setup$/);
    await expect(page.getByLabel(/^Email/)).toHaveValue(jane.email);
    await snap(page, "account-setup");
    await page.getByLabel(/^Password/).fill("secret1");
    await page.getByLabel(/^Confirm password/).fill("secret2");
    await page.getByRole("button", { name: "Continue to Payment" }).click();
    await expect(page.getByText("Passwords Don't Match")).toBeVisible();
    await page.getByLabel(/^Confirm password/).fill("secret1");
    await page.getByRole("button", { name: "Continue to Payment" }).click();
    await expect(page).toHaveURL(/\/payment-summary$/);
    await expect(page.getByText("Listed")).toBeVisible();
    await snap(page, "payment-summary");
    await page.getByRole("button", { name: "Pay £0.99" }).click();
    await expect(page.getByRole("dialog", { name: "Unlock Print Functionality" })).toBeVisible();
    await snap(page, "payment-dialog");
    await page.getByRole("button", { name: "Cancel" }).click();
    await expect(page.getByRole("dialog")).toHaveCount(0);
  });

  test("needs sign-in for referrals, and shows 404 for unknown paths", async ({ page }) => {
    await page.goto("/referrals");
    await expect(page).toHaveURL(/\/login\?return=\/referrals$/);
    await expectToast(page, "Authentication Required");
    await snap(page, "login");
    await page.goto("/no-such-page");
    await expect(page.getByRole("heading", { name: "Page Not Found" })).toBeVisible();
    await snap(page, "not-found");
  });
});
