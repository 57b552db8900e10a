import { expect, test } from "@playwright/test";
import { createCodes, expectToast, registerAndSignIn } from "./helpers";

// The owner makes an API key for the organisation's HR
// system, sees its secret once, the system reads the library with it, and
// once revoked the same request is refused.

const officer = { email: "kay.keys@gantry.example", password: "officer-password-1" };

test("the owner creates a key, sees it once, a system uses it, and revoking it refuses the system", async ({
  page,
  request,
}) => {
  const orgId = await registerAndSignIn(page, "Gantry Works Ltd", officer);
  await createCodes(page, orgId, ["Ann Okafor"]);

  await page.getByRole("link", { name: "API Keys" }).click();
  await expect(page.getByRole("heading", { name: "API keys" })).toBeVisible();
  await page.getByRole("button", { name: "Create API key" }).click();
  const dialog = page.getByRole("dialog", { name: "Create API key" });
  await dialog.getByLabel(/^Name/).fill("HR sync");
  await dialog.getByLabel(/^Access/).selectOption("read");
  await dialog.getByRole("button", { name: "Create API key" }).click();

  const shown = page.getByRole("dialog", { name: "API key created" });
  await expect(shown.getByText(/you will not see it again/)).toBeVisible();
  const secret = await shown.getByLabel("The new API key").inputValue();
  // A development server's keys carry the test prefix, for secret scanners.
  expect(secret).toMatch(/^lt_test_[A-Za-z0-9_-]{43}$/);
  await shown.getByRole("button", { name: "Done" }).click();
  // Once closed, the secret is nowhere on the page: only its prefix.
  await expect(page.getByText(secret)).toHaveCount(0);
  const row = page.getByRole("row", { name: /HR sync/ });
  await expect(row.getByText(secret.slice(0, 12) + "…")).toBeVisible();

  // The HR system: no browser, no cookie, only the key.
  const headers = { Authorization: `Bearer ${secret}` };
  const library = await request.get(`/api/corporate/${orgId}/qr-codes`, { headers });
  expect(library.status()).toBe(200);
  expect(JSON.stringify(await library.json())).toContain("Ann Okafor");
  // A read key writes nothing.
  const write = await request.post(`/api/corporate/${orgId}/projects`, {
    headers,
    data: { name: "Not allowed" },
  });
  expect(write.status()).toBe(403);

  await page.reload();
  await page.getByRole("button", { name: "Revoke HR sync" }).click();
  await page
    .getByRole("dialog", { name: "Revoke this API key?" })
    .getByRole("button", { name: "Revoke" })
    .click();
  await expectToast(page, "API key revoked");
  await expect(page.getByRole("row", { name: /HR sync/ }).getByText("Revoked")).toBeVisible();

  const refused = await request.get(`/api/corporate/${orgId}/qr-codes`, { headers });
  expect(refused.status()).toBe(401);
  expect((await refused.json()).message).toBe("This API key was revoked");
});
