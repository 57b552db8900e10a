import presetsFile from "@pkg/labels/presets.json";
import { describe, expect, it } from "vitest";
import {
  customRatings,
  defaultLabelOptions,
  labelPositions,
  paperSizeForLocale,
  presetSummary,
  settleCustomField,
  sheetLayout,
  defaultCustomDimensions,
  labelTypes,
  presetTypes,
} from "./index";

describe("paper size from locale", () => {
  it("is A4 for the UK and Ireland and Letter for the US", () => {
    expect(paperSizeForLocale("en-GB")).toBe("a4");
    expect(paperSizeForLocale("en-IE")).toBe("a4");
    expect(paperSizeForLocale("en-US")).toBe("letter");
    expect(paperSizeForLocale("en")).toBe("a4");
    expect(paperSizeForLocale(undefined)).toBe("a4");
  });
  it("defaults the rest as the spec says", () => {
    expect(defaultLabelOptions("en-US")).toMatchObject({
      labelType: "helmet",
      paperSize: "letter",
      printQuality: "high",
      waterproof: true,
    });
  });
});

describe("custom field on blur", () => {
  it("resets width and height to the minimum when blank or below", () => {
    expect(settleCustomField("width", "")).toBe(70);
    expect(settleCustomField("width", "69.9")).toBe(70);
    expect(settleCustomField("height", "10")).toBe(50);
    expect(settleCustomField("width", "80")).toBe(80);
    expect(settleCustomField("height", "300")).toBe(250);
  });
  it("holds the counts to whole numbers inside their bounds", () => {
    expect(settleCustomField("count", "")).toBe(10);
    expect(settleCustomField("count", "0")).toBe(1);
    expect(settleCustomField("count", "101")).toBe(100);
    expect(settleCustomField("cols", "11")).toBe(10);
    expect(settleCustomField("rows", "21")).toBe(20);
    expect(settleCustomField("rows", "3.4")).toBe(3);
  });
});

describe("custom preview ratings", () => {
  it("rates a 70 x 50 mm label", () => {
    expect(customRatings(defaultCustomDimensions)).toEqual({
      textReadable: true,
      qrOptimal: true,
      layoutBalanced: true,
      ratioExtreme: false,
      gridMatchesCount: true,
    });
  });
  it("flags small, thin and mismatched grids", () => {
    const r = customRatings({ width: 240, height: 50, count: 10, cols: 3, rows: 3 });
    expect(r.layoutBalanced).toBe(false);
    expect(r.ratioExtreme).toBe(true);
    expect(r.gridMatchesCount).toBe(false);
    // 2 sq in is 1290.32 mm^2: 35.9 x 35.9 mm is just under.
    expect(
      customRatings({ ...defaultCustomDimensions, width: 35.9, height: 35.9 }).textReadable,
    ).toBe(false);
    expect(customRatings({ ...defaultCustomDimensions, width: 49, height: 60 }).qrOptimal).toBe(
      false,
    );
  });
});

describe("sheet layouts", () => {
  it("offers every preset of pkg/labels, in its order, then a custom size", () => {
    // A kind pkg/labels has and the contract lacks would be dropped here.
    expect(presetTypes).toEqual(presetsFile.kinds);
    expect(labelTypes).toEqual([...presetsFile.kinds, "custom"]);
  });
  it("fits every preset inside its paper", () => {
    for (const type of presetTypes) {
      for (const paper of ["letter", "a4"] as const) {
        const layout = sheetLayout(type, paper, defaultCustomDimensions);
        const positions = labelPositions(layout);
        expect(positions).toHaveLength(layout.cols * layout.rows);
        for (const p of positions) {
          expect(p.x).toBeGreaterThanOrEqual(0);
          expect(p.y).toBeGreaterThanOrEqual(0);
          expect(p.x + layout.label.width).toBeLessThanOrEqual(layout.paper.width + 0.01);
          expect(p.y + layout.label.height).toBeLessThanOrEqual(layout.paper.height + 0.01);
        }
      }
    }
  });
  it("uses Avery 5163 on Letter and L7173 on A4 for helmets", () => {
    expect(sheetLayout("helmet", "letter", defaultCustomDimensions).stock).toBe("Avery 5163");
    const a4 = sheetLayout("helmet", "a4", defaultCustomDimensions);
    expect(a4.stock).toBe("Avery L7173");
    expect(a4.label).toMatchObject({ width: 99.1, height: 57 });
  });
  it("shrinks a custom grid that does not fit and says so", () => {
    const big = sheetLayout("custom", "a4", {
      width: 250,
      height: 250,
      count: 4,
      cols: 2,
      rows: 2,
    });
    expect(big.fits).toBe(false);
    expect(big.cols * big.label.width).toBeLessThanOrEqual(210);
    expect(labelPositions(big, 3)).toHaveLength(3);
  });
});

describe("label-choice card figures", () => {
  it("state the size and count of the sheet that will print, on each paper", () => {
    expect(presetSummary("helmet", "letter")).toBe("4 × 2 in · 10 per sheet");
    expect(presetSummary("gear", "letter")).toBe("2 × 2 in · 12 per sheet");
    expect(presetSummary("wallet", "letter")).toBe("3.5 × 2 in · 10 per sheet");
    expect(presetSummary("helmet", "a4")).toBe("99.1 × 57 mm · 10 per sheet");
    expect(presetSummary("gear", "a4")).toBe("50 × 50 mm · 15 per sheet");
    expect(presetSummary("wallet", "a4")).toBe("90 × 52 mm · 10 per sheet");
  });
});
