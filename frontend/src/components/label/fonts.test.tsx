import { readFileSync } from "node:fs";
import { render } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { defaultLabelOptions } from "@/lib/labels";
import { fontPieces, pieceFor, worldNames } from "../../../e2e/label-fonts";
import { labelFontFamily, labelFontStack } from "./fonts";
import { LabelSheet } from "./LabelSheet";

// Read as a file: Vitest hands CSS imports to tests empty.
const pieces = fontPieces(readFileSync("src/components/label/fonts.css", "utf8"));

describe("the label preview's fonts", () => {
  it("are one family, regular and bold, each piece a woff2 file of its own", () => {
    expect(pieces.length).toBeGreaterThan(20);
    expect(new Set(pieces.map((p) => p.family))).toEqual(new Set([labelFontFamily]));
    expect(new Set(pieces.map((p) => p.weight))).toEqual(new Set([400, 700]));
    for (const p of pieces) expect(p.url).toMatch(/^\/fonts\/label\/noto-[a-z0-9-]+\.woff2$/);
    expect(new Set(pieces.map((p) => p.url)).size).toBe(pieces.length);
  });

  it("cover every letter of a name in each script the labels print, in both weights", () => {
    for (const name of worldNames)
      for (const ch of name.replace(/\s/g, ""))
        for (const weight of [400, 700])
          expect(pieceFor(pieces, ch, weight), `${name}: ${ch} at ${weight}`).toBeDefined();
  });

  it("send each script to its own face: one Chinese character fetches one Han piece", () => {
    const url = (ch: string) => pieceFor(pieces, ch, 700)?.url;
    expect(url("王")).toMatch(/noto-sc-\d+-700/);
    expect(url("さ")).toBe("/fonts/label/noto-jp-700.woff2");
    expect(url("김")).toMatch(/noto-kr-\d+-700/);
    expect(url("م")).toBe("/fonts/label/noto-arabic-700.woff2");
    expect(url("ễ")).toBe("/fonts/label/noto-latin-ext-700.woff2");
    expect(url("a")).toBe("/fonts/label/noto-latin-700.woff2");
    // Pieces of one face never overlap, so a name fetches only what it needs.
    const han = pieces.filter((p) => p.url.includes("noto-sc-") && p.weight === 700);
    const claimed = han.flatMap((p) => p.ranges).sort((a, b) => a[0] - b[0]);
    for (let i = 1; i < claimed.length; i++)
      expect(claimed[i]![0]).toBeGreaterThan(claimed[i - 1]![1]);
  });

  it("are what the sheet draws its text with", () => {
    const { container } = render(
      <LabelSheet
        options={defaultLabelOptions("en-GB")}
        qrUrl="data:,"
        lines={{ name: "王小明", bloodType: "O+", ice: "+44 7700 900123" }}
        blurred={false}
      />,
    );
    expect(container.querySelector("svg")?.getAttribute("font-family")).toBe(labelFontStack);
  });
});
