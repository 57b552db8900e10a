import { describe, expect, it } from "vitest";
import { plans, planPrice, maxAdminAccounts } from "./plans";
import {
  emptyRegistration,
  validateRegistration,
  validEmail,
  type Registration,
} from "./validation";

const valid: Registration = {
  ...emptyRegistration,
  organizationName: "Acme Scaffolding",
  contactFirstName: "Jane",
  contactLastName: "Doe",
  contactEmail: "jane@acme.example",
  phone: "+44 20 7946 0000",
  organizationType: "construction",
  employeeCount: "51-200",
  subscriptionPlan: "professional",
  address: "1 Long Street, Leeds",
  city: "Leeds",
  country: "United Kingdom",
};

describe("registration rules (docs/design/admin-corporate.md §5)", () => {
  it("accepts a complete form, requirements optional", () => {
    expect(validateRegistration(valid)).toEqual({});
  });

  it("gives every field's own message on an empty form", () => {
    expect(validateRegistration(emptyRegistration)).toEqual({
      organizationName: "Organization name must be at least 2 characters",
      contactFirstName: "First name must be at least 2 characters",
      contactLastName: "Last name must be at least 2 characters",
      contactEmail: "Please enter a valid email address",
      phone: "Please enter a valid phone number",
      organizationType: "Please select an organization type",
      employeeCount: "Please select employee count",
      subscriptionPlan: "Please select a subscription plan",
      address: "Please enter your full address",
      city: "Please enter your city",
      country: "Please enter your country",
    });
  });

  it.each([
    ["organizationName", "A "],
    ["phone", "123456789"],
    ["address", "1 Street "],
    ["organizationType", "circus"],
    ["subscriptionPlan", "platinum"],
  ] as const)("refuses %s = %j", (field, value) => {
    expect(Object.keys(validateRegistration({ ...valid, [field]: value }))).toEqual([field]);
  });

  it("checks addresses as the cloud does", () => {
    expect(validEmail("jane@acme.example")).toBe(true);
    for (const bad of [
      "jane",
      "jane@",
      "@acme.example",
      "jane@acme",
      "ja ne@acme.example",
      "jane@acme.",
      "jane@acme.example,eve@evil.example",
      "jane\u200b@acme.example",
      "jane\u2060@acme.example",
      "jane@\u202eacme.example",
    ])
      expect(validEmail(bad), bad).toBe(false);
  });
});

describe("the plan table (docs/design/admin-corporate.md §9), shared with the cloud", () => {
  it("has the spec's prices and allowances", () => {
    expect(plans.map((p) => [p.id, planPrice(p), p.maxQrCodes])).toEqual([
      ["starter", "£10", 50],
      ["professional", "£25", 200],
      ["enterprise", "£99", 2000],
    ]);
    expect(maxAdminAccounts).toBe(3);
  });
});
