import { createHmac } from "node:crypto";
import { expect, test as base, type Page } from "@playwright/test";
import { paths } from "../src/app/paths";
import { checkPage, ready } from "./a11y";
import { expectToast, registerAndSignIn } from "./helpers";

// Second factors in the browser: passkeys through Chromium's DevTools
// virtual authenticator (register, a second step, a passkey alone, a
// recovery code, remove) and an authenticator app whose codes the test
// computes (RFC 6238). The site is opened at localhost, the passkeys' site
// (scripts/test/e2e.sh: PASSKEY_ORIGIN), since a browser refuses an IP
// address as a passkey's site.
const test = base.extend({
  baseURL: async ({ baseURL }, provide) => {
    await provide(baseURL?.replace("//127.0.0.1:", "//localhost:"));
  },
});

/** A platform authenticator with a resident key and user verification, always present. */
async function virtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
}

/** RFC 6238 with the app defaults (SHA-1, 6 digits, 30 s) for a base32 secret. */
function totp(secret: string, at: number): string {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
  let bits = "";
  for (const c of secret.replace(/=+$/, "").toUpperCase())
    bits += alphabet.indexOf(c).toString(2).padStart(5, "0");
  const key = Buffer.from(bits.match(/.{8}/g)!.map((b) => parseInt(b, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 1000 / 30)));
  const mac = createHmac("sha1", key).update(counter).digest();
  const offset = mac[mac.length - 1]! & 0xf;
  const code = (mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000;
  return String(code).padStart(6, "0");
}

/** Ends the session on the server and forgets who was signed in on this device. */
async function signOut(page: Page) {
  await page.goto("/api/logout");
  await page.evaluate(() => localStorage.clear());
}

async function passwordStep(page: Page, email: string, password: string) {
  await page.goto(paths.corporateLogin);
  await page.getByLabel(/^Email/).fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByRole("heading", { name: "Confirm it's you" })).toBeVisible();
}

async function savedRecoveryCodes(page: Page): Promise<string[]> {
  const list = page.getByRole("list", { name: "Recovery codes" });
  await expect(list.getByRole("listitem")).toHaveCount(10);
  const codes = await list.getByRole("listitem").allTextContents();
  await page.getByRole("button", { name: "I have saved these codes" }).click();
  return codes;
}

test("passkeys: register, a second step, a passkey alone, a recovery code, remove", async ({
  page,
}) => {
  const officer = { email: "passkey.owner@example.com", password: "passkey-password" };
  await registerAndSignIn(page, "Passkey Scaffolding", officer);
  await virtualAuthenticator(page);

  await page.goto(paths.accountSecurity);
  await ready(page);
  await checkPage(page, paths.accountSecurity, "signed in, no second factor");
  await page.getByLabel(/^Passkey name/).fill("Laptop");
  await page.getByRole("button", { name: "Add a passkey" }).click();
  const codes = await savedRecoveryCodes(page);
  await expect(page.getByText("Laptop", { exact: true })).toBeVisible();
  await expect(page.getByText("10 of 10 recovery codes left.")).toBeVisible();
  await checkPage(page, paths.accountSecurity, "a passkey, sessions listed");

  // The password alone no longer signs in: the passkey finishes it.
  await signOut(page);
  await passwordStep(page, officer.email, officer.password);
  await checkPage(page, paths.corporateLogin, "second step");
  await page.getByRole("button", { name: "Use a passkey" }).click();
  await expect(page).toHaveURL(/\/corporate\/dashboard/);
  await expectToast(page, "Welcome back!");

  // A passkey alone: no address, no password.
  await signOut(page);
  await page.goto(paths.login);
  await page.getByRole("button", { name: "Continue with a passkey" }).click();
  await expectToast(page, "Login Successful");
  await page.goto(paths.accountSecurity);
  await expect(page.getByText("Laptop", { exact: true })).toBeVisible();

  // A recovery code, once.
  await signOut(page);
  await passwordStep(page, officer.email, officer.password);
  await page.getByLabel(/^Recovery code/).fill(codes[0]!);
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(/\/corporate\/dashboard/);
  await signOut(page);
  await passwordStep(page, officer.email, officer.password);
  await page.getByLabel(/^Recovery code/).fill(codes[0]!);
  await page.getByRole("button", { name: "Verify" }).click();
  await expectToast(page, "Sign-in failed");
  await page.getByLabel(/^Recovery code/).fill(codes[1]!);
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(/\/corporate\/dashboard/);

  // Removed, the passkey is gone and the password alone signs in again.
  await page.goto(paths.accountSecurity);
  await page.getByRole("button", { name: "Remove the passkey Laptop" }).click();
  await expect(page.getByText("No passkeys yet.")).toBeVisible();
  await signOut(page);
  await page.goto(paths.corporateLogin);
  await page.getByLabel(/^Email/).fill(officer.email);
  await page.getByLabel(/^Password/).fill(officer.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/corporate\/dashboard/);
});

test("an authenticator app: set up with a computed code, then a second step", async ({ page }) => {
  const officer = { email: "totp.owner@example.com", password: "totp-password" };
  await registerAndSignIn(page, "Totp Scaffolding", officer);

  await page.goto(paths.accountSecurity);
  await page.getByRole("button", { name: "Set up an authenticator app" }).click();
  await expect(
    page.getByRole("img", { name: "QR code of the authenticator app's key" }),
  ).toBeVisible();
  const secret = await page.getByLabel(/^Key/).inputValue();
  const now = Date.now();
  await page.getByLabel(/^Code from the app/).fill(totp(secret, now));
  await page.getByRole("button", { name: "Turn on" }).click();
  await savedRecoveryCodes(page);
  await expect(page.getByText("An authenticator app is set up.")).toBeVisible();

  await signOut(page);
  await passwordStep(page, officer.email, officer.password);
  // The code already used is refused; the next 30 seconds' code is taken
  // (the server accepts one step either side of its clock).
  await page.getByLabel(/^Code from your authenticator app/).fill(totp(secret, now));
  await page.getByRole("button", { name: "Verify" }).click();
  await expectToast(page, "Sign-in failed");
  await page.getByLabel(/^Code from your authenticator app/).fill(totp(secret, now + 30_000));
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(/\/corporate\/dashboard/);
  await expectToast(page, "Welcome back!");
});
