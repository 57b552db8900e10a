import { expect, test, type Browser } from "@playwright/test";
import { expectToast, setUpAndSignIn, snap } from "./helpers";

// The corporate side against the real cloud, without Stripe keys:
// the local test checkout stands in for Stripe Checkout and fulfils through
// a locally signed checkout.session.completed event.

const owner = { email: "jane.owner@acme.example", password: "owner-password-1" };
const admins = ["ann.admin@acme.example", "bob.admin@acme.example"];
const adminPassword = "admin-password-1";
const other = { email: "olga@bravo.example", password: "other-password-1" };

async function newPage(browser: Browser) {
  return (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
}

test("an organisation registers, pays, signs in and builds its team", async ({ page, browser }) => {
  await page.goto("/corporate-benefits");
  await expect(page.getByRole("heading", { name: "Starter" })).toBeVisible();
  await expect(page.getByText("£25")).toBeVisible();
  await expect(page.getByText("Up to 2000 QR codes")).toBeVisible();
  await snap(page, "corporate-benefits");
  await page.getByRole("link", { name: "Register your organisation" }).click();

  // The spec's validation messages, then a valid form.
  await page.getByRole("button", { name: "Continue to Payment" }).click();
  for (const message of [
    "Organization name must be at least 2 characters",
    "First name must be at least 2 characters",
    "Please enter a valid email address",
    "Please enter a valid phone number",
    "Please select an organization type",
    "Please select employee count",
    "Please select a subscription plan",
    "Please enter your full address",
    "Please enter your city",
    "Please enter your country",
  ])
    await expect(page.getByText(message, { exact: true })).toBeVisible();
  await snap(page, "corporate-register-errors");
  await page.getByLabel(/^Organization Name/).fill("Acme Scaffolding");
  await page.getByLabel(/^Contact First Name/).fill("Jane");
  await page.getByLabel(/^Contact Last Name/).fill("Owner");
  await page.getByLabel(/^Contact Email/).fill(owner.email);
  await page.getByLabel(/^Phone Number/).fill("+44 20 7946 0000");
  await page.getByLabel(/^Organization Type/).selectOption("construction");
  await page.getByLabel(/^Employee Count/).selectOption("51-200");
  await page.getByLabel(/^Subscription Plan/).selectOption("professional");
  await page.getByLabel(/^Address/).fill("1 Long Street, Leeds");
  await page.getByLabel(/^City/).fill("Leeds");
  await page.getByLabel(/^Country/).fill("United Kingdom");
  await expect(page.getByText("Please enter your city")).toHaveCount(0);
  await page.getByRole("button", { name: "Continue to Payment" }).click();

  // The local test checkout: a declined card, then the test card.
  await expect(page.getByRole("heading", { name: "Test checkout" })).toBeVisible();
  await expect(page.getByText("TEST MODE")).toBeVisible();
  await snap(page, "corporate-test-checkout");
  await page.getByLabel(/^Card number/).fill("4000 0000 0000 0002");
  await page.getByRole("button", { name: "Subscribe" }).click();
  await expect(
    page.locator(".toast-description").filter({ hasText: "Your card was declined." }),
  ).toBeVisible();
  await page.getByLabel(/^Card number/).fill("4242 4242 4242 4242");
  await page.getByRole("button", { name: "Subscribe" }).click();

  // A new customer has no password yet: the page says what happens next
  // (the mail, its address, resend), never "Access Denied".
  await expect(page.getByRole("heading", { name: "Check your email" })).toBeVisible();
  await expect(page).toHaveURL(/\/corporate-check-email\?/);
  await expect(page.getByText(owner.email)).toBeVisible();
  await expect(page.getByText("Access Denied")).toHaveCount(0);
  await page.getByRole("button", { name: "Send the email again" }).click();
  await expectToast(
    page,
    "If this registration is waiting for its setup link, we have sent it again.",
  );
  await snap(page, "corporate-check-email-paid");

  // The setup mail, the password, the corporate door, the real figures.
  await page.goto("/corporate-password-setup");
  await expect(page.getByText("Invalid Setup Link")).toBeVisible();
  await setUpAndSignIn(page, owner.email, owner.password);
  const orgId = /\/(\d+)$/.exec(page.url())![1]!;
  await expect(page.getByRole("heading", { name: "Acme Scaffolding" })).toBeVisible();
  await expect(page.getByText("0 of 200 used")).toBeVisible();
  await expect(page.getByText("1 of 3 accounts")).toBeVisible();
  await expect(page.getByText("Professional", { exact: true })).toBeVisible();
  await expect(page.getByText("active", { exact: true })).toBeVisible();
  await expect(
    page.getByText("The organisation was created on the Professional plan."),
  ).toBeVisible();
  await expect(page.getByText(`${owner.email} set their password.`)).toBeVisible();
  await snap(page, "corporate-dashboard");

  // The individual door sends a corporate account to the corporate one.
  const individual = await page.request.post("/api/auth/login", {
    data: { email: owner.email, password: owner.password },
  });
  expect(individual.status()).toBe(403);
  expect((await individual.json()).message).toContain("/corporate-login");

  // Invite an admin; they set a password and sign in.
  await page.getByRole("link", { name: "Manage Team" }).click();
  await expect(page.getByText("2 slots left")).toBeVisible();
  await page.getByLabel(/^Email address/).fill(admins[0]!);
  await page.getByRole("button", { name: "Invite Admin" }).click();
  await expectToast(page, "Invitation sent");
  await expect(page.locator(".team-list").getByText(admins[0]!)).toBeVisible();
  await snap(page, "corporate-team");

  const adminPage = await newPage(browser);
  await setUpAndSignIn(adminPage, admins[0]!, adminPassword);
  await expect(adminPage.getByRole("heading", { name: "Acme Scaffolding" })).toBeVisible();
  await expect(adminPage.getByText("Admin", { exact: true })).toBeVisible();
  await expect(adminPage.getByText("2 of 3 accounts")).toBeVisible();

  // A second admin fits; a fourth account is refused by the server.
  await page.getByLabel(/^Email address/).fill(admins[1]!);
  await page.getByRole("button", { name: "Invite Admin" }).click();
  await expect(page.getByText("Your team has all 3 accounts.")).toBeVisible();
  await page.getByLabel(/^Email address/).fill("fourth@acme.example");
  await page.getByRole("button", { name: "Invite Admin" }).click();
  await expect(
    page
      .locator(".toast-description")
      .filter({ hasText: "An organization can have at most 3 admin accounts" }),
  ).toBeVisible();
  await snap(page, "corporate-team-full");

  // Another organisation (the trial form) sees none of this one.
  const otherPage = await newPage(browser);
  await otherPage.goto("/corporate/register");
  await otherPage.getByLabel(/^Organization Name/).fill("Bravo Logistics");
  await otherPage.getByLabel(/^Industry/).selectOption("logistics");
  await otherPage.getByLabel(/^Contact Email/).fill(other.email);
  await snap(otherPage, "corporate-trial");
  await otherPage.getByRole("button", { name: "Create Corporate Account" }).click();
  await expect(otherPage.getByRole("heading", { name: "Check your email" })).toBeVisible();
  await setUpAndSignIn(otherPage, other.email, other.password);
  await expect(otherPage.getByRole("heading", { name: "Bravo Logistics" })).toBeVisible();
  await expect(otherPage.getByText("trial", { exact: true })).toBeVisible();
  for (const path of [`/api/corporate/${orgId}/dashboard`, `/api/corporate/${orgId}/team`]) {
    const response = await otherPage.request.get(path);
    expect(response.status(), path).toBe(404);
  }
  const invite = await otherPage.request.post(`/api/corporate/${orgId}/team/invite`, {
    data: { email: "spy@bravo.example" },
  });
  expect(invite.status()).toBe(404);
  await otherPage.goto(`/corporate/dashboard/${orgId}`);
  await expect(otherPage.getByRole("heading", { name: "Access Denied" })).toBeVisible();

  // The trial's owner pays for a plan through the same checkout.
  await otherPage.goto("/corporate/dashboard");
  await expect(otherPage.getByRole("heading", { name: "Choose a plan" })).toBeVisible();
  await snap(otherPage, "corporate-trial-dashboard");
  await otherPage.getByLabel(/^Subscription Plan/).selectOption("enterprise");
  await otherPage.getByRole("button", { name: "Subscribe" }).click();
  await otherPage.getByLabel(/^Card number/).fill("4242 4242 4242 4242");
  await otherPage.getByRole("button", { name: "Subscribe" }).click();
  await expect(otherPage.getByRole("heading", { name: "Registration complete!" })).toBeVisible();
  await expect(otherPage.getByRole("heading", { name: "Bravo Logistics" })).toBeVisible();
  await expect(otherPage.getByText("Enterprise", { exact: true })).toBeVisible();
  await expect(otherPage.getByText("active", { exact: true })).toBeVisible();
  await expect(otherPage.getByText("0 of 2000 used")).toBeVisible();
  await expect(otherPage.getByRole("heading", { name: "Choose a plan" })).toHaveCount(0);

  // Sign Out in the site header (which shows the member's dashboard, not
  // Sign In, while they are signed in) ends the owner's session.
  await page.goto(`/corporate/dashboard/${orgId}`);
  const siteNav = page.getByRole("navigation", { name: "Main" });
  await expect(siteNav.getByRole("link", { name: "Sign In" })).toHaveCount(0);
  await siteNav.getByRole("link", { name: "Sign Out" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(siteNav.getByRole("link", { name: "Sign In" })).toBeVisible();
  await page.goto(`/corporate/dashboard/${orgId}`);
  await expect(page.getByRole("heading", { name: "Access Denied" })).toBeVisible();
});

test("the first-responder demo is truthful about the code", async ({ page }) => {
  await page.goto("/qr-demo");
  await expect(page.getByText("FOR FIRST RESPONDER USE")).toBeVisible();
  await expect(page.getByText(/Age 39/)).toBeVisible();
  await expect(page.getByText(/plain text/)).toBeVisible();
  await snap(page, "qr-demo");
});
