import { expect, test } from "@playwright/test";
import { expectToast, registerAndSignIn, snap } from "./helpers";

// Spreadsheets as Excel saves them in offices of other languages: a
// Polish office's plain "CSV" (Windows-1250) previews its names as
// written and says so; read in another code page the names are refused;
// a Western save of a multilingual sheet, where Excel wrote "?" for the
// letters it could not encode, imports nothing until the officer saves it
// as CSV UTF-8.

const officer = { email: "ola.kodowanie@budowa.example", password: "officer-password-1" };
const officerAbroad = { email: "tom.export@budowa.example", password: "officer-password-1" };
const header = "Name,Full Name,Blood Type,Emergency Contact Name,Emergency Contact Phone";
const polish = ["Łukasz Wiśniewski", "Zofia Wójcik", "Grzegorz Brzęczyszczykiewicz"];

/** Windows-1250's bytes of the Polish letters beyond ASCII. */
const windows1250: Record<string, number> = {
  ą: 0xb9,
  ć: 0xe6,
  ę: 0xea,
  ł: 0xb3,
  ń: 0xf1,
  ó: 0xf3,
  ś: 0x9c,
  ź: 0x9f,
  ż: 0xbf,
  Ą: 0xa5,
  Ć: 0xc6,
  Ę: 0xca,
  Ł: 0xa3,
  Ń: 0xd1,
  Ó: 0xd3,
  Ś: 0x8c,
  Ź: 0x8f,
  Ż: 0xaf,
};

/** Windows-1252's byte of a letter, as Node's latin1 writes it; undefined where it has none. */
function windows1252(c: string): number | undefined {
  const code = c.codePointAt(0)!;
  return code < 0x100 ? code : undefined;
}

/**
 * The sheet as Excel's plain "CSV (Comma delimited)" saves it: CRLF, a
 * cell with a comma quoted, each letter in the code page (byteOf), and "?"
 * for a letter the page lacks.
 */
function excelCsv(names: string[], byteOf: (c: string) => number | undefined) {
  const lines = [
    header,
    ...names.map((n, i) => `,${n},O+,"Site office, gate 2",+48 22 555 01${i}0`),
  ];
  const bytes: number[] = [];
  for (const c of lines.join("\r\n") + "\r\n") {
    bytes.push(c.codePointAt(0)! < 0x80 ? c.codePointAt(0)! : (byteOf(c) ?? 0x3f));
  }
  return { name: "pracownicy.csv", mimeType: "text/csv", buffer: Buffer.from(bytes) };
}

test("Excel's CSV of a Polish office imports its names as written, and shows its encoding", async ({
  page,
}) => {
  await registerAndSignIn(page, "Budowa Sp. z o.o.", officer);

  await page.goto("/corporate/qr-codes");
  await page.getByRole("button", { name: "Import CSV" }).click();
  const importing = page.getByRole("dialog", { name: "Import workers from CSV" });
  await importing.getByLabel("CSV file").setInputFiles(excelCsv(polish, (c) => windows1250[c]));
  await importing.getByRole("button", { name: "Check rows" }).click();
  const encoding = importing.getByLabel(/^The file's encoding/);
  await expect(encoding).toHaveValue("windows-1250");
  await expect(encoding.locator("option:checked")).toHaveText(
    "Windows-1250 (Central European: Polish, Czech…)",
  );
  for (const name of polish)
    await expect(importing.getByRole("cell", { name, exact: true })).toBeVisible();
  await expect(importing.getByRole("status")).toContainText("3 rows are ready, 0 have errors.");
  await snap(page, "import-encoding-guessed");

  // Read as a Western European file, the names show what went wrong and
  // are refused; back in Windows-1250 they are right again.
  await encoding.selectOption("windows-1252");
  await expect(
    importing.getByRole("cell", { name: "£ukasz Wiœniewski", exact: true }),
  ).toBeVisible();
  await expect(importing.getByRole("row").filter({ hasText: "£ukasz Wiœniewski" })).toContainText(
    'Save the sheet as "CSV UTF-8 (Comma delimited)"',
  );
  await expect(importing.getByRole("button", { name: /^Import \d+ QR/ })).toBeDisabled();
  await importing.getByLabel(/^The file's encoding/).selectOption("windows-1250");
  await expect(
    importing.getByRole("cell", { name: "Łukasz Wiśniewski", exact: true }),
  ).toBeVisible();
  await importing.getByRole("button", { name: "Import 3 QR codes" }).click();
  await expectToast(page, "QR codes imported");
  await expect(page.getByText("Grzegorz Brzęczyszczykiewicz", { exact: true })).toBeVisible();
});

test("a Western Excel's CSV of a multilingual sheet, its letters turned to '?', imports nothing until saved as CSV UTF-8", async ({
  page,
}) => {
  await registerAndSignIn(page, "Budowa Export Ltd", officerAbroad);
  await page.goto("/corporate/qr-codes");
  // A Western Excel's plain CSV of a multilingual sheet: "?" for every
  // letter Windows-1252 lacks. Nothing imports until the file is fixed.
  const multilingual = ["Marek Łęcki", "王伟", "José Núñez"];
  await page.getByRole("button", { name: "Import CSV" }).click();
  const importing = page.getByRole("dialog", { name: "Import workers from CSV" });
  await importing.getByLabel("CSV file").setInputFiles(excelCsv(multilingual, windows1252));
  await importing.getByRole("button", { name: "Check rows" }).click();
  await expect(importing.getByRole("status")).toContainText("1 row is ready, 2 have errors.");
  await expect(importing.getByRole("row").filter({ hasText: "Marek ??cki" })).toContainText(
    '"Marek ??cki" has "?" or another alphabet\'s letters in place of its own.',
  );
  await expect(importing.getByRole("cell", { name: "José Núñez", exact: true })).toBeVisible();
  await expect(importing.getByRole("button", { name: "Import 1 QR code" })).toBeDisabled();
  await snap(page, "import-question-marks-refused");

  // Saved again as "CSV UTF-8 (Comma delimited)": every name as written.
  await importing.getByLabel("CSV file").setInputFiles({
    ...excelCsv(multilingual, () => undefined),
    buffer: Buffer.from(
      "\ufeff" +
        [
          header,
          ...multilingual.map((n, i) => `,${n},O+,"Site office, gate 2",+48 22 555 02${i}0`),
        ].join("\r\n") +
        "\r\n",
    ),
  });
  await importing.getByRole("button", { name: "Check rows" }).click();
  await expect(importing.getByRole("status")).toContainText("3 rows are ready, 0 have errors.");
  await expect(importing.getByLabel(/^The file's encoding/)).toHaveValue("UTF-8");
  await importing.getByRole("button", { name: "Import 3 QR codes" }).click();
  await expectToast(page, "QR codes imported");
  await expect(page.getByText("王伟", { exact: true })).toBeVisible();
  await expect(page.getByText("Marek Łęcki", { exact: true })).toBeVisible();
});
