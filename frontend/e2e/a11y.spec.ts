import { appendFile } from "node:fs/promises";
import { expect, test, type Page } from "@playwright/test";
import { paths } from "../src/app/paths";
import { checkPage, readResults, signInAsA11yAdmin } from "./a11y";
import {
  createCodes,
  createCollectionLink,
  expectToast,
  fillEmergencyForm,
  fillShippingAddress,
  payInDialog,
  registerAndSignIn,
  startPhysicalOrder,
} from "./helpers";

// Every route of the router (src/app/paths.ts), each signed in as the role
// that sees it and in its filled state: axe with the WCAG 2.2 A and
// AA rules at 390x844 and 1280x800, and no sideways scroll or cut-off control
// at 320 px. The last test walks the route table, so a new route without a
// check here fails, and prints the figure make test shows.

const notFound = "*";
const individual = { email: "a11y.person@example.com", password: "secret1" };
const officer = { email: "a11y.officer@access.example", password: "officer-password-1" };

// Not serial: a route that fails its check must not stop the others from
// being checked; each test sets up what it needs (the admin finds the order
// the individual placed, as they run in this order in one worker).

/** The page's own heading has drawn (the routes are lazy-loaded). */
async function ready(page: Page) {
  await expect(page.locator("h1").first()).toBeVisible();
}

/**
 * Presses the page's submit button, so the form's messages show (the
 * browser's own for a required field, else the page's, tied to the field).
 */
async function submitEmpty(page: Page) {
  await page.locator("main form").first().locator('button[type="submit"]').first().click();
  await expect(page.locator("main :invalid, main [aria-invalid='true']").first()).toBeAttached();
}

/** Keeps, in window.live, "text|politeness" of every live region that appears. */
async function recordLiveRegions(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { live: string[] }).live = seen;
    new MutationObserver(() => {
      for (const el of document.querySelectorAll("[aria-live]")) {
        const entry = `${(el.textContent ?? "").trim()}|${el.getAttribute("aria-live")}`;
        if (el.textContent?.trim() && !seen.includes(entry)) seen.push(entry);
      }
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
}

// Generous timeouts: each check runs axe twice and lays the page out three
// times, and make test shares the machine.
const forms: string[] = [
  paths.login,
  paths.resetPassword,
  paths.corporateLogin,
  paths.corporateRegister,
  paths.corporateTrial,
];

test("signed-out forms, empty and with their messages", async ({ page }) => {
  test.setTimeout(300_000);
  for (const route of forms) {
    await page.goto(route);
    await ready(page);
    await checkPage(page, route, "empty");
    await submitEmpty(page);
    await checkPage(page, route, "messages shown");
  }
});

test("signed-out pages", async ({ page }) => {
  test.setTimeout(300_000);
  const plain = [
    paths.setPassword,
    paths.corporatePasswordSetup,
    paths.corporateBenefits,
    paths.corporatePaymentSuccess,
    paths.corporateTestCheckout,
    paths.qrDemo,
  ];
  for (const route of plain) {
    await page.goto(route);
    await ready(page);
    await checkPage(page, route, "as it opens");
  }
  // Where a new customer lands after the trial form (the registration id
  // only says which registration a resend is for).
  await page.goto(`${paths.corporateCheckEmail}?kind=trial&registration_id=reg_example`);
  await ready(page);
  await checkPage(page, paths.corporateCheckEmail, "after a trial sign-up");
  await page.goto("/no-such-page");
  await ready(page);
  await checkPage(page, notFound, "unknown address");
});

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

  for (const route of [paths.printPreview, paths.dashboard, paths.referrals, paths.privacy]) {
    await page.goto(route);
    await ready(page);
    await checkPage(page, route, "signed in, paid");
  }
});

