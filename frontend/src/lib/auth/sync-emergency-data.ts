// POST /api/sync/emergency-data (spec §7): failures are only logged (§8).
import { apiRequest } from "@/lib/api";
import type { EmergencyData } from "@/lib/emergency";

export async function syncEmergencyData(email: string, emergencyData: EmergencyData) {
  try {
    await apiRequest("POST", "/api/sync/emergency-data", { email, emergencyData });
  } catch (error) {
    console.error("Sync failed", error);
  }
}
