import { describe, expect, it } from "vitest";
import type { FieldErrors, ResolverOptions } from "react-hook-form";
import validationVectors from "@pkg/emergency/testdata/validation.json";
import type { EmergencyData } from "@/lib/emergency";
import { emergencyResolver } from "./emergencyResolver";

const options = (fields: ResolverOptions<EmergencyData>["fields"] = {}) => ({
  fields,
  shouldUseNativeValidation: false,
});

/** The resolver's nested errors as "path": message, a list's own message at the list's path. */
function flatten(errors: FieldErrors, prefix = ""): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(errors)) {
    if (key === "ref" || value === null || typeof value !== "object") continue;
    const path = key === "root" ? prefix.slice(0, -1) : prefix + key;
    if (typeof value.message === "string") out[path] = value.message;
    Object.assign(out, flatten(value as FieldErrors, `${path}.`));
  }
  return out;
}

describe("emergencyResolver", () => {
  it.each(validationVectors.cases.map((c) => [c.name, c] as const))(
    "gives the shared rules' messages: %s",
    async (_name, c) => {
      const result = await emergencyResolver(c.input as EmergencyData, undefined, options());
      expect(flatten(result.errors)).toEqual(c.errors);
      if (Object.keys(c.errors).length === 0) expect(result.values).toEqual(c.input);
    },
  );

  it("ties each message to its field, so the form can focus the first", async () => {
    const input = document.createElement("input");
    const ref = { name: "personalInfo.fullName", ref: input };
    const result = await emergencyResolver(
      {
        personalInfo: { fullName: "", email: "jane@example.com", bloodType: "O+" },
        emergencyContacts: [{ id: "c1", name: "Sam", phone: "+447700900123" }],
        medicalInfo: {},
      },
      undefined,
      options({ "personalInfo.fullName": ref } as ResolverOptions<EmergencyData>["fields"]),
    );
    expect(result.errors.personalInfo?.fullName).toMatchObject({
      type: "custom",
      message: "Full name is required",
      ref: input,
    });
  });

  it("puts the contact list's own message under its root, beside the contacts' messages", async () => {
    const result = await emergencyResolver(
      {
        personalInfo: { fullName: "Jane", email: "jane@example.com", bloodType: "O+" },
        emergencyContacts: Array.from({ length: 9 }, (_, i) => ({
          id: `c${i}`,
          name: i === 0 ? "" : "Sam",
          phone: "+447700900123",
        })),
        medicalInfo: {},
      },
      undefined,
      options(),
    );
    expect(result.errors.emergencyContacts?.root?.message).toMatch(/contacts/i);
    expect(result.errors.emergencyContacts?.[0]?.name?.message).toBe("Contact name is required");
  });
});
