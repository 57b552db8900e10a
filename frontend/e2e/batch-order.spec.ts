import { execFileSync } from "node:child_process";
import { expect, test } from "@playwright/test";
import { batchCopy } from "../src/features/corporate/batch-print/copy";
import { createCodes, expectToast, printedPdf, registerAndSignIn, stubPrint } from "./helpers";

// The officer's order is the labels' order: codes that came into the
// library one after another (a sorted sheet's rows) print in that order,
// not newest first; sorted by name in the picker, they print by name.

const workers = ["Zoe Lee", "Adam Nowak", "Mia Rossi"];

/** The workers' names as the printed sheet gives them, label by label. */
function printedNames(path: string): string[] {
  return execFileSync("pdftotext", ["-raw", "-enc", "UTF-8", path, "-"])
    .toString("utf8")
    .split("\n")
    .filter((line) => workers.includes(line.trim()))
    .map((line) => line.trim());
}

test("a batch prints in the order the officer chose", async ({ page }) => {
  const orgId = await registerAndSignIn(page, "Ordered Sites Ltd", {
    email: "orla.officer@ordered.example",
    password: "officer-password-1",
  });
  await createCodes(page, orgId, workers);
  await stubPrint(page);
  await page.goto("/label-batch-print");

  const queue = async (order?: string) => {
    await page.getByRole("button", { name: batchCopy.queue.addFromLibrary }).click();
    const picker = page.getByRole("dialog", { name: batchCopy.picker.title });
    if (order) await picker.getByLabel(/^Order/).selectOption({ label: order });
    await picker.getByRole("button", { name: "Select All" }).click();
    await picker.getByRole("button", { name: "Add 3 to Queue" }).click();
    await expectToast(page, "QR Codes Added");
  };

  await queue();
  const added = printedNames(await printedPdf(page, test.info().outputPath("added.pdf")));
  expect(added).toEqual(workers);

  await page.getByRole("button", { name: batchCopy.queue.clearAll }).click();
  await page.evaluate(() => {
    (window as unknown as { printCalls?: unknown[] }).printCalls = [];
  });
  await queue(batchCopy.picker.orders.name);
  const byName = printedNames(await printedPdf(page, test.info().outputPath("by-name.pdf")));
  expect(byName).toEqual(["Adam Nowak", "Mia Rossi", "Zoe Lee"]);
});
