// The sample record shown to anyone who has not unlocked their own code
// (docs/design/individual.md §1, §2): the preview never carries the visitor's real details.
import type { EmergencyData } from "@/lib/emergency";
import { qrMessages } from "@/lib/copy";

export const sampleEmergencyData: EmergencyData = {
  personalInfo: {
    fullName: qrMessages.sampleUser,
    email: "sample@example.com",
    dateOfBirth: "1985-06-15",
    bloodType: "O+",
    weight: 72,
  },
  emergencyContacts: [
    { id: "sample-1", name: "Sample Contact", relationship: "Partner", phone: "+44 7700 900000" },
  ],
  medicalInfo: {
    allergies: "Penicillin",
    medications: "None",
    notes: "Sample data - purchase to unlock your own code",
  },
};
