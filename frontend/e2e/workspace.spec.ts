import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import {
  blobBytes,
  createCollectionLink,
  createProject,
  decodePdf,
  dragWithMouse,
  expectCodes,
  expectToast,
  printedPdf,
  registerAndSignIn,
  snap,
  stubPrint,
} from "./helpers";

// The corporate workspace end to end, one safety officer's
// sitting against the real cloud: a project, a custom template reordered by
// dragging, a collection link filled in by a worker on a phone, a CSV import
// of 30 workers (refused while one row is wrong), and all 31 codes printed
// in one batch whose PDF decodes to every record's exact QR text.

const officer = { email: "sam.safety@yard.example", password: "officer-password-1" };
const orgName = "Harbour Yard Ltd";
const project = "North Yard";
const template = "Yard crew";

type LibraryCode = {
  id: number;
  name: string;
  projectName: string;
  source: string;
  qrText: string;
};

test("a safety officer sets up the workspace and prints every worker's label", async ({
  page,
  browser,
}) => {
  // 1. The organisation, its owner's password from the setup mail, sign-in.
  const orgId = await registerAndSignIn(page, orgName, officer);
  const library = async () =>
    (
      (await (await page.request.get(`/api/corporate/${orgId}/qr-codes?records=1`)).json()) as {
        qrCodes: LibraryCode[];
      }
    ).qrCodes;

  // 2. A project.
  await page.goto("/corporate/projects/new");
  await createProject(page, project, "Dockside crew", "workspace-new-project");
  await expect(page.getByRole("heading", { name: project })).toBeVisible();

  // 3. A custom template: the default fields, Medical Conditions dragged
  // with the mouse from last place to second.
  await page.goto("/corporate/form-builder");
  await page.getByRole("button", { name: "Create Custom Template" }).click();
  await page.getByRole("button", { name: "Load Default" }).click();
  await expectToast(page, "Default Template Loaded");
  const rows = page.getByTestId("template-field");
  await expect(rows).toHaveCount(6);
  await expect(rows.nth(5)).toContainText("6. Medical Conditions");
  await dragWithMouse(
    page,
    page.getByRole("button", { name: "Drag to reorder Medical Conditions" }),
    rows.nth(1),
  );
  await expect(page.locator('[id^="DndLiveRegion"]')).toHaveText(
    "Medical Conditions dropped at position 2 of 6.",
  );
  await expect(rows.nth(1)).toContainText("2. Medical Conditions");
  await expect(rows.nth(2)).toContainText("3. Email");
  await page.getByLabel(/^Template Name/).fill(template);
  await snap(page, "workspace-template-editor");
  await page.getByRole("button", { name: "Save Template" }).click();
  await expectToast(page, "Form template created successfully");
  await expect(page.getByRole("listitem").filter({ hasText: template })).toContainText("6 fields");

  // The saved order, read back: the dragged field second, numbered 1..n.
  const templates = (
    (await (await page.request.get(`/api/corporate/${orgId}/form-templates`)).json()) as {
      templates: { name: string; fields: { label: string; order: number }[] }[];
    }
  ).templates;
  const saved = templates.find((t) => t.name === template)!;
  expect(saved.fields.map((f) => [f.order, f.label])).toEqual([
    [1, "Full Name"],
    [2, "Medical Conditions"],
    [3, "Email"],
    [4, "Phone"],
    [5, "Emergency Contact"],
    [6, "Emergency Phone"],
  ]);

  // 4. A collection link for the template and the project, filled in by a
  // worker on a phone, in a browser with no session.
  await page.goto(`/corporate/collection-links/${orgId}`);
  const link = await createCollectionLink(page, { template, project, expires: "In 30 days" });
  const row = page.getByRole("row").filter({ hasText: template });
  await expect(row).toContainText(project);
  await snap(page, "workspace-collection-links");

  const phoneContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const phone = await phoneContext.newPage();
  await phone.goto(link.pathname);
  await expect(phone.getByRole("heading", { name: orgName })).toBeVisible();
  await phone.getByLabel(/^Full Name/).fill("Wanda Welder");
  await phone.getByLabel(/^Medical Conditions/).fill("Type 1 diabetes");
  await phone.getByLabel(/^Email/).fill("wanda@yard.example");
  await phone.getByLabel(/^Phone/).fill("+44 7700 900200");
  await phone.getByLabel(/^Emergency Contact/).fill("Walt Welder");
  await phone.getByLabel(/^Emergency Phone/).fill("+44 7700 900201");
  await phone.getByRole("checkbox", { name: /I agree to share/ }).check();
  await snap(phone, "workspace-collect-form");
  await phone.getByRole("button", { name: "Send my details" }).click();
  await expect(phone.getByText(`Thank you — your details were sent to ${orgName}.`)).toBeVisible();
  await snap(phone, "workspace-collect-thanks");
  await phoneContext.close();

  // 5. The worker's code in the library, in the link's project.
  await page.goto("/corporate/qr-codes");
  await expect(page.getByText("1 of 50 QR codes used")).toBeVisible();
  const wanda = page.getByRole("row").filter({ hasText: "Wanda Welder" });
  await expect(wanda).toContainText(project);
  await expect(wanda).toContainText(template);
  const [sent] = await library();
  expect(sent).toMatchObject({ name: "Wanda Welder", projectName: project, source: "collection" });
  expect(sent!.qrText).toContain("Type 1 diabetes");

  // 6. 30 workers from a CSV file made from the dialog's own template file.
  await page.getByRole("button", { name: "Import CSV" }).click();
  const importing = page.getByRole("dialog", { name: "Import workers from CSV" });
  await importing.getByLabel(/^Form template/).selectOption({ label: template });
  await importing.getByLabel(/^Project/).selectOption({ label: project });
  const downloading = page.waitForEvent("download");
  await importing.getByRole("button", { name: "Download CSV template" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe("lifetag-import-template.csv");
  const header = readFileSync((await download.path())!, "utf8");
  // The header, then a row saying what each column allows, which the
  // import skips: it stays in the file below.
  expect(header).toBe(
    "\ufeffName,Employee or badge number,Full Name,Medical Conditions,Email,Phone,Emergency Contact,Emergency Phone\r\n" +
      'Allowed values (you may delete this row),"letters, digits and - _ . : @ +; a code that has it is updated, not added again",' +
      "text; required,text,an address such as name@example.com; required," +
      "a phone number; required,text; required,a phone number; required\r\n",
  );
  const workers = Array.from({ length: 30 }, (_, i) => {
    const n = String(i + 1).padStart(2, "0");
    return {
      fullName: `Crew Member ${n}`,
      // Every third with a condition whose comma the CSV must quote.
      conditions: i % 3 === 0 ? '"Asthma, carries an inhaler"' : "",
      email: `crew${n}@yard.example`,
      phone: `+44 7700 9003${n}`,
      contact: `Kin Of ${n}`,
      contactPhone: `+44 7700 9004${n}`,
    };
  });
  const csvFile = (rows: typeof workers) => ({
    name: "crew.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(
      header +
        rows
          .map((w) =>
            ["", "", w.fullName, w.conditions, w.email, w.phone, w.contact, w.contactPhone].join(
              ",",
            ),
          )
          .join("\r\n") +
        "\r\n",
    ),
  });

  // The first row has no emergency phone: its error, and nothing imported.
  await importing
    .getByLabel("CSV file")
    .setInputFiles(csvFile([{ ...workers[0]!, contactPhone: "" }, ...workers.slice(1)]));
  await importing.getByRole("button", { name: "Check rows" }).click();
  await expect(importing.getByRole("status")).toContainText("29 rows are ready, 1 has errors.");
  // Named after its full name, as its code would be (the Name cells are blank).
  const badRow = importing.getByRole("row").filter({ hasText: "Crew Member 01" });
  // Spreadsheet row 3: the hint row, left in, is row 2.
  await expect(badRow.getByRole("cell").first()).toHaveText("3");
  await expect(badRow).toContainText("Emergency Phone: Phone number is required");
  await expect(importing.getByRole("row").filter({ hasText: "Ready" })).toHaveCount(29);
  await expect(importing.getByRole("button", { name: "Import 29 QR codes" })).toBeDisabled();
  await snap(page, "workspace-import-errors");
  expect(await library()).toHaveLength(1);

  // Fixed, all 30 go in.
  await importing.getByLabel("CSV file").setInputFiles(csvFile(workers));
  await importing.getByRole("button", { name: "Check rows" }).click();
  await expect(importing.getByRole("status")).toContainText("30 rows are ready, 0 have errors.");
  await importing.getByRole("button", { name: "Import 30 QR codes" }).click();
  await expectToast(page, "QR codes imported");
  await expect(page.getByText("31 of 50 QR codes used")).toBeVisible();
  await snap(page, "workspace-library");
  const codes = await library();
  expect(codes).toHaveLength(31);
  expect(
    codes
      .filter((c) => c.source === "import")
      .map((c) => c.name)
      .sort(),
  ).toEqual(workers.map((w) => w.fullName));
  expect(codes.every((c) => c.projectName === project)).toBe(true);
  expect(codes.find((c) => c.name === "Crew Member 01")!.qrText).toContain(
    "Asthma, carries an inhaler",
  );

  // 7. All 31 codes queued. Avery 5160's one-inch labels cannot print a
  // worker's record legibly: the picker starts on a
  // layout that holds every queued code and marks 5160 before any preview;
  // chosen anyway, the page and then the server's refusal name the codes
  // (the first five, then how many more) and the layouts that hold them
  // all; on Avery 5163 they are previewed and printed.
  await stubPrint(page);
  await page.goto("/label-batch-print");
  await page.getByRole("button", { name: "Add from Library" }).click();
  const picker = page.getByRole("dialog", { name: "Add QR Codes from Library" });
  await picker.getByRole("button", { name: "Select All" }).click();
  await picker.getByRole("button", { name: "Add 31 to Queue" }).click();
  await expectToast(page, "QR Codes Added");
  await expect(page.getByText("31 labels in the queue")).toBeVisible();
  const layoutSelect = page.getByLabel("Layout");
  await expect(layoutSelect).not.toHaveValue("avery-5160");
  await expect(layoutSelect.locator("option:checked")).not.toContainText("cannot hold");
  await layoutSelect.selectOption({
    label: "Avery 5160 (30 per sheet) · US Letter — cannot hold 31 queued codes",
  });
  await expect(page.getByText("Sheets needed: 2")).toBeVisible();
  // The layouts offered instead are on the organisation's paper (A4).
  const tooDense = page.getByRole("status").filter({ hasText: "Too much text" });
  await expect(tooDense).toHaveText(
    /^Too much text for a legible QR code on these labels: .+ and 26 more\. Layouts that hold every queued code: .*Helmet labels, A4/,
  );
  await expect(tooDense).not.toContainText("US Letter");
  await expect(tooDense).not.toContainText("Avery 5163");
  // Preview opens a blank window inside the click and closes it when the
  // server refuses; the page is brought back to the front before its toast
  // is looked for (a page behind a popup may not paint it yet).
  const refusedPopup = page.waitForEvent("popup");
  await page.getByRole("button", { name: "Preview" }).click();
  const blank = await refusedPopup;
  if (!blank.isClosed()) await blank.waitForEvent("close");
  await page.bringToFront();
  await expectToast(page, "Print Failed");
  const refusal = page.locator(".toast").filter({ hasText: "Print Failed" });
  await expect(refusal).toContainText(
    /31 codes hold too much text for legible QR codes on Avery 5160 \(30 per sheet\) labels .* and 26 more\. .*Choose a layout that holds them all \(.*Helmet labels, A4/,
  );
  await expect(refusal).not.toContainText("Avery 5163");
  await snap(page, "workspace-batch-too-dense");
  await page.getByLabel("Layout").selectOption({ label: "Avery 5163 (10 per sheet) · US Letter" });
  await expect(page.getByText("Sheets needed: 4")).toBeVisible();
  await snap(page, "workspace-batch-queue");

  const popup = page.waitForEvent("popup");
  await page.getByRole("button", { name: "Preview" }).click();
  // The window opens blank and then shows the PDF.
  await expect.poll(async () => (await popup).url()).toMatch(/^blob:/);
  const previewUrl = (await popup).url();
  expect((await blobBytes(page, previewUrl)).subarray(0, 5).toString()).toBe("%PDF-");

  const pdf = await printedPdf(page, test.info().outputPath("workspace.pdf"));
  expectCodes(
    decodePdf(pdf),
    codes.map((c) => c.qrText),
  );

  // 8. The print is counted in this month's analytics.
  await page.goto(`/corporate/analytics/${orgId}`);
  await expect(
    page.locator(".stat").filter({ hasText: "Labels printed (12 months)" }).locator(".stat-value"),
  ).toHaveText("31");
  const thisMonth = new Intl.DateTimeFormat("en-GB", {
    month: "short",
    year: "numeric",
    timeZone: "UTC",
  }).format(new Date());
  await expect(
    page
      .getByRole("table", { name: "Labels printed per month" })
      .getByRole("row")
      .filter({ hasText: thisMonth }),
  ).toContainText("31");
  const bySource = (source: string) =>
    page.getByRole("row").filter({ hasText: source }).getByRole("cell").last();
  await expect(bySource("Sent by workers (collection links)")).toHaveText("1");
  await expect(bySource("Imported (CSV)")).toHaveText("30");
  await snap(page, "workspace-analytics");
});
