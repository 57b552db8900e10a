import { expect, test, type Page } from "@playwright/test";
import { paths } from "../src/app/paths";
import { checkPage, ready } from "./a11y";
import { expectToast, outboxMail, registerAndSignIn } from "./helpers";

// Single sign-on through a real OpenID provider that the project does not
// write (zitadel/oidc's example provider, started by scripts/test/e2e.sh;
// its client and people are in cloud/cmd/lifetag-test-oidc): the owner
// connects it, a site admin approves the domain, a person signs in with
// their company on the provider's own login page and lands on the
// dashboard as a Standard member; an unverified address comes back to the
// sign-in page, told why.

const issuer = process.env.E2E_OIDC_ISSUER ?? "";
const owner = { email: "owner@sso-e2e.test", password: "owner-password-1" };
const admin = { email: "sso@lifetag.test", password: "sso-admin-password-1" };

async function signInAsAdmin(page: Page) {
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

/** The corporate door: Continue with your company account, then the provider's own login page. */
async function signInWithCompany(page: Page, email: string, password: string) {
  await page.goto(paths.corporateLogin);
  await page.getByLabel(/^Email/).fill(email);
  await page.getByRole("button", { name: "Continue with your company account" }).click();
  // The provider's page, not ours: its own form.
  await expect(page).toHaveURL(new RegExp(`^${issuer}login/username`));
  await page.getByLabel("Username:").fill(email);
  await page.getByLabel("Password:").fill(password);
  await page.getByRole("button", { name: "Login" }).click();
}

test("an organisation signs in with its own identity provider", async ({ page, browser }) => {
  test.setTimeout(300_000);
  expect(issuer, "scripts/test/e2e.sh starts the OpenID provider").not.toBe("");
  const orgId = await registerAndSignIn(page, "Ada Works", owner);

  await page.getByRole("link", { name: "Single Sign-On" }).click();
  await expect(page.getByRole("heading", { name: "Single sign-on" })).toBeVisible();
  await page.getByLabel(/^Issuer URL/).fill(issuer);
  await page.getByLabel(/^Client ID/).fill("lifetag");
  await page.getByLabel(/^Client secret/).fill("lifetag-e2e-secret");
  await page.getByLabel(/^E-mail domains/).fill("sso-e2e.test");
  await page.getByRole("button", { name: "Save" }).click();
  await expectToast(page, "Single sign-on saved");
  await expect(page.getByText("Waiting for Lifetag's approval")).toBeVisible();
  await ready(page);
  await checkPage(page, paths.corporateSso, "provider set up, domain waiting");

  // Until a site admin approves the domain, nobody signs in with it.
  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  await signInAsAdmin(adminPage);
  await adminPage.getByRole("tab", { name: /Corporate/ }).click();
  await adminPage.getByRole("button", { name: "Approve sso-e2e.test for Ada Works" }).click();
  await expectToast(adminPage, "Domain approved");
  await adminContext.close();

  const ada = await browser.newContext();
  const adaPage = await ada.newPage();
  await signInWithCompany(adaPage, "ada@sso-e2e.test", "ada-at-her-company");
  await expect(adaPage).toHaveURL(/\/corporate\/dashboard$/);
  await expect(adaPage.getByRole("heading", { name: "Ada Works" })).toBeVisible();
  await expect(adaPage.getByText("Standard member")).toBeVisible();
  await ada.close();

  // An address the provider has not verified comes back, told why.
  const ben = await browser.newContext();
  const benPage = await ben.newPage();
  await signInWithCompany(benPage, "ben@sso-e2e.test", "ben-at-his-company");
  await expect(benPage).toHaveURL(/\/corporate-login\?sso_error=unverified$/);
  await expect(benPage.getByRole("alert")).toContainText("did not give a verified address");
  await ready(benPage);
  await checkPage(benPage, paths.corporateLogin, "single sign-on refused");
  await ben.close();

  // Every single sign-on is in the organisation's Recent Activity.
  await page.goto(`${paths.corporateDashboard}/${orgId}`);
  await expect(page.getByText("ada@sso-e2e.test signed in with single sign-on.")).toBeVisible();
});
