import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync } from "node:fs";
import { readdir, readFile, writeFile } from "node:fs/promises";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, type APIResponse, type Locator, type Page } from "@playwright/test";
import { outboxDir } from "./worker";

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

/**
 * A toast with this title shows. The first toast of a page loads Radix
 * Toast's chunk (components/ui/LazyToaster), which a loaded 2-core machine
 * takes seconds to fetch and draw: playwright.config.ts's expectation
 * timeout allows for it.
 */
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

/**
 * The newest mail to `to` with `subject` in the cloud's development outbox,
 * waiting for it a few seconds (mail goes through the cloud's job queue, a
 * moment after the answer that promised it); null when none came.
 */
export async function outboxMail(to: string, subject: string): Promise<string | null> {
  const outbox = outboxDir();
  for (const deadline = Date.now() + 10_000; ;) {
    const names = (await readdir(outbox).catch(() => [] as string[])).sort().reverse();
    for (const name of names) {
      const mail = await readFile(join(outbox, name), "utf8");
      if (mail.startsWith(`To: ${to}\nSubject: ${subject}\n`)) return mail;
    }
    if (Date.now() > deadline) return null;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Pays in the local test checkout's dialog with the test card. */
export async function payInDialog(page: Page, dialogName: string) {
  const dialog = page.getByRole("dialog", { name: dialogName });
  await expect(dialog.getByText("TEST MODE")).toBeVisible();
  await dialog.getByRole("button", { name: "Use the test card" }).click();
  await dialog.getByRole("button", { name: /^Pay £/ }).click();
}

/**
 * From the form to the payment dialog of the print unlock, as a new
 * customer: Jane's details, under `fullName` when one is given.
 */
export async function startPrintPurchase(
  page: Page,
  email: string,
  start = "/",
  fullName?: string,
) {
  await page.goto(start);
  await fillEmergencyForm(page);
  if (fullName) await page.getByLabel(/^Full name/).fill(fullName);
  // Journeys share one cloud: each buyer has an address of their own.
  await page.getByLabel(/^Email/).fill(email);
  await page.getByRole("button", { name: "Generate My QR Code" }).click();
  await page.getByRole("button", { name: "Unlock Printing - £0.99" }).click();
  await page.getByLabel(/^Password/).fill("secret1");
  await page.getByLabel(/^Confirm password/).fill("secret1");
  await page.getByRole("button", { name: "Continue to Payment" }).click();
  await expect(page).toHaveURL(/\/payment-summary$/);
  await page.getByRole("button", { name: "Pay £0.99" }).click();
}

/**
 * A new customer's purchase has finished: paid, on the code page, and, a
 * moment after it shows, welcomed. A step taken before the welcome races
 * its toast, which, arriving over a dialog the step opened, takes the
 * dialog's Escape (a toast is the newest layer).
 */
export async function expectPurchaseFinished(page: Page) {
  await expectToast(page, "Payment Successful");
  await expect(page).toHaveURL(/\/qr-generated$/);
  await expectToast(page, "Welcome to Lifetag!");
}

/** Buys print access as a new customer; ends on the generated code, paid. */
export async function buyPrintAccess(page: Page, email: string, start = "/", fullName?: string) {
  await startPrintPurchase(page, email, start, fullName);
  await payInDialog(page, "Unlock Print Functionality");
  await expectPurchaseFinished(page);
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
  await fillShippingAddress(dialog);
  return dialog;
}

/** The shipping address in the physical order's payment dialog. */
export async function fillShippingAddress(dialog: Locator) {
  await dialog.getByLabel(/^Address line 1/).fill("1 High Street");
  await dialog.getByLabel(/^City/).fill("York");
  await dialog.getByLabel(/^County/).fill("North Yorkshire");
  await dialog.getByLabel(/^Postcode/).fill("yo1 7hh");
}

/** Library codes for `names` on the Standard Emergency Form, through the API; their ids. */
export async function createCodes(page: Page, orgId: number, names: string[]): Promise<number[]> {
  const ids: number[] = [];
  for (const [i, name] of names.entries()) {
    const created = await page.request.post(`/api/corporate/${orgId}/qr-codes`, {
      data: {
        name,
        values: {
          fullName: name,
          bloodType: "O+",
          contact1Name: "Site Office",
          contact1Phone: `+44 7700 9001${i}0`,
          allergies: "None known",
        },
      },
    });
    expect(created.status()).toBe(201);
    ids.push(((await created.json()) as { qrCode: { id: number } }).qrCode.id);
  }
  return ids;
}

/**
 * Moves the focused drag handle of template field `name` (at `position` of
 * `count`) up one place with dnd-kit's keyboard sensor: Space lifts, ArrowUp
 * moves, Space drops; each key waits for the screen reader's announcement of
 * the one before.
 */
export async function moveFieldUpWithKeys(
  page: Page,
  name: string,
  position: number,
  count: number,
) {
  const announced = page.locator('[id^="DndLiveRegion"]');
  await page.keyboard.press("Space");
  await expect(announced).toHaveText(`${name} is at position ${position} of ${count}.`);
  // dnd-kit's keyboard sensor starts listening for the arrows in a
  // setTimeout(0) after the lift; a timer set now runs after that one, so
  // the arrow is not pressed before anything listens (on a loaded machine
  // the announcement can come first).
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
  await page.keyboard.press("ArrowUp");
  await expect(announced).toHaveText(`${name} is at position ${position - 1} of ${count}.`);
  await page.keyboard.press("Space");
  await expect(announced).toHaveText(`${name} dropped at position ${position - 1} of ${count}.`);
}

/** The newest corporate setup link mailed to `to` (the mail goes out in the background). */
export async function setupLink(to: string): Promise<string> {
  const outbox = outboxDir();
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

export type Officer = { email: string; password: string };

/**
 * Registers a trial organisation on the simple form (/corporate/register),
 * sets its owner's password from the setup mail and signs in; returns the
 * organisation's id.
 */
export async function registerAndSignIn(
  page: Page,
  organizationName: string,
  officer: Officer,
): Promise<number> {
  await page.goto("/corporate/register");
  await page.getByLabel(/^Organization Name/).fill(organizationName);
  await page.getByLabel(/^Contact Email/).fill(officer.email);
  await page.getByRole("button", { name: "Create Corporate Account" }).click();
  // Nothing exists until the mailed link is opened.
  await expect(page.getByRole("heading", { name: "Check your email" })).toBeVisible();
  await setUpAndSignIn(page, officer.email, officer.password);
  return Number(/\/corporate\/dashboard\/(\d+)$/.exec(page.url())![1]);
}

/**
 * Fills in and sends the New Project page (already open); Create Project
 * waits for a name (docs/design/admin-corporate.md §2). `snapName` photographs the filled-in form.
 */
export async function createProject(
  page: Page,
  name: string,
  description: string,
  snapName?: string,
) {
  const create = page.getByRole("button", { name: "Create Project" });
  await expect(create).toBeDisabled();
  await page.getByLabel(/^Project Name/).fill(name);
  await page.getByLabel(/^Description/).fill(description);
  if (snapName) await snap(page, snapName);
  await create.click();
  await expectToast(page, "Project created");
  await expect(page).toHaveURL(/\/corporate\/projects$/);
}

/**
 * On the collection links page: creates a link (the template and project
 * chosen by their names, else the defaults) and returns its URL, shown once.
 */
export async function createCollectionLink(
  page: Page,
  choice: { template?: string; project?: string; expires: "In 7 days" | "In 30 days" | "Never" },
): Promise<URL> {
  await page.getByRole("button", { name: "Create collection link" }).click();
  const dialog = page.getByRole("dialog");
  if (choice.template)
    await dialog.getByLabel(/^Form template/).selectOption({ label: choice.template });
  if (choice.project) await dialog.getByLabel(/^Project/).selectOption({ label: choice.project });
  await dialog.getByLabel(/^Link expires/).selectOption({ label: choice.expires });
  await dialog.getByRole("button", { name: "Create collection link" }).click();
  const urlBox = dialog.getByRole("textbox");
  await expect(urlBox).toHaveValue(/\/collect\/[A-Za-z0-9_-]{40,}$/);
  await expect(dialog.getByRole("img", { name: "QR code of the collection link" })).toBeVisible();
  const url = new URL(await urlBox.inputValue());
  await dialog.getByRole("button", { name: "Done" }).click();
  return url;
}

/**
 * Drags with the mouse, as a person does: press on `handle`, move in small
 * steps (@dnd-kit starts a drag only after the pointer has moved) to the
 * middle of `target`, release.
 */
export async function dragWithMouse(page: Page, handle: Locator, target: Locator) {
  // The mouse reaches only what is on the screen: both in its middle, away
  // from the edges where @dnd-kit scrolls the page under the pointer.
  await handle.scrollIntoViewIfNeeded();
  const middle =
    ((await handle.boundingBox())!.y + (await target.boundingBox())!.y) / 2 -
    page.viewportSize()!.height / 2;
  await page.evaluate((dy) => window.scrollBy({ top: dy, behavior: "instant" }), middle);
  const from = (await handle.boundingBox())!;
  const to = (await target.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 + 10, { steps: 5 });
  await page.mouse.move(from.x + from.width / 2, to.y + to.height / 2, { steps: 20 });
  await page.mouse.up();
}

/**
 * Presses Print on the batch print page (with stubPrint installed) and saves
 * the PDF the print sent to the printer; returns its path.
 */
export async function printedPdf(page: Page, path: string): Promise<string> {
  await page.getByRole("button", { name: "Print" }).click();
  await expect.poll(() => printCalls(page)).toHaveLength(1);
  const printed = (await printCalls(page))[0]!;
  expect(printed.contentType).toBe("application/pdf");
  await writeFile(path, await blobBytes(page, printed.url));
  return path;
}

/**
 * What decodePdf read holds exactly `texts` (a multiset: a text listed twice
 * is printed twice) and nothing else; zbarimg writes the codes back to back.
 */
export function expectCodes(decoded: string, texts: string[]) {
  const wanted = new Map<string, number>();
  for (const text of texts) wanted.set(text, (wanted.get(text) ?? 0) + 1);
  for (const [text, times] of wanted) expect(decoded.split(text).length - 1, text).toBe(times);
  expect(decoded.length).toBe(texts.reduce((n, text) => n + text.length, 0));
}

/**
 * Frames url in a page of another site (another loopback port, served here)
 * beside a control page of that site, which allows framing, and expects
 * Chromium to refuse url: its frame ends on Chromium's error page while the
 * control loads. A url that can be framed fails the check.
 */
export async function expectNotFramable(page: Page, url: string) {
  const server = createServer((request, response) => {
    response.setHeader("Content-Type", "text/html");
    response.end(
      request.url === "/control"
        ? "<p>framed control</p>"
        : `<iframe id="control" src="/control"></iframe><iframe id="target" src="${url}"></iframe>`,
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  try {
    const { port } = server.address() as AddressInfo;
    await page.goto(`http://127.0.0.1:${port}/`);
    await expect(page.frameLocator("#control").getByText("framed control")).toBeVisible();
    await expect
      .poll(() => page.frames().map((f) => f.url()), { message: `framing ${url}` })
      .toContain("chrome-error://chromewebdata/");
  } finally {
    server.close();
  }
}

/**
 * How long a journey waits for what the station learns or writes: its
 * banner asks the cloud every 10 s (sessionPollMs in src/station/api.ts)
 * and it renders sheets in Go, so on a loaded machine this allows several
 * polls. A hang detector, not a speed check.
 */
export const stationWait = 90_000;

/**
 * The whole PDFs saved in dir. The station writes a file under a hidden
 * temporary name (.lifetag-*.pdf) and renames it once whole, so a name
 * without the leading dot is a finished file.
 */
function savedPdfs(dir: string): string[] {
  return readdirSync(dir).filter((f) => f.endsWith(".pdf") && !f.startsWith("."));
}

/** The one PDF saved in dir. */
export function savedPdf(dir: string): string {
  const pdfs = savedPdfs(dir);
  expect(pdfs).toHaveLength(1);
  return join(dir, pdfs[0]!);
}

/** Waits until the station has saved one whole PDF in dir; its path. */
export async function waitForSavedPdf(dir: string): Promise<string> {
  await expect.poll(() => savedPdfs(dir), { timeout: stationWait }).toHaveLength(1);
  return savedPdf(dir);
}

/**
 * On the station's Batch screen, with the cloud not serving it: adds the
 * cached library codes named names, prints them (Save PDF into saveDir),
 * checks every name is on the saved sheet and that the print run waits.
 */
export async function printCachedBatch(station: Page, saveDir: string, names: string[]) {
  await station.getByRole("button", { name: "Add from Library" }).click();
  const picker = station.getByRole("dialog", { name: "Add QR Codes from Library" });
  for (const name of names) await expect(picker.getByText(name)).toBeVisible();
  await picker.getByRole("button", { name: "Select All" }).click();
  await picker.getByRole("button", { name: `Add ${names.length} to Queue` }).click();
  // Offline the organisation's paper is not known, so the list's first
  // layout (5160) is chosen, whose labels are too small for a worker's record.
  await station
    .getByLabel("Layout")
    .selectOption({ label: "Avery 5163 (10 per sheet) · US Letter" });
  await station.getByRole("button", { name: "Print", exact: true }).click();
  const codes = decodePdf(await waitForSavedPdf(saveDir));
  for (const name of names) expect(codes).toContain(name);
  // The print run waits on the station.
  await expect(station.getByText(/1 change waiting to be sent/)).toBeVisible({
    timeout: stationWait,
  });
}

/** An API answer's JSON, failing with its status and body unless it is 2xx. */
export async function json<T>(response: APIResponse): Promise<T> {
  expect(response.ok(), `${response.url()}: ${response.status()} ${await response.text()}`).toBe(
    true,
  );
  return (await response.json()) as T;
}

/**
 * Presses Escape on the open dialog once the focus is inside it. Radix
 * starts listening for Escape in the same effects that move the focus in,
 * which run just after the dialog is painted: a key pressed in between (a
 * loaded machine) would be lost.
 */
export async function escapeDialog(page: Page) {
  await expect
    .poll(() => page.evaluate(() => document.activeElement?.closest('[role="dialog"]') != null))
    .toBe(true);
  await page.keyboard.press("Escape");
}
