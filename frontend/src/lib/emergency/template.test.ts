// The template golden vectors of pkg/emergency/testdata, run against the
// TypeScript twin: the same inputs must give the same bytes and messages as Go.
import { describe, expect, it } from "vitest";
import { generate, correction } from "lean-qr";
import qrVectors from "@pkg/emergency/testdata/record-qr-text.json";
import validationVectors from "@pkg/emergency/testdata/record-validation.json";
import fieldVectors from "@pkg/emergency/testdata/template-fields.json";
import {
  largestRecordBytes,
  normalizeFields,
  recordQrText,
  splitOptions,
  standardFields,
  templateRules,
  validateFields,
  validateRecord,
  type TemplateField,
  type TemplateRecord,
} from "./template";

describe("recordQrText golden vectors", () => {
  it("has at least 20 vectors", () => {
    expect(qrVectors.cases.length).toBeGreaterThanOrEqual(20);
  });

  it.each(qrVectors.cases.map((c) => [c.name, c] as const))("%s", (_name, c) => {
    const got = recordQrText(
      c.input as unknown as TemplateRecord,
      new Date(c.generatedAt),
      c.timeZone,
    );
    expect(Buffer.from(got, "utf8").toString("hex")).toBe(
      Buffer.from(c.expected, "utf8").toString("hex"),
    );
  });
});

describe("validateRecord golden vectors", () => {
  it.each(validationVectors.cases.map((c) => [c.name, c] as const))("%s", (_name, c) => {
    expect(validateRecord(c.fields as TemplateField[], c.values as Record<string, string>)).toEqual(
      c.errors,
    );
  });
});

describe("template fields golden vectors", () => {
  it.each(fieldVectors.cases.map((c) => [c.name, c] as const))("%s", (_name, c) => {
    const normal = normalizeFields(c.fields as TemplateField[]);
    expect(normal).toEqual(c.normalized);
    expect(validateFields(normal)).toEqual(c.errors);
    expect(largestRecordBytes(normal)).toBe(c.largestRecordBytes);
  });
});

describe("capacity", () => {
  it("the largest record of a template that just fits encodes at level M in the browser's encoder", () => {
    const c = fieldVectors.cases.find((v) => v.name === "just fits one level-M code")!;
    const fields = normalizeFields(c.fields as TemplateField[]);
    expect(validateFields(fields)).toEqual({});
    const values: Record<string, string> = {};
    for (const field of fields) {
      if (field.type === "textarea" && !field.standard) values[field.id] = "€".repeat(100);
    }
    Object.assign(values, {
      fullName: "x".repeat(60),
      bloodType: "Unknown",
      contact1Name: "y".repeat(36),
      contact1Phone: "9".repeat(24),
    });
    expect(validateRecord(fields, values)).toEqual({});
    const text = recordQrText({ fields, values }, new Date("2026-12-31T12:00:00Z"), "UTC");
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(largestRecordBytes(fields));
    expect(largestRecordBytes(fields)).toBeLessThanOrEqual(templateRules.qrCapacityBytes);
    expect(() =>
      generate(text, { minCorrectionLevel: correction.M, maxCorrectionLevel: correction.M }),
    ).not.toThrow();
  });
});

describe("the Add Field dialog's options", () => {
  it("takes one per line and drops blank lines", () => {
    expect(splitOptions("North\n\n  South  \r\n \n")).toEqual(["North", "South"]);
  });
});

describe("the standard form", () => {
  it("is a valid template", () => {
    expect(validateFields(normalizeFields(standardFields()))).toEqual({});
    expect(normalizeFields(standardFields())).toEqual(standardFields());
  });
});
