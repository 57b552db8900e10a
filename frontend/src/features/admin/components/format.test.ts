import { describe, expect, it } from "vitest";
import { filterOrganizations, planOf } from "./CorporateTab";
import { formatPence, orderBadgeClass, qrUsage, subscriptionStatus } from "./format";

describe("admin formatting", () => {
  it("shows pence as pounds with two decimals", () => {
    expect(formatPence(999)).toBe("£9.99");
    expect(formatPence(1000)).toBe("£10.00");
  });
  it("caps the usage bar at 100 % and turns red at the maximum", () => {
    expect(qrUsage(25, 50)).toEqual({ percent: 50, bar: 50, over: false });
    expect(qrUsage(50, 50)).toEqual({ percent: 100, bar: 100, over: true });
    expect(qrUsage(75, 50)).toEqual({ percent: 150, bar: 100, over: true });
    expect(qrUsage(0, 0)).toEqual({ percent: 0, bar: 0, over: false });
  });
  it("styles statuses as the spec says", () => {
    expect(orderBadgeClass("delivered")).toContain("badge-default");
    expect(orderBadgeClass("shipped")).toContain("badge-secondary");
    expect(orderBadgeClass("processing")).toContain("badge-outline");
    expect(orderBadgeClass("pending")).toContain("badge-destructive");
  });
  it("shows a missing or unknown subscription status as inactive", () => {
    expect(subscriptionStatus("trial")).toBe("trial");
    expect(subscriptionStatus("past_due")).toBe("inactive");
    expect(subscriptionStatus(undefined)).toBe("inactive");
  });
  it("reads the plan from subscriptionTier, default starter", () => {
    const base = { subscriptionTier: "" } as never;
    expect(planOf(base)).toBe("starter");
    expect(planOf({ ...(base as object), subscriptionTier: "enterprise" } as never)).toBe(
      "enterprise",
    );
  });
  it("searches organisations by name or contact", () => {
    const org = { id: 1, name: "Acme Build", contactEmail: "safety@acme.test" } as never;
    expect(filterOrganizations([org], "acme")).toHaveLength(1);
    expect(filterOrganizations([org], "nobody")).toHaveLength(0);
  });
});
