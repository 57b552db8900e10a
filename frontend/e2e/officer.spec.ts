import { expect, test, type Browser } from "@playwright/test";
import {
  escapeDialog,
  expectToast,
  outboxMail,
  registerAndSignIn,
  setUpAndSignIn,
  setupLink,
  snap,
} from "./helpers";

// The safety officer's first week (the order it fulfils is in
// admin.spec.ts), against the real cloud.

const setupSubject = "Set up your Lifetag corporate account";

async function newPage(browser: Browser) {
  return (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
}

test("the plans and the trial are reached from the header and the home page", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("button", { name: "Corporate" }).click();
  const menu = page.getByRole("menu");
  await expect(menu.getByRole("menuitem", { name: "Plans and pricing" })).toBeVisible();
  await expect(menu.getByRole("menuitem", { name: "Start a free trial" })).toBeVisible();
  await expect(menu.getByRole("menuitem", { name: "Corporate sign in" })).toBeVisible();
  await page.screenshot({ path: "test-results/screens/officer-corporate-menu-1280x800.png" });
  await menu.getByRole("menuitem", { name: "Plans and pricing" }).click();
  await expect(page).toHaveURL(/\/corporate-benefits$/);
  await expect(page.getByRole("heading", { name: "Starter" })).toBeVisible();

  await page.goto("/");
  const section = page.getByRole("region", { name: "For teams and organisations" });
  await section.getByRole("link", { name: "See plans and pricing" }).click();
  await expect(page).toHaveURL(/\/corporate-benefits$/);
  await page.goto("/");
  await snap(page, "officer-home");
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole("button", { name: "Corporate" }).click();
  await page.screenshot({ path: "test-results/screens/officer-corporate-menu-390x844.png" });
  await page.getByRole("menuitem", { name: "Start a free trial" }).click();
  await expect(page).toHaveURL(/\/corporate\/register$/);
});

