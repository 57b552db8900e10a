// POST /api/sync/emergency-data (docs/design/individual.md §7).
import { apiRequest, type Wire } from "@/lib/api";
import type { EmergencyData } from "@/lib/emergency";

/** Stores the record on the account; throws when the cloud did not store it. */
export async function pushEmergencyData(email: string, emergencyData: EmergencyData) {
  const body: Wire<"PushEmergencyDataRequest"> = { email, emergencyData };
  await apiRequest("POST", "/api/sync/emergency-data", body);
}

/** The background sync: failures are only logged (docs/design/individual.md §8). */
export async function syncEmergencyData(email: string, emergencyData: EmergencyData) {
  try {
    await pushEmergencyData(email, emergencyData);
  } catch (error) {
    console.error("Sync failed", error);
  }
}

/** The record on screen could not be stored, so nothing was made from it. */
export class RecordNotSavedError extends Error {
  constructor(cause: unknown) {
    super("The record on screen could not be stored", { cause });
    this.name = "RecordNotSavedError";
  }
}

/**
 * Stores the record on screen before something is made from the stored copy
 * (a label sheet, a lock-screen picture). Unlike the background sync, a
 * failure stops the caller: nothing may carry older details than the
 * screen. The cloud also refuses (409) when its copy differs from the one
 * sent with the request, in case another device saved in between.
 */
export async function storeShownRecord(email: string, emergencyData: EmergencyData) {
  try {
    await pushEmergencyData(email, emergencyData);
  } catch (error) {
    throw new RecordNotSavedError(error);
  }
}
