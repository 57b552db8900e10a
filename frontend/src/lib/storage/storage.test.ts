import { beforeEach, describe, expect, it } from "vitest";
import { clearProductStorage } from "./storage";

describe("clearProductStorage", () => {
  beforeEach(() => localStorage.clear());

  it("removes product-prefixed keys and the session token, nothing else", () => {
    localStorage.setItem("lifetag_user", "{}");
    localStorage.setItem("lifetag_emergency_info", "{}");
    localStorage.setItem("sessionToken", "tok");
    localStorage.setItem("other_site_key", "keep");
    clearProductStorage();
    expect(localStorage.getItem("lifetag_user")).toBeNull();
    expect(localStorage.getItem("lifetag_emergency_info")).toBeNull();
    expect(localStorage.getItem("sessionToken")).toBeNull();
    expect(localStorage.getItem("other_site_key")).toBe("keep");
  });
});
