import { expect, test, type Page } from "@playwright/test";
import {
  blobBytes,
  createCollectionLink,
  decodePdf,
  expectToast,
  outboxMail,
  printCalls,
  registerAndSignIn,
  stubPrint,
} from "./helpers";
import { writeFile } from "node:fs/promises";

// One worker, one label, at the doors where no employee number says who is
// who: a collection link that asks for none, the batch's Select All, and a
// re-import of a sheet without numbers.

/** A code made by hand, with a date of birth and a phone of its own. */
async function createWorker(
  page: Page,
  orgId: number,
  name: string,
  dateOfBirth: string,
  phone: string,
) {
  const created = await page.request.post(`/api/corporate/${orgId}/qr-codes`, {
    data: {
      values: {
        fullName: name,
        dateOfBirth,
        bloodType: "O+",
        contact1Name: "Site Office",
        contact1Phone: phone,
      },
    },
  });
  expect(created.status()).toBe(201);
}

async function codeNames(page: Page, orgId: number): Promise<string[]> {
  const library = (await (await page.request.get(`/api/corporate/${orgId}/qr-codes`)).json()) as {
    qrCodes: { name: string }[];
  };
  return library.qrCodes.map((c) => c.name).sort();
}

test("a collection link without numbers knows a returning worker and makes no second code", async ({
  page,
  browser,
}) => {
  const officer = { email: "rhea.returning@dock.example", password: "officer-password-1" };
  const orgId = await registerAndSignIn(page, "Dockside Welding Ltd", officer);
  await page.goto(`/corporate/collection-links/${orgId}`);

  // The dialog says what asking for no number does about duplicates.
  await page.getByRole("button", { name: "Create collection link" }).click();
  const number = page.getByRole("dialog").getByLabel(/^Field for the employee or badge number/);
  await expect(number).toHaveAccessibleDescription(
    /gets no second QR code: they are told they already have one/,
  );
  await page.getByRole("dialog").getByRole("button", { name: "Cancel" }).click();
  const url = await createCollectionLink(page, { expires: "In 30 days" });

  const send = async (name: string, contact: string) => {
    const phone = await (
      await browser.newContext({ viewport: { width: 390, height: 844 } })
    ).newPage();
    await phone.goto(url.pathname);
    await phone.getByLabel(/^Full Name/).fill(name);
    await phone.getByLabel(/^Date of Birth/).fill("1980-12-31");
    await phone.getByLabel(/^Blood Type/).selectOption("A-");
    await phone.getByLabel(/^Emergency Contact Name/).fill(contact);
    await phone.getByLabel(/^Emergency Contact Phone/).fill("+44 7700 900456");
    await phone.getByRole("checkbox", { name: /I agree to share/ }).check();
    await phone.getByRole("button", { name: "Send my details" }).click();
    return phone;
  };
  const first = await send("Łukasz Wiśniewski", "Anna Wiśniewska");
  await expect(
    first.getByText("Thank you — your details were sent to Dockside Welding Ltd."),
  ).toBeVisible();

  // The same worker again, typed without accents: told, and nothing of
  // the record shown to whoever holds the phone.
  const again = await send("Lukasz Wisniewski", "Someone Else");
  await expect(
    again.getByRole("heading", { name: "You already have a Lifetag code" }),
  ).toBeVisible();
  await expect(again.getByText(/no second one was made/)).toBeVisible();
  await expect(again.getByText("Anna Wiśniewska")).toHaveCount(0);
  expect(await codeNames(page, orgId)).toEqual(["Łukasz Wiśniewski"]);

  // The officer is asked to send the update link (the record holds no e-mail).
  const mail = await outboxMail(officer.email, "A worker asks to update their Lifetag details");
  expect(mail).toContain("QR code");
  expect(mail).not.toContain("Wiśniewski");
});

