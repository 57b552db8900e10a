import { test } from "@playwright/test";
import { paths } from "../src/app/paths";
import { checkPage, notFound, ready, submitEmpty } from "./a11y";

// Accessibility: the signed-out forms and pages (how, and why the routes are split: e2e/a11y.ts).

const forms: string[] = [
  paths.login,
  paths.resetPassword,
  paths.corporateLogin,
  paths.corporateRegister,
  paths.corporateTrial,
];

test("signed-out forms, empty and with their messages", async ({ page }) => {
  test.setTimeout(300_000);
  for (const route of forms) {
    await page.goto(route);
    await ready(page);
    await checkPage(page, route, "empty");
    await submitEmpty(page);
    await checkPage(page, route, "messages shown");
  }
});

test("signed-out pages", async ({ page }) => {
  test.setTimeout(300_000);
  const plain = [
    paths.setPassword,
    paths.corporatePasswordSetup,
    paths.corporateBenefits,
    paths.corporatePaymentSuccess,
    paths.corporateTestCheckout,
    paths.qrDemo,
  ];
  for (const route of plain) {
    await page.goto(route);
    await ready(page);
    await checkPage(page, route, "as it opens");
  }
  // Where a new customer lands after the trial form (the registration id
  // only says which registration a resend is for).
  await page.goto(`${paths.corporateCheckEmail}?kind=trial&registration_id=reg_example`);
  await ready(page);
  await checkPage(page, paths.corporateCheckEmail, "after a trial sign-up");
  // A review reminder's links, as an altered link leaves them (the
  // journey e2e/review-reminder.spec.ts opens real ones).
  for (const route of [paths.reviewConfirm, paths.reviewUnsubscribe]) {
    await page.goto(`${route}?token=not-a-token`);
    await ready(page);
    await page.getByRole("alert").waitFor();
    await checkPage(page, route, "an altered link");
  }
  await page.goto("/no-such-page");
  await ready(page);
  await checkPage(page, notFound, "unknown address");
});
