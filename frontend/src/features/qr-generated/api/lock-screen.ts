// POST /api/labels/lock-screen.png: a paid owner's lock-screen wallpaper,
// drawn by the cloud (pkg/lockscreen) from the stored record, which must be
// the one on screen (as for the label sheet).
import { useMutation } from "@tanstack/react-query";
import { apiRequest, type Wire } from "@/lib/api";
import { storeShownRecord } from "@/lib/auth";
import type { EmergencyData } from "@/lib/emergency";
import { saveFile } from "@/lib/saveFile";
import { visitorTimeZone } from "@/lib/timezone";

export const LOCK_SCREEN_PATH = "/api/labels/lock-screen.png";

/** The phone families the cloud draws for (pkg/lockscreen Screens). */
export type Phone = "iphone" | "android";
export const phones: Phone[] = ["iphone", "android"];

export async function fetchLockScreen(request: {
  email: string;
  emergencyData: EmergencyData;
  phone: Phone;
}) {
  const { email, emergencyData, phone } = request;
  await storeShownRecord(email, emergencyData);
  const body: Wire<"LockScreenRequest"> = {
    email,
    phone,
    timeZone: visitorTimeZone(),
    emergencyData,
  };
  const response = await apiRequest("POST", LOCK_SCREEN_PATH, body);
  return response.blob();
}

export function useLockScreen() {
  return useMutation({ mutationFn: fetchLockScreen });
}

export function saveLockScreen(png: Blob, phone: Phone) {
  saveFile(png, `lifetag-lock-screen-${phone}.png`);
}