test("the safety officer's pages, filled, with their dialogs", async ({ page, browser }) => {
  test.setTimeout(600_000);
  const orgId = await registerAndSignIn(page, "Access Crew Ltd", officer);
  const api = page.request;
  for (const name of ["North Site", "South Yard"]) {
    const made = await api.post(`/api/corporate/${orgId}/projects`, {
      data: { name, description: `${name} crew` },
    });
    expect(made.status()).toBe(201);
  }
  await createCodes(page, orgId, ["Ann Okafor", "Bob Singh", "Cat Nowak"]);

  await page.goto(`${paths.corporateDashboard}/${orgId}`);
  await ready(page);
  await checkPage(page, paths.corporateDashboard, "trial organisation");
  await page.goto(`${paths.corporateTeam}/${orgId}`);
  await ready(page);
  await checkPage(page, paths.corporateTeam, "owner only");

  await page.goto(paths.corporateProjects);
  await ready(page);
  await expect(page.getByRole("heading", { name: "South Yard" })).toBeVisible();
  await checkPage(page, paths.corporateProjects, "two projects");
  await page.goto(paths.corporateNewProject);
  await ready(page);
  await page.getByLabel(/^Project Name/).fill("East Gate");
  await checkPage(page, paths.corporateNewProject, "filled");

  await page.goto(paths.corporateQrCodes);
  await ready(page);
  await expect(page.getByText("Cat Nowak")).toBeVisible();
  await checkPage(page, paths.corporateQrCodes, "three codes");
  await page.getByRole("button", { name: "Edit: Bob Singh" }).click();
  const edit = page.getByRole("dialog", { name: "Edit QR Code" });
  await expect(edit.getByLabel(/^Full Name/)).toHaveValue("Bob Singh");
  await checkPage(page, paths.corporateQrCodes, "edit dialog open");
  await page.keyboard.press("Escape");
  await page.getByRole("button", { name: "Import CSV" }).click();
  await expect(page.getByRole("dialog", { name: "Import workers from CSV" })).toBeVisible();
  await checkPage(page, paths.corporateQrCodes, "import dialog open");
  await page.keyboard.press("Escape");

  await page.goto(paths.corporateFormBuilder);
  await ready(page);
  await checkPage(page, paths.corporateFormBuilder, "templates");
  await page.getByRole("button", { name: "Create Custom Template" }).click();
  await page.getByRole("button", { name: "Load Default" }).click();
  await expectToast(page, "Default Template Loaded");
  await page.getByRole("button", { name: "Add Field" }).click();
  await expect(page.getByRole("dialog", { name: "Add Field" })).toBeVisible();
  await checkPage(page, paths.corporateFormBuilder, "editor, add field open");
  await page.keyboard.press("Escape");

  await page.goto(`${paths.corporateCollectionLinks}/${orgId}`);
  await ready(page);
  const link = await createCollectionLink(page, { expires: "In 7 days" });
  await checkPage(page, paths.corporateCollectionLinks, "one link");
  await page.getByRole("button", { name: "Create collection link" }).click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await checkPage(page, paths.corporateCollectionLinks, "create dialog open");
  await page.keyboard.press("Escape");

  await page.goto(`${paths.corporateAnalytics}/${orgId}`);
  await ready(page);
  await checkPage(page, paths.corporateAnalytics, "three codes");

  await page.goto(`${paths.corporateApiKeys}/${orgId}`);
  await ready(page);
  await checkPage(page, paths.corporateApiKeys, "no keys");
  await page.getByRole("button", { name: "Create API key" }).click();
  const keyDialog = page.getByRole("dialog", { name: "Create API key" });
  await keyDialog.getByLabel(/^Name/).fill("HR sync");
  await checkPage(page, paths.corporateApiKeys, "create dialog open");
  await keyDialog.getByRole("button", { name: "Create API key" }).click();
  await expect(page.getByRole("dialog", { name: "API key created" })).toBeVisible();
  await checkPage(page, paths.corporateApiKeys, "the new key shown once");
  await page.getByRole("button", { name: "Done" }).click();
  await page.getByRole("button", { name: "Revoke HR sync" }).click();
  await expect(page.getByRole("dialog", { name: "Revoke this API key?" })).toBeVisible();
  await checkPage(page, paths.corporateApiKeys, "revoke dialog open");
  await page.keyboard.press("Escape");

  await page.goto(paths.labelBatchPrint);
  await ready(page);
  await page.getByRole("button", { name: "Add from Library" }).click();
  const picker = page.getByRole("dialog", { name: "Add QR Codes from Library" });
  await picker.getByRole("button", { name: "Select All" }).click();
  await checkPage(page, paths.labelBatchPrint, "library picker open");
  await picker.getByRole("button", { name: "Add 3 to Queue" }).click();
  await expectToast(page, "QR Codes Added");
  await checkPage(page, paths.labelBatchPrint, "three queued");

  // The worker: the shared link on a browser with no session.
  const worker = await (await browser.newContext()).newPage();
  await worker.goto(link.pathname);
  await ready(worker);
  await checkPage(worker, paths.collect, "empty form");
  await worker.getByRole("button", { name: "Send my details" }).click();
  await expect(worker.locator('[aria-invalid="true"]').first()).toBeVisible();
  await checkPage(worker, paths.collect, "messages shown");
  await worker.context().close();
});

