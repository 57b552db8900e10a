// GET /api/user/data?email (spec §7).
import { getJsonOrNullOn401 } from "@/lib/api";
import type { EmergencyData } from "@/lib/emergency";

export interface UserDataResponse {
  user: { id: string | number; email: string; hasPrintAccess: boolean; stripeCustomerId?: string };
  emergencyData: EmergencyData | null;
}

export function getUserData(email: string): Promise<UserDataResponse | null> {
  return getJsonOrNullOn401<UserDataResponse>(`/api/user/data?email=${encodeURIComponent(email)}`);
}