test("paper, permissions, mails, used links and sentences", async ({ page, browser }) => {
  const owner = { email: "olive.owner@week.example", password: "owner-password-1" };
  const admin = { email: "adam.admin@week.example", password: "admin-password-1" };

  // The trial's welcome says nothing of receipts: nothing was paid.
  const orgId = await registerAndSignIn(page, "Week One Scaffolding", owner);
  const welcome = (await outboxMail(owner.email, setupSubject))!;
  expect(welcome).toContain("free trial");
  expect(welcome).not.toMatch(/Stripe|receipt/);

  // A used setup link says it was used as the page opens, before any
  // password is typed, and offers sign-in or a new link.
  const used = await setupLink(owner.email);
  const stranger = await newPage(browser);
  await stranger.goto(used);
  await expect(stranger.getByRole("heading", { name: "This link no longer works" })).toBeVisible();
  await expect(stranger.getByLabel(/^Password/)).toHaveCount(0);
  await expect(stranger.getByText(/has already been used/)).toBeVisible();
  await expect(stranger.getByRole("link", { name: "Sign in", exact: true })).toHaveAttribute(
    "href",
    "/corporate-login",
  );
  await expect(stranger.getByRole("link", { name: "Get a new link" })).toBeVisible();
  await snap(stranger, "officer-setup-link-used");

  // A UK organisation prints on A4: batch printing starts there, the paper beside the name.
  await expect(page.getByLabel(/^Paper size/)).toHaveValue("a4");
  await page.goto("/label-batch-print");
  await expect(page.getByText("Your organisation prints on A4.")).toBeVisible();
  await expect(page.getByLabel("Layout")).toHaveValue(/-a4$|avery-c32015|custom-grid/);
  await expect(page.locator(".batch-paper")).toHaveText("Paper: A4");
  await expect(page.getByRole("option", { name: /Avery 5160 .* · US Letter$/ })).toHaveCount(1);
  await snap(page, "officer-batch-print-a4");

  // Changing the organisation's paper changes where printing starts.
  await page.goto(`/corporate/dashboard/${orgId}`);
  await page.getByLabel(/^Paper size/).selectOption("letter");
  await expectToast(page, "Paper size saved");
  await expect(page.getByText("The paper size was set to US Letter.")).toBeVisible();
  await snap(page, "officer-dashboard-owner");
  await page.goto("/label-batch-print");
  await expect(page.locator(".batch-paper")).toHaveText("Paper: US Letter");
  await page.goto(`/corporate/dashboard/${orgId}`);
  await page.getByLabel(/^Paper size/).selectOption("a4");
  await expectToast(page, "Paper size saved");

  // The invitation names the organisation and who invited.
  await page.getByRole("link", { name: "Manage Team" }).click();
  await page.getByLabel(/^Email address/).fill(admin.email);
  await page.getByRole("button", { name: "Invite Admin" }).click();
  await expectToast(page, "Invitation sent");
  await expect.poll(() => outboxMail(admin.email, setupSubject)).toContain(owner.email);
  expect(await outboxMail(admin.email, setupSubject)).toContain("\u201cWeek One Scaffolding\u201d");
  // An address that has an account: the owner is answered as for any
  // address (an invitation tells nobody who has an account), and the
  // address's holder is mailed why nothing changed, not "Please sign in".
  await page.getByLabel(/^Email address/).fill(owner.email);
  await page.getByRole("button", { name: "Invite Admin" }).click();
  await expectToast(page, "Invitation sent");
  await expect
    .poll(() => outboxMail(owner.email, "You were invited to an organisation on Lifetag"))
    .toContain("already has a Lifetag account");
  await snap(page, "officer-team-owner");

  // The invited admin sees no team or billing buttons that would fail.
  const adminPage = await newPage(browser);
  await setUpAndSignIn(adminPage, admin.email, admin.password);
  await expect(adminPage.getByRole("heading", { name: "Choose a plan" })).toHaveCount(0);
  await expect(adminPage.getByLabel(/^Paper size/)).toBeVisible();
  await snap(adminPage, "officer-dashboard-admin");
  await adminPage.getByRole("link", { name: "Manage Team" }).click();
  await expect(adminPage.locator(".team-list").getByText(admin.email)).toBeVisible();
  await expect(
    adminPage.getByText("Only the Organization Administrator invites and removes admins."),
  ).toBeVisible();
  for (const name of ["Invite Admin", "Resend", "Remove"])
    await expect(adminPage.getByRole("button", { name })).toHaveCount(0);
  await snap(adminPage, "officer-team-admin");

  // Every activity line reads as a sentence.
  await page.goto(`/corporate/dashboard/${orgId}`);
  const activity = page.locator(".activity-list li span");
  await expect(activity.first()).toBeVisible();
  for (const line of await activity.allTextContents()) expect(line).toMatch(/^[A-Z0-9a-z].*\.$/);
  await expect(page.getByText(`${admin.email} was invited as an admin.`)).toBeVisible();
});

