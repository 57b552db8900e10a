import { expect, test } from "@playwright/test";
import { paths } from "../src/app/paths";
import { checkPage, ready } from "./a11y";
import { createCodes, createCollectionLink, expectToast, registerAndSignIn } from "./helpers";

// Accessibility: the safety officer's pages and the collection form (how, and why the routes are split: e2e/a11y.ts).

const officer = { email: "a11y.officer@access.example", password: "officer-password-1" };

test("the safety officer's pages, filled, with their dialogs", async ({ page, browser }) => {
  test.setTimeout(600_000);
  const orgId = await registerAndSignIn(page, "Access Crew Ltd", officer);
  const api = page.request;
  for (const name of ["North Site", "South Yard"]) {
    const made = await api.post(`/api/corporate/${orgId}/projects`, {
      data: { name, description: `${name} crew` },
    });
    expect(made.status()).toBe(201);
  }
  await createCodes(page, orgId, ["Ann Okafor", "Bob Singh", "Cat Nowak"]);

  await page.goto(`${paths.corporateDashboard}/${orgId}`);
  await ready(page);
  await checkPage(page, paths.corporateDashboard, "trial organisation");
  await page.goto(`${paths.corporateTeam}/${orgId}`);
  await ready(page);
  await checkPage(page, paths.corporateTeam, "owner only");

  await page.goto(paths.corporateProjects);
  await ready(page);
  await expect(page.getByRole("heading", { name: "South Yard" })).toBeVisible();
  await checkPage(page, paths.corporateProjects, "two projects");
  await page.goto(paths.corporateNewProject);
  await ready(page);
  await page.getByLabel(/^Project Name/).fill("East Gate");
  await checkPage(page, paths.corporateNewProject, "filled");

  await page.goto(paths.corporateQrCodes);
  await ready(page);
  await expect(page.getByText("Cat Nowak")).toBeVisible();
  await checkPage(page, paths.corporateQrCodes, "three codes");
  await page.getByRole("button", { name: "Edit: Bob Singh" }).click();
  const edit = page.getByRole("dialog", { name: "Edit QR Code" });
  await expect(edit.getByLabel(/^Full Name/)).toHaveValue("Bob Singh");
  await checkPage(page, paths.corporateQrCodes, "edit dialog open");
  await page.keyboard.press("Escape");
  await page.getByRole("button", { name: "Import CSV" }).click();
  await expect(page.getByRole("dialog", { name: "Import workers from CSV" })).toBeVisible();
  await checkPage(page, paths.corporateQrCodes, "import dialog open");
  await page.keyboard.press("Escape");

  await page.goto(paths.corporateFormBuilder);
  await ready(page);
  await checkPage(page, paths.corporateFormBuilder, "templates");
  await page.getByRole("button", { name: "Create Custom Template" }).click();
  await page.getByRole("button", { name: "Load Default" }).click();
  await expectToast(page, "Default Template Loaded");
  await page.getByRole("button", { name: "Add Field" }).click();
  await expect(page.getByRole("dialog", { name: "Add Field" })).toBeVisible();
  await checkPage(page, paths.corporateFormBuilder, "editor, add field open");
  await page.keyboard.press("Escape");

  await page.goto(`${paths.corporateCollectionLinks}/${orgId}`);
  await ready(page);
  const link = await createCollectionLink(page, { expires: "In 7 days" });
  await checkPage(page, paths.corporateCollectionLinks, "one link");
  await page.getByRole("button", { name: "Create collection link" }).click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await checkPage(page, paths.corporateCollectionLinks, "create dialog open");
  await page.keyboard.press("Escape");

  await page.goto(`${paths.corporateAnalytics}/${orgId}`);
  await ready(page);
  await checkPage(page, paths.corporateAnalytics, "three codes");

  await page.goto(`${paths.corporateApiKeys}/${orgId}`);
  await ready(page);
  await checkPage(page, paths.corporateApiKeys, "no keys");
  await page.getByRole("button", { name: "Create API key" }).click();
  const keyDialog = page.getByRole("dialog", { name: "Create API key" });
  await keyDialog.getByLabel(/^Name/).fill("HR sync");
  await checkPage(page, paths.corporateApiKeys, "create dialog open");
  await keyDialog.getByRole("button", { name: "Create API key" }).click();
  await expect(page.getByRole("dialog", { name: "API key created" })).toBeVisible();
  await checkPage(page, paths.corporateApiKeys, "the new key shown once");
  await page.getByRole("button", { name: "Done" }).click();
  await page.getByRole("button", { name: "Revoke HR sync" }).click();
  await expect(page.getByRole("dialog", { name: "Revoke this API key?" })).toBeVisible();
  await checkPage(page, paths.corporateApiKeys, "revoke dialog open");
  await page.keyboard.press("Escape");

  await page.goto(`${paths.corporateWebhooks}/${orgId}`);
  await ready(page);
  await expect(page.getByText("No webhook endpoints yet.")).toBeVisible();
  await checkPage(page, paths.corporateWebhooks, "no endpoints");
  await page.getByRole("button", { name: "Add endpoint" }).first().click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await checkPage(page, paths.corporateWebhooks, "add dialog open");
  await page.keyboard.press("Escape");

  await page.goto(`${paths.corporateReviewRounds}/${orgId}`);
  await ready(page);
  await expect(page.getByText("No review rounds yet.")).toBeVisible();
  await checkPage(page, paths.corporateReviewRounds, "no rounds");

  await page.goto(paths.labelBatchPrint);
  await ready(page);
  await page.getByRole("button", { name: "Add from Library" }).click();
  const picker = page.getByRole("dialog", { name: "Add QR Codes from Library" });
  await picker.getByRole("button", { name: "Select All" }).click();
  await checkPage(page, paths.labelBatchPrint, "library picker open");
  await picker.getByRole("button", { name: "Add 3 to Queue" }).click();
  await expectToast(page, "QR Codes Added");
  await checkPage(page, paths.labelBatchPrint, "three queued");

  // The worker: the shared link on a browser with no session.
  const worker = await (await browser.newContext()).newPage();
  await worker.goto(link.pathname);
  await ready(worker);
  await checkPage(worker, paths.collect, "empty form");
  await worker.getByRole("button", { name: "Send my details" }).click();
  await expect(worker.locator('[aria-invalid="true"]').first()).toBeVisible();
  await checkPage(worker, paths.collect, "messages shown");
  await worker.context().close();
});
