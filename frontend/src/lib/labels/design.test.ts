import designs from "@pkg/sheet/testdata/label-designs.json";
import fits from "@pkg/sheet/testdata/label-fits.json";
import { describe, expect, it } from "vitest";
import {
  ellipsize,
  fitLines,
  labelDesign,
  printable,
  sheetLayout,
  defaultCustomDimensions,
  type Measure,
} from "./index";

// Every number of a design, with its path, for comparing two designs.
function numbers(value: unknown, path = ""): [string, unknown][] {
  if (value !== null && typeof value === "object") {
    return Object.entries(value).flatMap(([k, v]) => numbers(v, `${path}.${k}`));
  }
  return [[path, value]];
}

describe("labelDesign, the twin of pkg/sheet's DesignFor", () => {
  it.each(designs)("lays $name out as the Go layout does", (golden) => {
    const got = numbers(labelDesign(golden.width, golden.height, golden.cornerRadius));
    const want = numbers(golden.design);
    expect(got.map(([path]) => path)).toEqual(want.map(([path]) => path));
    got.forEach(([path, value], i) => {
      const expected = want[i]![1];
      if (typeof expected === "number") {
        expect(Math.abs((value as number) - expected), path).toBeLessThan(1e-9);
      } else {
        expect(value, path).toBe(expected);
      }
    });
  });

  it("previews every preset at the size of the sheet the PDF prints", () => {
    for (const golden of designs.filter((d) => !d.name.startsWith("custom"))) {
      const [type, paper] = golden.name.split("-") as ["helmet", "a4"];
      const { label } = sheetLayout(type, paper, defaultCustomDimensions);
      expect(Math.abs(label.width - golden.width), golden.name).toBeLessThan(0.01);
      expect(Math.abs(label.height - golden.height), golden.name).toBeLessThan(0.01);
      // The corner radius moves the inset only above 5 mm; equal it anyway.
      expect(Math.abs(label.radius - golden.cornerRadius), golden.name).toBeLessThan(0.01);
    }
  });
});

// pkg/sheet's countedWidth: 0.55 em a character, 0.6 in bold; Arabic
// letters' ink reaches 0.73 em above the baseline and 0.46 below (Noto Sans
// Arabic Bold's in "محمد علي"), every other character's keeps within its line.
const counted: Measure = (text, bold) => {
  const arabic = /[\u0600-\u06FF]/.test(text);
  return {
    width: (bold ? 0.6 : 0.55) * Array.from(text).length,
    top: arabic ? 0.73 : 0,
    bottom: arabic ? -0.46 : 0,
  };
};

describe("fitLines, the twin of pkg/sheet's fitLines", () => {
  it.each(fits)("fits $name on $width x $height mm as Go does", (golden) => {
    const design = labelDesign(golden.width, golden.height, golden.cornerRadius);
    const got = fitLines(design, golden, counted);
    expect(got.map((r) => [r.role, r.text])).toEqual(golden.rows.map((r) => [r.role, r.text]));
    got.forEach((row, i) => {
      const want = golden.rows[i]!;
      for (const key of ["x", "baseline", "pt"] as const) {
        expect(Math.abs(row[key] - want[key]), `${row.role} ${key}`).toBeLessThan(1e-9);
      }
    });
  });

  it("wraps a long name onto two rows and moves the lines below it down", () => {
    const design = labelDesign(101.6, 50.8, 1.6);
    const name = "Maria Luisa Fernanda de la Concepción Hernández Gutiérrez";
    const rows = fitLines(design, { name, bloodType: "O+", ice: "+44 7700 900123" }, counted);
    const names = rows.filter((r) => r.role === "name");
    expect(names.map((r) => r.text).join(" ")).toBe(name);
    const ice = rows.find((r) => r.role === "ice")!;
    const designedIce = design.lines.find((l) => l.role === "ice")!;
    expect(ice.baseline).toBeGreaterThan(designedIce.baseline);
  });

  it("prints a short Arabic name at the size of a short Latin one", () => {
    for (const [width, height, radius] of [
      [101.6, 50.8, 1.6],
      [66.7, 25.4, 1.6],
    ] as const) {
      const design = labelDesign(width, height, radius);
      const size = (name: string) =>
        fitLines(design, { name, bloodType: "O+", ice: "+44 7700 900123" }, counted).find(
          (r) => r.role === "name",
        )!.pt;
      expect(size("محمد علي"), `${width} x ${height} mm`).toBe(size("Ann Lee"));
    }
  });

  it("tidies text as the labels print it and cuts it short with an ellipsis", () => {
    expect(printable("  Siobhán\tÓ\n Dálaigh ")).toBe("Siobhán Ó Dálaigh");
    expect(ellipsize("abcdef", false, 4 * 0.55, counted)).toBe("abc…");
    expect(ellipsize("ab cdef", false, 4 * 0.55, counted)).toBe("ab…");
  });
});
