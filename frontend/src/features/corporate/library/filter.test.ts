import { describe, expect, it } from "vitest";
import { libraryPageParams } from "./api";
import { parseProjectFilter, quotaUsage } from "./filter";

describe("library filters (spec §5; the server searches and filters)", () => {
  it("asks the server for one page with the search trimmed and both filters", () => {
    const params = new URLSearchParams(
      libraryPageParams({ search: " North & co ", project: 8, status: "inactive", page: 3 }),
    );
    expect(Object.fromEntries(params)).toEqual({
      page: "3",
      pageSize: "25",
      project: "8",
      status: "inactive",
      search: "North & co",
    });
    expect(
      new URLSearchParams(
        libraryPageParams({ search: "  ", project: "organization", status: "all", page: 1 }),
      ).has("search"),
    ).toBe(false);
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
