import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { expect, test, type APIRequestContext } from "@playwright/test";
import { buyPrintAccess, outboxMail } from "./helpers";
import { outboxDir } from "./worker";

// An individual's review reminder, end to end: a year passes (through the
// development-only hook that runs the periodic check at a chosen moment),
// the reminder arrives, one click confirms, the unsubscribe link works
// without signing in, and no reminder follows.

const subject = "Are your Lifetag emergency details still right?";
const email = "review.reminder@example.com";

/**
 * Runs the reminders as if `months` months had passed; returns how many
 * were queued (for every account of this journey's cloud, all made today).
 */
async function monthsPass(request: APIRequestContext, months: number): Promise<number> {
  const asOf = new Date();
  asOf.setMonth(asOf.getMonth() + months);
  const answer = await request.post("/api/test/review-reminders", {
    data: { asOf: asOf.toISOString() },
  });
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { sent: number }).sent;
}

/** How many reminders the outbox holds for `to`. */
async function remindersTo(to: string): Promise<number> {
  const outbox = outboxDir();
  let count = 0;
  for (const name of await readdir(outbox).catch(() => [] as string[])) {
    if ((await readFile(join(outbox, name), "utf8")).startsWith(`To: ${to}\nSubject: ${subject}\n`))
      count++;
  }
  return count;
}

/** A link of the mail, as a path on the site the browser talks to. */
function linkIn(mail: string, page: "confirm" | "unsubscribe"): string {
  const link = new RegExp(`https?://\\S+/review/${page}\\?token=[A-Za-z0-9_-]+`).exec(mail)?.[0];
  if (!link) throw new Error(`no ${page} link in ${mail}`);
  const url = new URL(link);
  return url.pathname + url.search;
}

test("a reminder after a year: one click confirms, unsubscribing needs no sign-in, and none follows", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await buyPrintAccess(page, email);
  const today = new Intl.DateTimeFormat("en-GB", {
    day: "numeric",
    month: "long",
    year: "numeric",
  }).format(new Date());
  await page.goto("/dashboard");
  await expect(page.getByText(`Last confirmed ${today}`)).toBeVisible();
  await expect(page.getByLabel("Remind me by e-mail to check them")).toHaveValue("12");

  // Eleven months: nothing yet. Thirteen: the reminder.
  expect(await monthsPass(page.request, 11)).toBe(0);
  expect(await monthsPass(page.request, 13)).toBeGreaterThanOrEqual(1);
  const mail = await outboxMail(email, subject);
  expect(mail).not.toBeNull();
  expect(mail).toContain(
    `You last confirmed the emergency details on your Lifetag code on ${today}.`,
  );
  expect(mail).toMatch(
    /^List-Unsubscribe: <https?:\/\/\S+\/api\/review-links\/\S+\/unsubscribe>$/m,
  );
  expect(mail).toContain("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
  expect(mail).not.toContain("Penicillin");
  // The same check again sends nothing more.
  expect(await monthsPass(page.request, 13)).toBe(0);
  expect(await remindersTo(email)).toBe(1);

  // Read in another browser, signed in nowhere.
  const reader = await browser.newContext();
  const inbox = await reader.newPage();
  await inbox.goto(linkIn(mail!, "confirm"));
  await expect(inbox.getByText("Thank you — your details are confirmed.")).toBeVisible();
  await expect(inbox.getByRole("link", { name: "Sign in to edit my details" })).toBeVisible();
  // The link works once.
  await inbox.goto(linkIn(mail!, "confirm"));
  await expect(inbox.getByRole("alert")).toHaveText(
    "This link has already been used: your details were confirmed then. Sign in to check or change them.",
  );

  await inbox.goto(linkIn(mail!, "unsubscribe"));
  await expect(
    inbox.getByText("You will get no more reminders to check your details.", { exact: false }),
  ).toBeVisible();
  await reader.close();

  // Years later: no reminder, and the account page says Never.
  expect(await monthsPass(page.request, 40)).toBe(0);
  expect(await remindersTo(email)).toBe(1);
  await page.goto("/dashboard");
  await expect(page.getByLabel("Remind me by e-mail to check them")).toHaveValue("0");
});