const longAddresses = {
  customer: "a.customer.with.a.long.address@orders.example.com",
  created: "someone.with.a.rather.long.address@activity.example.com",
};

test("the admin's dashboard, every tab, and an order's dialog", async ({ page, browser }) => {
  test.setTimeout(300_000);
  // Rows with long lines in every list: an order from a customer with a long
  // address, and an activity entry whose sentence names a long one, which a
  // phone's card must wrap rather than scroll.
  const customer = await (await browser.newContext()).newPage();
  await startPhysicalOrder(customer, longAddresses.customer);
  await payInDialog(customer, "Order Physical Labels");
  await expectToast(customer, "Payment Successful");
  await customer.context().close();
  await signInAsA11yAdmin(page);
  const created = await page.request.post("/api/admin/users/create", {
    data: { email: longAddresses.created },
  });
  expect(created.status()).toBe(201);
  await page.reload();
  await expect(page.getByText("Total Users")).toBeVisible();
  await checkPage(page, paths.admin, "users");
  // The seeded rows each tab must show before it is checked.
  const seeded: Record<string, RegExp | null> = {
    "Physical Orders": new RegExp(longAddresses.customer),
    "Corporate Accounts": null,
    Activity: new RegExp(`Created the account ${longAddresses.created}`),
  };
  for (const [tab, row] of Object.entries(seeded)) {
    await page.getByRole("tab", { name: new RegExp(`^${tab}`) }).click();
    await expect(page.getByRole("tab", { name: new RegExp(`^${tab}`) })).toHaveAttribute(
      "aria-selected",
      "true",
    );
    await expect(page.getByRole("table")).toBeVisible();
    if (row) await expect(page.getByRole("row", { name: row })).toBeVisible();
    await checkPage(page, paths.admin, tab);
  }
  await page.getByRole("tab", { name: /^Physical Orders/ }).click();
  await page.getByRole("button", { name: "Edit" }).first().click();
  await expect(page.getByRole("dialog", { name: "Update Order Status" })).toBeVisible();
  await checkPage(page, paths.admin, "order dialog open");
});

test("every route of the router has had its check", async () => {
  const results = await readResults();
  const checked = new Set(results.map((r) => r.route));
  const routes = [...Object.values(paths), notFound];
  expect(
    routes.filter((r) => !checked.has(r)),
    "routes without an accessibility check",
  ).toEqual([]);
  const findings = results.flatMap((r) => r.findings);
  const count = (impact: string) => findings.filter((f) => f.impact === impact).length;
  const line = `a11y: ${routes.length} routes x 2 sizes, ${count("serious")} serious, ${count("critical")} critical`;
  console.log(line);
  for (const f of findings)
    console.log(`  ${f.impact} ${f.rule} on ${f.route} (${f.state}, ${f.size})`);
  for (const r of results)
    for (const n of r.narrow) console.log(`  320 px: ${r.route} (${r.state}): ${n}`);
  if (process.env.LIFETAG_TEST_REPORT)
    await appendFile(process.env.LIFETAG_TEST_REPORT, line + "\n");
});
