// @vitest-environment node
// The noticeboard poster of a collection link is a PDF that prints and
// scans: rasterised as a printer would (pdftoppm), its code reads back the
// link exactly (zbarimg), and its text says the link for typing by hand.
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { collectCopy } from "./copy";
import { posterPdf, qrSvg } from "./poster";

const tools = ["/usr/bin/pdftoppm", "/usr/bin/pdftotext", "/usr/bin/zbarimg"];
// `make test` sets LIFETAG_STRICT: there a missing tool is a failure, not a skip.
const run = tools.every(existsSync) || process.env.LIFETAG_STRICT ? it : it.skip;

const dir = mkdtempSync(join(tmpdir(), "lifetag-poster-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const url = "https://lifetag.example/collect/q3Zr8t0XkPp1vN2bW9yLmA5sD7fG4hJ6kU_cE-oRiTe";

describe("a collection link's noticeboard poster", () => {
  run("is an A4 PDF whose code scans to the link and whose text gives it", async () => {
    const file = join(dir, "poster.pdf");
    writeFileSync(file, Buffer.from(await posterPdf(url).arrayBuffer()));
    execFileSync("pdftoppm", [
      "-r",
      "150",
      "-gray",
      "-png",
      "-singlefile",
      file,
      join(dir, "page"),
    ]);
    const read = execFileSync("zbarimg", ["--nodbus", "--quiet", "--raw", join(dir, "page.png")])
      .toString("utf8")
      .trim();
    expect(read).toBe(url);
    const text = execFileSync("pdftotext", ["-layout", file, "-"]).toString("utf8");
    expect(text).toContain(collectCopy.poster.heading);
    expect(text).toContain(url);
    const info = execFileSync("pdfinfo", [file]).toString("utf8");
    expect(info).toMatch(/Page size:\s+595\.28 x 841\.89 pts \(A4\)/);
  });

  run("is on US Letter for an organisation that prints on it, and still scans", async () => {
    const file = join(dir, "letter.pdf");
    writeFileSync(file, Buffer.from(await posterPdf(url, "letter").arrayBuffer()));
    expect(execFileSync("pdfinfo", [file]).toString("utf8")).toMatch(
      /Page size:\s+612 x 792 pts \(letter\)/,
    );
    execFileSync("pdftoppm", [
      "-r",
      "150",
      "-gray",
      "-png",
      "-singlefile",
      file,
      join(dir, "letter"),
    ]);
    const read = execFileSync("zbarimg", ["--nodbus", "--quiet", "--raw", join(dir, "letter.png")]);
    expect(read.toString("utf8").trim()).toBe(url);
  });

  it("gives the code as an SVG with its quiet zone", async () => {
    const svg = await qrSvg(url).text();
    const side = Number(/viewBox="0 0 (\d+) \1"/.exec(svg)?.[1]);
    expect(side).toBeGreaterThan(21 + 8);
    // No dark module in the 4 modules around the symbol.
    for (const [, x, y] of svg.matchAll(/M(\d+) (\d+)h1/g)) {
      for (const v of [Number(x), Number(y)]) {
        expect(v).toBeGreaterThanOrEqual(4);
        expect(v).toBeLessThan(side - 4);
      }
    }
  });
});
