// The plain text a scan of the person's QR code shows, byte for byte the same
// as emergency.QRText in Go. The layout is documented in
// pkg/emergency/PAYLOAD.md; the golden vectors hold both to it.
import { formatDate, localDate, parseDate } from "./dates";
import { multiLine, singleLine } from "./normalize";
import type { EmergencyData } from "./types";

export const QR_HEADER = "🚨 EMERGENCY CONTACT INFORMATION 🚨";
/** Opens the extra section of a template's record (PAYLOAD.md). */
export const EXTRA_HEADING = "ADDITIONAL INFORMATION:";

/**
 * Formats whatever it is given; validate first to be sure the record is
 * complete and fits one QR code. `generatedAt` is shown as a date in
 * `timeZone` (an IANA name); the caller supplies both.
 */
export function qrText(data: EmergencyData, generatedAt: Date, timeZone: string): string {
  return layoutQrText(data, generatedAt, timeZone);
}

/**
 * The layout itself. For a template's record (recordQrText in template.ts),
 * `record.extra` is its extra section's lines, and a blank name or blood type
 * line is left out, as Go's qrText does.
 */
export function layoutQrText(
  data: EmergencyData,
  generatedAt: Date,
  timeZone: string,
  record?: { extra: string[] },
): string {
  const lines: string[] = [QR_HEADER];
  const p = data.personalInfo ?? {};

  const personal: string[] = [];
  const fullName = singleLine(p.fullName);
  if (!record || fullName !== "") personal.push(`Name: ${fullName}`);
  const dob = singleLine(p.dateOfBirth);
  if (dob !== "") {
    const parsed = parseDate(dob);
    personal.push(`DOB: ${parsed ? formatDate(parsed.year, parsed.month, parsed.day) : dob}`);
  }
  const bloodType = singleLine(p.bloodType);
  if (!record || bloodType !== "") personal.push(`Blood Type: ${bloodType}`);
  if (typeof p.weight === "number") {
    personal.push(`Weight: ${formatWeight(p.weight)} kg`);
  }
  // A template's record may have no personal lines at all; then the next
  // section's own blank line follows the header.
  if (personal.length > 0) lines.push("", ...personal);

  const contacts: string[] = [];
  for (const c of data.emergencyContacts ?? []) {
    const name = singleLine(c.name);
    const phone = singleLine(c.phone);
    if (name === "" && phone === "") continue;
    const relationship = singleLine(c.relationship);
    let entry = `${contacts.length + 1}. ${name}`;
    if (relationship !== "") entry += ` (${relationship})`;
    if (phone !== "") entry += `\n   Phone: ${phone}`;
    contacts.push(entry);
  }
  if (contacts.length > 0) {
    lines.push("", "EMERGENCY CONTACTS:", ...contacts);
  }

  const m = data.medicalInfo ?? {};
  const medical = [
    ["Allergies", multiLine(m.allergies)],
    ["Medications", multiLine(m.medications)],
    ["Conditions", multiLine(m.conditions)],
    ["Notes", multiLine(m.notes)],
  ].filter(([, value]) => value !== "");
  if (medical.length > 0) {
    lines.push(
      "",
      "MEDICAL INFORMATION:",
      ...medical.map(([label, value]) => `${label}: ${value}`),
    );
  }

  if (record && record.extra.length > 0) {
    lines.push("", EXTRA_HEADING, ...record.extra);
  }

  const today = localDate(generatedAt, timeZone);
  lines.push("", `Generated: ${formatDate(today.year, today.month, today.day)}`);
  return lines.join("\n");
}

/** One decimal place, no trailing ".0"; the same digits as Go's formatWeight. */
function formatWeight(weight: number): string {
  return String(Math.round(weight * 10) / 10);
}
