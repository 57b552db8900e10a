import { describe, expect, it } from "vitest";
import { limitCounterText, limitStatus } from "./limits";
import { rules } from "./rules";

describe("field limit counters", () => {
  it("stay hidden until a field nears its limit from rules.json", () => {
    const max = rules.maxBytes.contactName;
    expect(limitStatus("contactName", "a".repeat(Math.ceil(max * 0.8) - 1))).toBeNull();
    expect(limitStatus("contactName", "a".repeat(max - 3))).toEqual({ left: 3, wide: false });
  });

  it("count characters as a person does, and say when some count more", () => {
    const max = rules.maxBytes.fullName;
    expect(limitCounterText(limitStatus("fullName", "a".repeat(max - 1))!)).toBe(
      "1 character left",
    );
    const accented = "é".repeat(max / 2 - 5);
    expect(limitCounterText(limitStatus("fullName", accented)!)).toBe(
      "10 characters left (accented letters count as 2, emoji as 4)",
    );
    expect(limitCounterText(limitStatus("fullName", "a".repeat(max + 2))!)).toBe(
      "2 characters too many",
    );
  });
});
