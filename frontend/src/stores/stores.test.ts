import { beforeEach, describe, expect, it } from "vitest";
import { useEmergencyStore } from "./emergency";
import { useUserStore } from "./session";

const record = {
  personalInfo: { fullName: "Jane", email: "", bloodType: "" },
  emergencyContacts: [{ id: "1", name: "", phone: "" }],
  medicalInfo: {},
};

describe("emergency store", () => {
  beforeEach(() => localStorage.clear());

  it("saves partial data as the plain record, stamped with lastModified", () => {
    useEmergencyStore.getState().save(record, new Date("2026-11-21T10:00:00Z"));
    const stored = JSON.parse(localStorage.getItem("lifetag_emergency_info")!);
    expect(stored).toEqual({ ...record, lastModified: "2026-11-21T10:00:00.000Z" });
  });

  it("keeps lastModified when the same details are saved again (only an edit is a modification)", () => {
    useEmergencyStore.getState().clear();
    useEmergencyStore.getState().save(record, new Date("2026-11-21T10:00:00Z"));
    useEmergencyStore.getState().save({ ...record }, new Date("2026-11-21T10:06:00Z"));
    expect(useEmergencyStore.getState().data?.lastModified).toBe("2026-11-21T10:00:00.000Z");
    useEmergencyStore
      .getState()
      .save({ ...record, medicalInfo: { notes: "x" } }, new Date("2026-11-21T10:07:00Z"));
    expect(useEmergencyStore.getState().data?.lastModified).toBe("2026-11-21T10:07:00.000Z");
  });

  it("removes the key on clear", () => {
    useEmergencyStore.getState().save(record);
    useEmergencyStore.getState().clear();
    expect(localStorage.getItem("lifetag_emergency_info")).toBeNull();
  });

  it("drops a corrupted record on rehydration", async () => {
    localStorage.setItem("lifetag_emergency_info", '"not a record"');
    await useEmergencyStore.persist.rehydrate();
    expect(localStorage.getItem("lifetag_emergency_info")).toBeNull();
  });
});

describe("user store", () => {
  beforeEach(() => {
    localStorage.clear();
    useUserStore.setState({ user: null });
  });
  const user = (loginTime: string) => ({
    email: "jane@example.com",
    userId: "1",
    loginTime,
    hasPrintAccess: true,
  });

  it("stores the user, and no session token, on sign-in (the cookie is the session)", () => {
    useUserStore.getState().signIn(user(new Date().toISOString()));
    expect(localStorage.getItem("sessionToken")).toBeNull();
    expect(JSON.parse(localStorage.getItem("lifetag_user")!).email).toBe("jane@example.com");
    expect(localStorage.getItem("lifetag_user")).not.toMatch(/token/i);
  });

  it("removes a token an older version left on the device, and keeps the user", async () => {
    localStorage.setItem(
      "lifetag_user",
      JSON.stringify({ ...user(new Date().toISOString()), sessionToken: "old" }),
    );
    localStorage.setItem("sessionToken", "old");
    await useUserStore.persist.rehydrate();
    expect(useUserStore.getState().user?.email).toBe("jane@example.com");
    expect(useUserStore.getState().user).not.toHaveProperty("sessionToken");
    expect(localStorage.getItem("sessionToken")).toBeNull();
  });

  it("removes a 24-hour-old session on load", async () => {
    localStorage.setItem(
      "lifetag_user",
      JSON.stringify(user(new Date(Date.now() - 24 * 3600_000).toISOString())),
    );
    localStorage.setItem("sessionToken", "tok");
    await useUserStore.persist.rehydrate();
    expect(useUserStore.getState().user).toBeNull();
    expect(localStorage.getItem("lifetag_user")).toBeNull();
    expect(localStorage.getItem("sessionToken")).toBeNull();
  });

  it("clears every product-prefixed entry on sign-out", () => {
    useUserStore.getState().signIn(user(new Date().toISOString()));
    useEmergencyStore.getState().save(record);
    localStorage.setItem("unrelated", "x");
    useUserStore.getState().signOut();
    expect(Object.keys(localStorage)).toEqual(["unrelated"]);
  });
});