test("typed work is not lost without a question", async ({ page, browser }) => {
  const orgId = await registerAndSignIn(page, "Careful Ltd", {
    email: "carla@careful.example",
    password: "careful-password",
  });

  // Create QR Code: Escape and a click outside ask first.
  await page.goto("/corporate/qr-codes");
  await page.getByRole("button", { name: "Create QR Code" }).click();
  const dialog = page.getByRole("dialog", { name: "Create QR Code" });
  await dialog.getByLabel(/^Full Name/).fill("Núñez Worker");
  await page.keyboard.press("Escape");
  const ask = page.getByRole("dialog", { name: "Discard your changes?" });
  await expect(ask).toBeVisible();
  await snap(page, "officer-discard-code");
  await ask.getByRole("button", { name: "Keep editing" }).click();
  await expect(dialog.getByLabel(/^Full Name/)).toHaveValue("Núñez Worker");
  await expect(dialog.getByLabel(/^Full Name/)).toBeFocused();
  // A click on the overlay, outside the dialog. Radix re-arms the dialog's
  // outside click a render after the question closes; a person is never
  // that quick, a test on a loaded machine can be, so it clicks until asked.
  await expect(async () => {
    await page.mouse.click(5, 400);
    await expect(ask).toBeVisible({ timeout: 5_000 });
  }).toPass();
  await ask.getByRole("button", { name: "Discard changes" }).click();
  await expect(dialog).toHaveCount(0);
  // Untouched, it closes straight away.
  await page.getByRole("button", { name: "Create QR Code" }).click();
  await escapeDialog(page);
  await expect(page.getByRole("dialog")).toHaveCount(0);

  // The template editor: Back to templates, and leaving the page, ask first.
  await page.goto("/corporate/form-builder");
  await page.getByRole("button", { name: "Create Custom Template" }).click();
  await page.getByLabel(/^Template Name/).fill("Scaffolders");
  await page.getByRole("button", { name: "Back to templates" }).click();
  await expect(ask).toBeVisible();
  await ask.getByRole("button", { name: "Keep editing" }).click();
  await expect(page.getByLabel(/^Template Name/)).toHaveValue("Scaffolders");
  await page.getByRole("banner").getByRole("link", { name: "Dashboard" }).click();
  await expect(ask).toBeVisible();
  await expect(page).toHaveURL(/\/corporate\/form-builder$/);
  await snap(page, "officer-discard-template");
  await ask.getByRole("button", { name: "Discard changes" }).click();
  await expect(page).toHaveURL(/\/corporate\/dashboard\/\d+$/);

  // The template editor's field dialog: Escape and Cancel ask for a typed label.
  await page.goto("/corporate/form-builder");
  await page.getByRole("button", { name: "Create Custom Template" }).click();
  await page.getByRole("button", { name: "Add Field" }).click();
  const field = page.getByRole("dialog", { name: "Add Field" });
  await field.getByLabel(/^Field Label/).fill("Harness size");
  await escapeDialog(page);
  await expect(ask).toBeVisible();
  await snap(page, "officer-discard-field");
  await ask.getByRole("button", { name: "Keep editing" }).click();
  await expect(field.getByLabel(/^Field Label/)).toHaveValue("Harness size");
  await field.getByRole("button", { name: "Cancel" }).click();
  await ask.getByRole("button", { name: "Discard changes" }).click();
  await expect(field).toHaveCount(0);
  await expect(page.getByText("No fields yet.")).toBeVisible();

  // Edit QR Code: a changed record is asked for too.
  const code = await page.request.post(`/api/corporate/${orgId}/qr-codes`, {
    data: {
      values: {
        fullName: "Erin Edit",
        bloodType: "A+",
        contact1Name: "Eli Edit",
        contact1Phone: "+44 7700 900400",
      },
    },
  });
  expect(code.status()).toBe(201);
  await page.goto("/corporate/qr-codes");
  await page.getByRole("button", { name: "Edit: Erin Edit" }).click();
  const editing = page.getByRole("dialog", { name: "Edit QR Code" });
  await editing.getByLabel(/^Medical Conditions/).fill("Asthma");
  await escapeDialog(page);
  await expect(ask).toBeVisible();
  await ask.getByRole("button", { name: "Keep editing" }).click();
  await expect(editing.getByLabel(/^Medical Conditions/)).toHaveValue("Asthma");
  await editing.getByRole("button", { name: "Cancel" }).click();
  await ask.getByRole("button", { name: "Discard changes" }).click();
  await expect(editing).toHaveCount(0);

  // The worker's form on a collection link: closing the tab with typed
  // details gets the browser's own question.
  const made = await page.request.post(`/api/corporate/${orgId}/collection-links`, {
    data: { templateId: 0, projectId: 0, expiresInDays: 30 },
  });
  expect(made.status()).toBe(201);
  const { link } = (await made.json()) as { link: { url: string } };
  const worker = await newPage(browser);
  await worker.goto(new URL(new URL(link.url).pathname, page.url()).toString());
  await worker.getByLabel(/^Full Name/).fill("Wren Worker");
  const asked = new Promise<string>((resolve) =>
    worker.once("dialog", (d) => {
      resolve(d.type());
      void d.dismiss();
    }),
  );
  await worker.close({ runBeforeUnload: true });
  expect(await asked).toBe("beforeunload");
  await expect(worker.getByLabel(/^Full Name/)).toHaveValue("Wren Worker");
});
