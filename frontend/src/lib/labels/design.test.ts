import designs from "@pkg/sheet/testdata/label-designs.json";
import { describe, expect, it } from "vitest";
import { labelDesign, sheetLayout, defaultCustomDimensions } from "./index";

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
