import { describe, expect, it } from "vitest";
import type { LibraryCode } from "./api";
import { filterCodes, parseProjectFilter, quotaUsage } from "./filter";

const code = (id: number, name: string, projectId: number | null, projectName: string, isActive = true) =>
  ({ id, name, projectId, projectName, isActive }) as LibraryCode;

const codes = [
  code(1, "Ann Rider", 7, "North Site"),
  code(2, "Bob Smith", null, ""),
  code(3, "Cy North", 8, "South Yard", false),
];

const names = (list: LibraryCode[]) => list.map((c) => c.name);

describe("library filters (spec §5)", () => {
  it("searches the code's or its project's name, case-insensitive", () => {
    expect(names(filterCodes(codes, { search: " NORTH ", project: "all", status: "all" }))).toEqual([
      "Ann Rider",
      "Cy North",
    ]);
    expect(names(filterCodes(codes, { search: "yard", project: "all", status: "all" }))).toEqual([
      "Cy North",
    ]);
  });

  it("filters by project: all, organization (no project) or one project", () => {
    expect(names(filterCodes(codes, { search: "", project: "organization", status: "all" }))).toEqual([
      "Bob Smith",
    ]);
    expect(names(filterCodes(codes, { search: "", project: 8, status: "all" }))).toEqual(["Cy North"]);
    expect(filterCodes(codes, { search: "", project: "all", status: "all" })).toHaveLength(3);
  });

  it("filters active and inactive codes", () => {
    expect(names(filterCodes(codes, { search: "", project: "all", status: "inactive" }))).toEqual([
      "Cy North",
    ]);
    expect(filterCodes(codes, { search: "", project: "all", status: "active" })).toHaveLength(2);
  });

  it("reads the project filter from the address", () => {
    expect(parseProjectFilter("12")).toBe(12);
    expect(parseProjectFilter("organization")).toBe("organization");
    expect(parseProjectFilter("x1")).toBe("all");
    expect(parseProjectFilter(null)).toBe("all");
  });

  it("shows the quota red at or above the max and caps the bar at 100 % (§4)", () => {
    expect(quotaUsage(49, 50)).toEqual({ full: false, percent: 98 });
    expect(quotaUsage(50, 50)).toEqual({ full: true, percent: 100 });
    expect(quotaUsage(60, 50)).toEqual({ full: true, percent: 100 });
  });
});
