import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { createProject, escapeDialog, expectToast, registerAndSignIn, snap } from "./helpers";

// The safety officer's first week against the real cloud: an
// ordinary spreadsheet of 25 workers imports as written, on the
// organisation's default template where Create QR Code starts too,
// and projects keep unique names and can be deleted or archived.

type LibraryCode = { name: string; qrText: string };

test("an ordinary spreadsheet of 25 workers imports as written", async ({ page }) => {
  const orgId = await registerAndSignIn(page, "Tower Scaffolding Ltd", {
    email: "sam@tower.example",
    password: "officer-password-1",
  });
  // The organisation's own template with a tick box (set up through the
  // API: the form builder has its own journey).
  const created = await page.request.post(`/api/corporate/${orgId}/form-templates`, {
    data: {
      name: "Scaffolders",
      fields: [
        {
          id: "fullName",
          type: "text",
          label: "Full Name",
          required: true,
          category: "personal",
          order: 1,
          standard: "fullName",
        },
        {
          id: "dateOfBirth",
          type: "date",
          label: "Date of Birth",
          category: "personal",
          order: 2,
          standard: "dateOfBirth",
        },
        {
          id: "bloodType",
          type: "select",
          label: "Blood Type",
          required: true,
          category: "medical",
          order: 3,
          standard: "bloodType",
        },
        {
          id: "contactName",
          type: "text",
          label: "Emergency Contact",
          required: true,
          category: "emergency",
          order: 4,
          standard: "contact1.name",
        },
        {
          id: "contactPhone",
          type: "phone",
          label: "Emergency Phone",
          required: true,
          category: "emergency",
          order: 5,
          standard: "contact1.phone",
        },
        { id: "firstAider", type: "checkbox", label: "First aider", category: "work", order: 6 },
      ],
    },
  });
  expect(created.status()).toBe(201);

  // Set as default in the form builder: Create QR Code and Import start on
  // it.
  await page.goto("/corporate/form-builder");
  await page.getByRole("button", { name: "Edit Scaffolders" }).click();
  await page.getByRole("switch", { name: "Set as default template" }).click();
  await page.getByRole("button", { name: "Update Template" }).click();
  await expect(
    page.getByRole("heading", { name: /^Scaffolders/ }).getByText("Default", { exact: true }),
  ).toBeVisible();
  await page.goto("/corporate/qr-codes");
  await page.getByRole("button", { name: "Create QR Code" }).click();
  const creating = page.getByRole("dialog", { name: "Create QR Code" });
  await expect(creating.getByLabel(/^Form template/).locator("option:checked")).toHaveText(
    "Scaffolders",
  );
  await expect(creating.getByLabel(/^First aider/)).toBeVisible();
  await snap(page, "officer-create-default-template");
  await escapeDialog(page);
  await expect(creating).toHaveCount(0);

  await page.getByRole("button", { name: "Import CSV" }).click();
  const importing = page.getByRole("dialog", { name: "Import workers from CSV" });
  await expect(importing.getByLabel(/^Form template/).locator("option:checked")).toHaveText(
    "Scaffolders",
  );
  const downloading = page.waitForEvent("download");
  await importing.getByRole("button", { name: "Download CSV template" }).click();
  const template = readFileSync((await (await downloading).path())!, "utf8");
  // The second row says what each column takes; it may stay in the file.
  expect(template).toBe(
    "\ufeffName,Employee or badge number,Full Name,Date of Birth,Blood Type,Emergency Contact,Emergency Phone,First aider\r\n" +
      'Allowed values (you may delete this row),"letters, digits and - _ . : @ +; a code that has it is updated, not added again",' +
      "text; required,DD/MM/YYYY or YYYY-MM-DD," +
      '"one of A+, A-, B+, B-, AB+, AB-, O+, O-, Unknown; required",text; required,' +
      'a phone number; required,"yes, no, y, n, 1, 0, true, false or ✓; blank is no"\r\n',
  );

  // As a spreadsheet writes them: UK dates, blood types in lower case and
  // in words, ticks as yes/no, y/n, 1/0 and ✓.
  const blood = ["o positive", "a+", "ab neg", "b-", "O Pos", "unknown", "a negative", "o-"];
  const ticks = ["yes", "no", "Y", "n", "1", "0", "✓", "", "TRUE", "false"];
  const workers = Array.from({ length: 25 }, (_, i) => {
    const n = String(i + 1).padStart(2, "0");
    return [
      "",
      `Scaffolder ${n}`,
      `${String((i % 28) + 1).padStart(2, "0")}/${String((i % 12) + 1).padStart(2, "0")}/19${70 + i}`,
      blood[i % blood.length]!,
      `Next Of Kin ${n}`,
      `+44 7700 9005${n}`,
      ticks[i % ticks.length]!,
    ];
  });
  const file = (rows: string[][]) => ({
    name: "scaffolders.csv",
    mimeType: "text/csv",
    // The employee number column left blank: these workers have none.
    buffer: Buffer.from(
      template + rows.map((r) => [r[0], "", ...r.slice(1)].join(",")).join("\r\n") + "\r\n",
    ),
  });

  // One date that is no day: what was read and what is allowed.
  const wrong = workers.map((r, i) =>
    i === 4 ? r.map((c, j) => (j === 2 ? "31/02/1985" : c)) : r,
  );
  // Checked against another form, the file's columns are recognised as
  // Scaffolders' and the dialog offers the switch.
  await importing.getByLabel(/^Form template/).selectOption({ label: "Standard Emergency Form" });
  await importing.getByLabel("CSV file").setInputFiles(file(wrong));
  await importing.getByRole("button", { name: "Check rows" }).click();
  await expect(importing.getByRole("alert")).toContainText(
    'These columns match the template "Scaffolders". Switch?',
  );
  await snap(page, "officer-import-switch-template");
  await importing.getByRole("button", { name: "Switch" }).click();
  await expect(importing.getByLabel(/^Form template/).locator("option:checked")).toHaveText(
    "Scaffolders",
  );
  await expect(importing.getByRole("status")).toContainText("24 rows are ready, 1 has errors.");
  const bad = importing.getByRole("row").filter({ hasText: "Scaffolder 05" });
  await expect(bad).toContainText(
    'Date of Birth: "31/02/1985" is not a date we can read (allowed: DD/MM/YYYY or YYYY-MM-DD)',
  );
  await snap(page, "officer-import-refusal");

  await importing.getByLabel("CSV file").setInputFiles(file(workers));
  await importing.getByRole("button", { name: "Check rows" }).click();
  await expect(importing.getByRole("status")).toContainText("25 rows are ready, 0 have errors.");
  await importing.getByRole("button", { name: "Import 25 QR codes" }).click();
  await expectToast(page, "QR codes imported");
  await expect(page.getByText("25 of 50 QR codes used")).toBeVisible();

  const codes = (
    (await (await page.request.get(`/api/corporate/${orgId}/qr-codes?records=1`)).json()) as {
      qrCodes: LibraryCode[];
    }
  ).qrCodes;
  const text = (name: string) => codes.find((c) => c.name === name)!.qrText;
  expect(text("Scaffolder 01")).toContain("DOB: 1 Jan 1970");
  expect(text("Scaffolder 01")).toContain("Blood Type: O+");
  expect(text("Scaffolder 01")).toContain("First aider: Yes");
  expect(text("Scaffolder 02")).not.toContain("First aider");
  expect(text("Scaffolder 03")).toContain("Blood Type: AB-");
  expect(text("Scaffolder 07")).toContain("First aider: Yes"); // ✓
  expect(text("Scaffolder 13")).toContain("DOB: 13 Jan 1982");
});

