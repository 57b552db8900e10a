import type { EmergencyData } from "@/lib/emergency";
import type { LabelDetails } from "@/lib/labels";

/**
 * The details a label prints beside its code (the code carries the rest):
 * the name, the blood type and the first emergency contact's phone, as
 * RecordLabel in pkg/sheet picks them for the PDF.
 */
export function labelLines(data: EmergencyData): LabelDetails {
  const p = data.personalInfo;
  const first = data.emergencyContacts.find((c) => c.phone.trim() !== "");
  return {
    name: p.fullName.trim(),
    bloodType: p.bloodType.trim(),
    ice: first ? first.phone.trim() : "",
  };
}
