// The session rules of docs/design/individual.md §4 as pure functions of what is
// stored and the current time, so the clock can be injected in tests.

export const SESSION_MAX_AGE_MS = 24 * 60 * 60 * 1000;
export const PREVIOUS_SESSION_LIMIT_MS = 12 * 60 * 60 * 1000;
export const ANONYMOUS_GRACE_MS = 5 * 60 * 1000;

/** The signed-in user as kept on the device (docs/design/individual.md §3 "Local user session"). */
export interface StoredUser {
  email: string;
  userId: string;
  /** ISO date of sign-in. */
  loginTime: string;
  hasPrintAccess: boolean;
}

export type Parsed<T> = { kind: "absent" } | { kind: "corrupted" } | { kind: "ok"; value: T };

/** Checks the shape of a stored user; anything malformed is "corrupted". */
export function parseStoredUser(raw: unknown): Parsed<StoredUser> {
  if (raw === null || raw === undefined) return { kind: "absent" };
  if (typeof raw !== "object") return { kind: "corrupted" };
  const u = raw as Record<string, unknown>;
  const ok =
    typeof u.email === "string" &&
    u.email !== "" &&
    (typeof u.userId === "string" || typeof u.userId === "number") &&
    typeof u.loginTime === "string" &&
    !Number.isNaN(Date.parse(u.loginTime)) &&
    typeof u.hasPrintAccess === "boolean";
  if (!ok) return { kind: "corrupted" };
  // Only these fields: a token an older version kept here is dropped.
  return {
    kind: "ok",
    value: {
      email: u.email as string,
      userId: String(u.userId),
      loginTime: u.loginTime as string,
      hasPrintAccess: u.hasPrintAccess as boolean,
    },
  };
}

/** docs/design/individual.md §4: a stored session 24 hours old or more is removed on load. */
export function isSessionExpired(user: StoredUser, now: Date): boolean {
  return now.getTime() - Date.parse(user.loginTime) >= SESSION_MAX_AGE_MS;
}

export type AccessDecision =
  | { allowed: true }
  | {
      allowed: false;
      /** Whether the earlier session's data must be removed from the device. */
      clear: boolean;
      reason: "corrupted" | "no-data" | "stale-login";
    };

/**
 * docs/design/individual.md §4 "No user: unsaved emergency data modified within the last 5
 * minutes is allowed; other leftover data is cleared." The rule protects the
 * next person on a shared device from the last one's details, so it is
 * applied once, when a visit starts (lib/session/visit.ts), never inside the
 * visit in progress (a visitor reading print preview for 6 minutes keeps
 * the form), and never once this device has paid: a payment whose account
 * creation failed leaves the buyer signed out, with only this copy.
 * Returns whether the stored record must be removed.
 */
export function isStaleAnonymousLeftover(input: {
  user: unknown;
  emergency: unknown;
  paymentStatus: unknown;
  now: Date;
}): boolean {
  // A session of 24 hours or more is dropped on load: its data is a leftover too.
  const user = parseStoredUser(input.user);
  if (user.kind === "corrupted") return false;
  if (user.kind === "ok" && !isSessionExpired(user.value, input.now)) return false;
  const emergency = input.emergency;
  if (typeof emergency !== "object" || emergency === null) return false;
  const status = input.paymentStatus as { hasPaid?: unknown; hasPrintAccess?: unknown } | null;
  if (status?.hasPaid === true || status?.hasPrintAccess === true) return false;
  const modified = Date.parse(String((emergency as { lastModified?: unknown }).lastModified));
  return Number.isNaN(modified) || input.now.getTime() - modified > ANONYMOUS_GRACE_MS;
}

/**
 * Whether a page may show data left from an earlier visit (docs/design/individual.md §4 "Access
 * to earlier-session data"). `user` and `emergency` are the raw stored values.
 * Anonymous data older than 5 minutes was already removed when the visit
 * started (isStaleAnonymousLeftover); what is left belongs to this visit.
 */
export function previousSessionAccess(input: {
  user: unknown;
  emergency: unknown;
  now: Date;
}): AccessDecision {
  const user = parseStoredUser(input.user);
  if (user.kind === "corrupted") return { allowed: false, clear: true, reason: "corrupted" };
  const emergency = input.emergency;
  if (emergency === null || emergency === undefined) {
    return { allowed: false, clear: false, reason: "no-data" };
  }
  if (typeof emergency !== "object" || !("personalInfo" in emergency)) {
    return { allowed: false, clear: true, reason: "corrupted" };
  }
  const now = input.now.getTime();
  if (user.kind === "absent") return { allowed: true };
  if (now - Date.parse(user.value.loginTime) >= PREVIOUS_SESSION_LIMIT_MS) {
    return { allowed: false, clear: true, reason: "stale-login" };
  }
  return { allowed: true };
}

/** Real data (the real QR, print, download) needs a valid stored user with print access. */
export function hasRealDataAccess(rawUser: unknown, now: Date): boolean {
  const user = parseStoredUser(rawUser);
  return user.kind === "ok" && !isSessionExpired(user.value, now) && user.value.hasPrintAccess;
}

/** docs/design/individual.md §4/§9: after sign-in, saved data is reloaded up to 5 times from 200 ms, doubling. */
export const RELOAD_TRIES = 5;
export const RELOAD_FIRST_DELAY_MS = 200;

export function reloadDelays(
  tries: number = RELOAD_TRIES,
  firstDelayMs: number = RELOAD_FIRST_DELAY_MS,
): number[] {
  return Array.from({ length: tries }, (_, i) => firstDelayMs * 2 ** i);
}

/**
 * Runs `attempt` until it returns a value other than null, waiting the
 * reload delays before each try (the first load after sign-in races the
 * session cookie, hence the wait before the first try too). Returns null when
 * every try failed or came back empty.
 */
export async function retryWithDoubling<T>(
  attempt: () => Promise<T | null>,
  sleep: (ms: number) => Promise<void>,
  delays: number[] = reloadDelays(),
): Promise<T | null> {
  for (const delay of delays) {
    await sleep(delay);
    try {
      const result = await attempt();
      if (result !== null) return result;
    } catch (error) {
      console.error("Reload of saved data failed", error);
    }
  }
  return null;
}

/** docs/design/individual.md §7: library retry delay, 1000 ms times 2 to the attempt, capped at 30 s. */
export function libraryRetryDelay(attempt: number): number {
  return Math.min(1000 * 2 ** attempt, 30000);
}
