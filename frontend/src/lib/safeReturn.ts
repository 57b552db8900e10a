/**
 * A ?return= target is followed only when it is a path on this site, so a
 * crafted link cannot send a fresh sign-in to another origin.
 */
export function safeReturnPath(value: string | null): string | null {
  if (value === null || !value.startsWith("/") || value.startsWith("//") || value.includes("\\")) {
    return null;
  }
  return value;
}
