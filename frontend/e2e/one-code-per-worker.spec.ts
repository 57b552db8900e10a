import { expect, test } from "@playwright/test";
import { paths } from "../src/app/paths";
import { checkPage } from "./a11y";
import { createCodes, expectToast, registerAndSignIn, snap } from "./helpers";

// One code per worker, whatever the spreadsheet or system it came from:
// Excel's plain "CSV" (Windows-1252) imports with its accents, the same
// sheet again with one phone changed updates that worker's code (the
// preview says so), a code made by hand gets its employee number from a
// file, the HR system's sync by those numbers makes nothing new, the
// search ignores accents, and a leaver deactivated by the sync is refused
// on the batch page.

const officer = { email: "nell.ident@quarry.example", password: "officer-password-1" };
const header =
  "Name,Employee or badge number,Full Name,Date of Birth,Blood Type,Emergency Contact Name,Emergency Contact Phone";
const rows = [
  ",BF-0101,José Núñez,31/12/1980,O positive,Ana Núñez,+44 7700 900101",
  ",BF-0102,Jürgen Schröder,01/02/1990,A+,Eva Schröder,+44 7700 900102",
];

/** The sheet as Excel's plain "CSV" saves it on a Western Windows. */
function windows1252(lines: string[]) {
  return {
    name: "workers.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(lines.join("\r\n") + "\r\n", "latin1"),
  };
}

test("one code per worker: re-import updates, numbers attach, the HR sync makes nothing new, a leaver is refused", async ({
  page,
  request,
}) => {
  const orgId = await registerAndSignIn(page, "Quarry Crew Ltd", officer);
  await createCodes(page, orgId, ["Ann Okafor"]);

  await page.goto("/corporate/qr-codes");
  await page.getByRole("button", { name: "Import CSV" }).click();
  let importing = page.getByRole("dialog", { name: "Import workers from CSV" });
  await importing.getByLabel("CSV file").setInputFiles(windows1252([header, ...rows]));
  await importing.getByRole("button", { name: "Check rows" }).click();
  await expect(importing.getByRole("status")).toContainText("0 updates, 2 new.");
  await expect(importing.getByRole("cell", { name: "José Núñez" })).toBeVisible();
  await importing.getByRole("button", { name: "Import 2 QR codes" }).click();
  await expectToast(page, "QR codes imported");

  // The same sheet, one phone corrected: one update, shown field by field.
  await page.getByRole("button", { name: "Import CSV" }).click();
  importing = page.getByRole("dialog", { name: "Import workers from CSV" });
  const corrected = [header, rows[0]!.replace("900101", "900199"), rows[1]!];
  await importing.getByLabel("CSV file").setInputFiles(windows1252(corrected));
  await importing.getByRole("button", { name: "Check rows" }).click();
  await expect(importing.getByRole("status")).toContainText(
    "1 update, 0 new; 1 row is unchanged and will be left as it is.",
  );
  await expect(importing.getByRole("row").filter({ hasText: "José Núñez" })).toContainText(
    "Emergency Contact Phone: +44 7700 900101 → +44 7700 900199",
  );
  await snap(page, "import-update-preview");
  await checkPage(page, paths.corporateQrCodes, "import preview with an update");
  // The button counts the one row that changes, not the unchanged one.
  await importing.getByRole("button", { name: "Update 1 QR code" }).click();
  await expectToast(page, "QR codes imported");

  // Ann, made by hand, gets her number from a file.
  await page.getByRole("button", { name: "Add employee numbers" }).click();
  const attaching = page.getByRole("dialog", { name: "Add employee or badge numbers" });
  await attaching.getByLabel("CSV file").setInputFiles({
    name: "numbers.csv",
    mimeType: "text/csv",
    buffer: Buffer.from("Name,Employee or badge number\r\nann okafor,BF-0103\r\n"),
  });
  await attaching.getByRole("button", { name: "Check rows" }).click();
  await expect(attaching.getByRole("status")).toContainText("1 row is ready, 0 have errors.");
  await checkPage(page, paths.corporateQrCodes, "employee numbers previewed");
  await attaching.getByRole("button", { name: "Save 1 number" }).click();
  await expectToast(page, "Employee numbers saved");

  // The HR system, with a key only: its numbers in lower case, its own
  // words for a blood type. Nothing new; José's phone as the sheet has it.
  const key = await page.request.post(`/api/corporate/${orgId}/api-keys`, {
    data: { name: "HR sync", scope: "write" },
  });
  expect(key.status()).toBe(201);
  const headers = { Authorization: `Bearer ${((await key.json()) as { secret: string }).secret}` };
  const worker = (id: string, name: string, phone: string) => ({
    externalId: id,
    values: {
      fullName: name,
      bloodType: "O positive",
      contact1Name: "Site Office",
      contact1Phone: phone,
    },
  });
  const sync = await request.post(`/api/corporate/${orgId}/qr-codes/bulk-upsert`, {
    headers,
    data: {
      qrCodes: [
        worker("bf-0101", "José Núñez", "+44 7700 900199"),
        worker("bf-0102", "Jürgen Schröder", "+44 7700 900102"),
        worker("bf-0103", "Ann Okafor", "+44 7700 900100"),
      ],
    },
  });
  expect(sync.status()).toBe(200);
  expect(await sync.json()).toMatchObject({ created: 0 });
  const one = await request.put(`/api/corporate/${orgId}/qr-codes/by-external-id/BF-0101`, {
    headers,
    data: { values: worker("BF-0101", "José Núñez", "+44 7700 900199").values },
  });
  expect(one.status()).toBe(200);
  await page.reload();
  await expect(page.getByText("3 of 50 QR codes used")).toBeVisible();
  await expect(page.getByText("from your HR system (API)")).toHaveCount(0); // updated, none made

  // The search ignores accents.
  await page.getByLabel("Search by name, project, employee number or ID").fill("nunez");
  await expect(page.getByRole("row").filter({ hasText: "José Núñez" })).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: "Ann Okafor" })).toHaveCount(0);

  // Jürgen leaves: the sync deactivates him, and the batch page will not take him.
  const leaver = await request.post(
    `/api/corporate/${orgId}/qr-codes/by-external-id/bf-0102/deactivate`,
    {
      headers,
    },
  );
  expect(leaver.status()).toBe(200);
  await page.goto("/label-batch-print");
  await page.getByRole("button", { name: "Add from Library" }).click();
  const picker = page.getByRole("dialog", { name: "Add QR Codes from Library" });
  const jurgen = picker.getByRole("listitem").filter({ hasText: "Jürgen Schröder" });
  await expect(jurgen.getByText("Inactive", { exact: true })).toBeVisible();
  await expect(jurgen.getByRole("checkbox")).toBeDisabled();
  const refused = await request.post(`/api/corporate/${orgId}/qr-codes/labels-by-external-id.pdf`, {
    headers,
    data: { externalIds: ["BF-0102"], layout: { id: "avery-5163" } },
  });
  expect(refused.status()).toBe(400);
  expect(((await refused.json()) as { message: string }).message).toContain("BF-0102");
});
