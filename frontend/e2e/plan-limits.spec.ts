import { expect, test, type Page } from "@playwright/test";
import { expectToast, outboxMail, registerAndSignIn, setupLink, snap } from "./helpers";

// Trials and plan limits against the real cloud: a
// trial exists only once its address is proven; an organisation over its
// plan's QR code allowance prints and creates nothing, and its dashboard
// says why, with the numbers and the way out; the import preview and the
// collection links page say the plan's limit before anything is sent.

/** An import file of n workers for the standard template, numbered from `from`. */
function workersCsv(n: number, from = 0): string {
  let csv = "Name,Full Name,Blood Type,Emergency Contact Name,Emergency Contact Phone\n";
  for (let i = from; i < from + n; i++)
    csv += `Worker ${i},Worker ${i},O+,Site Office,+44 7700 900${String(i).padStart(3, "0")}\n`;
  return csv;
}

test("a trial starts only when its address is proven by the mailed link", async ({ page }) => {
  const email = "mia.trial@proof.example";
  await page.goto("/corporate/register");
  await page.getByLabel(/^Organization Name/).fill("Proof Scaffolding");
  await page.getByLabel(/^Contact Email/).fill(email);
  await page.getByLabel(/^Subscription Plan/).selectOption("enterprise");
  await page.getByRole("button", { name: "Create Corporate Account" }).click();

  // The landing page says what happens next: the mail and its address.
  await expect(page.getByRole("heading", { name: "Check your email" })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  await expect(page.getByText(/Until then nothing has been created/)).toBeVisible();
  await snap(page, "trial-check-email");

  // Until the link is opened nothing blocks the address's real owner.
  const own = await page.request.post("/api/corporate/create-payment-intent", {
    data: {
      organizationName: "Mia's Own Ltd",
      contactFirstName: "Mia",
      contactLastName: "Owner",
      contactEmail: email,
      phone: "+44 20 7946 0000",
      organizationType: "construction",
      employeeCount: "1-10",
      subscriptionPlan: "starter",
      address: "1 Long Street, Leeds",
      city: "Leeds",
      country: "United Kingdom",
    },
  });
  expect(own.status()).toBe(200);

  // Resend: a new link (the old one stops working).
  await page.getByRole("button", { name: "Send the email again" }).click();
  await expectToast(
    page,
    "If this registration is waiting for its setup link, we have sent it again.",
  );

  // Opening the newest link proves the address, starts the trial and sets
  // the password; the trial holds Starter's allowance.
  await page.goto(await setupLink(email));
  await page.getByLabel(/^Password/).fill("trial-password-1");
  await page.getByLabel(/^Confirm Password/).fill("trial-password-1");
  await page.getByRole("button", { name: "Set Password" }).click();
  await expect(page).toHaveURL(/\/corporate-login$/);
  await page.getByLabel(/^Email/).fill(email);
  await page.getByLabel(/^Password/).fill("trial-password-1");
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByRole("heading", { name: "Proof Scaffolding" })).toBeVisible();
  await expect(page.getByText("0 of 50 used")).toBeVisible();
  await expect(page.getByText("trial", { exact: true })).toBeVisible();

  // The same mailbox under a plus-address gets no second trial.
  await page.goto("/corporate/register");
  await page.getByLabel(/^Organization Name/).fill("Proof Again");
  await page.getByLabel(/^Contact Email/).fill("mia.trial+again@proof.example");
  await page.getByRole("button", { name: "Create Corporate Account" }).click();
  await expect(
    page
      .locator(".toast-description")
      .filter({ hasText: "This mailbox has already had a free trial." }),
  ).toBeVisible();
});

