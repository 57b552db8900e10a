import { describe, expect, it, vi } from "vitest";
import {
  hasRealDataAccess,
  isSessionExpired,
  isStaleAnonymousLeftover,
  libraryRetryDelay,
  parseStoredUser,
  previousSessionAccess,
  reloadDelays,
  retryWithDoubling,
  type StoredUser,
} from "./rules";

const now = new Date("2026-11-21T12:00:00Z");
const hoursAgo = (h: number) => new Date(now.getTime() - h * 3600_000).toISOString();
const minutesAgo = (m: number) => new Date(now.getTime() - m * 60_000).toISOString();
const user = (loginTime: string, hasPrintAccess = true): StoredUser => ({
  email: "jane@example.com",
  userId: "7",
  loginTime,
  hasPrintAccess,
});
const emergency = (lastModified?: string) => ({
  personalInfo: { fullName: "Jane", email: "jane@example.com", bloodType: "O+" },
  emergencyContacts: [],
  medicalInfo: {},
  lastModified,
});

describe("session expiry", () => {
  it("keeps a session just under 24 hours old", () => {
    expect(isSessionExpired(user(new Date(now.getTime() - 86_399_999).toISOString()), now)).toBe(
      false,
    );
  });
  it("expires a session of exactly 24 hours", () => {
    expect(isSessionExpired(user(hoursAgo(24)), now)).toBe(true);
  });
});

describe("stored user parsing", () => {
  it("treats missing fields as corrupted", () => {
    expect(parseStoredUser({ email: "a@b.co" }).kind).toBe("corrupted");
    expect(parseStoredUser("text").kind).toBe("corrupted");
    expect(parseStoredUser({ ...user("not a date") }).kind).toBe("corrupted");
  });
  it("accepts a well-formed user and absent values", () => {
    expect(parseStoredUser(user(hoursAgo(1))).kind).toBe("ok");
    expect(parseStoredUser(null).kind).toBe("absent");
  });
});

describe("previous-session access", () => {
  it("allows this visit's anonymous data however long ago it was saved", () => {
    expect(
      previousSessionAccess({ user: null, emergency: emergency(minutesAgo(60)), now }),
    ).toEqual({ allowed: true });
  });
  it("leaves anonymous data of an earlier visit to the visit start: 5 minutes", () => {
    const leftover = (lastModified?: string) =>
      isStaleAnonymousLeftover({
        user: null,
        emergency: emergency(lastModified),
        paymentStatus: null,
        now,
      });
    expect(leftover(minutesAgo(5))).toBe(false);
    expect(leftover(minutesAgo(5.01))).toBe(true);
    expect(leftover()).toBe(true);
  });
  it("never counts data as leftover once the device has paid", () => {
    expect(
      isStaleAnonymousLeftover({
        user: null,
        emergency: emergency(minutesAgo(60)),
        paymentStatus: { hasPaid: true, hasPrintAccess: true },
        now,
      }),
    ).toBe(false);
  });
  it("allows a signed-in user's data under 12 hours after login", () => {
    expect(
      previousSessionAccess({ user: user(hoursAgo(11.9)), emergency: emergency(), now }),
    ).toEqual({ allowed: true });
  });
  it("denies and clears at 12 hours after login", () => {
    expect(
      previousSessionAccess({ user: user(hoursAgo(12)), emergency: emergency(), now }),
    ).toEqual({ allowed: false, clear: true, reason: "stale-login" });
  });
  it("denies and clears corrupted user or data", () => {
    expect(previousSessionAccess({ user: 42, emergency: emergency(), now })).toMatchObject({
      allowed: false,
      clear: true,
      reason: "corrupted",
    });
    expect(
      previousSessionAccess({ user: user(hoursAgo(1)), emergency: "garbage", now }),
    ).toMatchObject({ allowed: false, clear: true, reason: "corrupted" });
  });
  it("denies without clearing when there is no data", () => {
    expect(previousSessionAccess({ user: null, emergency: null, now })).toEqual({
      allowed: false,
      clear: false,
      reason: "no-data",
    });
  });
});

describe("real-data access", () => {
  it("needs a valid, unexpired user with print access", () => {
    expect(hasRealDataAccess(user(hoursAgo(1)), now)).toBe(true);
    expect(hasRealDataAccess(user(hoursAgo(1), false), now)).toBe(false);
    expect(hasRealDataAccess(user(hoursAgo(24)), now)).toBe(false);
    expect(hasRealDataAccess(null, now)).toBe(false);
  });
});

describe("reload retry", () => {
  it("waits 200, 400, 800, 1600 and 3200 ms", () => {
    expect(reloadDelays()).toEqual([200, 400, 800, 1600, 3200]);
  });
  it("stops at the first non-null result", async () => {
    const sleep = vi.fn((ms: number) => Promise.resolve(void ms));
    const attempt = vi
      .fn<() => Promise<string | null>>()
      .mockResolvedValueOnce(null)
      .mockRejectedValueOnce(new Error("network"))
      .mockResolvedValueOnce("data");
    vi.spyOn(console, "error").mockImplementation(() => {});
    expect(await retryWithDoubling(attempt, sleep)).toBe("data");
    expect(attempt).toHaveBeenCalledTimes(3);
    expect(sleep.mock.calls.map(([ms]) => ms)).toEqual([200, 400, 800]);
  });
  it("gives up after 5 tries", async () => {
    const attempt = vi.fn(async () => null);
    expect(await retryWithDoubling(attempt, async () => {})).toBeNull();
    expect(attempt).toHaveBeenCalledTimes(5);
  });
});

describe("library retry delay", () => {
  it("doubles from 1 s and caps at 30 s", () => {
    expect([0, 1, 2, 4, 5, 10].map(libraryRetryDelay)).toEqual([
      1000, 2000, 4000, 16000, 30000, 30000,
    ]);
  });
});
