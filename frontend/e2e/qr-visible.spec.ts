import { execFileSync } from "node:child_process";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { buyPrintAccess, escapeDialog } from "./helpers";

// Every code the website shows is there to be tested with a phone: a
// screenshot of each shown code element decodes to the record's exact QR
// text, and nothing (badge, overlay, border, label) lies on the code or
// its quiet zone of 4 modules.

/** What zbarimg reads from a screenshot, as a phone's scanner would. */
function decodeScreenshot(path: string): string {
  return execFileSync("zbarimg", ["--nodbus", "--quiet", "--raw", "-Sbinary", path]).toString(
    "utf8",
  );
}

/**
 * At points across the code's image and the 3 modules of frame around it
 * (the image holds 1 module of margin: 4 in all), the topmost element is
 * the image or its white frame, and the point is inside the frame's border.
 */
async function expectNothingOver(image: Locator) {
  const covered = await image.evaluate((img: HTMLImageElement) => {
    const frame = img.closest(".qr-frame") as HTMLElement;
    const imageModules = Number(frame.style.getPropertyValue("--qr-image-modules")) || 0;
    const box = img.getBoundingClientRect();
    const module = imageModules > 0 ? box.width / imageModules : box.width / 30;
    const extra = 3 * module;
    const inner = frame.getBoundingClientRect();
    const border = parseFloat(getComputedStyle(frame).borderLeftWidth) || 0;
    const found: string[] = [];
    const steps = 40;
    for (let i = 0; i <= steps; i++) {
      for (let j = 0; j <= steps; j++) {
        const x = box.left - extra + ((box.width + 2 * extra) * i) / steps;
        const y = box.top - extra + ((box.height + 2 * extra) * j) / steps;
        const top = document.elementFromPoint(x, y);
        const inside =
          x > inner.left + border &&
          x < inner.right - border &&
          y > inner.top + border &&
          y < inner.bottom - border;
        if ((top !== img && top !== frame) || !inside)
          found.push(
            `${top?.tagName.toLowerCase()}.${top?.className} at ${x.toFixed(0)},${y.toFixed(0)}`,
          );
      }
    }
    return found;
  });
  expect(covered, "something lies on the code or its quiet zone").toEqual([]);
}

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
  test.setTimeout(120_000);
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
  const preview = test.info().outputPath("print-preview.png");
  await sheet.screenshot({ path: preview, scale: "device" });
  const labels = await sheet.locator("image").count();
  expect(labels).toBeGreaterThan(0);
  expect(decodeScreenshot(preview).split(qrText).length - 1, "the preview's codes").toBe(labels);
  await sharp.close();
});
