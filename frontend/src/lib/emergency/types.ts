// The emergency record (docs/design/individual.md §3), the same JSON shape as
// emergency.Data in pkg/emergency. Its parts are the contract's
// (pkg/api/openapi.yaml); the record itself is the form's own type.
import type { Wire } from "@/lib/api";

export type PersonalInfo = Wire<"PersonalInfo">;

export type EmergencyContact = Wire<"EmergencyContact">;

export type MedicalInfo = Wire<"MedicalInfo">;

/**
 * The record as the form and this device keep it. The wire's
 * (Wire<"EmergencyData">) lets emergencyContacts be null, as Go's empty
 * list may be; the form always has a list, so a record from the cloud goes
 * through fromWire first.
 */
export interface EmergencyData {
  personalInfo: PersonalInfo;
  emergencyContacts: EmergencyContact[];
  medicalInfo: MedicalInfo;
  /** ISO 8601 time of the last save on this device. */
  lastModified?: string;
}

/** A record the cloud sent, as the form keeps it (a null contact list is empty). */
export function fromWire(data: Wire<"EmergencyData">): EmergencyData {
  return { ...data, emergencyContacts: data.emergencyContacts ?? [] };
}
