import { ApiError } from "@/lib/api";

/** A failed fetch (no response at all) rather than a refusal from the server. */
export function isConnectionError(error: unknown): boolean {
  return !(error instanceof ApiError) && error instanceof TypeError;
}
