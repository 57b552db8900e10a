import { expect, test } from "@playwright/test";
import { createProject, decodePdf, expectToast, registerAndSignIn, snap } from "./helpers";

// The QR code library against the real cloud: a trial
// organisation makes a project, a code from the Standard Emergency Form,
// downloads its label (decoded back to the record's exact QR text), and
// imports workers from a CSV file, all or nothing.

const officer = { email: "lib.officer@crew.example", password: "officer-password-1" };

test("an officer builds the library: project, code, label, CSV import", async ({ page }) => {
  const orgId = await registerAndSignIn(page, "Crew Library Ltd", officer);

  // A project (docs/design/admin-corporate.md §2: Create Project waits for a name).
  await page.getByRole("link", { name: "New Project" }).click();
  await createProject(page, "North Site", "Scaffolding crew", "corporate-new-project");
  await expect(page.getByText("0 QR codes")).toBeVisible();

  // A code from the Standard Emergency Form, in that project.
  await page.goto("/corporate/qr-codes");
  await expect(page.getByText("0 of 50 QR codes used")).toBeVisible();
  await page.getByRole("button", { name: "Create QR Code" }).click();
  const dialog = page.getByRole("dialog", { name: "Create QR Code" });
  await dialog.getByLabel(/^Project/).selectOption({ label: "North Site" });
  await dialog.getByLabel(/^Full Name/).fill("Ann Rider");
  await dialog.getByLabel(/^Blood Type/).selectOption("O+");
  await dialog.getByLabel(/^Emergency Contact Name/).fill("Bob Rider");
  await dialog.getByLabel(/^Emergency Contact Phone/).fill("+44 7700 900123");
  await dialog.getByLabel(/^Allergies/).fill("Penicillin");
  await snap(page, "corporate-create-qr-code");
  await dialog.getByRole("button", { name: "Save QR Code" }).click();
  await expectToast(page, "QR code created");
  const row = page.getByRole("row").filter({ hasText: "Ann Rider" });
  await expect(row).toContainText("North Site");

  // Its label, read back as a phone would read the printed code.
  const library = await (
    await page.request.get(`/api/corporate/${orgId}/qr-codes?records=1`)
  ).json();
  const qrText: string = library.qrCodes[0].qrText;
  expect(qrText).toContain("Allergies: Penicillin");
  const downloading = page.waitForEvent("download");
  await page.getByRole("button", { name: "PDF: Ann Rider" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe("lifetag-ann-rider.pdf");
  expect(decodePdf((await download.path())!).trimEnd()).toBe(qrText);

  // CSV import: a bad row blocks the whole file; fixed, every row goes in.
  await page.getByRole("button", { name: "Import CSV" }).click();
  const importing = page.getByRole("dialog", { name: "Import workers from CSV" });
  const header = "Name,Full Name,Blood Type,Emergency Contact Name,Emergency Contact Phone";
  await importing
    .getByLabel("Or paste the CSV text")
    .fill(`${header}\nCy,Cy Walker,A-,Di Walker,+44 7700 900125\nEve,Eve Smith,Z+,,\n`);
  await importing.getByRole("button", { name: "Check rows" }).click();
  await expect(
    importing.getByText(
      '"Z+" is not a blood type (allowed: one of A+, A-, B+, B-, AB+, AB-, O+, O-, Unknown)',
    ),
  ).toBeVisible();
  await snap(page, "corporate-import-errors");
  await expect(importing.getByRole("button", { name: /^Import \d+ QR/ })).toBeDisabled();
  await importing
    .getByLabel("Or paste the CSV text")
    .fill(
      `${header}\nCy,Cy Walker,A-,Di Walker,+44 7700 900125\nEve,Eve Smith,B+,Fay Smith,+44 7700 900126\n`,
    );
  await importing.getByRole("button", { name: "Check rows" }).click();
  await importing.getByRole("button", { name: "Import 2 QR codes" }).click();
  await expectToast(page, "QR codes imported");
  await expect(page.getByText("3 of 50 QR codes used")).toBeVisible();
  await snap(page, "corporate-qr-codes");

  // Search, then delete after confirming.
  await page.getByLabel("Search by name, project, employee number or ID").fill("north");
  await expect(page.getByRole("row")).toHaveCount(2);
  await page.getByLabel("Search by name, project, employee number or ID").fill("");
  await page.getByRole("button", { name: "Delete: Eve" }).click();
  await page
    .getByRole("dialog", { name: "Delete QR code?" })
    .getByRole("button", { name: "Delete" })
    .click();
  await expectToast(page, "QR code deleted");
  await expect(page.getByText("2 of 50 QR codes used")).toBeVisible();

  // The dashboard counts it all.
  await page.goto(`/corporate/dashboard/${orgId}`);
  await expect(page.getByText("The QR code of Eve was deleted.")).toBeVisible();
  await expect(page.getByText("2 QR codes were imported.")).toBeVisible();

  // A code the organisation's own system made by its employee number
  // is in the library like any other, its number editable.
  const worker = {
    values: {
      fullName: "Gus Okafor",
      bloodType: "A+",
      contact1Name: "Grace Okafor",
      contact1Phone: "+44 7700 900127",
    },
  };
  const made = await page.request.put(`/api/corporate/${orgId}/qr-codes/by-external-id/E-1001`, {
    data: worker,
    headers: { "Idempotency-Key": "journey-e-1001" },
  });
  expect(made.status()).toBe(201);
  const again = await page.request.put(`/api/corporate/${orgId}/qr-codes/by-external-id/E-1001`, {
    data: worker,
  });
  expect((await again.json()).changed).toBe(false);
  await page.goto("/corporate/qr-codes");
  const apiRow = page.getByRole("row").filter({ hasText: "Gus Okafor" });
  await expect(apiRow).toContainText("E-1001");
  await expect(page.getByText("3 of 50 QR codes used")).toBeVisible();
  await page.getByRole("button", { name: "Edit: Gus Okafor" }).click();
  const editing = page.getByRole("dialog", { name: "Edit QR Code" });
  await expect(editing.getByLabel(/^Employee or badge number/)).toHaveValue("E-1001");
});
