import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { fontPieces } from "../../../e2e/label-fonts";
import { labelFontCoverage } from "./coverage";
import { printedText, REPLACEMENT } from "./printedText";

describe("printedText", () => {
  it("keeps what the label fonts draw, in every script the labels print", () => {
    for (const name of ["Zoë Ångström-Núñez", "王小明", "محمد علي", "Nguyễn Thị Hương", "김민준"])
      expect(printedText(name)).toBe(name);
  });

  it("shows U+FFFD for each character no label font has, as the PDF prints it", () => {
    expect(printedText("Zoë 🚑 Łukasz")).toBe(`Zoë ${REPLACEMENT} Łukasz`);
    expect(printedText("🚨")).toBe(REPLACEMENT);
    // The heart's emoji selector belongs to it: one replacement, not two.
    expect(printedText("Ann \u2764\uFE0F")).toBe(`Ann ${REPLACEMENT}`);
    // A thumbs-up with a skin tone is two characters, as the PDF prints it.
    expect(printedText("\u{1F44D}\u{1F3FD}")).toBe(REPLACEMENT + REPLACEMENT);
  });

  it("is the union of fonts.css's ranges (node scripts/label-coverage.mjs writes it)", () => {
    const css = readFileSync("src/components/label/fonts.css", "utf8");
    const ranges = fontPieces(css)
      .flatMap((p) => p.ranges)
      .sort((a, b) => a[0] - b[0]);
    const merged: [number, number][] = [];
    for (const [lo, hi] of ranges) {
      const last = merged.at(-1);
      if (last && lo <= last[1] + 1) last[1] = Math.max(last[1], hi);
      else merged.push([lo, hi]);
    }
    expect(labelFontCoverage).toEqual(merged);
  });
});