/** A site admin of this journey, signed in at /admin. */
async function signInAdmin(page: Page) {
  const admin = { email: "plans@lifetag.test", password: "plans-password-1" };
  const mail = await outboxMail(admin.email, "Set your Lifetag password");
  const link = new URL(/https?:\/\/\S+\/set-password\?\S+/.exec(mail ?? "")![0]);
  await page.goto(link.pathname + link.search);
  await page.getByLabel(/^Password/).fill(admin.password);
  await page.getByLabel(/^Confirm password/).fill(admin.password);
  await page.getByRole("button", { name: "Set Password" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel(/^Email/).fill(admin.email);
  await page.getByLabel(/^Password/).fill(admin.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/admin$/);
}

test("an organisation over its plan prints nothing, and its dashboard says why and how out", async ({
  page,
  browser,
}) => {
  const officer = { email: "olive@overplan.example", password: "officer-password-1" };
  const orgId = await registerAndSignIn(page, "Overplan Ltd", officer);
  const imported = await page.request.post(`/api/corporate/${orgId}/qr-codes/import`, {
    data: { csv: workersCsv(12), commit: true },
  });
  expect(imported.status()).toBe(200);

  // A site admin lowers the allowance to 10 in the Corporate tab (as a plan
  // change from Stripe would); the change is audited.
  const desk = await (
    await browser.newContext({ viewport: { width: 1280, height: 800 } })
  ).newPage();
  await signInAdmin(desk);
  await desk.getByRole("tab", { name: /Corporate Accounts/ }).click();
  const row = desk.getByRole("row").filter({ hasText: "Overplan Ltd" });
  await row.getByRole("button", { name: "Details" }).click();
  const dialog = desk.getByRole("dialog", { name: "Overplan Ltd" });
  await dialog.getByLabel(/^QR code allowance/).fill("10");
  await dialog.getByRole("button", { name: "Save allowance" }).click();
  await expectToast(desk, "QR code allowance changed");
  await desk.getByRole("tab", { name: /Activity/ }).click();
  await expect(desk.getByText(/Changed the QR code allowance/)).toBeVisible();

  // The dashboard: paused, with the numbers and the way out.
  const paused =
    "Your organization has 12 QR codes but its plan allows 10. Printing, new codes and links are paused: delete 2 codes or upgrade your plan to continue. Reading, exporting, editing and deleting still work.";
  await page.goto(`/corporate/dashboard/${orgId}`);
  const alert = page.getByRole("alert").filter({ hasText: "Printing and new QR codes are paused" });
  await expect(alert).toContainText(paused);
  await expect(page.getByText("12 of 10 used")).toBeVisible();
  await snap(page, "overplan-dashboard");

  // The server refuses printing and new codes; reading still works.
  const list = (await (await page.request.get(`/api/corporate/${orgId}/qr-codes`)).json()) as {
    qrCodes: { id: number }[];
  };
  const label = await page.request.get(
    `/api/corporate/${orgId}/qr-codes/${list.qrCodes[0]!.id}/label.png`,
  );
  expect(label.status()).toBe(403);
  expect(((await label.json()) as { message: string }).message).toBe(paused);

  // The way out: delete two codes in the library; printing is back.
  await alert.getByRole("link", { name: "Open the QR code library" }).click();
  for (const code of list.qrCodes.slice(0, 2)) {
    expect(
      (await page.request.delete(`/api/corporate/${orgId}/qr-codes/${code.id}`)).status(),
    ).toBe(200);
  }
  await page.goto(`/corporate/dashboard/${orgId}`);
  await expect(page.getByText("10 of 10 used")).toBeVisible();
  await expect(page.getByText("Printing and new QR codes are paused")).toHaveCount(0);
  const again = await page.request.get(
    `/api/corporate/${orgId}/qr-codes/${list.qrCodes[2]!.id}/label.png`,
  );
  expect(again.status()).toBe(200);
});

test("the plan's limit is said up front: the import preview at 28 of 50, a link at 50 of 50", async ({
  page,
}) => {
  const orgId = await registerAndSignIn(page, "Fullplan Ltd", {
    email: "fred@fullplan.example",
    password: "officer-password-1",
  });
  const importCodes = async (n: number, from: number) => {
    const answer = await page.request.post(`/api/corporate/${orgId}/qr-codes/import`, {
      data: { csv: workersCsv(n, from), commit: true },
    });
    expect(answer.status()).toBe(200);
  };
  await importCodes(28, 0);

  // 25 more rows at 28 of 50: the preview says they do not fit, before Import.
  await page.goto("/corporate/qr-codes");
  await expect(page.getByText("28 of 50 QR codes used")).toBeVisible();
  await page.getByRole("button", { name: "Import CSV" }).click();
  const importing = page.getByRole("dialog", { name: "Import workers from CSV" });
  await importing.getByLabel("CSV file").setInputFiles({
    name: "more-workers.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(workersCsv(25, 28)),
  });
  await importing.getByRole("button", { name: "Check rows" }).click();
  await expect(importing.getByRole("status")).toContainText("25 rows are ready, 0 have errors.");
  await expect(importing.getByRole("alert")).toHaveText(
    "These 25 rows would exceed your plan's 50 QR codes (28 used, 22 left). Remove rows or upgrade your plan before importing.",
  );
  await expect(importing.getByRole("button", { name: "Import 25 QR codes" })).toBeDisabled();
  await snap(page, "plan-import-preview-over");

  // With room left, a collection link can be made.
  await page.goto(`/corporate/collection-links/${orgId}`);
  await expect(page.getByRole("button", { name: "Create collection link" })).toBeEnabled();
  await expect(page.getByText("New collection links are paused")).toHaveCount(0);

  // At 50 of 50 the page says so before the dialog, with the numbers and the
  // way out; the server refuses such a link too.
  await importCodes(22, 28);
  await page.reload();
  const notice = page.getByRole("status").filter({ hasText: "New collection links are paused" });
  await expect(notice).toContainText("Your plan is full: 50 of 50 QR codes used.");
  const create = page.getByRole("button", { name: "Create collection link" });
  await expect(create).toBeDisabled();
  await expect(create).toHaveAccessibleDescription(/Your plan is full: 50 of 50 QR codes used/);
  await expect(notice.getByRole("link", { name: "Upgrade your plan" })).toHaveAttribute(
    "href",
    `/corporate/dashboard/${orgId}`,
  );
  await snap(page, "plan-links-full");
  const refused = await page.request.post(`/api/corporate/${orgId}/collection-links`, {
    data: { templateId: 0, projectId: 0, expiresInDays: 30 },
  });
  expect(refused.status()).toBe(409);
  await notice.getByRole("link", { name: "Open the QR code library" }).click();
  await expect(page.getByText("50 of 50 QR codes used")).toBeVisible();
});
