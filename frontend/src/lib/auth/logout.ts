// POST /api/auth/logout (docs/design/individual.md §7), then the device forgets the session (docs/design/individual.md §4).
import { apiRequest } from "@/lib/api";
import { useUserStore } from "@/stores/session";
import { useEmergencyStore } from "@/stores/emergency";
import { trackEvent } from "@/lib/analytics";

export async function logout(): Promise<void> {
  try {
    await apiRequest("POST", "/api/auth/logout");
  } catch (error) {
    // The device is cleared either way: a failed call must not keep a
    // session alive on a shared phone.
    console.error("Logout call failed", error);
  }
  trackEvent("user_logout");
  useUserStore.getState().signOut();
  useEmergencyStore.getState().clear();
}
