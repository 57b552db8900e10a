import { beforeEach, describe, expect, it } from "vitest";
import { beginVisit } from "./visit";

const now = new Date("2026-11-21T12:00:00Z");
const minutesAgo = (m: number) => new Date(now.getTime() - m * 60_000).toISOString();
const record = (lastModified: string) =>
  JSON.stringify({
    personalInfo: { fullName: "Jane Doe", email: "jane@example.com", bloodType: "O+" },
    emergencyContacts: [{ id: "c1", name: "John", phone: "+44 7700 900123" }],
    medicalInfo: {},
    lastModified,
  });

describe("the start of a visit", () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
  });

  it("removes a signed-out record older than 5 minutes left by an earlier visit", () => {
    localStorage.setItem("lifetag_emergency_info", record(minutesAgo(6)));
    localStorage.setItem("pendingShippingAddress", JSON.stringify({ city: "York" }));
    expect(beginVisit(now)).toBe(true);
    expect(localStorage.getItem("lifetag_emergency_info")).toBeNull();
    expect(localStorage.getItem("pendingShippingAddress")).toBeNull();
  });

  it("keeps a record modified within 5 minutes", () => {
    localStorage.setItem("lifetag_emergency_info", record(minutesAgo(5)));
    expect(beginVisit(now)).toBe(false);
    expect(localStorage.getItem("lifetag_emergency_info")).not.toBeNull();
  });

  it("never clears inside the visit in progress (a reload, the bank's redirect back)", () => {
    localStorage.setItem("lifetag_emergency_info", record(minutesAgo(1)));
    beginVisit(now);
    const later = new Date(now.getTime() + 60 * 60_000);
    expect(beginVisit(later)).toBe(false);
    expect(localStorage.getItem("lifetag_emergency_info")).not.toBeNull();
  });

  it("never clears after a payment on this device", () => {
    localStorage.setItem("lifetag_emergency_info", record(minutesAgo(60)));
    localStorage.setItem(
      "lifetag_payment_status",
      JSON.stringify({ hasPaid: true, hasPrintAccess: true }),
    );
    expect(beginVisit(now)).toBe(false);
    expect(localStorage.getItem("lifetag_emergency_info")).not.toBeNull();
  });

  it("leaves a signed-in user's record to the 12-hour rule", () => {
    localStorage.setItem("lifetag_emergency_info", record(minutesAgo(60)));
    localStorage.setItem(
      "lifetag_user",
      JSON.stringify({
        email: "jane@example.com",
        userId: "7",
        loginTime: minutesAgo(90),
        hasPrintAccess: false,
        sessionToken: "",
      }),
    );
    expect(beginVisit(now)).toBe(false);
  });

  it("treats a record without a modification time as stale", () => {
    localStorage.setItem(
      "lifetag_emergency_info",
      JSON.stringify({ personalInfo: {}, emergencyContacts: [] }),
    );
    expect(beginVisit(now)).toBe(true);
  });
});
