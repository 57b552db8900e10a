import { expect, test, type Page } from "@playwright/test";
import { buyPrintAccess, escapeDialog } from "./helpers";
import { decodeScreenshot, expectNothingOver } from "./qr-scan";

// Every code the website shows is there to be tested with a phone: a
// screenshot of each shown code element decodes to the record's exact QR
// text, and nothing (badge, overlay, border, label) lies on the code or
// its quiet zone of 4 modules.

async function shownQrText(page: Page): Promise<string> {
  await page.getByRole("button", { name: "View QR Code Content" }).click();
  const text = await page.getByRole("dialog").getByTestId("qr-text").innerText();
  await escapeDialog(page);
  // Gone, dimmed backdrop and all, before the code is photographed.
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(page.locator(".dialog-overlay")).toHaveCount(0);
  return text;
}

test("each code the site shows scans from a screenshot, with nothing over it or its quiet zone", async ({
  page,
}) => {
  // A paid owner's real code on the QR page, READY beside it.
  await buyPrintAccess(page, "scan.check@example.com");
  await expect(page.getByText("READY", { exact: true })).toBeVisible();
  const qrText = await shownQrText(page);
  const figure = page.locator("figure.qr-real");
  const image = figure.locator("img.qr-image");
  await expect(image).toBeVisible();
  const qrPage = test.info().outputPath("qr-page.png");
  await figure.screenshot({ path: qrPage });
  expect(decodeScreenshot(qrPage), "the QR page's code, from a screenshot").toBe(qrText);
  await expectNothingOver(image);

  // The print preview's label sheet: every label's code, photographed as
  // a 4x screen shows it (at 1x the sheet is a thumbnail of the paper),
  // in a window tall enough to hold the whole sheet.
  const sharp = await page
    .context()
    .browser()!
    .newContext({
      baseURL: test.info().project.use.baseURL,
      storageState: await page.context().storageState(),
      viewport: { width: 1280, height: 2000 },
      deviceScaleFactor: 4,
    });
  const previewPage = await sharp.newPage();
  await previewPage.goto("/print-preview");
  const sheet = previewPage.locator("svg.label-sheet");
  await expect(sheet.locator("image").first()).toBeAttached();
  // The whole sheet, to look at; a phone scans one label at a time, so
  // each label is photographed on its own (a reader given the whole sheet
  // may stop at codes whose neighbours touch them, as real sheets' do).
  await sheet.screenshot({ path: test.info().outputPath("print-preview.png"), scale: "device" });
  const labels = sheet.locator("g:has(> image)");
  const count = await labels.count();
  expect(count).toBeGreaterThan(0);
  for (let i = 0; i < count; i++) {
    const shot = test.info().outputPath(`print-preview-label-${i + 1}.png`);
    await labels.nth(i).screenshot({ path: shot, scale: "device" });
    expect(decodeScreenshot(shot), `label ${i + 1} of ${count} in the preview`).toBe(qrText);
  }
  await sharp.close();
});
