import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import { expectToast, snap } from "./helpers";
import { outboxDir } from "./worker";

// ADMIN_EMAILS seeds this password-less account in scripts/test/e2e.sh: the
// only account that exists before the payments issue lands.
const email = "admin@lifetag.test";
const password = "a-new-password";

/**
 * The reset link of the newest mail to `to` in the cloud's development
 * outbox, waiting for it a few seconds (mail goes through the job queue).
 */
async function resetLinkFromOutbox(to: string): Promise<string> {
  const outbox = outboxDir();
  for (const deadline = Date.now() + 10_000; Date.now() < deadline;) {
    const names = (await readdir(outbox)).sort().reverse();
    for (const name of names) {
      const mail = await readFile(join(outbox, name), "utf8");
      if (!mail.startsWith(`To: ${to}\n`)) continue;
      const link = /https?:\/\/\S+\/reset-password\?token=\S+/.exec(mail)?.[0];
      if (link) return link;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no reset mail to ${to} in ${outbox}`);
}

test("resets a password, signs in, exports data and deletes the account", async ({ page }) => {
  await page.goto("/reset-password");
  await snap(page, "reset-password");
  await page.getByLabel(/^Email/).fill(email);
  await page.getByRole("button", { name: "Send Reset Link" }).click();
  // This account is an admin's, so even development mode hands no token
  // back: the link goes by mail alone, and the journey follows it.
  await expect(
    page.getByText("If an account exists for that email, a reset link is on its way."),
  ).toBeVisible();
  await expect(page.getByRole("heading", { name: "Choose a new password" })).toHaveCount(0);
  const link = new URL(await resetLinkFromOutbox(email));
  await page.goto(link.pathname + link.search);
  await expect(page.getByRole("heading", { name: "Choose a new password" })).toBeVisible();
  // The token came with the link: nobody is asked to type it.
  await expect(page.getByLabel(/^Reset code/)).toHaveCount(0);
  await snap(page, "reset-password-new");
  await page.getByLabel(/^New password/).fill("short");
  await page.getByLabel(/^Confirm new password/).fill("short");
  await page.getByRole("button", { name: "Reset Password" }).click();
  await expectToast(page, "Password Too Short");
  await page.getByLabel(/^New password/).fill(password);
  await page.getByLabel(/^Confirm new password/).fill(password);
  await page.getByRole("button", { name: "Reset Password" }).click();
  await expect(page).toHaveURL(/\/login$/);

  await page.getByLabel(/^Email/).fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
  // The server says this account is an admin.
  await expect(page).toHaveURL(/\/admin$/);
  // Signed in by the HttpOnly cookie alone: no script on the page can read it.
  expect(await page.evaluate(() => localStorage.getItem("sessionToken"))).toBeNull();
  expect(await page.evaluate(() => document.cookie)).not.toContain("lifetag_session");
  const session = (await page.context().cookies()).find((c) => c.name === "lifetag_session");
  expect(session?.httpOnly).toBe(true);

  await page.goto("/dashboard");
  await expect(page.getByRole("heading", { name: "My Account" })).toBeVisible();
  await expect(page.getByText("0 physical orders")).toBeVisible();
  await snap(page, "dashboard");

  await page.getByRole("button", { name: "Account menu" }).click();
  await expect(page.getByRole("menuitem", { name: "Referral Dashboard" })).toBeVisible();
  await expect(page.getByRole("menuitem", { name: "Privacy & Data Rights" })).toBeVisible();
  await expect(page.getByRole("menuitem", { name: "Sign Out" })).toBeVisible();
  await page.getByRole("menuitem", { name: "Referral Dashboard" }).click();
  await expect(page).toHaveURL(/\/referrals$/);
  await page.getByRole("button", { name: "Generate My Referral Code" }).click();
  await expect(page.locator(".referral-code")).toHaveText(/\S{6,}/);
  await expect(page.getByText("Ready", { exact: true })).toBeVisible();
  await expect(page.getByText("£0.00")).toBeVisible();
  await snap(page, "referrals");

  await page.goto("/privacy");
  await snap(page, "privacy");
  const downloadPromise = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download My Data" }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toMatch(/^lifetag-data-export-\d{4}-\d\d-\d\d\.json$/);
  const exported = JSON.parse(await readFile((await download.path())!, "utf8"));
  expect(JSON.stringify(exported)).toContain(email);

  await page.getByRole("button", { name: "Delete Account" }).click();
  const confirm = page.getByRole("button", { name: "Delete My Account" });
  await expect(confirm).toBeDisabled();
  await page.getByLabel("Type DELETE_MY_ACCOUNT to confirm").fill("DELETE_MY_ACCOUNT");
  await confirm.click();
  await expect(page).toHaveURL(/\/$/);
  expect(await page.evaluate(() => localStorage.getItem("lifetag_user"))).toBeNull();

  await page.goto("/login");
  await page.getByLabel(/^Email/).fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expectToast(page, "Login Failed");
});

test("set-password with an invalid link goes home", async ({ page }) => {
  await page.goto("/set-password");
  await expect(page).toHaveURL(/\/$/);
  await expectToast(page, "Invalid Link");
});

test("set-password with a well-formed but unknown token is refused and sets nothing", async ({
  page,
}) => {
  await page.goto("/set-password?email=staff%40example.com&token=not-a-real-token");
  await expect(page.getByRole("heading", { name: "Set your password" })).toBeVisible();
  await snap(page, "set-password");
  await page.getByLabel(/^Password/).fill("secret1");
  await page.getByLabel(/^Confirm password/).fill("secret1");
  await page.getByRole("button", { name: "Set Password" }).click();
  await expectToast(page, "Failed to Set Password");
  await expect(page).toHaveURL(/\/set-password\?/);
});