test("project names are unique; an empty project is deleted, one with codes archived", async ({
  page,
}) => {
  const orgId = await registerAndSignIn(page, "Quay Rigging Ltd", {
    email: "pat@quay.example",
    password: "officer-password-1",
  });
  await page.goto("/corporate/projects/new");
  await page.getByLabel(/^Start date/).fill("2026-05-01");
  await page.getByLabel(/^End date/).fill("2026-09-30");
  await createProject(page, "North Quay", "Riggers", "officer-new-project");
  await expect(page.getByText("2026-05-01 to 2026-09-30")).toBeVisible();

  // The same name in another case is refused, with the reason.
  await page.goto("/corporate/projects/new");
  await page.getByLabel(/^Project Name/).fill("north quay");
  await page.getByRole("button", { name: "Create Project" }).click();
  await expectToast(page, "Project not saved");
  await expect(page.locator(".toast").filter({ hasText: "Project not saved" })).toContainText(
    'A project named "north quay" already exists: choose another name',
  );

  // An empty project: deleted.
  await page.getByLabel(/^Project Name/).fill("Spare");
  await page.getByRole("button", { name: "Create Project" }).click();
  await expectToast(page, "Project created");
  await page.getByRole("button", { name: "Delete: Spare" }).click();
  const dialog = page.getByRole("dialog", { name: "Delete project" });
  await snap(page, "officer-delete-project");
  await dialog.getByRole("button", { name: "Delete" }).click();
  await expectToast(page, "Project deleted");
  await expect(page.getByRole("heading", { name: "Spare" })).toHaveCount(0);

  // A project with a code: no Delete, archived instead.
  const projects = (
    (await (await page.request.get(`/api/corporate/projects/${orgId}`)).json()) as {
      projects: { id: number; name: string }[];
    }
  ).projects;
  const north = projects.find((p) => p.name === "North Quay")!;
  const code = await page.request.post(`/api/corporate/${orgId}/qr-codes`, {
    data: {
      projectId: north.id,
      values: {
        fullName: "Rita Rigger",
        bloodType: "O+",
        contact1Name: "Ron Rigger",
        contact1Phone: "+44 7700 900300",
      },
    },
  });
  expect(code.status()).toBe(201);
  await page.reload();
  await expect(page.getByText("1 QR code")).toBeVisible();
  await expect(page.getByRole("button", { name: "Delete: North Quay" })).toHaveCount(0);
  await expect(page.getByText("Holds QR codes: archive it instead of deleting it.")).toBeVisible();
  await page.getByLabel("Status: North Quay").selectOption("archived");
  await expectToast(page, "Project updated");
  await snap(page, "officer-projects-archived");
});
