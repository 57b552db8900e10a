import { expect, test, type Page } from "@playwright/test";
import { paths } from "../src/app/paths";
import { checkPage } from "./a11y";
import { expectToast, registerAndSignIn, snap } from "./helpers";

// Employee numbers for a library where names repeat: two Sam Lees told
// apart by the file's dates of birth, two Ann Twins the file cannot tell
// apart picked by the officer by what the dialog shows of each (and the id
// each code shows in the library), the rows that are certain saved and the
// one that matches nobody listed with why; then a Chinese and an Arabic
// worker found from an English keyboard, by pinyin, by the consonants of
// the name, by employee number and by the code's id, in the library and in
// the batch page's picker.

const officer = { email: "rhea.numbers@harbour.example", password: "officer-password-1" };

/** A row's "ID n" text, and not that of an id that starts with n. */
const idText = (id: number) => new RegExp(`ID ${id}\\b`);

async function createCode(page: Page, orgId: number, name: string, dob: string, phone: string) {
  const created = await page.request.post(`/api/corporate/${orgId}/qr-codes`, {
    data: {
      values: {
        fullName: name,
        dateOfBirth: dob,
        bloodType: "O+",
        contact1Name: "Site Office",
        contact1Phone: phone,
      },
    },
  });
  expect(created.status()).toBe(201);
  return ((await created.json()) as { qrCode: { id: number } }).qrCode.id;
}

test("numbers attach where names repeat: told apart, picked, the rest listed; other scripts found by typing Latin", async ({
  page,
}) => {
  const orgId = await registerAndSignIn(page, "Harbour Works Ltd", officer);
  const samOld = await createCode(page, orgId, "Sam Lee", "1980-01-02", "+44 7700 900111");
  const samYoung = await createCode(page, orgId, "Sam Lee", "1991-05-06", "+44 7700 900222");
  await createCode(page, orgId, "Ann Twin", "", "+44 7700 900333");
  const twinB = await createCode(page, orgId, "Ann Twin", "", "+44 7700 900444");
  const wang = await createCode(page, orgId, "王秀英", "1975-07-08", "+86 139 1234 5678");
  const muhammad = await createCode(page, orgId, "محمد العتيبي", "1988-03-04", "+966 50 123 4567");

  // Each code's id shows in its row, to copy.
  await page.goto("/corporate/qr-codes");
  const twinRow = page.getByRole("row").filter({ hasText: idText(twinB) });
  await expect(twinRow).toContainText("Ann Twin");
  await expect(twinRow.getByRole("button", { name: `Copy ID ${twinB} of Ann Twin` })).toBeVisible();

  await page.getByRole("button", { name: "Add employee numbers" }).click();
  const attaching = page.getByRole("dialog", { name: "Add employee or badge numbers" });
  const file = [
    "Name,Date of Birth,Employee or badge number",
    "Sam Lee,1991-05-06,HW-SAM-Y",
    "Sam Lee,1980-01-02,HW-SAM-O",
    "Ann Twin,,HW-TWIN",
    "王秀英,,HW-WANG",
    "محمد العتيبي,,HW-MHMD",
    "Nobody Here,,HW-NONE",
  ];
  await attaching.getByLabel("CSV file").setInputFiles({
    name: "numbers.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(file.join("\r\n") + "\r\n"),
  });
  await attaching.getByRole("button", { name: "Check rows" }).click();
  await expect(attaching.getByRole("status")).toContainText(
    "4 rows are ready, 2 have errors. 2 rows have problems and will be left out.",
  );
  // The Sam Lees are told apart by their dates of birth.
  await expect(attaching.getByRole("combobox", { name: "QR code for row 2" })).toHaveValue(
    String(samYoung),
  );
  await expect(attaching.getByRole("combobox", { name: "QR code for row 3" })).toHaveValue(
    String(samOld),
  );
  // The Ann Twins are not: the officer picks the one whose phone ends 444.
  const pick = attaching.getByRole("combobox", { name: "QR code for row 4" });
  await expect(pick.getByRole("option")).toHaveText([
    "Pick the right QR code…",
    /^ID \d+ · no date of birth · \+44 7700 900333 · created /,
    new RegExp(`^ID ${twinB} · no date of birth · \\+44 7700 900444 · created `),
  ]);
  await snap(page, "attach-namesakes-preview");
  await checkPage(page, paths.corporateQrCodes, "employee numbers with namesakes to pick");
  await pick.selectOption(String(twinB));
  await expect(attaching.getByRole("status")).toContainText(
    "5 rows are ready, 1 has errors. 1 row has problems and will be left out.",
  );
  await attaching.getByRole("button", { name: "Save 5 numbers" }).click();
  await expectToast(page, "Employee numbers saved");

  // What was saved, and what was not with why.
  await expect(attaching.getByText("5 rows attached, 1 not attached.")).toBeVisible();
  const left = attaching.getByRole("region", { name: "Not attached" });
  await expect(left.getByRole("row").filter({ hasText: "Nobody Here" })).toContainText(
    'No QR code is named "Nobody Here"',
  );
  await snap(page, "attach-namesakes-result");
  await attaching.getByRole("button", { name: "Close" }).click();
  await expect(page.getByRole("row").filter({ hasText: idText(twinB) })).toContainText("HW-TWIN");
  await expect(page.getByRole("row").filter({ hasText: idText(samYoung) })).toContainText(
    "HW-SAM-Y",
  );

  // From an English keyboard: pinyin, consonants, the number, the id (the
  // numbers hold no digits, so the id matches no number of this library).
  const search = page.getByLabel("Search by name, project, employee number or ID");
  const onlyRow = async (typed: string, id: number) => {
    await search.fill(typed);
    await expect(page.getByRole("row").filter({ hasText: /ID \d+/ })).toHaveCount(1);
    await expect(page.getByRole("row").filter({ hasText: idText(id) })).toBeVisible();
  };
  await onlyRow("Wang Xiuying", wang);
  await onlyRow("xiuying wang", wang);
  await onlyRow("Muhammad", muhammad);
  await onlyRow("hw-mhmd", muhammad);
  await onlyRow(String(muhammad), muhammad);
  await snap(page, "search-by-pinyin");

  // The batch page's picker, which searches in the browser (and in the
  // print station offline), finds them alike.
  await page.goto("/label-batch-print");
  await page.getByRole("button", { name: "Add from Library" }).click();
  const picker = page.getByRole("dialog", { name: "Add QR Codes from Library" });
  await picker.getByLabel("Search by name or project").fill("wang xiuying");
  await expect(picker.getByRole("listitem")).toHaveCount(1);
  await expect(picker.getByRole("listitem")).toContainText("王秀英");
  await picker.getByLabel("Search by name or project").fill("mohammed");
  await expect(picker.getByRole("listitem")).toHaveCount(1);
  await expect(picker.getByRole("listitem")).toContainText("محمد العتيبي");
});
