import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import { paths } from "../src/app/paths";
import { collectCopy } from "../src/features/corporate/collect/copy";
import { checkPage } from "./a11y";
import { blobBytes, decodePdf, printCalls, registerAndSignIn, stubPrint } from "./helpers";
import { decodeScreenshot, expectNothingOver } from "./qr-scan";

// An officer makes a collection link for the noticeboard: the dialog that
// shows the new link once shows its QR code whole (a screenshot scans to
// the link, nothing over it or its quiet zone), and lets the officer keep
// the code (PNG, SVG, a poster) and print the poster, each of which
// scans to the same link. A lost link is replaced from its row: a new link
// and its code, the old one revoked.

const copy = collectCopy.links;

test("a collection link's noticeboard QR code scans on screen, downloads and prints", async ({
  page,
}) => {
  await stubPrint(page);
  const orgId = await registerAndSignIn(page, "Noticeboard Builders Ltd", {
    email: "nora.officer@noticeboard.example",
    password: "officer-password-1",
  });
  await page.goto(`/corporate/collection-links/${orgId}`);
  await page.getByRole("button", { name: copy.create }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("button", { name: copy.create }).click();
  const urlBox = dialog.getByRole("textbox");
  await expect(urlBox).toHaveValue(/\/collect\/[A-Za-z0-9_-]{40,}$/);
  const url = await urlBox.inputValue();

  // On screen: the code as a phone's camera sees it.
  const figure = dialog.locator("figure.qr-real");
  const image = figure.getByRole("img", { name: copy.qrAlt });
  await expect(image).toBeVisible();
  await page.evaluate(() => document.fonts.ready);
  const shot = test.info().outputPath("link-qr.png");
  await figure.screenshot({ path: shot });
  expect(decodeScreenshot(shot), "the shown code, from a screenshot").toBe(url);
  await expectNothingOver(image);
  // Its buttons and the code, at a phone's width too, for everyone.
  await checkPage(page, paths.corporateCollectionLinks, "a new link with its QR code");

  const dir = mkdtempSync(join(tmpdir(), "lifetag-link-qr-"));
  const download = async (name: string) => {
    const downloading = page.waitForEvent("download");
    await dialog.getByRole("button", { name }).click();
    const file = await downloading;
    const path = join(dir, file.suggestedFilename());
    await file.saveAs(path);
    return { name: file.suggestedFilename(), path };
  };

  const png = await download(copy.downloadPng);
  expect(png.name).toBe(`${copy.qrFileName}.png`);
  expect(decodeScreenshot(png.path), "the downloaded PNG").toBe(url);

  const svg = await download(copy.downloadSvg);
  expect(svg.name).toBe(`${copy.qrFileName}.svg`);
  const svgPng = join(dir, "svg.png");
  // The SVG drawn by the browser itself, as a poster program would.
  const drawn = await page.evaluate(
    async (text) => {
      const img = new Image();
      img.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(text)}`;
      await img.decode();
      const canvas = document.createElement("canvas");
      canvas.width = canvas.height = 600;
      canvas.getContext("2d")!.drawImage(img, 0, 0, 600, 600);
      return canvas.toDataURL("image/png").split(",")[1]!;
    },
    execFileSync("cat", [svg.path]).toString("utf8"),
  );
  writeFileSync(svgPng, Buffer.from(drawn, "base64"));
  expect(decodeScreenshot(svgPng), "the downloaded SVG").toBe(url);

  const poster = await download(copy.downloadPoster);
  expect(poster.name).toBe(copy.posterFileName);
  expect(decodePdf(poster.path), "the downloaded poster").toBe(url);

  // Print prints the poster PDF, not the page.
  await dialog.getByRole("button", { name: copy.printPoster }).click();
  await expect.poll(() => printCalls(page)).toHaveLength(1);
  const printed = (await printCalls(page))[0]!;
  expect(printed.contentType).toBe("application/pdf");
  const printedPath = join(dir, "printed.pdf");
  writeFileSync(printedPath, await blobBytes(page, printed.url));
  expect(decodePdf(printedPath), "the printed poster").toBe(url);

  // The link still shows, copyable, after all that, and the dialog says
  // it is shown only now, and what to do when it is lost.
  await expect(urlBox).toHaveValue(url);
  await expect(dialog.locator(".link-share > p.hint")).toHaveText(copy.createdOnce);
  await dialog.getByRole("button", { name: copy.done }).click();

  // The link is lost: Replace makes a new one for the same form, shows its
  // code to keep, and the old one stops working.
  await page
    .getByRole("button", { name: copy.replaceLabel("Standard Emergency Form", copy.noProject) })
    .click();
  await page
    .getByRole("dialog", { name: copy.replaceTitle })
    .getByRole("button", { name: copy.replaceTitle })
    .click();
  const replacing = page.getByRole("dialog", { name: copy.created });
  const newBox = replacing.getByRole("textbox");
  await expect(newBox).toHaveValue(/\/collect\/[A-Za-z0-9_-]{40,}$/);
  const newUrl = await newBox.inputValue();
  expect(newUrl).not.toBe(url);
  const newShot = test.info().outputPath("new-link-qr.png");
  await replacing.locator("figure.qr-real").screenshot({ path: newShot });
  expect(decodeScreenshot(newShot), "the new link's code").toBe(newUrl);
  await replacing.getByRole("button", { name: copy.done }).click();
  const rows = page.getByRole("row").filter({ hasText: "Standard Emergency Form" });
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: copy.status.revoked! })).toHaveCount(1);
  const old = await page.request.get(`/api/collect/${new URL(url).pathname.split("/").pop()}`);
  expect(old.status()).toBe(410);
});
