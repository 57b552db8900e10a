// POST /api/sync/emergency-data (spec §7).
import { apiRequest } from "@/lib/api";
import type { EmergencyData } from "@/lib/emergency";

/** Stores the record on the account; throws when the cloud did not store it. */
export async function pushEmergencyData(email: string, emergencyData: EmergencyData) {
  await apiRequest("POST", "/api/sync/emergency-data", { email, emergencyData });
}

/** The background sync: failures are only logged (spec §8). */
export async function syncEmergencyData(email: string, emergencyData: EmergencyData) {
  try {
    await pushEmergencyData(email, emergencyData);
  } catch (error) {
    console.error("Sync failed", error);
  }
}
