import { expect, test } from "@playwright/test";
import { expectToast, moveFieldUpWithKeys, registerAndSignIn, snap } from "./helpers";

// Form templates against the real cloud: a trial organisation's
// officer builds a template, reorders it with the keyboard, saves it, and
// uses it; the built-in form is edited only as a copy.

const officer = { email: "tess.templates@forms.example", password: "officer-password-1" };

test("an officer builds, reorders, saves and uses a form template", async ({ page }) => {
  await registerAndSignIn(page, "Forms Ltd", officer);

  await page.goto("/corporate/form-builder");
  await expect(page.getByRole("heading", { name: "Form Templates" })).toBeVisible();
  await expect(page.getByRole("heading", { name: /^Standard Emergency Form/ })).toBeVisible();
  await snap(page, "form-builder-list");

  // A new template: the spec's messages first, then the default fields.
  await page.getByRole("button", { name: "Create Custom Template" }).click();
  await page.getByRole("button", { name: "Save Template" }).click();
  const form = page.getByRole("form", { name: "Edit Template" });
  await expect(form.getByText("Template name is required")).toBeVisible();
  await expect(form.getByText("At least one field is required")).toBeVisible();
  await page.getByRole("button", { name: "Load Default" }).click();
  await expectToast(page, "Default Template Loaded");

  // A select field from the Add Field dialog, options one per line.
  await page.getByRole("button", { name: "Add Field" }).click();
  const dialog = page.getByRole("dialog", { name: "Add Field" });
  await dialog.getByLabel("Field Type").selectOption("select");
  await dialog.getByLabel(/^Field Label/).fill("Site");
  await dialog.getByLabel(/^Options/).fill("North yard\n\nSouth yard\n");
  await dialog.getByLabel("Category").selectOption("work");
  await dialog.getByRole("button", { name: "Add Field" }).click();
  const rows = page.getByTestId("template-field");
  await expect(rows).toHaveCount(7);
  await expect(rows.nth(6)).toContainText("7. Site");

  // Keyboard reordering: Site moves up one place.
  await page.getByRole("button", { name: "Drag to reorder Site" }).focus();
  await moveFieldUpWithKeys(page, "Site", 7, 7);
  await expect(rows.nth(5)).toContainText("6. Site");
  await expect(rows.nth(6)).toContainText("7. Medical Conditions");

  const preview = page.getByRole("complementary", { name: "Live Preview" });
  await expect(preview.getByRole("group", { name: "Work Information" })).toBeVisible();
  // The default fields' Phone is an extra field, so it comes first there.
  await expect(preview.locator("pre")).toContainText(
    "ADDITIONAL INFORMATION:\nPhone: +44 7700 900000\nSite: North yard",
  );
  await page.getByLabel(/^Template Name/).fill("Yard crew");
  await page.getByRole("switch", { name: "Set as default template" }).click();
  await snap(page, "form-builder-editor");
  await page.getByRole("button", { name: "Save Template" }).click();
  await expectToast(page, "Form template created successfully");

  // Back in the list, with its Default badge; then Use Template.
  const card = page.getByRole("listitem").filter({ hasText: "Yard crew" });
  await expect(card.getByText("Default")).toBeVisible();
  await expect(card.getByText("7 fields")).toBeVisible();
  await page.reload();
  await expect(card.getByText("Default")).toBeVisible();
  await card.getByRole("button", { name: "Use Template Yard crew" }).click();
  await expect(page).toHaveURL(/\/corporate\/qr-codes\?new=1&template=\d+$/);

  // The built-in form is changed only as a copy.
  await page.goto("/corporate/form-builder");
  await page.getByRole("button", { name: "Edit Standard Emergency Form" }).click();
  await expect(page.getByLabel(/^Template Name/)).toHaveValue("Standard Emergency Form (Copy)");
});
