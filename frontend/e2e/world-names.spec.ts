import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { paths } from "../src/app/paths";
import { labelFontFamily } from "../src/components/label/fonts";
import { checkPage } from "./a11y";
import { buyPrintAccess } from "./helpers";
import { fontPieces, pieceFor, worldNames } from "./label-fonts";

// Preview = print for names in every script the labels draw: the print
// preview shows each name as typed, in the label fonts (fetched only for the
// scripts on the screen, never on the home page), and the PDF the label
// engine makes of the same record gives the same text back (pdftotext).
// The Download PDF request needs print access, so each name is bought.

const pieces = fontPieces(readFileSync("src/components/label/fonts.css", "utf8"));
/** The name line is bold (pkg/sheet/design.json). */
const nameWeight = 700;

/** The label-font files the page fetched, by path, as they arrive. */
function recordFonts(page: Page): Set<string> {
  const fetched = new Set<string>();
  page.on("response", (response) => {
    const url = new URL(response.url());
    if (!url.pathname.startsWith("/fonts/label/")) return;
    expect(response.status(), url.pathname).toBe(200);
    expect(response.headers()["content-type"], url.pathname).toBe("font/woff2");
    fetched.add(url.pathname);
  });
  return fetched;
}

/**
 * For each letter of `text`, the state of the bold label-font face that
 * covers it in the page's document.fonts ("loaded" once its file arrived).
 */
async function faceStates(page: Page, text: string): Promise<string[]> {
  return page.evaluate(
    ({ family, weight, text }) => {
      const faces = [...document.fonts].filter(
        (f) => f.family.replace(/"/g, "") === family && f.weight === String(weight),
      );
      const covers = (face: FontFace, cp: number) =>
        face.unicodeRange.split(",").some((r) => {
          const [lo, hi] = r.trim().replace(/^U\+/i, "").split("-");
          return parseInt(lo!, 16) <= cp && cp <= parseInt(hi ?? lo!, 16);
        });
      return [...text.replace(/\s/g, "")].map((ch) => {
        const face = faces.findLast((f) => covers(f, ch.codePointAt(0)!));
        return `${ch} ${face?.status ?? "no face"}`;
      });
    },
    { family: labelFontFamily, weight: nameWeight, text },
  );
}

/**
 * The text of a PDF, as pdftotext reads it, one line per entry, without the
 * bidi embedding marks (U+202A to U+202E) it puts around right-to-left lines
 * of its own accord: each line as a reader would copy it, in logical order.
 */
function pdfLines(path: string): string[] {
  return execFileSync("pdftotext", ["-enc", "UTF-8", path, "-"])
    .toString("utf8")
    .replace(/[\u202A-\u202E]/g, "")
    .split("\n")
    .map((line) => line.trim());
}

test("the home page fetches no label font", async ({ page }) => {
  const fetched = recordFonts(page);
  await page.goto(paths.home);
  await expect(page.getByLabel(/^Full name/)).toBeEnabled();
  await page.waitForLoadState("networkidle");
  expect([...fetched]).toEqual([]);
});

for (const [i, name] of worldNames.entries()) {
  test(`${name}: the preview shows it in the label fonts, as the PDF prints it`, async ({
    page,
  }) => {
    // A paid record's name is locked, so each name is a buyer of its own.
    const fetched = recordFonts(page);
    await buyPrintAccess(page, `world-name-${i}@example.com`, paths.home, name);
    await page.getByRole("link", { name: "Print Preview" }).click();
    await expect(page).toHaveURL(/\/print-preview$/);

    // The preview draws the name as typed on every label of the sheet.
    const names = page.locator('.label-sheet text[data-role="name"]');
    await expect(names.first()).toBeVisible();
    const preview = await names.allTextContents();
    expect(preview.length).toBeGreaterThan(0);
    expect(new Set(preview)).toEqual(new Set([name]));

    // In the label fonts: each letter's face has loaded, from its own
    // piece, and of the Han pieces only those the name needs.
    const letters = [...name.replace(/\s/g, "")];
    await expect
      .poll(() => faceStates(page, name), { message: "the name's faces" })
      .toEqual(letters.map((ch) => `${ch} loaded`));
    const files = letters.map((ch) => pieceFor(pieces, ch, nameWeight)?.url ?? `none for ${ch}`);
    for (const file of files) expect([...fetched]).toContain(file);
    expect(new Set([...fetched].filter((f) => /noto-sc-\d+-/.test(f)))).toEqual(
      new Set(files.filter((f) => /noto-sc-\d+-/.test(f))),
    );

    if (i === 0) await checkPage(page, paths.printPreview, "a name in Chinese");

    // A short Arabic name at the name line's full 11 pt, as a short Latin
    // one, not shrunk for its yeh's tail (the PDF: pkg/sheet's
    // TestShortArabicNamePrintsAtLatinSize).
    if (name === "محمد علي") {
      await page.evaluate(() => document.fonts.ready);
      await expect
        .poll(async () => Number(await names.first().getAttribute("font-size")))
        .toBeCloseTo((11 * 25.4) / 72, 6);
    }

    // The PDF of the same record: pdftotext gives the name back on each
    // label, exactly as the preview shows it.
    const downloading = page.waitForEvent("download");
    await page.getByRole("button", { name: "Download PDF" }).click();
    await expect(page).toHaveURL(/\/print-preview$/);
    const path = join(mkdtempSync(join(tmpdir(), "lifetag-names-")), "sheet.pdf");
    await (await downloading).saveAs(path);
    const pdf = pdfLines(path);
    expect(
      pdf.filter((line) => line === name),
      `the PDF's name lines; pdftotext read ${JSON.stringify(pdf.slice(0, 8))}`,
    ).toEqual(preview);
  });
}

test("a long name wraps onto a second row in the preview as on the PDF", async ({ page }) => {
  const name = "Alexandra Konstantinopoulou-Featherstonehaugh";
  await buyPrintAccess(page, "world-name-long@example.com", paths.home, name);
  await page.getByRole("link", { name: "Print Preview" }).click();
  await expect(page).toHaveURL(/\/print-preview$/);
  await page.evaluate(() => document.fonts.ready);

  // Each label shows the name on two rows that together say it all.
  const rows = page.locator('.label-sheet text[data-role="name"]');
  await expect(rows.first()).toBeVisible();
  const preview = await rows.allTextContents();
  const [first, second] = preview;
  expect(preview.length % 2).toBe(0);
  expect(first!.endsWith("-") ? first! + second! : `${first} ${second}`).toBe(name);

  // The PDF breaks the name at the same place on every label.
  const downloading = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download PDF" }).click();
  const path = join(mkdtempSync(join(tmpdir(), "lifetag-names-")), "sheet.pdf");
  await (await downloading).saveAs(path);
  // -raw: in the order drawn, so pdftotext does not join the rows of a
  // name broken after its hyphen into one word, as its default reading does.
  const pdf = execFileSync("pdftotext", ["-raw", "-enc", "UTF-8", path, "-"])
    .toString("utf8")
    .split("\n");
  expect(
    pdf.filter((line) => line === first || line === second),
    `the PDF's name rows; pdftotext read ${JSON.stringify(pdf.slice(0, 8))}`,
  ).toEqual(preview);
});
