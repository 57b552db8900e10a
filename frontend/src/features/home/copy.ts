// Copy of the home page and the emergency form (docs/design/individual.md §2, §3).
import { prices } from "@/lib/copy";

export const homeCopy = {
  hero: {
    eyebrow: "Emergency information on a QR label",
    title: "If you can't speak for yourself, your label will.",
    body: "Put your emergency contacts and medical details on your helmet, wallet or gear. Any smartphone can scan the code and show them to first responders, with no app and no signal needed.",
    cta: `Get Started - ${prices.print}`,
    phoneCaption: "What a first responder's phone shows after a scan (sample data).",
    trust: [
      "Works offline on any phone",
      "One-time payment, no subscription",
      "Your data stays in the code",
    ],
  },
  referralBanner: (code: string) =>
    `You were referred by a friend (code ${code}). Complete your purchase and they earn a reward.`,
  referralNotApplied: (problem: string) =>
    `${problem}, so this link's code was not applied. You can still buy as usual.`,
  how: {
    title: "How it works",
    steps: [
      {
        title: "Enter your details",
        body: "Your name, emergency contacts and medical notes. No account needed to start.",
      },
      {
        title: `Pay ${prices.print}`,
        body: "A one-time payment unlocks lifetime, unlimited printing of your real code.",
      },
      {
        title: "Download and print",
        body: "Print on standard label sheets, or order ready-printed waterproof labels.",
      },
    ],
  },
  audience: {
    title: "Made for people on the move",
    items: [
      "Motorcycle riders",
      "Cyclists",
      "Adventure-sport people",
      "Sailors",
      "Seniors",
      "Workers on site",
    ],
  },
  benefits: {
    title: "Why a QR label",
    items: [
      {
        title: "Works anywhere",
        body: "The code holds plain text, so it reads without signal or an app.",
      },
      {
        title: "Seconds matter",
        body: "Responders see your blood type, allergies and who to call at once.",
      },
      {
        title: "Lifetime access",
        body: `Pay ${prices.print} once and print as many labels as you need.`,
      },
      { title: "Built to last", body: "Waterproof label stock for helmets and outdoor gear." },
    ],
  },
  organisations: {
    title: "For teams and organisations",
    body: "Helmet labels for a whole workforce: a shared library, batch printing and worker self-service.",
    plans: "See plans and pricing",
    trial: "Start a free trial",
  },
  includes: {
    title: "What your QR code includes",
    items: [
      "An EMERGENCY CONTACT INFORMATION header",
      "Your name, date of birth (if given), blood type and weight (if given)",
      "Your emergency contacts with their relationship and phone number",
      "Allergies, medications, conditions and notes (when you add them)",
      "The date the code was generated",
    ],
    note: "Your e-mail address is never included in the code.",
  },
  referralPromo: {
    title: "Share Lifetag, earn rewards",
    body: `Invite friends and earn ${prices.referralRewardText} for every purchase made with your referral code.`,
    cta: "Go to your Referral Dashboard",
  },
  preview: {
    open: "Preview the label on a phone",
    title: "Label preview",
    description:
      "A sample label as it appears on your helmet. Your own code unlocks after purchase.",
    close: "Close",
  },
};

export const formCopy = {
  title: "Your emergency information",
  intro: "Saved automatically on this device as you type. Fields marked * are required.",
  personal: "Personal details",
  fullName: "Full name",
  email: "Email",
  emailHint: "For your receipt and account. Never included in the QR code.",
  dateOfBirth: "Date of birth",
  bloodType: "Blood type",
  bloodTypePlaceholder: "Select blood type",
  weight: "Weight (kg)",
  contacts: "Emergency contacts",
  contact: (n: number) => `Contact ${n}`,
  contactName: "Name",
  relationship: "Relationship",
  phone: "Phone",
  // Riders travel: a contact may be called from another country's network.
  phoneHint: "With the country code, e.g. +44 7700 900123, so it can be called from abroad.",
  phonePlaceholder: "+44 …",
  addContact: "Add Contact",
  removeContact: (n: number) => `Remove contact ${n}`,
  remove: "Remove",
  medical: "Medical information",
  medicalIntro: "Optional. Only what you enter appears in the code.",
  allergies: "Allergies",
  medications: "Medications",
  conditions: "Conditions",
  notes: "Notes",
  submit: "Generate My QR Code",
  clear: "Clear Form",
  clearTitle: "Clear the form?",
  clearConfirm: "Every field is emptied and the saved data is removed from this device.",
  clearConfirmLocked:
    "Every field but your locked name, email and date of birth is emptied, and the saved data is removed from this device.",
  clearYes: "Clear Form",
  clearNo: "Keep My Details",
  saved: "Saved on this device",
  lockedSuffix: "is locked after payment to prevent sharing",
  required: "required",
};