test("the batch asks before printing two codes that look like one worker and keeps one", async ({
  page,
}) => {
  const officer = { email: "bea.batch@dock.example", password: "officer-password-1" };
  const orgId = await registerAndSignIn(page, "Dockside Rigging Ltd", officer);
  await createWorker(page, orgId, "Nguyễn Văn An", "1990-02-01", "+44 7700 900301");
  await createWorker(page, orgId, "NGUYEN VAN AN", "1990-02-01", "+44 7700 900302");
  await createWorker(page, orgId, "Ann Okafor", "1985-05-05", "+44 7700 900303");
  await stubPrint(page);
  await page.goto("/label-batch-print");
  await page.getByRole("button", { name: "Add from Library" }).click();
  const picker = page.getByRole("dialog", { name: "Add QR Codes from Library" });
  await picker.getByRole("button", { name: "Select All" }).click();
  await picker.getByRole("button", { name: "Add 3 to Queue" }).click();

  await page.getByRole("button", { name: "Print" }).click();
  const asking = page.getByRole("dialog", { name: "Some codes look like the same worker" });
  await expect(asking.getByRole("button", { name: "Print" })).toBeDisabled();
  await asking.getByRole("radio", { name: /^Print only Nguyễn Văn An/ }).check();
  await asking
    .getByRole("checkbox", { name: "Also delete the codes not printed from the library" })
    .check();
  await asking.getByRole("button", { name: "Print" }).click();
  const confirm = page.getByRole("dialog", { name: "Delete 1 QR code?" });
  await expect(confirm).toContainText("NGUYEN VAN AN will be deleted from the library.");
  await confirm.getByRole("button", { name: "Delete and print" }).click();

  await expect.poll(() => printCalls(page)).toHaveLength(1);
  const path = test.info().outputPath("batch.pdf");
  await writeFile(path, await blobBytes(page, (await printCalls(page))[0]!.url));
  const decoded = decodePdf(path);
  expect(decoded).toContain("Nguyễn Văn An");
  expect(decoded).toContain("Ann Okafor");
  expect(decoded).not.toContain("NGUYEN VAN AN");
  expect(await codeNames(page, orgId)).toEqual(["Ann Okafor", "Nguyễn Văn An"]);
});

test("a re-import without numbers updates the same workers, asking where only the name agrees", async ({
  page,
}) => {
  const officer = { email: "ivo.import@dock.example", password: "officer-password-1" };
  const orgId = await registerAndSignIn(page, "Dockside Crane Ltd", officer);
  const header =
    "Name,Full Name,Date of Birth,Blood Type,Emergency Contact Name,Emergency Contact Phone";
  const rows = [
    ",José Núñez,31/12/1980,O+,Ana Núñez,+44 7700 900101",
    ",Jürgen Schröder,01/02/1990,A+,Eva Schröder,+44 7700 900102",
    ",Mai Trần,,B+,Lan Trần,+44 7700 900103",
  ];
  const importSheet = async (lines: string[]) => {
    await page.getByRole("button", { name: "Import CSV" }).click();
    const dialog = page.getByRole("dialog", { name: "Import workers from CSV" });
    await dialog.getByLabel("CSV file").setInputFiles({
      name: "workers.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(lines.join("\r\n") + "\r\n"),
    });
    await dialog.getByRole("button", { name: "Check rows" }).click();
    return dialog;
  };
  await page.goto("/corporate/qr-codes");
  let dialog = await importSheet([header, ...rows]);
  await expect(dialog.getByRole("status")).toContainText("0 updates, 3 new.");
  await dialog.getByRole("button", { name: /^Import \d+ QR/ }).click();
  await expectToast(page, "QR codes imported");

  // The same three, Mai's phone changed: nothing new; Mai's row (only her
  // name agrees) waits for the officer's choice.
  dialog = await importSheet([header, rows[0]!, rows[1]!, rows[2]!.replace("900103", "900193")]);
  await expect(dialog.getByRole("status")).toContainText("0 updates, 1 new; 2 rows are unchanged");
  const jose = dialog.getByRole("group", { name: /^Already in the library as José Núñez/ });
  await expect(jose.getByRole("radio", { name: "Update that code" })).toBeChecked();
  const mai = dialog.getByRole("group", {
    name: /^Already in the library as Mai Trần .*same name only/,
  });
  await expect(mai.getByRole("radio", { name: "Update that code" })).not.toBeChecked();
  await expect(dialog.getByRole("button", { name: /^Import \d+ QR/ })).toBeDisabled();
  await mai.getByRole("radio", { name: "Update that code" }).check();
  await expect(dialog.getByRole("status")).toContainText("1 update, 0 new; 2 rows are unchanged");
  await expect(dialog.getByRole("row").filter({ hasText: "Mai Trần" })).toContainText(
    "Emergency Contact Phone: +44 7700 900103 → +44 7700 900193",
  );
  await dialog.getByRole("button", { name: /^(Import|Update) \d+ QR/ }).click();
  await expectToast(page, "QR codes imported");
  expect(await codeNames(page, orgId)).toEqual(["José Núñez", "Jürgen Schröder", "Mai Trần"]);
  await page.reload();
  await expect(page.getByText("Possible duplicate")).toHaveCount(0);
});
