// The golden vectors of pkg/emergency/testdata, run against the TypeScript
// twin: the same inputs must give the same bytes and the same messages as Go.
import { describe, expect, it } from "vitest";
import qrVectors from "@pkg/emergency/testdata/qr-text.json";
import validationVectors from "@pkg/emergency/testdata/validation.json";
import normalizeVectors from "@pkg/emergency/testdata/normalize.json";
import mailboxVectors from "@pkg/emergency/testdata/mailbox.json";
import searchFoldVectors from "@pkg/emergency/testdata/search-fold.json";
import latinSearchVectors from "@pkg/emergency/testdata/latin-search.json";
import { qrText, validateEmergencyData, type EmergencyData } from ".";
import { multiLine, singleLine } from "./normalize";
import { individualSymbol } from "@/lib/qr/generate";
import { validMailbox } from "./mailbox";
import { foldForSearch, matchesLatin } from "./search";

const LEVEL_H_CAPACITY = 1273;

describe("qrText golden vectors", () => {
  it("has at least 30 vectors", () => {
    expect(qrVectors.cases.length).toBeGreaterThanOrEqual(30);
  });

  it.each(qrVectors.cases.map((c) => [c.name, c] as const))("%s", (_name, c) => {
    const got = qrText(c.input as EmergencyData, new Date(c.generatedAt), c.timeZone);
    // Compare bytes, not just strings, as the QR code stores UTF-8 bytes.
    expect(Buffer.from(got, "utf8").toString("hex")).toBe(
      Buffer.from(c.expected, "utf8").toString("hex"),
    );
  });
});

describe("normalisation golden vectors (invisible format characters)", () => {
  it("has at least 10 vectors", () => {
    expect(normalizeVectors.cases.length).toBeGreaterThanOrEqual(10);
  });

  it.each(normalizeVectors.cases.map((c) => [c.name, c] as const))("%s", (_name, c) => {
    expect(singleLine(c.input)).toBe(c.singleLine);
    expect(multiLine(c.input)).toBe(c.multiLine);
  });
});

describe("e-mail address golden vectors (one mailbox, nothing invisible)", () => {
  it.each(mailboxVectors.cases.map((c) => [c.name, c] as const))("%s", (_name, c) => {
    expect(validMailbox(c.input)).toBe(c.valid);
  });
  it("refuses a lone surrogate, as Go refuses invalid UTF-8", () => {
    expect(validMailbox("ann\ud800@example.com")).toBe(false);
  });
});

describe("validation golden vectors", () => {
  it.each(validationVectors.cases.map((c) => [c.name, c] as const))("%s", (_name, c) => {
    expect(validateEmergencyData(c.input as EmergencyData)).toEqual(c.errors);
  });
});

describe("capacity", () => {
  const largest = qrVectors.cases.find((c) => c.name.startsWith("largest valid record"));

  it("the largest valid record is valid and encodes at level H in the browser's encoder", () => {
    expect(largest).toBeDefined();
    const input = largest!.input as EmergencyData;
    expect(validateEmergencyData(input)).toEqual({});
    const text = qrText(input, new Date(largest!.generatedAt), largest!.timeZone);
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(LEVEL_H_CAPACITY);
    // Not ASCII, so it carries the ECI designator for UTF-8 too.
    expect(() => individualSymbol(text)).not.toThrow();
  });

  it("text over the capacity is refused", () => {
    expect(() => individualSymbol("x".repeat(LEVEL_H_CAPACITY + 1))).toThrow();
  });
});

describe("search folding golden vectors (case and accents ignored)", () => {
  it.each(searchFoldVectors.cases.map((c) => [c.name, c] as const))("%s", (_name, c) => {
    expect(foldForSearch(c.input)).toBe(c.folded);
  });
});

describe("the Latin spelling of names, as the Go search matches it", () => {
  it.each(latinSearchVectors.cases.map((c) => [c.name, c] as const))("%s", (_name, c) => {
    for (const typed of c.finds) expect(matchesLatin(c.latin, typed), typed).toBe(true);
    for (const typed of c.misses) expect(matchesLatin(c.latin, typed), typed).toBe(false);
  });
});
