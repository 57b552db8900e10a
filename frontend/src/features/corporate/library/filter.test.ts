import { describe, expect, it } from "vitest";
import { libraryPageParams } from "./api";
import { parseProjectFilter, parseReviewFilter, quotaUsage, reviewAge } from "./filter";

describe("library filters (docs/design/admin-corporate.md §5; the server searches and filters)", () => {
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

  it("shows the quota red at or above the max and caps the bar at 100 % (docs/design/admin-corporate.md §4)", () => {
    expect(quotaUsage(49, 50)).toEqual({ full: false, percent: 98 });
    expect(quotaUsage(50, 50)).toEqual({ full: true, percent: 100 });
    expect(quotaUsage(60, 50)).toEqual({ full: true, percent: 100 });
  });

  it("asks for the review filter only when one is chosen, and reads it from the address", () => {
    const q = { search: "", project: "all" as const, status: "all" as const, page: 1 };
    expect(new URLSearchParams(libraryPageParams({ ...q, review: "overdue" })).get("review")).toBe(
      "overdue",
    );
    expect(new URLSearchParams(libraryPageParams({ ...q, review: "all" })).has("review")).toBe(
      false,
    );
    expect(parseReviewFilter("due")).toBe("due");
    expect(parseReviewFilter("stale")).toBe("all");
    expect(parseReviewFilter(null)).toBe("all");
  });

  it("says a code's age in days, then whole months, then years", () => {
    const now = new Date("2026-06-15T12:00:00Z");
    expect(reviewAge("2026-06-15T08:00:00Z", now)).toEqual({ unit: "day", count: 0 });
    expect(reviewAge("2026-05-20T12:00:00Z", now)).toEqual({ unit: "day", count: 26 });
    expect(reviewAge("2026-05-15T12:00:00Z", now)).toEqual({ unit: "month", count: 1 });
    expect(reviewAge("2025-04-16T12:00:00Z", now)).toEqual({ unit: "month", count: 13 });
    expect(reviewAge("2025-04-15T12:00:00Z", now)).toEqual({ unit: "month", count: 14 });
    expect(reviewAge("2023-06-01T12:00:00Z", now)).toEqual({ unit: "year", count: 3 });
  });
});
