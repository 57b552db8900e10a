import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, type Page } from "@playwright/test";

export const jane = {
  fullName: "Jane Doe",
  email: "jane@example.com",
  bloodType: "O+",
  weight: "70.5",
  contactName: "John Doe",
  relationship: "Husband",
  phone: "+44 7700 900123",
  allergies: "Penicillin",
};

/** Screenshots of the current screen at phone and desktop sizes, kept as artefacts. */
export async function snap(page: Page, name: string) {
  // Nothing may scroll sideways at the narrowest supported width (360 px).
  await page.mouse.move(0, 0);
  await page.setViewportSize({ width: 360, height: 740 });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(overflow, `${name} is wider than 360 px`).toBeLessThanOrEqual(360);
  for (const [label, size] of [
    ["390x844", { width: 390, height: 844 }],
    ["1280x800", { width: 1280, height: 800 }],
  ] as const) {
    await page.setViewportSize(size);
    // From the top (a sticky header would otherwise be photographed where the
    // page was scrolled to), once the page has laid itself out at this size.
    await page.evaluate(
      () =>
        new Promise((done) => {
          window.scrollTo(0, 0);
          requestAnimationFrame(() => requestAnimationFrame(done));
        }),
    );
    await page.screenshot({ path: `test-results/screens/${name}-${label}.png`, fullPage: true });
  }
}

type PrintCall = { url: string; contentType: string };

/**
 * Records window.print() calls in every frame (the page's own and the PDF
 * frame Print makes) instead of opening the print dialog, which headless
 * Chromium cannot show for a PDF. Also keeps each blob: URL's Blob, so a
 * test can read what was printed (the site's CSP rightly forbids fetching
 * blob: URLs).
 */
export async function stubPrint(page: Page) {
  await page.addInitScript(() => {
    const top = window.top as unknown as { printCalls?: PrintCall[]; blobs?: Map<string, Blob> };
    window.print = () => {
      (top.printCalls ??= []).push({ url: location.href, contentType: document.contentType });
    };
    const createObjectURL = URL.createObjectURL.bind(URL);
    URL.createObjectURL = (object: Blob | MediaSource) => {
      const url = createObjectURL(object);
      if (object instanceof Blob) (top.blobs ??= new Map()).set(url, object);
      return url;
    };
  });
}

export async function printCalls(page: Page): Promise<PrintCall[]> {
  return page.evaluate(() => (window as unknown as { printCalls?: PrintCall[] }).printCalls ?? []);
}

/** The bytes of a Blob the page made a blob: URL for (see stubPrint). */
export async function blobBytes(page: Page, url: string): Promise<Buffer> {
  const base64 = await page.evaluate(async (url) => {
    const blob = (window as unknown as { blobs?: Map<string, Blob> }).blobs?.get(url);
    if (!blob) throw new Error(`no Blob recorded for ${url}`);
    const bytes = new Uint8Array(await blob.arrayBuffer());
    let binary = "";
    for (const byte of bytes) binary += String.fromCharCode(byte);
    return btoa(binary);
  }, url);
  return Buffer.from(base64, "base64");
}

export async function fillEmergencyForm(page: Page) {
  await page.getByLabel(/^Full name/).fill(jane.fullName);
  await page.getByLabel(/^Email/).fill(jane.email);
  await page.getByLabel(/^Blood type/).selectOption(jane.bloodType);
  await page.getByLabel(/^Weight/).fill(jane.weight);
  const contact = page.locator(".contact").first();
  await contact.getByLabel(/^Name/).fill(jane.contactName);
  await contact.getByLabel(/^Relationship/).fill(jane.relationship);
  await contact.getByLabel(/^Phone/).fill(jane.phone);
  await page.getByLabel(/^Allergies/).fill(jane.allergies);
}

export async function expectToast(page: Page, title: string) {
  await expect(page.locator(".toast-title").filter({ hasText: title })).toBeVisible();
}

