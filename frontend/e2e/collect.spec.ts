import { expect, test } from "@playwright/test";
import { createCollectionLink, expectToast, outboxMail, registerAndSignIn, snap } from "./helpers";

// Worker self-service: an officer shares a collection link, a
// worker fills it in on their phone in a browser with no session, and the
// record reaches the organisation; then a single-use update link.

const officer = { email: "olive.officer@crane.example", password: "officer-password-1" };
const orgName = "Crane Hire Ltd";

test("a worker sends their details through a shared link, then corrects them once", async ({
  page,
  browser,
}) => {
  const orgId = await registerAndSignIn(page, orgName, officer);

  await page.getByRole("link", { name: "Worker Collection Links" }).click();
  await expect(page.getByRole("heading", { name: "Worker collection links" })).toBeVisible();
  const url = await createCollectionLink(page, { expires: "In 7 days" });
  await snap(page, "corporate-collection-links");

  // The worker: a phone, no account, no session.
  const phone = await (
    await browser.newContext({ viewport: { width: 390, height: 844 } })
  ).newPage();
  await phone.goto(url.pathname);
  await expect(phone.getByRole("heading", { name: orgName })).toBeVisible();
  await expect(phone.getByText(`${orgName} safety officers and the admins`)).toBeVisible();
  await expect(phone.getByRole("link", { name: /sign in/i })).toHaveCount(0);
  await snap(phone, "collect-form");
  await phone.getByLabel(/^Full Name/).fill("Wendy Worker");
  await phone.getByLabel(/^Blood Type/).selectOption("A-");
  await phone.getByLabel(/^Emergency Contact Name/).fill("Will Worker");
  await phone.getByLabel(/^Emergency Contact Phone/).fill("+44 7700 900456");
  await phone.getByLabel(/^Medical Conditions/).fill("Epilepsy");
  await phone.getByRole("checkbox", { name: /I agree to share/ }).check();
  await phone.getByRole("button", { name: "Send my details" }).click();
  await expect(phone.getByText(`Thank you — your details were sent to ${orgName}.`)).toBeVisible();
  await snap(phone, "collect-thanks");

  // The officer sees the submission counted, and the code among the organisation's figures.
  await page.reload();
  const row = page.getByRole("row").filter({ hasText: "Standard Emergency Form" });
  await expect(row.getByRole("cell").nth(3)).toHaveText("1");
  await page.goto(`/corporate/analytics/${orgId}`);
  await expect(
    page.getByRole("row").filter({ hasText: "Sent by workers (collection links)" }),
  ).toContainText("1");
  await expect(page.getByRole("note")).toContainText("Scans are not counted");
  await snap(page, "corporate-analytics");

  // The code is in the library, made from the worker's own details.
  await page.goto("/corporate/qr-codes");
  await expect(page.getByText("Wendy Worker").first()).toBeVisible();
  const library = (await (await page.request.get(`/api/corporate/${orgId}/qr-codes`)).json()) as {
    qrCodes: { id: number; name: string; source: string }[];
  };
  const code = library.qrCodes.find((c) => c.name === "Wendy Worker")!;
  expect(code.source).toBe("collection");

  // A single-use update link, mailed without the record.
  const created = await page.request.post(
    `/api/corporate/${orgId}/qr-codes/${code.id}/update-link`,
    {
      data: { email: "wendy@crane.example" },
    },
  );
  expect(created.status()).toBe(201);
  let mail: string | null = null;
  await expect
    .poll(
      async () =>
        (mail = await outboxMail(
          "wendy@crane.example",
          "Check the emergency details on your Lifetag label",
        )),
    )
    .not.toBeNull();
  expect(mail).not.toContain("Epilepsy");
  // The organisation is named only quoted in the body, never in the subject.
  expect(mail).toContain(`\u201c${orgName}\u201d`);
  const updateUrl = new URL(/https?:\/\/\S+\/collect\/\S+/.exec(mail!)![0]);
  await phone.goto(updateUrl.pathname);
  await expect(phone.getByLabel(/^Medical Conditions/)).toHaveValue("Epilepsy");
  await phone.getByLabel(/^Medical Conditions/).fill("Epilepsy, carries rescue medication");
  await phone.getByRole("checkbox", { name: /I agree to share/ }).check();
  await phone.getByRole("button", { name: "Send my details" }).click();
  await expect(phone.getByText(`Thank you — your details were sent to ${orgName}.`)).toBeVisible();
  await phone.goto(updateUrl.pathname);
  await expect(phone.getByRole("heading", { name: "This link cannot be used" })).toBeVisible();
  await expect(phone.getByText("This link has already been used.", { exact: false })).toBeVisible();

  // Revoked: the shared link stops at once.
  await page.goto(`/corporate/collection-links/${orgId}`);
  await page.getByRole("button", { name: "Revoke" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Revoke" }).click();
  await expectToast(page, "Collection link revoked");
  await phone.goto(url.pathname);
  await expect(phone.getByText("This link is no longer valid.", { exact: false })).toBeVisible();
});
