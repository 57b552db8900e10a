import { describe, expect, it } from "vitest";
import { statusColour } from "./StatusBadge";

describe("order status colours", () => {
  it("follows the spec, grey for anything else", () => {
    expect(
      ["pending", "processing", "shipped", "delivered", "cancelled"].map(statusColour),
    ).toEqual(["yellow", "blue", "green", "purple", "grey"]);
  });
});
