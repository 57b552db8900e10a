import type { EmergencyData } from "@/lib/emergency";
import { labelCopy } from "./copy";

/** The human-readable lines beside a label's code (the code carries the rest). */
export function labelLines(data: EmergencyData): string[] {
  const p = data.personalInfo;
  const first = data.emergencyContacts.find((c) => c.phone.trim() !== "");
  return [
    p.fullName.trim(),
    p.bloodType ? labelCopy.bloodLine(p.bloodType) : "",
    first ? labelCopy.contactLine(first.phone.trim()) : "",
  ];
}
