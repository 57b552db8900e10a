import { execFileSync } from "node:child_process";
import { dirname, join } from "node:path";
import { expect, test } from "@playwright/test";
import { expectToast, outboxMail, registerAndSignIn } from "./helpers";
import { outboxDir } from "./worker";

// Review cycles: an officer starts a review round for the workers whose
// details are due for review; a worker opens the link mailed to them and
// confirms, in one tap, that their details are still right; the library
// shows the code as current at once.

const officer = { email: "rita.review@tower.example", password: "officer-password-1" };
const orgName = "Tower Cranes Ltd";

// A form with an e-mail field, as the default template's fields are.
const crewFields = [
  {
    id: "fullName",
    type: "text",
    label: "Full Name",
    required: true,
    category: "personal",
    order: 1,
    standard: "fullName",
  },
  { id: "email", type: "email", label: "Email", required: true, category: "personal", order: 2 },
  { id: "phone", type: "phone", label: "Phone", required: true, category: "personal", order: 3 },
];

test("an officer's review round reaches a worker, whose confirmation makes the code current", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const orgId = await registerAndSignIn(page, orgName, officer);
  const template = await page.request.post(`/api/corporate/${orgId}/form-templates`, {
    data: { name: "Crane crew", description: "", fields: crewFields, isDefault: false },
  });
  expect(template.status()).toBe(201);
  const templateId = ((await template.json()) as { template: { id: number } }).template.id;
  const created = await page.request.post(`/api/corporate/${orgId}/qr-codes`, {
    data: {
      templateId,
      values: { fullName: "Rory Rigger", email: "rory@tower.example", phone: "+44 7700 900777" },
    },
  });
  expect(created.status()).toBe(201);

  // Rory's details were last confirmed over a year ago. A journey cannot
  // wait a year: the date is set back in this cloud's own database, as the
  // Go tests seed rows.
  const database = join(dirname(outboxDir()), "lifetag.db");
  execFileSync("sqlite3", [
    database,
    ".timeout 5000",
    "UPDATE organization_qr_codes SET reviewed_at = '2025-01-02T09:00:00.000000000Z' WHERE name = 'Rory Rigger'",
  ]);
  await page.goto("/corporate/qr-codes?review=overdue");
  const overdueRow = page.getByRole("row").filter({ hasText: "Rory Rigger" });
  await expect(overdueRow.getByText("Overdue", { exact: true })).toBeVisible();

  // The officer starts a round from the dashboard's Review cycle card.
  await page.goto(`/corporate/dashboard/${orgId}`);
  await expect(page.getByRole("link", { name: "1 overdue" })).toBeVisible();
  await page.getByRole("link", { name: "Review rounds" }).click();
  await expect(page.getByRole("heading", { name: "Review rounds" })).toBeVisible();
  await page.getByRole("button", { name: "Start review round" }).click();
  await expectToast(page, "Review round started: 1 worker asked");

  // The worker: the mail, the link, one tap, on a phone with no session.
  let mail: string | null = null;
  await expect
    .poll(
      async () =>
        (mail = await outboxMail(
          "rory@tower.example",
          "Check the emergency details on your Lifetag label",
        )),
      {
        timeout: 20_000,
      },
    )
    .not.toBeNull();
  const link = new URL(/https?:\/\/\S+\/collect\/\S+/.exec(mail!)![0]);
  const phone = await (
    await browser.newContext({ viewport: { width: 390, height: 844 } })
  ).newPage();
  await phone.goto(link.pathname);
  await expect(phone.getByLabel(/^Full Name/)).toHaveValue("Rory Rigger");
  await phone.getByRole("button", { name: "My details are still right" }).click();
  await expect(
    phone.getByText(`Thank you — ${orgName} now knows your details are still right.`),
  ).toBeVisible();

  // The library shows the code as current; the round counts the answer.
  await page.goto("/corporate/qr-codes");
  const row = page.getByRole("row").filter({ hasText: "Rory Rigger" });
  await expect(row.getByText("Reviewed today")).toBeVisible();
  await expect(row.getByText("Overdue", { exact: true })).toHaveCount(0);
  await page.goto(`/corporate/review-rounds/${orgId}`);
  const round = page.getByRole("row").nth(1);
  await expect(round.getByRole("cell").nth(4)).toHaveText("1"); // confirmed
  await expect(round.getByRole("cell").nth(6)).toHaveText("0"); // no answer
});
