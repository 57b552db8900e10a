import { expect, test } from "@playwright/test";
import {
  createCodes,
  decodePdf,
  expectCodes,
  expectToast,
  outboxMail,
  printedPdf,
  snap,
  stubPrint,
} from "./helpers";

// Batch label printing against the real cloud: a trial
// organisation's member queues library codes, previews and prints the label
// engine's PDF, and every code on it reads back as its record's QR text.

const officer = { email: "boss@batch-print.example", password: "officer-password-1" };
const workers = ["Ann Okafor", "Bob Singh", "Cat Nowak", "Dan Reyes", "Eve Murphy"];

test("a member queues library codes, previews and prints them", async ({ page }) => {
  // A visitor is offered the corporate plans.
  await page.goto("/label-batch-print");
  await expect(
    page.getByRole("heading", { name: "Corporate Feature Access Required" }),
  ).toBeVisible();
  await snap(page, "batch-print-visitor");

  // A trial organisation, its owner's password from the setup mail, sign-in.
  const trial = await page.request.post("/api/corporate/register", {
    data: { name: "Batch Print Co", contactEmail: officer.email, subscriptionTier: "starter" },
  });
  expect(trial.status()).toBe(200);
  let token = "";
  await expect
    .poll(async () => {
      const mail = await outboxMail(officer.email, "Set up your Lifetag corporate account");
      token = /corporate-password-setup\?token=([\w-]+)/.exec(mail ?? "")?.[1] ?? "";
      return token;
    })
    .not.toBe("");
  const setup = await page.request.post("/api/corporate/setup-password", {
    data: { token, password: officer.password },
  });
  expect(setup.status()).toBe(200);
  // Opening the link proved the address: the organisation exists now.
  const orgId = ((await setup.json()) as { organizationId: number }).organizationId;
  await page.goto("/corporate-login");
  await page.getByLabel(/^Email/).fill(officer.email);
  await page.getByLabel(/^Password/).fill(officer.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/corporate\/dashboard\/\d+$/);

  // Five workers' codes in the library.
  const ids = await createCodes(page, orgId, workers);

  await stubPrint(page);
  await page.goto("/label-batch-print");
  await page.getByRole("button", { name: "Print" }).click();
  await expectToast(page, "No QR Codes");

  await page.getByRole("button", { name: "Add from Library" }).click();
  const picker = page.getByRole("dialog", { name: "Add QR Codes from Library" });
  await picker.getByLabel("Search by name or project").fill("o");
  await picker.getByRole("button", { name: "Select All" }).click();
  await picker.getByLabel("Search by name or project").fill("");
  await expect(picker.getByRole("button", { name: "Add 3 to Queue" })).toBeEnabled();
  await picker.getByRole("button", { name: "Select All" }).click();
  await snap(page, "batch-print-picker");
  await picker.getByRole("button", { name: "Add 5 to Queue" }).click();
  await expectToast(page, "QR Codes Added");
  await page.getByRole("button", { name: "Duplicate Ann Okafor" }).click();

  // A reload keeps the queue (this tab's sessionStorage).
  await page.reload();
  await expect(page.getByText("6 labels in the queue")).toBeVisible();
  await page.getByLabel("Layout").selectOption({ label: "Avery 5163 (10 per sheet) · US Letter" });
  await page.getByLabel("Start at label").fill("8");
  await expect(page.getByText("Sheets needed: 2")).toBeVisible();
  await snap(page, "batch-print-queue");

  const popup = page.waitForEvent("popup");
  await page.getByRole("button", { name: "Preview" }).click();
  await expect.poll(async () => (await popup).url()).toMatch(/^blob:/);

  const decoded = decodePdf(await printedPdf(page, test.info().outputPath("batch.pdf")));
  const texts: string[] = [];
  for (const [i, id] of ids.entries()) {
    const code = await page.request.get(`/api/corporate/${orgId}/qr-codes/${id}`);
    const text = ((await code.json()) as { qrCode: { qrText: string } }).qrCode.qrText;
    texts.push(text);
    if (i === 0) texts.push(text); // Ann's label was duplicated
  }
  // Each code as often as queued, and nothing else on the sheets.
  expectCodes(decoded, texts);

  // A leaver: Bob is deactivated while queued. The queue says why he will
  // not print, and the batch is refused naming him (no sheet with a label
  // silently missing).
  const leaver = await page.request.put(`/api/corporate/${orgId}/qr-codes/${ids[1]}`, {
    data: { isActive: false },
  });
  expect(leaver.status()).toBe(200);
  await page.reload();
  await expect(
    page.getByText(
      "This code is deactivated, so the batch will not print: remove it from the queue, or reactivate it in the library.",
    ),
  ).toBeVisible();
  await page.getByRole("button", { name: "Print" }).click();
  await expectToast(page, "Print Failed");
  await expect(
    page.getByText(
      '"Bob Singh" is deactivated, so its label is not printed: reactivate the code or remove it from the batch.',
    ),
  ).toBeVisible();
  // Removed from the queue, the picker lists him marked Inactive, not to be chosen.
  await page.getByRole("button", { name: "Remove Bob Singh" }).click();
  await page.getByRole("button", { name: "Add from Library" }).click();
  const bob = picker.getByRole("listitem").filter({ hasText: "Bob Singh" });
  await expect(bob.getByText("Inactive", { exact: true })).toBeVisible();
  await expect(bob.getByRole("checkbox")).toBeDisabled();
});
