// The demo first-responder scan page (docs/design/admin-corporate.md §2 /qr-demo).
export const qrDemoCopy = {
  banner: "FOR FIRST RESPONDER USE",
  title: "Emergency information",
  sampleNote: "Demo: a sample person, not a real record.",
  person: {
    name: "Alex Morgan",
    age: 39,
    bloodType: "A+",
    weight: "78 kg",
    dateOfBirth: "1987-02-14",
  },
  ageLabel: (age: number) => `Age ${age}`,
  bloodType: "Blood type",
  weight: "Weight",
  contacts: "Emergency contacts",
  call: "Call",
  contactList: [
    { name: "Sam Morgan", relationship: "Spouse", phone: "+44 7700 900461" },
    { name: "Jo Morgan", relationship: "Sister", phone: "+44 7700 900982" },
  ],
  medical: "Medical information",
  medicalList: [
    ["Allergies", "Penicillin, peanuts"],
    ["Medications", "Salbutamol inhaler"],
    ["Conditions", "Asthma"],
    ["Notes", "Wears contact lenses"],
  ] as const,
  scanned: "Scanned",
  truth:
    "A real Lifetag code holds this information as plain text inside the code itself, so any phone camera can read it with no signal and no app. It is not encrypted: anyone who scans the label can read it, so people choose what to put on it.",
};
