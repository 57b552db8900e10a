import { expect, test } from "@playwright/test";
import { paths } from "../src/app/paths";
import { checkPage, signInAsA11yAdmin } from "./a11y";
import { expectToast, payInDialog, startPhysicalOrder } from "./helpers";

// Accessibility: the admin's dashboard (how, and why the routes are split: e2e/a11y.ts).

const longAddresses = {
  customer: "a.customer.with.a.long.address@orders.example.com",
  created: "someone.with.a.rather.long.address@activity.example.com",
};

test("the admin's dashboard, every tab, and an order's dialog", async ({ page, browser }) => {
  test.setTimeout(300_000);
  // Rows with long lines in every list: an order from a customer with a long
  // address, and an activity entry whose sentence names a long one, which a
  // phone's card must wrap rather than scroll.
  const customer = await (await browser.newContext()).newPage();
  await startPhysicalOrder(customer, longAddresses.customer);
  await payInDialog(customer, "Order Physical Labels");
  await expectToast(customer, "Payment Successful");
  await customer.context().close();
  await signInAsA11yAdmin(page);
  const created = await page.request.post("/api/admin/users/create", {
    data: { email: longAddresses.created },
  });
  expect(created.status()).toBe(201);
  await page.reload();
  await expect(page.getByText("Total Users")).toBeVisible();
  await checkPage(page, paths.admin, "users");
  // The seeded rows each tab must show before it is checked.
  const seeded: Record<string, RegExp | null> = {
    "Physical Orders": new RegExp(longAddresses.customer),
    "Corporate Accounts": null,
    Activity: new RegExp(`Created the account ${longAddresses.created}`),
  };
  for (const [tab, row] of Object.entries(seeded)) {
    await page.getByRole("tab", { name: new RegExp(`^${tab}`) }).click();
    await expect(page.getByRole("tab", { name: new RegExp(`^${tab}`) })).toHaveAttribute(
      "aria-selected",
      "true",
    );
    await expect(page.getByRole("table")).toBeVisible();
    if (row) await expect(page.getByRole("row", { name: row })).toBeVisible();
    await checkPage(page, paths.admin, tab);
  }
  await page.getByRole("tab", { name: /^Physical Orders/ }).click();
  await page.getByRole("button", { name: "Edit" }).first().click();
  await expect(page.getByRole("dialog", { name: "Update Order Status" })).toBeVisible();
  await checkPage(page, paths.admin, "order dialog open");
});
