// The emergency record (individual-side spec §3), the same JSON shape as
// emergency.Data in pkg/emergency.

export interface PersonalInfo {
  fullName: string;
  email: string;
  /** YYYY-MM-DD */
  dateOfBirth?: string;
  bloodType: string;
  /** Kilograms; absent when not given. */
  weight?: number | null;
}

export interface EmergencyContact {
  id: string;
  name: string;
  relationship?: string;
  phone: string;
}

export interface MedicalInfo {
  allergies?: string;
  medications?: string;
  conditions?: string;
  notes?: string;
}

export interface EmergencyData {
  personalInfo: PersonalInfo;
  emergencyContacts: EmergencyContact[];
  medicalInfo: MedicalInfo;
  /** ISO 8601 time of the last save on this device. */
  lastModified?: string;
}
