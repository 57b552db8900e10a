import { useMemo } from "react";
import { qrText } from "@/lib/emergency/qrText";
import type { EmergencyData } from "@/lib/emergency";
import { sampleEmergencyData } from "@/lib/qr";
import { visitorTimeZone } from "@/lib/timezone";
import { useEmergencyStore } from "@/stores/emergency";
import { useCanUseRealData } from "@/stores/session";

/**
 * The text to encode: the person's own only for a paid, signed-in user
 * (docs/design/individual.md §2); everyone else gets the sample, so an unpaid preview can never
 * be used as a label.
 */
export function useLabelQrText(): { text: string; real: boolean; data: EmergencyData | null } {
  const data = useEmergencyStore((s) => s.data);
  const real = useCanUseRealData() && data !== null;
  const text = useMemo(
    () => qrText(real && data ? data : sampleEmergencyData, new Date(), visitorTimeZone()),
    [real, data],
  );
  return { text, real, data };
}