/** Every QR code on a PDF, read as a printer would print it (pdftoppm, then zbarimg). */
export function decodePdf(path: string): string {
  const dir = mkdtempSync(join(tmpdir(), "lifetag-e2e-"));
  execFileSync("pdftoppm", ["-r", "300", "-png", path, join(dir, "page")]);
  const pages = readdirSync(dir)
    .filter((f) => f.endsWith(".png"))
    .map((f) => join(dir, f));
  return execFileSync("zbarimg", ["--nodbus", "--quiet", "--raw", "-Sbinary", ...pages]).toString(
    "utf8",
  );
}

/** The newest mail to `to` with `subject` in the cloud's development outbox, or null. */
export async function outboxMail(to: string, subject: string): Promise<string | null> {
  const outbox = process.env.E2E_OUTBOX;
  if (!outbox) throw new Error("E2E_OUTBOX is not set (scripts/test-e2e.sh sets it)");
  const names = (await readdir(outbox)).sort().reverse();
  for (const name of names) {
    const mail = await readFile(join(outbox, name), "utf8");
    if (mail.startsWith(`To: ${to}\nSubject: ${subject}\n`)) return mail;
  }
  return null;
}

/** Pays in the local test checkout's dialog with the test card. */
export async function payInDialog(page: Page, dialogName: string) {
  const dialog = page.getByRole("dialog", { name: dialogName });
  await expect(dialog.getByText("TEST MODE")).toBeVisible();
  await dialog.getByRole("button", { name: "Use the test card" }).click();
  await dialog.getByRole("button", { name: /^Pay £/ }).click();
}

/**
 * From the form to the physical order's payment dialog, as a new customer,
 * with the shipping address filled in; returns the dialog.
 */
export async function startPhysicalOrder(page: Page, email: string) {
  await page.goto("/");
  await fillEmergencyForm(page);
  await page.getByLabel(/^Email/).fill(email);
  await page.getByRole("button", { name: "Generate My QR Code" }).click();
  await page.getByRole("button", { name: "Order Physical Labels - £9.99" }).click();
  await page.getByLabel(/^Password/).fill("secret1");
  await page.getByLabel(/^Confirm password/).fill("secret1");
  await page.getByRole("button", { name: "Continue to Payment" }).click();
  await page.getByRole("button", { name: "Pay £9.99" }).click();
  const dialog = page.getByRole("dialog", { name: "Order Physical Labels" });
  await dialog.getByLabel(/^Address line 1/).fill("1 High Street");
  await dialog.getByLabel(/^City/).fill("York");
  await dialog.getByLabel(/^County/).fill("North Yorkshire");
  await dialog.getByLabel(/^Postcode/).fill("yo1 7hh");
  return dialog;
}

/** The newest corporate setup link mailed to `to` (the mail goes out in the background). */
export async function setupLink(to: string): Promise<string> {
  const outbox = process.env.E2E_OUTBOX;
  if (!outbox) throw new Error("E2E_OUTBOX is not set (scripts/test-e2e.sh sets it)");
  let link = "";
  await expect
    .poll(async () => {
      for (const name of (await readdir(outbox).catch(() => [] as string[])).sort().reverse()) {
        const mail = await readFile(join(outbox, name), "utf8");
        if (!mail.startsWith(`To: ${to}\n`)) continue;
        const found = /https?:\/\/\S+\/corporate-password-setup\?token=\S+/.exec(mail)?.[0];
        if (found) {
          const url = new URL(found);
          link = url.pathname + url.search;
          return true;
        }
      }
      return false;
    })
    .toBe(true);
  return link;
}

/** Follows the setup mail, sets the password and signs in at the corporate door. */
export async function setUpAndSignIn(page: Page, email: string, password: string) {
  await page.goto(await setupLink(email));
  await page.getByLabel(/^Password/).fill(password);
  await page.getByLabel(/^Confirm Password/).fill(password);
  await page.getByRole("button", { name: "Set Password" }).click();
  await expect(page).toHaveURL(/\/corporate-login$/);
  await page.getByLabel(/^Email/).fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/corporate\/dashboard\/\d+$/);
  await expectToast(page, "Welcome back!");
}
