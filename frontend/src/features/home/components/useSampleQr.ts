import { useMemo } from "react";
import { useQrDataUrl } from "@/components/qr";
import { qrText } from "@/lib/emergency/qrText";
import { sampleEmergencyData } from "@/lib/qr";
import { visitorTimeZone } from "@/lib/timezone";

export function useQrDataUrlForSample(): string | null {
  const text = useMemo(() => qrText(sampleEmergencyData, new Date(), visitorTimeZone()), []);
  return useQrDataUrl(text).url;
}
